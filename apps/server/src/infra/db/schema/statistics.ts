import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The monthly statistics mails sent: one row per owner and month ('ГГГГ-ММ'), claimed before the
 * mail is queued, so each owner gets each month's report once, however many instances run.
 */
export const statisticsReports = pgTable(
  'statistics_reports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
