import type { NotificationSettings, TelegramIntegration } from '@otklik/contract';
import type { Executor } from '../../infra/db';
import { notificationRow, presentNotification } from '../notifications';
import { telegramIntegrations } from '../telegram';

/**
 * The parts of the full assistant (spec §7) that other modules own: notification settings and
 * the messaging-app bots (tokens masked: they never leave the server whole).
 */
export interface AssistantExtras {
  notification: NotificationSettings;
  integrationTg: TelegramIntegration[];
}

export async function loadAssistantExtras(db: Executor, assistantId: string): Promise<AssistantExtras> {
  const [row, integrationTg] = await Promise.all([
    notificationRow(db, assistantId),
    telegramIntegrations(db, assistantId),
  ]);
  return { notification: presentNotification(row), integrationTg };
}
