import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_EVENTS,
  NOTIFICATION_CONFIRM_TTL_HOURS,
  NotificationEvents,
  type NotificationSettings,
  NOTIFICATION_TEXTS as T,
} from '@otklik/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { publishAssistantChanged } from '../../core/events';
import { requireOwnedAssistant } from '../../core/ownership';
import type { Executor } from '../../infra/db';
import { assistantNotifications } from '../../infra/db/schema';
import { actionMail } from '../auth';
import { sendMail } from '../mail';
import { maskToken, setAlertsBotEnabled } from '../telegram';

type Ctx = AppContext;
type Row = typeof assistantNotifications.$inferSelect;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Spec §3 "Notification settings" as GET /api/assistant/{id} and the calls show them (the token masked). */
export function presentNotification(row: Row | undefined): NotificationSettings {
  return {
    notificationEmail: row?.notificationEmail ?? null,
    isNotificationEmailConfirmed: row?.isNotificationEmailConfirmed ?? false,
    isAllowedNotify: row?.isAllowedNotify ?? false,
    enableTelegram: row?.enableTelegram ?? false,
    telegramToken: maskToken(row?.telegramToken ?? null),
    chatId: row?.chatId == null ? null : String(row.chatId),
    chatTitle: row?.chatTitle ?? null,
    lastDeliveredAt: row?.lastDeliveredAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
    events: eventsOf(row),
  };
}

/** The alert choices of the settings, with the defaults for what was never chosen. */
export const eventsOf = (row: Row | undefined): NotificationEvents =>
  NotificationEvents.parse({ ...DEFAULT_NOTIFICATION_EVENTS, ...(row?.events ?? {}) });

/** PUT …/notification/events: what the owner wants to be alerted about. */
export async function setEvents(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  events: NotificationEvents,
): Promise<{ message: string; notification: NotificationSettings }> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const row = await save(ctx.db, assistantId, { events });
  // The alert hook keeps the choices a few seconds (notifications/index.ts): forgotten now, everywhere.
  await publishAssistantChanged(ctx, assistantId);
  return { message: T.eventsSaved, notification: presentNotification(row) };
}

export async function notificationRow(db: Executor, assistantId: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(assistantNotifications)
    .where(eq(assistantNotifications.assistantId, assistantId))
    .limit(1);
  return row;
}

async function save(db: Executor, assistantId: string, values: Partial<Row>): Promise<Row> {
  const [row] = await db
    .insert(assistantNotifications)
    .values({ assistantId, ...values })
    .onConflictDoUpdate({ target: assistantNotifications.assistantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('notification settings not stored');
  return row;
}

/**
 * POST …/notification/send-confirmation (spec §4): the address becomes the notification e-mail;
 * a new address is unconfirmed (and its switch off) until the single-use link of the mail is
 * opened. An address already confirmed stays so and gets no mail.
 */
export async function sendNotificationConfirmation(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  email: string,
): Promise<{ message: string; notification: NotificationSettings }> {
  const assistant = await requireOwnedAssistant(ctx.db, userId, assistantId);
  const current = await notificationRow(ctx.db, assistantId);
  const same = current?.notificationEmail?.toLowerCase() === email.toLowerCase();
  if (same && current?.isNotificationEmailConfirmed)
    return { message: T.alreadyConfirmed, notification: presentNotification(current) };
  const token = randomBytes(32).toString('base64url');
  const row = await save(ctx.db, assistantId, {
    notificationEmail: email,
    isNotificationEmailConfirmed: false,
    isAllowedNotify: false,
    confirmTokenHash: hash(token),
    confirmEmail: email,
    confirmExpiresAt: new Date(Date.now() + NOTIFICATION_CONFIRM_TTL_HOURS * 3600_000),
  });
  const name = assistant.name || 'Мой ассистент';
  await sendMail(
    ctx,
    actionMail({
      to: email,
      subject: T.mailSubject,
      greeting: 'Здравствуйте!',
      lines: [
        `Подтвердите, что на этот адрес нужно присылать уведомления ассистента «${name}»: о сработавших триггерах и о вопросах, на которые нужен ответ человека.`,
        `Ссылка действует ${NOTIFICATION_CONFIRM_TTL_HOURS} часов и сработает один раз.`,
      ],
      action: { label: 'Подтвердить адрес', url: `${ctx.config.publicUrl}/notification/confirm?token=${token}` },
      footer: 'Если вы не ждали этого письма, просто проигнорируйте его: уведомления не придут.',
    }),
  );
  return { message: T.confirmationSent(email), notification: presentNotification(row) };
}

/** The link of the confirmation mail: once, before it expires, and only for the address it was sent to. */
export async function confirmNotificationEmail(
  ctx: Pick<AppContext, 'db'>,
  token: string,
): Promise<{ message: string }> {
  const [row] = await ctx.db
    .update(assistantNotifications)
    .set({ isNotificationEmailConfirmed: true, confirmTokenHash: null, confirmEmail: null, confirmExpiresAt: null })
    .where(
      and(
        eq(assistantNotifications.confirmTokenHash, hash(token)),
        gt(assistantNotifications.confirmExpiresAt, new Date()),
        eq(assistantNotifications.confirmEmail, assistantNotifications.notificationEmail),
      ),
    )
    .returning({ assistantId: assistantNotifications.assistantId });
  if (!row) throw badRequest(T.confirmInvalid);
  return { message: T.confirmed };
}

/** POST …/notification/toggle-email (spec §4: only with a confirmed address). */
export async function toggleEmail(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  enable: boolean,
): Promise<{ message: string; notification: NotificationSettings }> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const current = await notificationRow(ctx.db, assistantId);
  if (enable && !(current?.notificationEmail && current.isNotificationEmailConfirmed))
    throw badRequest(T.emailNotConfirmed);
  const row = await save(ctx.db, assistantId, { isAllowedNotify: enable });
  return { message: enable ? T.emailEnabled : T.emailDisabled, notification: presentNotification(row) };
}

/** POST …/notification/toggle-telegram (on only with a bot token and the chat found through it). */
export async function toggleTelegram(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  enable: boolean,
): Promise<{ message: string; notification: NotificationSettings }> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const current = await notificationRow(ctx.db, assistantId);
  if (enable && !(current?.telegramToken && current.chatId)) throw badRequest(T.telegramNotReady);
  const row = await save(ctx.db, assistantId, { enableTelegram: enable });
  await setAlertsBotEnabled(ctx, assistantId, enable);
  return { message: enable ? T.telegramEnabled : T.telegramDisabled, notification: presentNotification(row) };
}
