import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { visitors } from './conversations';

/**
 * Spec §3 "Notification settings" of an assistant: the notification e-mail (confirmed by a
 * single-use link) and its switch; the Telegram bot token and chat (found with GET
 * telegram/{token}/assistant/{id}) and their switch.
 */
export const assistantNotifications = pgTable('assistant_notifications', {
  assistantId: uuid('assistant_id')
    .primaryKey()
    .references(() => assistants.id, { onDelete: 'cascade' }),
  notificationEmail: text('notification_email'),
  isNotificationEmailConfirmed: boolean('is_notification_email_confirmed').notNull().default(false),
  isAllowedNotify: boolean('is_allowed_notify').notNull().default(false),
  enableTelegram: boolean('enable_telegram').notNull().default(false),
  telegramToken: text('telegram_token'),
  chatId: bigint('chat_id', { mode: 'number' }),
  chatTitle: text('chat_title'),
  /** The pending confirmation of notificationEmail: the link's token (SHA-256), the address it confirms, its expiry. */
  confirmTokenHash: text('confirm_token_hash'),
  confirmEmail: text('confirm_email'),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  /** What the owner is alerted about (contract NotificationEvents); missing keys take the defaults. */
  events: jsonb('events').$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
  /** Delivery: the last alert that reached the owner, and the last failure (channel and text), for the tab. */
  lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The quiet period of alerts: one per conversation and reason in a few minutes; what comes in
 * between is counted (`folded`) and said in the next alert.
 */
export const notificationAlerts = pgTable(
  'notification_alerts',
  {
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    folded: integer('folded').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.reason] })],
);
