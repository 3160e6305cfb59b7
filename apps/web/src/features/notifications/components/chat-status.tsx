import type { NotificationSettings } from '@otklik/contract';
import block from '@/shared/ui/settings-block.module.css';
import { NOTIFICATIONS_TEXTS } from '../ru';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.telegram;

/** The chat notifications go to, with the bot's masked token (spec §3 chatId, telegramToken). */
export function ChatStatus({ notification }: { notification: NotificationSettings }) {
  const { chatId, chatTitle, telegramToken } = notification;
  if (!chatId) return <p className={block.muted}>{T.noChat}</p>;
  return (
    <div className={styles.status}>
      <p className={styles.line}>{T.chat(chatTitle ?? chatId)}</p>
      {telegramToken ? (
        <p className={block.tokenRow}>
          <span className={styles.label}>{T.token}</span> <code className={block.token}>{telegramToken}</code>
        </p>
      ) : null}
    </div>
  );
}
