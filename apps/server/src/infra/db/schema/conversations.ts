import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assistants } from './assistants';

/**
 * A person talking to one assistant, through the widget (`web`) or the messaging app
 * (`telegram`). A visitor has exactly one conversation with its assistant (spec §7: pause is
 * per visitor and assistant), so the conversation's state (paused, last message) lives here
 * too and the chats list of spec §7 is one indexed scan of this table.
 */
export const visitors = pgTable(
  'visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['web', 'telegram'] })
      .notNull()
      .default('web'),
    /** Telegram: the chat id the bot writes to; null for web visitors. */
    externalId: text('external_id'),
    /** SHA-256 of the web visitor's token (never the token itself); null for Telegram visitors. */
    tokenHash: text('token_hash'),
    /** Display name (spec §2.13: shown instead of 'Visitor [id]'). */
    name: text('name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    tgUsername: text('tg_username'),
    email: text('email'),
    phone: text('phone'),
    /** The operator took over: the bot stays silent (spec §4 "Visitor conversation"). */
    isPaused: boolean('is_paused').notNull().default(false),
    /** The operator asked for the phone and the visitor has not answered yet. */
    phoneRequestedAt: timestamp('phone_requested_at', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The chats list: an assistant's visitors, latest conversation first.
    index('visitors_assistant_recent_idx').on(t.assistantId, sql`${t.lastMessageAt} desc nulls last`, t.id),
    uniqueIndex('visitors_external_idx')
      .on(t.assistantId, t.channel, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export type MessageRole = 'visitor' | 'bot' | 'operator' | 'system';

/** A file a visitor attached; the bytes are in storage under `storageKey`. */
export interface MessageAttachment {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
}

/**
 * One message of a conversation. Roles: `visitor` (spec 'user'), `bot` and `operator` (both
 * 'assistant' in the spec's replies), `system` (notes such as a fired trigger, never sent to
 * the visitor). `source` says where a bot answer came from, for statistics and debugging.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['visitor', 'bot', 'operator', 'system'] }).notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /** Bot answers: 'corrected' | 'knowledge' | 'handoff' | 'operator-request' | 'smalltalk' | 'model' | 'fallback' | 'trigger'. */
    source: text('source'),
    /** Model tokens spent on this answer (prompt + completion); 0 for the local answerer. */
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation's history in order.
    index('messages_visitor_created_idx').on(t.visitorId, t.createdAt, t.id),
    // An assistant's messages of a period (statistics: this month's messages).
    index('messages_assistant_created_idx').on(t.assistantId, t.createdAt),
  ],
);

/** Model tokens an assistant spent per day (UTC): the per-assistant daily budget (ARCHITECTURE §4). */
export const assistantTokenUsage = pgTable(
  'assistant_token_usage',
  {
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assistantId, t.day] })],
);
