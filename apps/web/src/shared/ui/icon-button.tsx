import type { ButtonHTMLAttributes } from 'react';
import styles from './icon-button.module.css';

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  /** The button's name: it shows only an icon. */
  label: string;
  /** Danger turns red on hover (delete). */
  tone?: 'default' | 'danger';
};

/** A square button with only an icon inside, named for assistive technology and shown as a tooltip. */
export function IconButton({ label, tone = 'default', title, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={[styles.button, className].filter(Boolean).join(' ')}
      data-tone={tone}
      aria-label={label}
      title={title ?? label}
      {...rest}
    />
  );
}
