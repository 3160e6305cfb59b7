/**
 * Telegram (spec §2.11, §4, §7; ARCHITECTURE §5): the customer bot, a channel like the widget
 * (a converter in, the conversation pipeline, a converter out), and the trainer bot that has
 * answers checked. Updates come by long polling (one poller per bot across instances) or, with
 * an https PUBLIC_URL, by webhook; everything the bots say goes through the queue.
 */
import type { AppContext } from '../../core/context';
import { setChannelHook } from '../conversations';
import { installAlerts } from './alerts';
import { deliverToTelegram, installCustomer } from './customer';
import { registerSendJob } from './outbox';
import { setRuntime, TelegramRuntime } from './runtime';
import { installTrainer } from './trainer';

export { sendTelegramAlert, telegramFailureText } from './alerts';
export { maskToken } from './client';
export { escapeHtml, TELEGRAM_TEXT_LIMIT, telegramMessages, toTelegramHtml } from './format';
export { telegramRoutes } from './routes';
export { setAlertsBotEnabled, telegramIntegrations } from './service';

/** Starts the module in this process: jobs, the operator's channel, pollers. Returns its stop. */
export async function startTelegram(ctx: AppContext): Promise<() => Promise<void>> {
  const install = { customer: installCustomer, trainer: installTrainer, alerts: installAlerts };
  const runtime: TelegramRuntime = new TelegramRuntime(ctx, (bot, live) =>
    install[live().row.role](runtime, bot, live),
  );
  setRuntime(ctx, runtime);
  registerSendJob(runtime);
  setChannelHook(ctx, (visitor, outbound) => deliverToTelegram(runtime, visitor, outbound));
  await runtime.start();
  return () => runtime.close();
}
