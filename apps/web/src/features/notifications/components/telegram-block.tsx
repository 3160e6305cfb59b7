import type { NotificationSettings } from '@otklik/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { showAlert } from '@/shared/ui/alert-store';
import { ArrowRightIcon } from '@/shared/ui/icons';
import block from '@/shared/ui/settings-block.module.css';
import { Switch } from '@/shared/ui/switch';
import { useToggleNotification } from '../api/notifications';
import { NOTIFICATIONS_TEXTS } from '../ru';
import { ChatStatus } from './chat-status';
import { FindChatForm } from './find-chat-form';
import { PlaneIcon } from './icons';

const T = NOTIFICATIONS_TEXTS.telegram;

interface TelegramBlockProps {
  assistantId: string;
  notification: NotificationSettings;
}

/**
 * Spec §2.11, §7: notifications in the messaging app. The switch asks the server even before a
 * chat is found, so its refusal says what is missing.
 */
export function TelegramBlock({ assistantId, notification }: TelegramBlockProps) {
  const id = useId();
  const toggle = useToggleNotification(assistantId, 'telegram');
  const saved = notification.enableTelegram;
  // While saving, show the value being saved.
  const enabled = toggle.isPending ? (toggle.variables ?? saved) : saved;
  const chat = notification.chatId ? (notification.chatTitle ?? notification.chatId) : null;

  const change = (enable: boolean) =>
    toggle.mutate(enable, {
      onSuccess: (reply) => showAlert(reply.message, 'success'),
      onError: (error) => showAlert(errorMessage(error, T.toggleFailed), 'error'),
    });

  return (
    <section className={block.block} aria-labelledby={`${id}-title`}>
      <header className={block.blockHead}>
        <span className={block.blockIcon}>
          <PlaneIcon />
        </span>
        <div className={block.blockText}>
          <h3 id={`${id}-title`} className={block.blockTitle}>
            {T.title}
          </h3>
          <p className={block.blockLead}>{T.lead}</p>
        </div>
      </header>

      <div className={block.switchRow}>
        <Switch
          label={T.switchLabel}
          description={chat ? (enabled ? T.switchOn(chat) : T.switchOff) : T.switchNoChat}
          checked={enabled}
          loading={toggle.isPending}
          onChange={change}
        />
      </div>

      <ChatStatus notification={notification} />

      <FindChatForm assistantId={assistantId} />

      <Link to={PATHS.tgGuide} className={block.guide}>
        {T.guide}
        <ArrowRightIcon size={16} strokeWidth={2} />
      </Link>
    </section>
  );
}
