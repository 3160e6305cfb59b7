import { useId } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { PanelState } from '@/shared/ui/panel-state';
import block from '@/shared/ui/settings-block.module.css';
import { useNotifications } from './api/notifications';
import { DeliveryStatus } from './components/delivery-status';
import { EmailBlock } from './components/email-block';
import { EventsBlock } from './components/events-block';
import styles from './components/notifications.module.css';
import { TelegramBlock } from './components/telegram-block';
import { NOTIFICATIONS_TEXTS as T } from './ru';

/**
 * The notifications step of an assistant (spec §2.11 "Notifications", §3, §4): the e-mail with
 * its confirmation and switch, and the Telegram chat found through a bot, with its switch. Above
 * them, whether the last alert got through (a failure is never silent) and a test alert; below,
 * a switch for each thing the owner can be alerted about.
 */
export function NotificationsPanel({ assistantId }: { assistantId: string }) {
  const id = useId();
  const settings = useNotifications(assistantId);
  return (
    <section className={styles.root} aria-labelledby={`${id}-title`}>
      <header className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {T.title}
        </h2>
        <p className={styles.lead}>{T.lead}</p>
      </header>
      {settings.isPending ? (
        <PanelState loading text={T.loading} />
      ) : settings.isError ? (
        <PanelState
          tone="error"
          title={T.loadError}
          text={errorMessage(settings.error, T.loadError)}
          action={
            <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
              {T.retry}
            </Button>
          }
        />
      ) : (
        <div className={block.blocks}>
          <DeliveryStatus assistantId={assistantId} notification={settings.data} />
          <EmailBlock assistantId={assistantId} notification={settings.data} />
          <TelegramBlock assistantId={assistantId} notification={settings.data} />
          <EventsBlock assistantId={assistantId} notification={settings.data} />
        </div>
      )}
    </section>
  );
}
