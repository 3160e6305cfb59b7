import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { visitors } from './conversations';

/** Spec §4 "Trigger actions", in the order the spec lists them. */
export const TRIGGER_ACTION_VALUES = [
  'STOP_AND_NOTIFY',
  'CONTINUE_AND_NOTIFY',
  'CUSTOM_ANSWER_NOTIFY_CONTINUE',
  'CUSTOM_ANSWER_AND_CONTINUE',
  'CUSTOM_ANSWER_NOTIFY_STOP',
] as const;

/** A stop-word trigger of an assistant (spec §3 "Trigger"); saved as a whole list (spec §7). */
export const triggers = pgTable(
  'triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    action: text('action', { enum: TRIGGER_ACTION_VALUES }).notNull().default('STOP_AND_NOTIFY'),
    stopWords: jsonb('stop_words').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    customAnswer: text('custom_answer').notNull().default(''),
    /** Order in the owner's list: the first matching trigger's custom answer wins. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('triggers_assistant_idx').on(t.assistantId, t.position)],
);

/**
 * Each time a trigger fired on a visitor's message. Keeps the owner's mailbox from being flooded
 * (one notification per trigger and visitor within a quiet period) and is the history of firings.
 */
export const triggerFirings = pgTable(
  'trigger_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    triggerId: uuid('trigger_id')
      .notNull()
      .references(() => triggers.id, { onDelete: 'cascade' }),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    /** The message that fired it (no foreign key: the pipeline may store it in the same transaction). */
    messageId: uuid('message_id'),
    matched: jsonb('matched').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Whether the owner was e-mailed for this firing. */
    notified: boolean('notified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trigger_firings_trigger_visitor_idx').on(t.triggerId, t.visitorId, t.createdAt)],
);
