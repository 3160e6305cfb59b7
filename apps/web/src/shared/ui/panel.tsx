import { type ReactNode, useId } from 'react';
import { DialogClose, DialogShell } from './dialog';
import styles from './panel.module.css';

interface PanelProps {
  open: boolean;
  onClose: () => void;
  /** 'start': a drawer along the left edge; 'sheet': the whole window, rising from below (phones). */
  placement: 'start' | 'sheet';
  /** A visible title, in a header with a close button. Without it the content brings its own way out. */
  title?: ReactNode;
  /** The panel's accessible name when the title is not the right one (or there is none). */
  label?: string;
  /** The close button's name. */
  closeLabel?: string;
  id?: string;
  children: ReactNode;
}

/**
 * A drawer or a full-window sheet over the page, with the modal behaviour of Modal (focus
 * trap, Escape and backdrop close, focus return: see DialogShell).
 */
export function Panel(props: PanelProps) {
  return props.open ? <OpenPanel {...props} /> : null;
}

function OpenPanel({ onClose, placement, title, label, closeLabel, id, children }: PanelProps) {
  const titleId = useId();
  return (
    <DialogShell
      onClose={onClose}
      className={`${styles.panel} ${styles[placement]}`}
      labelledBy={title && !label ? titleId : undefined}
      label={label}
      id={id}
    >
      {title ? (
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <DialogClose onClick={onClose} label={closeLabel} />
        </div>
      ) : null}
      <div className={styles.body} data-padded={Boolean(title)}>
        {children}
      </div>
    </DialogShell>
  );
}
