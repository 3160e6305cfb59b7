import type { ReactNode } from 'react';
import { AlertCircleIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import styles from './knowledge.module.css';

interface PanelStateProps {
  text: string;
  title?: string;
  icon?: ReactNode;
  action?: ReactNode;
  loading?: boolean;
  tone?: 'default' | 'error';
}

/** Loading, empty and error states of a list, in one look. */
export function PanelState({ text, title, icon, action, loading, tone = 'default' }: PanelStateProps) {
  return (
    <div className={styles.state} data-tone={tone} role={tone === 'error' ? 'alert' : loading ? 'status' : undefined}>
      {loading ? <Spinner size={22} /> : tone === 'error' ? <AlertCircleIcon size={28} /> : icon}
      {title ? <p className={styles.stateTitle}>{title}</p> : null}
      <p className={styles.stateText}>{text}</p>
      {action}
    </div>
  );
}
