import type { AppContext } from '../../core/context';
import type { Database } from '../../infra/db';
import type { Embedder } from '../../infra/llm/embeddings';
import { type Passage, type PassageRow, passageOf } from './passage-row';

/** Passages sent to the provider in one request. */
const BATCH = 64;
/** Passages one ingestion embeds at most; the rest waits for the assistant's next ingestion. */
const MAX_PER_RUN = 20_000;

export interface VectorHit extends Passage {
  /** Cosine similarity to the question, -1…1. */
  similarity: number;
}

/** pgvector's text form of a vector: `[0.1,0.2,…]`. */
const vectorLiteral = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;

/**
 * Embeds the assistant's passages that have no vector of the current model yet: the file just
 * indexed, and any left over by an earlier failure or a change of model. Returns how many were
 * stored; throws on a provider failure (the caller logs it; the file stays searchable lexically).
 */
export async function embedPendingChunks(
  ctx: Pick<AppContext, 'database'> & { embeddings: Embedder },
  assistantId: string,
): Promise<number> {
  const { database, embeddings } = ctx;
  let stored = 0;
  while (stored < MAX_PER_RUN) {
    const batch = await database.query<{ id: string; heading: string; content: string }>(
      `select c.id, c.heading, c.content
       from knowledge_chunks c
       where c.assistant_id = $1
         and not exists (select 1 from knowledge_embeddings e where e.chunk_id = c.id and e.model = $2)
       order by c.file_id, c.ord
       limit $3`,
      [assistantId, embeddings.model, BATCH],
    );
    if (batch.length === 0) break;
    const vectors = await embeddings.embed(batch.map((c) => (c.heading ? `${c.heading}\n${c.content}` : c.content)));
    const inserted = await storeVectors(
      database,
      assistantId,
      embeddings.model,
      batch.map((c, i) => ({ chunkId: c.id, vector: vectors[i] ?? [] })),
    );
    // Every passage of the batch was deleted meanwhile: the next select would return the same rows.
    if (inserted === 0) break;
    stored += inserted;
  }
  return stored;
}

/** Stores vectors of passages that still exist and belong to the assistant; returns how many. */
async function storeVectors(
  database: Database,
  assistantId: string,
  model: string,
  rows: { chunkId: string; vector: number[] }[],
): Promise<number> {
  const valid = rows.filter((r) => r.vector.length > 0);
  if (valid.length === 0) return 0;
  const result = await database.query<{ n: number }>(
    `with v as (
       select * from unnest($3::uuid[], $4::text[]) as v(chunk_id, embedding)),
     ins as (
       insert into knowledge_embeddings (chunk_id, assistant_id, model, embedding)
       select c.id, c.assistant_id, $2, v.embedding::vector
       from v join knowledge_chunks c on c.id = v.chunk_id and c.assistant_id = $1
       on conflict (chunk_id) do update set model = excluded.model, embedding = excluded.embedding
       returning 1)
     select count(*)::int n from ins`,
    [assistantId, model, valid.map((r) => r.chunkId), valid.map((r) => vectorLiteral(r.vector))],
  );
  return result[0]?.n ?? 0;
}

/** Whether any passage of the assistant has a vector of this model: if not, the question is not embedded. */
export async function hasVectors(database: Database, assistantId: string, model: string): Promise<boolean> {
  const [row] = await database.query<{ ok: boolean }>(
    'select exists(select 1 from knowledge_embeddings where assistant_id = $1 and model = $2) ok',
    [assistantId, model],
  );
  return Boolean(row?.ok);
}

/**
 * The assistant's passages nearest to a question vector (cosine distance), exact within the
 * assistant's own vectors. The assistant id is a condition of every table of the query.
 */
export async function nearestPassages(
  database: Database,
  assistantId: string,
  model: string,
  vector: number[],
  limit: number,
): Promise<VectorHit[]> {
  const rows = await database.query<PassageRow & { similarity: number }>(
    `with q as (select $2::text::vector v),
     near as (
       select e.chunk_id, e.embedding <=> q.v distance
       from knowledge_embeddings e, q
       where e.assistant_id = $1 and e.model = $3 and vector_dims(e.embedding) = vector_dims(q.v)
       order by distance, e.chunk_id
       limit $4::int)
     select c.id, c.file_id, f.name, c.heading, c.content, (1 - n.distance)::float8 similarity
     from near n
       join knowledge_chunks c on c.id = n.chunk_id and c.assistant_id = $1
       join knowledge_files f on f.id = c.file_id and f.assistant_id = $1
     order by n.distance, c.id`,
    [assistantId, vectorLiteral(vector), model, limit],
  );
  return rows.map((r) => ({ ...passageOf(r), similarity: Number(r.similarity) }));
}

/**
 * After a file is indexed (and already `ready`): its passages, and any the assistant has left
 * without a vector, are embedded. Never throws: when the provider fails the file stays
 * searchable lexically, the failure is logged, and the assistant's next ingestion tries again.
 */
export async function embedAfterIndexing(
  ctx: Pick<AppContext, 'database' | 'log'> & Partial<Pick<AppContext, 'embeddings'>>,
  assistantId: string,
  fileId: string,
): Promise<void> {
  const embeddings = ctx.embeddings;
  if (!embeddings) return;
  try {
    const stored = await embedPendingChunks({ database: ctx.database, embeddings }, assistantId);
    ctx.log.debug({ assistantId, fileId, stored, model: embeddings.model }, 'knowledge passages embedded');
  } catch (err) {
    ctx.log.error(
      { err, assistantId, fileId, model: embeddings.model },
      'knowledge passages not embedded; the file is searchable lexically only',
    );
  }
}
