import { PROMPT_HELPER_TEXTS } from '@otklik/contract/site-constants';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import styles from '../prompt-helper.module.css';

/** Spec §5: shown when all twelve answers are blank; no call is made. */
export function EmptyAnswersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={PROMPT_HELPER_TEXTS.emptyTitle}
      footer={
        <Button fullWidth onClick={onClose}>
          {PROMPT_HELPER_TEXTS.close}
        </Button>
      }
    >
      <img src="/site/sad-robot.svg" alt="" width={120} height={120} className={styles.modalImage} />
      <p className={styles.modalText}>Ответьте хотя бы на один вопрос — и мы составим промт.</p>
    </Modal>
  );
}
