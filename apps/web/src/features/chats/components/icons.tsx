import type { ChatVisitorType } from '@otklik/contract';
import { Icon, type IconProps } from '@/shared/ui/icon';
import { CHATS_TEXTS } from '../ru';

/** The messaging app's paper plane. */
export const TelegramIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21.5 4.5 2.8 11.7c-.8.3-.8 1.4 0 1.7l4.6 1.6 1.8 5.6c.2.7 1.1.9 1.6.4l2.6-2.5 4.9 3.6c.6.4 1.4.1 1.6-.6l3-15.3c.2-.9-.6-1.6-1.4-1.3Z" />
    <path d="m7.4 15 10.1-7.6-7.4 8.6" />
  </Icon>
);

/** A browser window: the widget on a site. */
export const BrowserIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2.5" />
    <path d="M3 9h18" />
    <path d="M6.5 6.5h.01M9 6.5h.01" />
  </Icon>
);

/** Spec §2.13: the messaging-app icon for a Telegram visitor, otherwise the browser icon. */
export function VisitorTypeIcon({ type, size = 20 }: { type: ChatVisitorType; size?: number }) {
  return type === 'telegram' ? (
    <TelegramIcon size={size} title={CHATS_TEXTS.typeLabel.telegram} />
  ) : (
    <BrowserIcon size={size} title={CHATS_TEXTS.typeLabel.web} />
  );
}

export const ChatsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.4 3.6c-.6.5-1.6 0-1.6-.8Z" />
    <path d="M8.5 8.5h7M8.5 11.5h4" />
  </Icon>
);

export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 9a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9Z" />
    <path d="M10 19a2 2 0 0 0 4 0" />
  </Icon>
);
