import { PROMPT_HELPER_TEXTS } from '@otklik/contract/site-constants';
import { useEffect, useRef } from 'react';
import styles from '../prompt-helper.module.css';

/** Spec §5: shown when all twelve answers are blank; no call is made. */
export function EmptyAnswersModal({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.backdrop}>
      <div className={styles.modal} role="dialog" aria-modal="true" aria-labelledby="empty-title">
        <img src="/site/sad-robot.svg" alt="" width={140} height={140} className={styles.modalImage} />
        <h2 id="empty-title" className={styles.modalTitle}>
          {PROMPT_HELPER_TEXTS.emptyTitle}
        </h2>
        <p className={styles.modalText}>Ответьте хотя бы на один вопрос — и мы составим промт.</p>
        <button ref={close} type="button" className={styles.primary} onClick={onClose}>
          {PROMPT_HELPER_TEXTS.close}
        </button>
      </div>
    </div>
  );
}
