import type { NotificationSettings } from '@otklik/contract';
import block from '@/shared/ui/settings-block.module.css';
import { NOTIFICATIONS_TEXTS } from '../ru';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.email;

/** The saved notification address and whether it is confirmed (spec §3, §4). */
export function EmailStatus({ notification }: { notification: NotificationSettings }) {
  const { notificationEmail, isNotificationEmailConfirmed } = notification;
  if (!notificationEmail) return <p className={block.muted}>{T.none}</p>;
  return (
    <div className={styles.status}>
      <p className={styles.line}>
        <span className={styles.label}>{T.current}</span> <span className={styles.value}>{notificationEmail}</span>
      </p>
      <p className={styles.badge} data-state={isNotificationEmailConfirmed ? 'ok' : 'waiting'}>
        {isNotificationEmailConfirmed ? T.confirmed : T.waiting}
      </p>
    </div>
  );
}
