import { type Pattern, patternImageUrl, WIDGET_TEXTS } from '@otklik/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors';
import type { Executor } from '../../infra/db';
import { patterns } from '../../infra/db/schema';
import { patternAssets } from './assets';

type PatternRow = typeof patterns.$inferSelect;

/**
 * Puts our header patterns into the table on start. Idempotent (an upsert by id), so every
 * start, and several instances starting together, leave the same rows; an edited asset file
 * updates its row.
 */
export async function seedPatterns(db: Executor): Promise<void> {
  const rows = patternAssets().map((a) => ({
    id: a.id,
    name: a.name,
    imageData: a.bytes.toString('base64'),
    mimeType: a.mimeType,
    position: a.position,
  }));
  if (rows.length === 0) return;
  await db
    .insert(patterns)
    .values(rows)
    .onConflictDoUpdate({
      target: patterns.id,
      set: {
        name: sql`excluded.name`,
        imageData: sql`excluded.image_data`,
        mimeType: sql`excluded.mime_type`,
        position: sql`excluded.position`,
      },
    });
}

export const presentPattern = (row: PatternRow): Pattern => ({
  id: row.id,
  name: row.name,
  imageData: row.imageData,
  mimeType: row.mimeType,
  url: patternImageUrl(row.id),
});

export async function listPatterns(db: Executor): Promise<Pattern[]> {
  const rows = await db.select().from(patterns).orderBy(asc(patterns.position), asc(patterns.id));
  return rows.map(presentPattern);
}

export async function findPattern(db: Executor, id: string): Promise<PatternRow | undefined> {
  const [row] = await db.select().from(patterns).where(eq(patterns.id, id)).limit(1);
  return row;
}

export async function getPattern(db: Executor, id: string): Promise<PatternRow> {
  const row = await findPattern(db, id);
  if (!row) throw notFound(WIDGET_TEXTS.patternNotFound);
  return row;
}
