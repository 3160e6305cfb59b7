/**
 * Notifications of the owner (spec §2.11, §3, §4, §7): per assistant, a notification e-mail
 * confirmed by a single-use link and a Telegram chat, each with its switch; the alerts of
 * conversations (triggers, hand-offs, requests for a person, phones) delivered through them.
 */
import type { AppContext } from '../../core/context';
import { setAlertHook } from '../conversations';
import { ALERT_JOB, registerAlertJobs } from './alerts';

export { notificationRoutes } from './routes';

/**
 * Installs the owner's alerts as the conversations' alert hook, and their delivery jobs. An alert
 * is a job itself: the visitor's request only queues it, and reading the owner's channels,
 * the quiet period and the recent messages waits its turn with the other jobs (a burst of a
 * thousand new conversations answered first, alerted right after).
 */
export function startNotifications(ctx: AppContext): void {
  registerAlertJobs(ctx);
  setAlertHook(ctx, (alert) => ctx.queue.add(ALERT_JOB, alert));
}
export { notificationRow, presentNotification } from './service';
