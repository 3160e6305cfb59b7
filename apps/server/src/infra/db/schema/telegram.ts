import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { visitors } from './conversations';

export const TELEGRAM_BOT_STATE_VALUES = ['connected', 'awaiting_chat', 'conflict', 'webhook', 'unauthorized'] as const;

/**
 * What a bot does for its assistant: answers customers, posts answers to the trainer chat, or
 * carries the owner's alerts (and the owner's replies back to the conversations).
 */
export const TELEGRAM_BOT_ROLES = ['customer', 'trainer', 'alerts'] as const;
export type TelegramBotRole = (typeof TELEGRAM_BOT_ROLES)[number];

/**
 * A Telegram bot of an assistant (spec §3 "Messaging-app integration"): the customer bot
 * (answers like the widget), the trainer bot (posts answers for a check) or the alerts bot of
 * the notifications. One of each per assistant. The row exists from the moment the switch is turned on; the token and the bot's
 * identity come with registration. The token is a secret: it never leaves the server whole and
 * is never logged.
 */
export const telegramBots = pgTable(
  'telegram_bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TELEGRAM_BOT_ROLES }).notNull().default('customer'),
    enabled: boolean('enabled').notNull().default(false),
    token: text('token'),
    /** Telegram's id of the bot (getMe): the same bot keeps it when its token is reissued. */
    tgBotId: bigint('tg_bot_id', { mode: 'number' }),
    username: text('username'),
    firstName: text('first_name'),
    state: text('state', { enum: TELEGRAM_BOT_STATE_VALUES }),
    /** The webhook another service had set when we took the bot over. */
    previousWebhook: text('previous_webhook'),
    /** Checked against X-Telegram-Bot-Api-Secret-Token on our webhook. */
    webhookSecret: text('webhook_secret'),
    /** The bound chat (the trainer's, or the owner's alerts chat), and its display name. */
    trainerChatId: bigint('trainer_chat_id', { mode: 'number' }),
    trainerChatTitle: text('trainer_chat_title'),
    /** Trainer: the one-time code of the binding link `t.me/<bot>?start=<code>`. */
    linkCode: text('link_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('telegram_bots_assistant_role_idx').on(t.assistantId, t.role),
    // A bot serves one assistant in one role; only the alerts bot may serve several assistants
    // (an owner's one bot for all alerts; it is polled once all the same, by its lock).
    uniqueIndex('telegram_bots_tg_bot_idx')
      .on(t.tgBotId)
      .where(sql`${t.tgBotId} is not null and ${t.role} <> 'alerts'`),
  ],
);

/**
 * Updates as Telegram delivered them, stored before they are acknowledged (polling: before the
 * next offset; webhook: before the 200) and processed from the queue. The key drops a
 * duplicate delivery; processed rows are pruned after a day.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    tgBotId: bigint('tg_bot_id', { mode: 'number' }).notNull(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => telegramBots.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tgBotId, t.updateId] }),
    index('telegram_updates_pending_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);

/**
 * An answer posted to the trainer chat for a check ('Верно' / 'Неверно'). `promptMessageId` is
 * the force-reply message that asks for the right answer after 'Неверно'.
 */
export const telegramTrainerPosts = pgTable(
  'telegram_trainer_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    status: text('status', { enum: ['posted', 'correct', 'awaiting', 'corrected'] })
      .notNull()
      .default('posted'),
    postMessageId: bigint('post_message_id', { mode: 'number' }),
    promptMessageId: bigint('prompt_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_trainer_posts_prompt_idx').on(t.assistantId, t.promptMessageId)],
);

/** An alert posted to the owner's chat (by bot, chat and message), so that a reply to it goes to that conversation. */
export const telegramAlertMessages = pgTable(
  'telegram_alert_messages',
  {
    tgBotId: bigint('tg_bot_id', { mode: 'number' }).notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tgBotId, t.chatId, t.messageId] })],
);

export type TelegramBotRow = typeof telegramBots.$inferSelect;
export type TelegramUpdateRow = typeof telegramUpdates.$inferSelect;
