import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import styles from './modal.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirmed action runs: the dialog waits and cannot be dismissed meanwhile. */
  loading?: boolean;
  /** Danger for deletions and losses (the default). */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

/** «Are you sure?» before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  loading = false,
  tone = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const close = () => {
    if (!loading) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className={styles.message}>{children}</p>
    </Modal>
  );
}
