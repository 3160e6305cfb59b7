import { type Assistant, NotificationSettings } from '@otklik/contract';
import { assistantFixture } from '@/test/fixtures';

/**
 * The notification settings as the server gives them; nothing set up by default. Checked
 * against the contract, which also fills the fields a test leaves out.
 */
export const notificationSettings = (over: Partial<NotificationSettings> = {}): NotificationSettings =>
  NotificationSettings.parse({
    notificationEmail: null,
    isNotificationEmailConfirmed: false,
    isAllowedNotify: false,
    enableTelegram: false,
    telegramToken: null,
    chatId: null,
    chatTitle: null,
    ...over,
  });

/** GET /api/assistant/{id} with the given notification settings. */
export const assistantWithNotification = (id: string, notification: NotificationSettings): Assistant =>
  assistantFixture({ id, notification });
