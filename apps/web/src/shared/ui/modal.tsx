import { type FormHTMLAttributes, type KeyboardEvent, type ReactNode, type Ref, useId } from 'react';
import { DialogClose, DialogShell } from './dialog';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** A quiet note at the start of the footer, e.g. a keyboard shortcut. */
  footerNote?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A centred dialog with a title, a close button, a body and a footer of buttons (focus trap,
 * Escape, backdrop click and focus return: see DialogShell).
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ onClose, title, children, footer, footerNote, size = 'md' }: ModalProps) {
  const titleId = useId();
  return (
    <DialogShell onClose={onClose} className={`${styles.dialog} ${styles[size]}`} labelledBy={titleId}>
      <div className={styles.panel}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <DialogClose onClick={onClose} />
        </header>
        <div className={styles.body}>{children}</div>
        {footer ? (
          <footer className={styles.footer}>
            {footerNote ? <span className={styles.note}>{footerNote}</span> : null}
            {footer}
          </footer>
        ) : null}
      </div>
    </DialogShell>
  );
}

type ModalFormProps = FormHTMLAttributes<HTMLFormElement> & {
  ref?: Ref<HTMLFormElement>;
  /** Ctrl/Cmd+Enter submits the form from any of its fields (the modals' save shortcut). */
  submitOnModEnter?: boolean;
};

/** The form in a modal's body: fields in a column; its submit button sits in the footer (`form={id}`). */
export function ModalForm({ submitOnModEnter, className, onKeyDown, ...rest }: ModalFormProps) {
  const keyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    onKeyDown?.(event);
    if (submitOnModEnter && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };
  return (
    <form noValidate className={[styles.form, className].filter(Boolean).join(' ')} onKeyDown={keyDown} {...rest} />
  );
}

/** A refusal shown under a modal's fields. */
export function ModalError({ children }: { children: ReactNode }) {
  return (
    <p className={styles.error} role="alert">
      {children}
    </p>
  );
}
