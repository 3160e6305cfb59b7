import { type NotificationEvents, NOTIFICATION_TEXTS as T } from '@otklik/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { requireOwnedAssistant } from '../../core/ownership';
import { preparedPer } from '../../infra/db';
import { assistantNotifications, assistants, users } from '../../infra/db/schema';
import type { MailMessage } from '../../infra/mail';
import { actionMail } from '../auth';
import { findVisitor, listMessages, type OwnerAlert, visitorDisplayName } from '../conversations';
import { escapeHtml, sendTelegramAlert, telegramFailureText } from '../telegram';
import { ALERT_FOOTER, alertMail, alertTelegram } from './render';
import { eventsOf, notificationRow } from './service';

/** At most one alert per conversation and reason in this window; the rest are counted into the next. */
export const ALERT_QUIET_MS = 5 * 60 * 1000;

/** An alert to deliver (conversations' alert hook queues it): see deliverAlert. */
export const ALERT_JOB = 'notifications.alert';
const EMAIL_JOB = 'notifications.email';
const TELEGRAM_JOB = 'notifications.telegram';
/** About two minutes of retries with a doubling pause (BullMQ keeps them across restarts). */
const ATTEMPTS = 10;

interface EmailJob {
  assistantId: string;
  message: MailMessage;
}
interface TelegramJob {
  assistantId: string;
  visitorId: string;
  html: string;
  link: string;
}

/**
 * Tells the owner of something that needs a person (conversations' alert hook): by the
 * assistant's confirmed notification e-mail when its switch is on (the account's address while
 * no notification e-mail is set), and in the Telegram chat when that switch is on. The profile's
 * switch silences all of it. Queued: a slow or broken SMTP server or Telegram never holds up the
 * conversation, and nothing is lost while one is down.
 */
export const EVENT_OF = {
  trigger: 'trigger',
  handoff: 'handoff',
  'operator-request': 'operatorRequest',
  phone: 'phone',
  'new-conversation': 'newConversation',
} as const satisfies Record<OwnerAlert['reason'], keyof NotificationEvents>;

export async function deliverAlert(ctx: AppContext, alert: OwnerAlert): Promise<void> {
  const channels = await channelsOf(ctx, alert.assistantId);
  if (!channels?.events[EVENT_OF[alert.reason]]) return;
  const { email, telegram, owner } = channels;

  const folded = await quietPeriod(ctx, alert);
  if (folded === undefined) return;
  const visitor = await findVisitor(ctx.db, alert.assistantId, alert.visitorId);
  if (!visitor) return;
  const history = await listMessages(ctx.db, alert.assistantId, alert.visitorId, { limit: 6 });
  const view = {
    alert,
    assistantName: owner.assistantName,
    channel: visitor.channel === 'telegram' ? 'Телеграм' : 'сайт',
    visitorName: visitorDisplayName(visitor),
    recent: history
      .filter((m) => m.role !== 'system' && m.content.trim())
      .map((m) => ({
        who: m.role === 'visitor' ? 'Собеседник' : m.role === 'operator' ? 'Оператор' : 'Бот',
        text: m.content,
      })),
    folded,
    link: `${ctx.config.publicUrl}/dashboard/assistants/${alert.assistantId}/chats?visitor=${alert.visitorId}`,
  };
  if (email)
    await ctx.queue.add(
      EMAIL_JOB,
      { assistantId: alert.assistantId, message: alertMail(email, view) } satisfies EmailJob,
      { attempts: ATTEMPTS, background: true },
    );
  if (telegram)
    await ctx.queue.add(
      TELEGRAM_JOB,
      {
        assistantId: alert.assistantId,
        visitorId: alert.visitorId,
        html: alertTelegram(view),
        link: view.link,
      } satisfies TelegramJob,
      { attempts: ATTEMPTS, background: true },
    );
}

// One query for the owner and the settings: every alert asks, a new conversation included, so it
// is built once and kept prepared.
const channelsQuery = preparedPer((db) =>
  db
    .select({
      email: users.email,
      master: users.isAllowedNotify,
      assistantName: assistants.name,
      settings: assistantNotifications,
    })
    .from(assistants)
    .innerJoin(users, eq(users.id, assistants.userId))
    .leftJoin(assistantNotifications, eq(assistantNotifications.assistantId, assistants.id))
    .where(eq(assistants.id, sql.placeholder('assistantId')))
    .limit(1)
    .prepare('notifications_channels'),
);

/**
 * Where an assistant's alerts go: the confirmed notification e-mail with its switch on (the
 * account's address while no notification e-mail is set), the Telegram chat with its switch on;
 * undefined when nowhere (the profile's master switch off, or every channel off).
 */
async function channelsOf(ctx: Pick<AppContext, 'db'>, assistantId: string) {
  const [row] = await channelsQuery(ctx.db).execute({ assistantId });
  if (!row?.master) return undefined;
  const { settings, ...owner } = row;
  const email = settings?.notificationEmail
    ? settings.isAllowedNotify && settings.isNotificationEmailConfirmed
      ? settings.notificationEmail
      : undefined
    : owner.email;
  const telegram = Boolean(settings?.enableTelegram && settings.telegramToken && settings.chatId);
  return email || telegram ? { email, telegram, owner, events: eventsOf(settings ?? undefined) } : undefined;
}

/** 'Отправить тестовое уведомление': the same channels and delivery, without a conversation or a quiet period. */
export async function sendTestAlert(
  ctx: AppContext,
  userId: string,
  assistantId: string,
): Promise<{ message: string }> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const channels = await channelsOf(ctx, assistantId);
  if (!channels) throw badRequest(T.testNowhere);
  const name = channels.owner.assistantName.trim() || 'Мой ассистент';
  const link = `${ctx.config.publicUrl}/dashboard/assistants/${assistantId}/chats`;
  const lines = [`Это тестовое уведомление ассистента «${name}». Если вы его видите, уведомления доходят.`];
  if (channels.email)
    await ctx.queue.add(
      EMAIL_JOB,
      {
        assistantId,
        message: actionMail({
          to: channels.email,
          subject: `Тестовое уведомление — ${name}`,
          greeting: 'Здравствуйте!',
          lines,
          action: { label: 'Беседы ассистента', url: link },
          footer: ALERT_FOOTER,
        }),
      } satisfies EmailJob,
      { attempts: ATTEMPTS },
    );
  if (channels.telegram)
    await ctx.queue.add(
      TELEGRAM_JOB,
      {
        assistantId,
        visitorId: '',
        html: `<b>Тестовое уведомление</b>\n\n${escapeHtml(lines[0] ?? '')}`,
        link,
      } satisfies TelegramJob,
      { attempts: ATTEMPTS },
    );
  const where = [channels.email ? `почта ${channels.email}` : '', channels.telegram ? 'Телеграм' : ''].filter(Boolean);
  return { message: T.testSent(where.join(', ')) };
}

/**
 * The quiet period, in one statement (two instances racing for one event send one alert): the
 * number of alerts folded since the last one when this one goes out, undefined when it is folded.
 * An alert goes out when its row is new or starts over (folded 0); comparing the row's time with
 * now() said so too of a second alert in the same millisecond (PGlite's clock), which sent the
 * owner two mails for one request for a person once alerts waited for a burst and ran together.
 */
async function quietPeriod(ctx: Pick<AppContext, 'database'>, alert: OwnerAlert): Promise<number | undefined> {
  const [row] = await ctx.database.query<{ sent: boolean; previously_folded: number }>(
    `with old as (select folded from notification_alerts where visitor_id = $1 and reason = $2)
     insert into notification_alerts as a (visitor_id, reason, last_sent_at, folded) values ($1, $2, now(), 0)
     on conflict (visitor_id, reason) do update set
       folded = case when a.last_sent_at > now() - $3 * interval '1 millisecond' then a.folded + 1 else 0 end,
       last_sent_at = case when a.last_sent_at > now() - $3 * interval '1 millisecond' then a.last_sent_at else now() end
     returning a.folded = 0 as sent, coalesce((select folded from old), 0) as previously_folded`,
    [alert.visitorId, alert.reason, ALERT_QUIET_MS],
  );
  return row?.sent ? Number(row.previously_folded) : undefined;
}

/** Delivery jobs: each attempt's outcome is kept on the settings, so the tab shows a failure, never hides it. */
export function registerAlertJobs(ctx: AppContext): void {
  ctx.queue.process(ALERT_JOB, (data) => deliverAlert(ctx, data as OwnerAlert));
  ctx.queue.process(EMAIL_JOB, async (data) => {
    const job = data as EmailJob;
    await attempt(ctx, job.assistantId, 'почта', () => ctx.mailer.send(job.message));
  });
  ctx.queue.process(TELEGRAM_JOB, async (data) => {
    const job = data as TelegramJob;
    const settings = await notificationRow(ctx.db, job.assistantId);
    if (!settings?.enableTelegram || !settings.telegramToken || !settings.chatId) return;
    const { telegramToken, chatId } = settings;
    await attempt(ctx, job.assistantId, 'Телеграм', () =>
      sendTelegramAlert(ctx, {
        token: telegramToken,
        chatId,
        html: job.html,
        link: job.link,
        assistantId: job.assistantId,
        visitorId: job.visitorId || undefined,
      }),
    );
  });
}

async function attempt(ctx: AppContext, assistantId: string, channel: string, send: () => Promise<unknown>) {
  try {
    await send();
    await ctx.db
      .update(assistantNotifications)
      .set({ lastDeliveredAt: sql`now()` })
      .where(eq(assistantNotifications.assistantId, assistantId));
  } catch (err) {
    const reason = telegramFailureText(err);
    ctx.log.warn({ assistantId, channel, reason }, 'alert not delivered; the queue retries');
    await ctx.db
      .update(assistantNotifications)
      .set({ lastError: `${channel}: ${reason}`, lastErrorAt: sql`now()` })
      .where(eq(assistantNotifications.assistantId, assistantId))
      .catch(() => undefined);
    throw err;
  }
}
