import type { NotificationSettings, TelegramIntegration } from '@otklik/contract';
import type { Executor } from '../../infra/db';

/**
 * The parts of the full assistant (spec §7) that other modules own: notification settings and
 * the messaging-app bots. Until those modules store them, every assistant has the defaults:
 * nothing configured, nothing enabled.
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
};

export async function loadAssistantExtras(_db: Executor, _assistantId: string): Promise<AssistantExtras> {
  return { notification: { ...DEFAULT_NOTIFICATION }, integrationTg: [] };
}
