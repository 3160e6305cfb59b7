import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { serverPath } from '../../paths';
import { OPEN_MIGRATED, pgliteModules, startPgliteWorker } from './pglite-worker';
import * as schema from './schema';

export { schema };

export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) give this shape; the code never asks which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either the database or a transaction. */
export type Executor = Db | Tx;

/**
 * A query built once per database (or transaction) and kept prepared, for the hot path, where
 * building drizzle's query for each call costs more than running it.
 */
export function preparedPer<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs raw SQL with positional parameters; used where the query builder has no word for it.
   * `prepare` names a query of the hot path kept prepared on PostgreSQL (parsed and analysed once
   * per connection, its plan cached as PostgreSQL decides): the name must always go with the same
   * text. PGlite's worker prepares every statement by its text anyway.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: { prepare?: string }): Promise<T[]>;
  /** Work that must run once across instances (a Telegram bot's poller) holds a lock. */
  locks: AdvisoryLocks;
  /**
   * Keeps the planner's statistics fresh. PostgreSQL's autovacuum does it there; PGlite runs
   * Postgres in single-user mode, with no autovacuum, so its tables are never analyzed and a
   * month of messages gets plans made for an empty table (sorts spilling to disk where a hash
   * would do): there it runs ANALYZE.
   */
  maintain(): Promise<void>;
  /**
   * PGlite only: the database folder as a gzipped tar, taken between two queries after a
   * checkpoint, while the server goes on (`npm run backup` on a running server, online-backup.ts).
   * PostgreSQL is backed up with pg_dump.
   */
  snapshot?(): Promise<Uint8Array>;
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

/** PGlite in `dir` (or in memory when dir is undefined), migrated, in its own thread (pglite-worker). */
export async function openPglite(dir: string | undefined, opts: PgliteOptions = {}): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // A new data directory is created and migrated in a child process that then ends: PGlite's
  // initdb and the first migrations grow its WebAssembly memory to about 0.5 GB, which a
  // WebAssembly instance never gives back; the child's goes with it, and this process opens a
  // ready database, as on any later start.
  if (dir && !existsSync(path.join(dir, 'PG_VERSION'))) await prepareInChild(path.resolve(dir), Boolean(opts.vector));
  const client = await startPgliteWorker({
    // 'memory://' (the worker's default) rather than undefined: without a data-dir URL PGlite silently skips extensions.
    dir: dir ? path.resolve(dir) : undefined,
    vector: Boolean(opts.vector),
    migrationsFolder,
    postgresqlconf: PGLITE_CONF,
  });
  const db = drizzle({ client: client as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    locks: memoryLocks(),
    async maintain() {
      await client.query('analyze');
    },
    snapshot: () => client.dump(),
    close: () => client.close(),
  };
}

/**
 * Small buffers: PGlite lives inside our process, and Postgres' 128 MB default would double
 * the server's idle memory for a cache that a small business's data never fills.
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'work_mem = 8MB'];

/**
 * Creates and migrates a PGlite data directory in a child process (see openPglite): a worker
 * thread would do, but the memory its allocator held stays with this process, a child's goes
 * back to the system when it exits. The child is plain JavaScript given as text, so it runs the
 * same from the sources (tsx) and from the bundle; it loads the very modules this process resolves.
 */
async function prepareInChild(dir: string, vector: boolean): Promise<void> {
  const job = { dir, migrationsFolder, postgresqlconf: PGLITE_CONF, modules: pgliteModules(vector) };
  const code = `${OPEN_MIGRATED}
    const { client } = await openMigrated(JSON.parse(process.env.OTKLIK_DB_PREPARE));
    await client.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, OTKLIK_DB_PREPARE: JSON.stringify(job) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const code_ = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code_ !== 0) throw new Error(`the new database could not be prepared (exit ${code_}): ${stderr.trim()}`);
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
    async query<T>(text: string, params?: unknown[], opts?: { prepare?: string }) {
      const values = params as unknown[];
      const name = opts?.prepare;
      return (await pool.query(name ? { name, text, values } : { text, values })).rows as T[];
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
