import { bigint, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';

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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
