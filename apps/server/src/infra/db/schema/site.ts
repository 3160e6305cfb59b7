import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Requests left through the landing's contact form and the partnership form. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: ['landing', 'partnership'] })
      .notNull()
      .default('landing'),
    name: text('name').notNull().default(''),
    /** As the visitor typed it; '' when only the mask's country digit was left. */
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    message: text('message').notNull().default(''),
    /** For telling a flood from a customer; never shown outside the support mail. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

/** Settings the site keeps about itself, e.g. the id of the seeded demo assistant. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
