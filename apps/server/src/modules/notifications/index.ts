/**
 * Notifications of the owner (spec §2.11, §3, §4, §7): per assistant, a notification e-mail
 * confirmed by a single-use link and a Telegram chat, each with its switch; the alerts of
 * conversations (triggers, hand-offs, requests for a person, phones) delivered through them.
 */
import type { AppContext } from '../../core/context';
import { setAlertHook } from '../conversations';
import { deliverAlert, registerAlertJobs } from './alerts';

export { notificationRoutes } from './routes';

/** Installs the owner's alerts as the conversations' alert hook, and their delivery jobs. */
export function startNotifications(ctx: AppContext): void {
  registerAlertJobs(ctx);
  setAlertHook(ctx, (alert) => deliverAlert(ctx, alert));
}
export { notificationRow, presentNotification } from './service';
