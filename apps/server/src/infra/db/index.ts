import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { serverPath } from '../../paths';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) give this shape; the code never asks which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with positional parameters; used where the query builder has no word for it. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Work that must run once across instances (a Telegram bot's poller) holds a lock. */
  locks: AdvisoryLocks;
  /**
   * Keeps the planner's statistics fresh. PostgreSQL's autovacuum does it there; PGlite runs
   * Postgres in single-user mode, with no autovacuum, so its tables are never analyzed and a
   * month of messages gets plans made for an empty table (sorts spilling to disk where a hash
   * would do): there it runs ANALYZE.
   */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `maintain` a little after start and then every `everyMs`; returns the stop. */
export function startMaintenance(
  database: Database,
  onError: (err: unknown) => void,
  everyMs = 60 * 60 * 1000,
  firstMs = 30_000,
): () => void {
  const run = () => void database.maintain().catch(onError);
  const first = setTimeout(run, firstMs);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * Named locks held while work runs (ARCHITECTURE §2: a Telegram poller per bot, scheduled jobs).
 * PostgreSQL: session advisory locks on one dedicated connection, so several processes on one
 * database share the work; if that connection breaks, every lock is gone and the holders are
 * told. PGlite: one process owns the database, so the locks are held in memory. Either way a
 * key already held through this object is not given twice (instances of one process sharing a
 * database, as tests run them, exclude each other too).
 */
export interface AdvisoryLocks {
  /** Takes the lock if nobody holds it; false when it is held (here or by another process). */
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** Hears that held locks were lost (the lock connection broke): whoever held one must stop. */
  onLost(listener: () => void): () => void;
}

function memoryLocks(): AdvisoryLocks {
  const held = new Set<string>();
  return {
    async tryLock(key) {
      if (held.has(key)) return false;
      held.add(key);
      return true;
    },
    async unlock(key) {
      held.delete(key);
    },
    onLost: () => () => {},
  };
}

type PgModule = typeof import('pg').default;

function postgresLocks(pg: PgModule, url: string): AdvisoryLocks & { close(): Promise<void> } {
  const held = new Set<string>();
  const listeners = new Set<() => void>();
  let client: Promise<InstanceType<PgModule['Client']>> | undefined;
  const lost = () => {
    client = undefined;
    if (held.size === 0) return;
    held.clear();
    for (const l of listeners) l();
  };
  const connection = () => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('error', lost);
      c.on('end', lost);
      await c.connect();
      return c;
    })().catch((err: unknown) => {
      client = undefined;
      throw err;
    });
    return client;
  };
  return {
    async tryLock(key) {
      if (held.has(key)) return false;
      held.add(key);
      try {
        const c = await connection();
        const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) ok', [
          key,
        ]);
        if (!rows[0]?.ok) held.delete(key);
        return Boolean(rows[0]?.ok);
      } catch (err) {
        held.delete(key);
        throw err;
      }
    },
    async unlock(key) {
      if (!held.delete(key) || !client) return;
      const c = await client;
      await c.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => undefined);
    },
    onLost(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      const c = await client?.catch(() => undefined);
      held.clear();
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

const migrationsFolder = serverPath('drizzle');

export interface PgliteOptions {
  /**
   * Load pgvector (from @electric-sql/pglite-pgvector), for vector retrieval; only when an
   * embeddings model is configured, since nothing else needs it.
   */
  vector?: boolean;
}

/** PGlite in `dir` (or in memory when dir is undefined), migrated. */
export async function openPglite(dir: string | undefined, opts: PgliteOptions = {}): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, vector, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    opts.vector ? import('@electric-sql/pglite-pgvector').then((m) => m.vector) : undefined,
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dir) mkdirSync(dir, { recursive: true });
  // 'memory://' rather than undefined: without a data-dir URL PGlite silently skips extensions.
  // Small buffers: PGlite lives inside our process, and Postgres' 128 MB default would double
  // the server's idle memory for a cache that a small business's data never fills.
  const client = new PGlite(dir ? path.resolve(dir) : 'memory://', {
    extensions: vector ? { pg_trgm, vector } : { pg_trgm },
    postgresqlconf: ['shared_buffers = 16MB', 'work_mem = 8MB'],
  });
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as T[];
    },
    locks: memoryLocks(),
    async maintain() {
      await client.query('analyze');
    },
    close: () => client.close(),
  };
}

/** PostgreSQL through node-postgres, migrated. */
/**
 * node-postgres pool, migrated. `onIdleError` hears of connections the server closed while idle
 * (a restart, `pg_terminate_backend`, a dropped database): the pool discards such a client and
 * opens a new one on the next query, but without a listener the pool's 'error' event would
 * crash the process.
 */
export async function openPostgres(url: string, onIdleError: (err: Error) => void = () => {}): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', onIdleError);
  const db = drizzle(pool, { schema });
  // Instances started together (docker compose up) migrate one after the other: the second finds
  // the migrations applied instead of failing on tables the first is creating.
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', ['otklik:migrations']);
    await migrate(db, { migrationsFolder });
  } finally {
    await holder
      .query('select pg_advisory_unlock(hashtextextended($1, 0))', ['otklik:migrations'])
      .catch(() => undefined);
    holder.release();
  }
  const locks = postgresLocks(pg, url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async query<T>(text: string, params?: unknown[]) {
      return (await pool.query(text, params as unknown[])).rows as T[];
    },
    locks,
    // autovacuum keeps the statistics.
    maintain: async () => {},
    close: async () => {
      await locks.close();
      await pool.end();
    },
  };
}
