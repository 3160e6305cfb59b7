import { Link } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { Button } from '@/shared/ui/button';
import { ArrowRightIcon } from '@/shared/ui/icons';
import { Modal } from '@/shared/ui/modal';
import block from '@/shared/ui/settings-block.module.css';
import { NOTIFICATIONS_TEXTS } from '../ru';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.help;

interface ChatHelpModalProps {
  /** The server's text of the failure; the modal is open while there is one. */
  message: string;
  onClose: () => void;
}

/** Spec §8: a chat id failure opens a help modal (Group Privacy off, write to the bot, retry). */
export function ChatHelpModal({ message, onClose }: ChatHelpModalProps) {
  return (
    <Modal
      open={message !== ''}
      onClose={onClose}
      title={T.title}
      size="sm"
      footer={<Button onClick={onClose}>{T.close}</Button>}
    >
      <div className={styles.help}>
        <p className={styles.helpReason}>{message}</p>
        <p>{T.lead}</p>
        <ol className={styles.steps}>
          {T.steps.map((step) => (
            <li key={step} className={styles.step}>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <Link to={PATHS.tgGuide} className={block.guide}>
          {T.guide}
          <ArrowRightIcon size={16} strokeWidth={2} />
        </Link>
      </div>
    </Modal>
  );
}
