import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db';
import { knowledgeChunks } from '../../infra/db/schema';
import { countTokens } from './text';
import { forgetVocabulary } from './vocabulary';

/** A passage as ingestion hands it over: the heading path it sits under and its text. */
export interface IndexedPassage {
  heading: string;
  content: string;
}

/**
 * Ingestion and deletion of one assistant's files serialise on this lock, so the stem counts
 * (knowledge_terms) and totals (knowledge_stats) always equal what the chunks hold.
 */
export async function lockAssistantIndex(tx: Executor, assistantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`knowledge:${assistantId}`}))`);
}

/** Stores a file's passages and adds them to the assistant's BM25 statistics. Call inside a transaction. */
export async function indexChunks(
  tx: Executor,
  assistantId: string,
  fileId: string,
  chunks: IndexedPassage[],
): Promise<void> {
  await lockAssistantIndex(tx, assistantId);
  for (let i = 0; i < chunks.length; i += 500) {
    await tx.insert(knowledgeChunks).values(
      chunks.slice(i, i + 500).map((c, j) => ({
        assistantId,
        fileId,
        ord: i + j,
        heading: c.heading,
        content: c.content,
        tokenCount: Math.max(1, countTokens(`${c.heading} ${c.content}`)),
      })),
    );
  }
  await tx.execute(sql`
    insert into knowledge_terms (assistant_id, lexeme, df)
    select ${assistantId}::uuid, u.lexeme, count(*)::int
    from knowledge_chunks c cross join lateral unnest(c.tsv) u
    where c.file_id = ${fileId}::uuid
    group by u.lexeme order by u.lexeme
    on conflict (assistant_id, lexeme) do update set df = knowledge_terms.df + excluded.df`);
  await tx.execute(sql`
    insert into knowledge_stats (assistant_id, chunks, tokens)
    select ${assistantId}::uuid, count(*)::int, coalesce(sum(token_count), 0)::bigint
    from knowledge_chunks where file_id = ${fileId}::uuid
    on conflict (assistant_id) do update set chunks = knowledge_stats.chunks + excluded.chunks,
      tokens = knowledge_stats.tokens + excluded.tokens`);
  forgetVocabulary(assistantId);
}

/** Takes a file's passages out of the statistics and deletes them. Call inside a transaction. */
export async function unindexFile(tx: Executor, assistantId: string, fileId: string): Promise<void> {
  await lockAssistantIndex(tx, assistantId);
  await tx.execute(sql`
    with gone as (
      select u.lexeme, count(*)::int n
      from knowledge_chunks c cross join lateral unnest(c.tsv) u
      where c.file_id = ${fileId}::uuid group by u.lexeme)
    update knowledge_terms t set df = t.df - gone.n
    from gone where t.assistant_id = ${assistantId}::uuid and t.lexeme = gone.lexeme`);
  await tx.execute(sql`delete from knowledge_terms where assistant_id = ${assistantId}::uuid and df <= 0`);
  await tx.execute(sql`
    update knowledge_stats s set chunks = s.chunks - f.n, tokens = s.tokens - f.t
    from (select count(*)::int n, coalesce(sum(token_count), 0)::bigint t
          from knowledge_chunks where file_id = ${fileId}::uuid) f
    where s.assistant_id = ${assistantId}::uuid`);
  await tx.execute(sql`delete from knowledge_chunks where file_id = ${fileId}::uuid`);
  forgetVocabulary(assistantId);
}
