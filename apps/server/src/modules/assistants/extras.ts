import type { NotificationSettings, TelegramIntegration } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db';
import { assistantNotifications } from '../../infra/db/schema';
import { maskToken, telegramIntegrations } from '../telegram';

/**
 * The parts of the full assistant (spec §7) that other modules own: notification settings and
 * the messaging-app bots (tokens masked: they never leave the server whole).
 */
export interface AssistantExtras {
  notification: NotificationSettings;
  integrationTg: TelegramIntegration[];
}

export const DEFAULT_NOTIFICATION: NotificationSettings = {
  notificationEmail: null,
  isNotificationEmailConfirmed: false,
  isAllowedNotify: false,
  enableTelegram: false,
  telegramToken: null,
  chatId: null,
  chatTitle: null,
};

export async function loadAssistantExtras(db: Executor, assistantId: string): Promise<AssistantExtras> {
  const [[n], integrationTg] = await Promise.all([
    db.select().from(assistantNotifications).where(eq(assistantNotifications.assistantId, assistantId)).limit(1),
    telegramIntegrations(db, assistantId),
  ]);
  const notification: NotificationSettings = n
    ? {
        notificationEmail: n.notificationEmail,
        isNotificationEmailConfirmed: n.isNotificationEmailConfirmed,
        isAllowedNotify: n.isAllowedNotify,
        enableTelegram: n.enableTelegram,
        telegramToken: maskToken(n.telegramToken),
        chatId: n.chatId === null ? null : String(n.chatId),
        chatTitle: n.chatTitle,
      }
    : { ...DEFAULT_NOTIFICATION };
  return { notification, integrationTg };
}
