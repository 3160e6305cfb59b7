import type { ReactNode } from 'react';
import styles from './card.module.css';

/** A white panel with a title; sections of a settings page. */
export function Card({
  title,
  description,
  children,
  className,
  tone = 'default',
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: 'default' | 'danger';
}) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} data-tone={tone}>
      {title ? (
        <header className={styles.header}>
          <h2 className={styles.title}>{title}</h2>
          {description ? <p className={styles.description}>{description}</p> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
