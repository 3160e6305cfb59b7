import type { Assistant, TelegramIntegration } from '@otklik/contract';
import { assistantFixture } from '@/test/fixtures';

/** One bot of the assistant as the server gives it; a customer bot with nothing set up by default. */
export const tgBot = (over: Partial<TelegramIntegration> = {}): TelegramIntegration => ({
  enableTelegram: false,
  telegramToken: null,
  isTgTrainer: false,
  username: null,
  state: null,
  previousWebhook: null,
  trainerChat: null,
  bindLink: null,
  ...over,
});

/** GET /api/assistant/{id} with the given bots. */
export const assistantWithBots = (id: string, integrationTg: TelegramIntegration[]): Assistant =>
  assistantFixture({ id, integrationTg });
