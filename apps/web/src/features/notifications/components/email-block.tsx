import type { NotificationSettings } from '@otklik/contract';
import { useId } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { MailIcon } from '@/shared/ui/icons';
import block from '@/shared/ui/settings-block.module.css';
import { Switch } from '@/shared/ui/switch';
import { useToggleNotification } from '../api/notifications';
import { NOTIFICATIONS_TEXTS } from '../ru';
import { EmailForm } from './email-form';
import { EmailStatus } from './email-status';

const T = NOTIFICATIONS_TEXTS.email;

interface EmailBlockProps {
  assistantId: string;
  notification: NotificationSettings;
}

/**
 * Spec §2.11, §4: the address, its confirmation and the e-mail switch. The switch is never
 * silently locked: turning it on with an unconfirmed address asks the server, which refuses,
 * and the spec's warning is shown (§8).
 */
export function EmailBlock({ assistantId, notification }: EmailBlockProps) {
  const id = useId();
  const toggle = useToggleNotification(assistantId, 'email');
  const saved = notification.isAllowedNotify;
  // While saving, show the value being saved.
  const enabled = toggle.isPending ? (toggle.variables ?? saved) : saved;
  const email = notification.notificationEmail;
  const confirmed = Boolean(email) && notification.isNotificationEmailConfirmed;

  const change = (enable: boolean) =>
    toggle.mutate(enable, {
      onSuccess: (reply) => showAlert(reply.message, 'success'),
      onError: (error) => {
        const message = errorMessage(error, T.toggleFailed);
        if (message.includes(T.notConfirmedMark)) showAlert(T.confirmFirst, 'warning');
        else showAlert(message, 'error');
      },
    });

  return (
    <section className={block.block} aria-labelledby={`${id}-title`}>
      <header className={block.blockHead}>
        <span className={block.blockIcon}>
          <MailIcon size={18} strokeWidth={2} />
        </span>
        <div className={block.blockText}>
          <h3 id={`${id}-title`} className={block.blockTitle}>
            {T.title}
          </h3>
          <p className={block.blockLead}>{T.lead}</p>
        </div>
      </header>

      <EmailStatus notification={notification} />

      <EmailForm assistantId={assistantId} notification={notification} />

      <div className={block.switchRow}>
        <Switch
          label={T.switchLabel}
          description={enabled && email ? T.switchOn(email) : confirmed ? T.switchOff : T.switchUnconfirmed}
          checked={enabled}
          loading={toggle.isPending}
          onChange={change}
        />
      </div>
    </section>
  );
}
