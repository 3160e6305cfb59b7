import { KNOWLEDGE_ASSISTANT_MAX_BYTES } from '@otklik/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../infra/db';
import { knowledgeFiles } from '../../infra/db/schema';

const MB = 1024 * 1024;

export const QUOTA_EXCEEDED = `База знаний ассистента заполнена: не более ${KNOWLEDGE_ASSISTANT_MAX_BYTES / MB} МБ на тарифе «Базовый». Удалите ненужные файлы.`;
/** A scrape's text is known only after the crawl, so the limit is met then and shown beside the file. */
export const SITE_QUOTA_EXCEEDED = `Текст сайта не поместился в базу знаний ассистента: не более ${KNOWLEDGE_ASSISTANT_MAX_BYTES / MB} МБ на тарифе «Базовый». Удалите ненужные файлы и загрузите сайт ещё раз.`;

/** The room the limit was checked against is gone; the caller turns this into its own reply. */
export class QuotaExceeded extends Error {
  constructor() {
    super('knowledge quota exceeded');
  }
}

/** The bytes the assistant's files take, but for `except` (a file whose size is being set anew). */
async function usedBytes(ex: Executor, assistantId: string, except?: string): Promise<number> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${knowledgeFiles.size}), 0)` })
    .from(knowledgeFiles)
    .where(
      and(
        eq(knowledgeFiles.assistantId, assistantId),
        except === undefined ? undefined : ne(knowledgeFiles.id, except),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Whether `bytes` more fit in the assistant's 200 MB (`except`: a file whose size is being set anew). */
export async function fits(ex: Executor, assistantId: string, bytes: number, except?: string): Promise<boolean> {
  return (await usedBytes(ex, assistantId, except)) + bytes <= KNOWLEDGE_ASSISTANT_MAX_BYTES;
}

/**
 * Runs `write` (the insert or size update that takes `bytes` of the assistant's room) in one
 * transaction with the check, under a per-assistant advisory lock: two uploads (or an upload and
 * a finished crawl) at once on one or several instances take turns, so they cannot both pass a
 * check that only one of them fits. Throws QuotaExceeded, and writes nothing, when there is no room.
 * `replacing`: the file whose size `write` sets; its current size is not counted twice.
 */
export async function withinQuota<T>(
  db: Db,
  assistantId: string,
  bytes: number,
  write: (tx: Tx) => Promise<T>,
  replacing?: string,
): Promise<T> {
  return db.transaction(async (tx) => {
    // Its own key, not the index lock: the check must not wait for a long indexing transaction.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`knowledge-quota:${assistantId}`}))`);
    if (!(await fits(tx, assistantId, bytes, replacing))) throw new QuotaExceeded();
    return write(tx);
  });
}
