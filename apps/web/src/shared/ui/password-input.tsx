import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { Field } from './field';
import fieldStyles from './field.module.css';
import { EyeIcon, EyeOffIcon } from './icons';
import styles from './password-input.module.css';
import { UI_TEXTS } from './ru';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** The eye button's names when the field holds something other than a password (a token). */
  toggleLabels?: { show: string; hide: string };
};

/** A password field with an eye button that shows or hides the text (spec §2.16). */
export function PasswordInput({ label, hint, error, className, ref, toggleLabels, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const names = toggleLabels ?? { show: UI_TEXTS.showPassword, hide: UI_TEXTS.hidePassword };
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className={styles.wrap}>
          <input
            ref={ref}
            type={visible ? 'text' : 'password'}
            className={`${fieldStyles.control} ${styles.input}`}
            {...control}
            {...rest}
          />
          <button
            type="button"
            className={styles.eye}
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? names.hide : names.show}
            aria-pressed={visible}
            aria-controls={control.id}
          >
            {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        </div>
      )}
    </Field>
  );
}
