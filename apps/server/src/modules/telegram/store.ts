import { and, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../infra/db';
import {
  assistantNotifications,
  assistants,
  type TelegramBotRow,
  telegramBots,
  telegramTrainerPosts,
  telegramUpdates,
  widgets,
} from '../../infra/db/schema';

export type BotRow = TelegramBotRow;
export type BotState = NonNullable<BotRow['state']>;
export type BotRole = BotRow['role'];

export async function botOf(db: Executor, assistantId: string, role: BotRole): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(telegramBots)
    .where(and(eq(telegramBots.assistantId, assistantId), eq(telegramBots.role, role)))
    .limit(1);
  return row;
}

export async function botById(db: Executor, id: string): Promise<BotRow | undefined> {
  const [row] = await db.select().from(telegramBots).where(eq(telegramBots.id, id)).limit(1);
  return row;
}

/** The customer bot and the trainer of an assistant (the alerts bot belongs to the notification settings). */
export function botsOfAssistant(db: Executor, assistantId: string): Promise<BotRow[]> {
  return db
    .select()
    .from(telegramBots)
    .where(and(eq(telegramBots.assistantId, assistantId), inArray(telegramBots.role, ['customer', 'trainer'])))
    .orderBy(telegramBots.role);
}

/** The row of another assistant or role that holds this Telegram bot. */
export async function holderOf(db: Executor, tgBotId: number, exceptId: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(telegramBots)
    .where(and(eq(telegramBots.tgBotId, tgBotId), ne(telegramBots.id, exceptId)))
    .limit(1);
  return row;
}

/** Bots that should be running: switched on, registered, not stopped by Telegram. */
export function runnableBots(db: Executor): Promise<BotRow[]> {
  return db
    .select()
    .from(telegramBots)
    .where(
      and(
        eq(telegramBots.enabled, true),
        isNotNull(telegramBots.token),
        isNotNull(telegramBots.tgBotId),
        inArray(telegramBots.state, ['connected', 'awaiting_chat']),
      ),
    );
}

/** The switch: the row is made on first use. */
export async function setEnabled(db: Executor, assistantId: string, role: BotRole, enabled: boolean): Promise<BotRow> {
  const [row] = await db
    .insert(telegramBots)
    .values({ assistantId, role, enabled })
    .onConflictDoUpdate({
      target: [telegramBots.assistantId, telegramBots.role],
      set: { enabled, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('telegram bot not stored');
  return row;
}

export async function updateBot(db: Executor, id: string, values: Partial<BotRow>): Promise<BotRow | undefined> {
  const [row] = await db
    .update(telegramBots)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(telegramBots.id, id))
    .returning();
  return row;
}

/** Telegram stopped the bot (revoked token, another poller, a foreign webhook): only while it still has this token. */
export async function setState(db: Executor, id: string, token: string, state: BotState): Promise<void> {
  await db
    .update(telegramBots)
    .set({ state, updatedAt: new Date() })
    .where(and(eq(telegramBots.id, id), eq(telegramBots.token, token)));
}

/** Frees a Telegram bot from a row that no longer uses it (switched off), so another assistant may register it. */
export async function forgetBot(db: Executor, id: string): Promise<void> {
  await db
    .update(telegramBots)
    .set({
      token: null,
      tgBotId: null,
      username: null,
      firstName: null,
      state: null,
      webhookSecret: null,
      trainerChatId: null,
      trainerChatTitle: null,
      linkCode: null,
      previousWebhook: null,
      updatedAt: new Date(),
    })
    .where(eq(telegramBots.id, id));
}

/** What the bots of an assistant say to people: the widget's greeting and suggested questions, the assistant's name and owner. */
export async function assistantProfile(
  db: Executor,
  assistantId: string,
): Promise<{ userId: string; name: string; greeting: string; questions: string[] } | undefined> {
  const [row] = await db
    .select({
      userId: assistants.userId,
      name: assistants.name,
      greeting: widgets.greeting,
      questions: widgets.predefinedQuestions,
      botName: widgets.botName,
    })
    .from(assistants)
    .innerJoin(widgets, eq(widgets.id, assistants.widgetId))
    .where(eq(assistants.id, assistantId))
    .limit(1);
  if (!row) return undefined;
  return {
    userId: row.userId,
    name: row.name || row.botName,
    greeting: row.greeting,
    questions: (row.questions ?? []).filter((q) => q.trim()),
  };
}

/**
 * Stores an update as Telegram delivered it; false for one already stored (Telegram delivers
 * again what it thinks unacknowledged: a retried webhook, a poll after a restart).
 */
export async function storeUpdate(
  db: Executor,
  bot: Pick<BotRow, 'id' | 'tgBotId'>,
  update: Record<string, unknown> & { update_id: number },
): Promise<boolean> {
  const rows = await db
    .insert(telegramUpdates)
    .values({ tgBotId: bot.tgBotId ?? 0, updateId: update.update_id, botId: bot.id, payload: update })
    .onConflictDoNothing()
    .returning({ updateId: telegramUpdates.updateId });
  return rows.length > 0;
}

/** Takes an update for processing, once: a second job for it (a sweep, a redelivery) gets nothing. */
export async function claimUpdate(
  db: Executor,
  tgBotId: number,
  updateId: number,
): Promise<{ botId: string; payload: Record<string, unknown> } | undefined> {
  const [row] = await db
    .update(telegramUpdates)
    .set({ processedAt: new Date() })
    .where(
      and(
        eq(telegramUpdates.tgBotId, tgBotId),
        eq(telegramUpdates.updateId, updateId),
        isNull(telegramUpdates.processedAt),
      ),
    )
    .returning({ botId: telegramUpdates.botId, payload: telegramUpdates.payload });
  return row;
}

/** Gives a claimed update back (its processing failed before anything was stored): the queue's retry takes it again. */
export async function releaseUpdate(db: Executor, tgBotId: number, updateId: number): Promise<void> {
  await db
    .update(telegramUpdates)
    .set({ processedAt: null })
    .where(and(eq(telegramUpdates.tgBotId, tgBotId), eq(telegramUpdates.updateId, updateId)));
}

/** Updates stored but not processed for a while (their job was lost with a process): to queue again. */
export function staleUpdates(db: Executor, olderThan: Date): Promise<{ tgBotId: number; updateId: number }[]> {
  return db
    .select({ tgBotId: telegramUpdates.tgBotId, updateId: telegramUpdates.updateId })
    .from(telegramUpdates)
    .where(and(isNull(telegramUpdates.processedAt), lt(telegramUpdates.receivedAt, olderThan)))
    .limit(500);
}

export async function pruneUpdates(db: Executor, olderThan: Date): Promise<void> {
  await db
    .delete(telegramUpdates)
    .where(and(isNotNull(telegramUpdates.processedAt), lt(telegramUpdates.receivedAt, olderThan)));
}

export type TrainerPost = typeof telegramTrainerPosts.$inferSelect;

export async function createPost(
  db: Executor,
  values: { assistantId: string; question: string; answer: string },
): Promise<TrainerPost> {
  const [row] = await db.insert(telegramTrainerPosts).values(values).returning();
  if (!row) throw new Error('trainer post not stored');
  return row;
}

export async function postOf(db: Executor, assistantId: string, id: string): Promise<TrainerPost | undefined> {
  const [row] = await db
    .select()
    .from(telegramTrainerPosts)
    .where(and(eq(telegramTrainerPosts.id, id), eq(telegramTrainerPosts.assistantId, assistantId)))
    .limit(1);
  return row;
}

/** The post waiting for its right answer whose prompt this message replies to. */
export async function postAwaiting(
  db: Executor,
  assistantId: string,
  promptMessageId: number,
): Promise<TrainerPost | undefined> {
  const [row] = await db
    .select()
    .from(telegramTrainerPosts)
    .where(
      and(
        eq(telegramTrainerPosts.assistantId, assistantId),
        eq(telegramTrainerPosts.promptMessageId, promptMessageId),
        eq(telegramTrainerPosts.status, 'awaiting'),
      ),
    )
    .limit(1);
  return row;
}

/** Moves a post on, only from the status it is expected in (two taps on a button change it once). */
export async function movePost(
  db: Executor,
  id: string,
  from: TrainerPost['status'][],
  values: Partial<Pick<TrainerPost, 'status' | 'promptMessageId' | 'postMessageId'>>,
): Promise<TrainerPost | undefined> {
  const [row] = await db
    .update(telegramTrainerPosts)
    .set(values)
    .where(and(eq(telegramTrainerPosts.id, id), inArray(telegramTrainerPosts.status, from)))
    .returning();
  return row;
}

export async function saveNotificationChat(
  ctx: Pick<AppContext, 'db'>,
  assistantId: string,
  values: { telegramToken: string; chatId: number; chatTitle: string },
): Promise<boolean> {
  const [row] = await ctx.db
    .insert(assistantNotifications)
    .values({ assistantId, ...values })
    .onConflictDoUpdate({
      target: assistantNotifications.assistantId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning({ enableTelegram: assistantNotifications.enableTelegram });
  return row?.enableTelegram ?? false;
}
