import { sql } from 'drizzle-orm';
import type { Database } from './index';

export type VectorSupport = { ok: true } | { ok: false; reason: string };

/**
 * Vector storage of the knowledge base, made at start only where pgvector exists (PGlite loads
 * it; the PostgreSQL of our machines has none). It is not in the Drizzle schema on purpose: the
 * one set of migrations must run on a PostgreSQL without pgvector. The vector column has no fixed
 * dimension, so a change of EMBEDDINGS_MODEL needs no migration; `model` keeps vectors of
 * different models apart. Rows go with their chunk (and assistant) by cascade.
 */
const DDL = [
  'create extension if not exists vector',
  `create table if not exists knowledge_embeddings (
     chunk_id uuid primary key references knowledge_chunks(id) on delete cascade,
     assistant_id uuid not null references assistants(id) on delete cascade,
     model text not null,
     embedding vector not null)`,
  // Search is exact within one assistant's vectors (a tenant filter defeats an approximate index,
  // and one knowledge base is thousands of passages, not millions): this index finds them.
  'create index if not exists knowledge_embeddings_assistant_idx on knowledge_embeddings (assistant_id, model)',
];

/**
 * Detects pgvector and, when the database has it, creates the vector storage. Never throws:
 * without pgvector (or without the right to create the extension) retrieval stays lexical.
 */
export async function enableVectorStore(database: Database): Promise<VectorSupport> {
  try {
    const [available] = await database.query<{ n: number }>(
      `select count(*)::int n from pg_available_extensions where name = 'vector'`,
    );
    if (!available?.n) return { ok: false, reason: 'pgvector is not installed in this database' };
    // Instances starting together would race on `create … if not exists`; the lock serialises them.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('otklik:vector-store'))`);
      for (const statement of DDL) await tx.execute(sql.raw(statement));
    });
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
