import { type ReactNode, useEffect, useRef } from 'react';
import styles from './dialog.module.css';
import { CloseIcon } from './icons';
import { UI_TEXTS } from './ru';

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select, textarea, [tabindex]:not([tabindex="-1"])';

interface DialogShellProps {
  onClose: () => void;
  /** The look: Modal's or Panel's classes. */
  className: string;
  /** The id of the visible title, which names the dialog… */
  labelledBy?: string;
  /** …or a name of its own when there is no visible title. */
  label?: string;
  id?: string;
  children: ReactNode;
}

/**
 * The one modal layer under Modal, ConfirmDialog and Panel: a native <dialog> shown with
 * showModal(), so the page behind is inert and Tab stays inside; Escape and a click on the
 * backdrop ask the owner to close (it may refuse, e.g. while saving); focus goes back to where
 * it was when the dialog closes.
 */
export function DialogShell({ onClose, className, labelledBy, label, id, children }: DialogShellProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const before = document.activeElement as HTMLElement | null;
    el.showModal();
    // Browsers focus the first control on showModal; make sure of it, so Escape and Tab start inside.
    if (!el.contains(document.activeElement)) el.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Escape fires 'cancel'; the owner decides whether the dialog closes.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    el.addEventListener('cancel', onCancel);
    return () => {
      el.removeEventListener('cancel', onCancel);
      if (el.open) el.close();
      before?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      id={id}
      className={`${styles.shell} ${className}`}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={label}
      onClick={(event) => {
        // The content fills the dialog box, so a click on the dialog itself is on the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCloseRef.current();
        }
      }}
    >
      {children}
    </dialog>
  );
}

/** The cross button in a dialog's header. */
export function DialogClose({ onClick, label = UI_TEXTS.close }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className={styles.close} onClick={onClick} aria-label={label}>
      <CloseIcon size={18} />
    </button>
  );
}
