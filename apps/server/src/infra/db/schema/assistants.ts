import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Header patterns offered in the design form; seeded on start, shared by all owners. */
export const patterns = pgTable('patterns', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Image bytes as base64 (spec §3: imageData, base64 png or svg). */
  imageData: text('image_data').notNull(),
  mimeType: text('mime_type').notNull().default('image/svg+xml'),
  position: real('position').notNull().default(0),
});

/** A widget design. Created before its assistant (spec §2.7: the widget is saved first). */
export const widgets = pgTable(
  'widgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    botName: text('bot_name').notNull().default('Ваш бот'),
    botRole: text('bot_role').notNull().default(''),
    greeting: text('greeting').notNull().default('Привет! Как я могу помочь?'),
    backgroundColor: text('background_color').notNull().default('#ffffff'),
    accentColor: text('accent_color').notNull().default('#007bff'),
    messageColor: text('message_color').notNull().default('#e6e6e6'),
    headerTextColor: text('header_text_color').notNull().default('#000'),
    messageTextColor: text('message_text_color').notNull().default('#000'),
    avatarUrl: text('avatar_url'),
    brandLogoVisible: boolean('brand_logo_visible').notNull().default(true),
    allowFileAttachment: boolean('allow_file_attachment').notNull().default(true),
    predefinedQuestions: jsonb('predefined_questions')
      .$type<string[]>()
      .notNull()
      .default(sql`'["Здравствуйте","Добрый день! У меня вопрос","Мне нужна помощь"]'::jsonb`),
    headerPatternId: text('header_pattern_id').references(() => patterns.id, { onDelete: 'set null' }),
    patternOpacity: real('pattern_opacity').notNull().default(1),
    patternScale: real('pattern_scale').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('widgets_user_idx').on(t.userId)],
);

export const assistants = pgTable(
  'assistants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    widgetId: uuid('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'restrict' }),
    /** The owner's title (spec: "title", server field "name"). */
    name: text('name').notNull().default(''),
    role: text('role').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    temperature: real('temperature').notNull().default(0.1),
    model: text('model').notNull().default('gpt-4o-mini'),
    greeting: text('greeting').notNull().default('Здравствуйте, чем могу помочь?'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistants_user_idx').on(t.userId), uniqueIndex('assistants_widget_idx').on(t.widgetId)],
);
