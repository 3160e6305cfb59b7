/**
 * Notifications of the owner (spec §2.11, §3, §4, §7): per assistant, a notification e-mail
 * confirmed by a single-use link and a Telegram chat, each with its switch; the alerts of
 * conversations (triggers, hand-offs, requests for a person, phones) delivered through them.
 */
import type { NotificationEvents } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { onAssistantChanged } from '../../core/events';
import { shortCache } from '../../lib/short-cache';
import { setAlertHook } from '../conversations';
import { ALERT_JOB, EVENT_OF, registerAlertJobs } from './alerts';
import { eventsOf, notificationRow } from './service';

export { notificationRoutes } from './routes';

/**
 * Installs the owner's alerts as the conversations' alert hook, and their delivery jobs. An alert
 * is a background job itself: the visitor's request only queues it, and reading the owner's
 * channels, the quiet period and the recent messages wait while visitors are being answered (a
 * burst of a thousand conversations answered first, alerted right after; infra/queue).
 *
 * An alert of a kind the owner did not choose is not queued at all: every new conversation is
 * one, and the choice is off by default, so a job and its query for each new conversation were
 * a tenth of the server's CPU in a burst of 1,000 new visitors. The choices are kept a few
 * seconds per assistant; saving them forgets them at once in every instance (the
 * assistant-changed event), and the job reads them again anyway.
 * Resolves to the function that stops listening for that event.
 */
export async function startNotifications(ctx: AppContext): Promise<() => Promise<void>> {
  registerAlertJobs(ctx);
  const chosen = shortCache<NotificationEvents>(3000, 5000);
  const stop = await onAssistantChanged(ctx, (assistantId) => chosen.forget(assistantId));
  setAlertHook(ctx, async (alert) => {
    const events = await chosen.get(alert.assistantId, async () =>
      eventsOf(await notificationRow(ctx.db, alert.assistantId)),
    );
    if (events[EVENT_OF[alert.reason]]) await ctx.queue.add(ALERT_JOB, alert, { background: true });
  });
  return stop;
}
export { notificationRow, presentNotification } from './service';
