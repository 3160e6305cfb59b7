import type { ReactNode } from 'react';
import { AlertCircleIcon } from './icons';
import styles from './panel-state.module.css';
import { Spinner } from './spinner';

interface PanelStateProps {
  text: string;
  title?: string;
  /** The picture of an empty list, shown in a soft circle. */
  icon?: ReactNode;
  /** A button under the text (retry, add the first item). */
  action?: ReactNode;
  loading?: boolean;
  tone?: 'default' | 'error';
}

/** The loading, empty and error states of a list in a tab, in one look. */
export function PanelState({ text, title, icon, action, loading, tone = 'default' }: PanelStateProps) {
  return (
    <div className={styles.state} data-tone={tone} role={tone === 'error' ? 'alert' : loading ? 'status' : undefined}>
      {loading ? (
        <Spinner size={22} />
      ) : tone === 'error' ? (
        <AlertCircleIcon size={28} />
      ) : icon ? (
        <span className={styles.icon}>{icon}</span>
      ) : null}
      {title ? <p className={styles.title}>{title}</p> : null}
      <p className={styles.text}>{text}</p>
      {action}
    </div>
  );
}
