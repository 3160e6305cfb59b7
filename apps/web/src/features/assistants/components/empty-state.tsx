import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** A friendly empty screen: a small illustration, what is missing and what to do. */
export function EmptyState({
  title,
  text,
  action,
  icon = <ChatBubbles />,
}: {
  title: string;
  text: string;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <section className={styles.empty}>
      <div className={styles.art} aria-hidden="true">
        {icon}
      </div>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{text}</p>
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}

function ChatBubbles() {
  return (
    <svg width="120" height="96" viewBox="0 0 120 96" fill="none" aria-hidden="true">
      <rect x="8" y="10" width="70" height="44" rx="14" fill="var(--color-accent)" />
      <path d="M24 54v14l14-14z" fill="var(--color-accent)" />
      <circle cx="30" cy="32" r="4.5" fill="#fff" />
      <circle cx="43" cy="32" r="4.5" fill="#fff" />
      <circle cx="56" cy="32" r="4.5" fill="#fff" />
      <rect
        x="46"
        y="42"
        width="66"
        height="40"
        rx="14"
        fill="#fff"
        stroke="var(--color-border-strong)"
        strokeWidth="2"
      />
      <path
        d="M96 82v10L86 82z"
        fill="#fff"
        stroke="var(--color-border-strong)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <rect x="58" y="55" width="40" height="5" rx="2.5" fill="var(--color-border-strong)" />
      <rect x="58" y="65" width="26" height="5" rx="2.5" fill="var(--color-border)" />
    </svg>
  );
}
