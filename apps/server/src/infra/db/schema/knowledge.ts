import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { assistants } from './assistants';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A document of an assistant's knowledge base: an upload or a scraped site. */
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    /** The original file name (or the site's host), as the owner sees it and downloads it. */
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Of the detected type, not the client's claim. */
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    statusReason: text('status_reason'),
    source: text('source', { enum: ['upload', 'site'] })
      .notNull()
      .default('upload'),
    sourceUrl: text('source_url'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_files_assistant_idx').on(t.assistantId, t.uploadedAt)],
);

/** Passages cut from the files; the unit retrieval ranks. */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    heading: text('heading').notNull().default(''),
    content: text('content').notNull(),
    /** Words in heading + content: the document length of BM25. */
    tokenCount: integer('token_count').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('russian'::regconfig, ${knowledgeChunks.heading} || ' ' || ${knowledgeChunks.content})`,
      ),
  },
  (t) => [
    index('knowledge_chunks_assistant_idx').on(t.assistantId),
    index('knowledge_chunks_file_idx').on(t.fileId, t.ord),
    index('knowledge_chunks_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * Document frequency of each stem in an assistant's chunks, kept up to date on ingestion and
 * deletion: BM25's idf without scanning the chunks at query time. The trigram index finds the
 * assistant's stems close to a misspelt or differently spelt query word.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assistantId, t.lexeme] }),
    index('knowledge_terms_trgm_idx').using('gin', sql`${t.lexeme} gin_trgm_ops`),
  ],
);

/** Chunk count and total length per assistant: BM25's N and average document length. */
export const knowledgeStats = pgTable('knowledge_stats', {
  assistantId: uuid('assistant_id')
    .primaryKey()
    .references(() => assistants.id, { onDelete: 'cascade' }),
  chunks: integer('chunks').notNull().default(0),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
});

/** Answers the owner corrected or confirmed; they take priority over documents. */
export const correctedAnswers = pgTable(
  'corrected_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    originalAnswer: text('original_answer').notNull().default(''),
    correctAnswer: text('correct_answer').notNull(),
    synonyms: text('synonyms').notNull().default(''),
    isCorrect: boolean('is_correct').notNull().default(false),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('russian'::regconfig, ${correctedAnswers.question} || ' ' || ${correctedAnswers.synonyms})`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('corrected_answers_assistant_idx').on(t.assistantId, t.createdAt),
    index('corrected_answers_tsv_idx').using('gin', t.tsv),
    index('corrected_answers_question_trgm_idx').using('gin', sql`${t.question} gin_trgm_ops`),
  ],
);
