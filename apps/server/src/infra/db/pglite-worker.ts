import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What the rest of infra/db needs of PGlite: drizzle's calls (query, transaction) and close. */
export interface PgliteClient {
  /** In the worker every statement is prepared once, by its text (see statementOf below). */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: { query: PgliteClient['query'] }) => Promise<T>): Promise<T>;
  /** The data directory as a gzipped tar, after a checkpoint, between two transactions (online backups). */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}
interface Results<T> {
  rows: T[];
  affectedRows: number;
}

export interface PgliteWorkerOptions {
  /** The data directory (prepared already), or undefined for a database in memory. */
  dir: string | undefined;
  vector: boolean;
  migrationsFolder: string;
  postgresqlconf: string[];
}

/**
 * The modules PGlite is opened and migrated with, as URLs this process resolves: the worker and
 * the child that prepares a new data directory (./index.ts) load the very same files.
 */
export function pgliteModules(vector: boolean) {
  const require = createRequire(import.meta.url);
  const url = (id: string) => pathToFileURL(require.resolve(id)).href;
  return {
    pglite: url('@electric-sql/pglite'),
    trgm: url('@electric-sql/pglite/contrib/pg_trgm'),
    vector: vector ? url('@electric-sql/pglite-pgvector') : null,
    drizzle: url('drizzle-orm/pglite'),
    migrator: url('drizzle-orm/pglite/migrator'),
  };
}

/**
 * Opens and migrates PGlite as `job` says ({ dir, postgresqlconf, migrationsFolder, modules });
 * plain JavaScript, put before the code of the worker and of the preparing child.
 */
export const OPEN_MIGRATED = `
async function openMigrated(job) {
  const m = job.modules;
  const [pg, { pg_trgm }, vector, { drizzle }, { migrate }] = await Promise.all([
    import(m.pglite), import(m.trgm), m.vector ? import(m.vector).then((v) => v.vector) : undefined,
    import(m.drizzle), import(m.migrator),
  ]);
  const client = new pg.PGlite(job.dir ?? 'memory://', {
    extensions: vector ? { pg_trgm, vector } : { pg_trgm },
    postgresqlconf: job.postgresqlconf,
  });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: job.migrationsFolder });
  return { pg, client };
}`;

/**
 * PGlite (Postgres compiled to WebAssembly, single-threaded) runs in a worker thread: on the main
 * thread its queries took half of a visitor message's CPU time, and the machine's other cores
 * sat idle while HTTP, retrieval's JavaScript and the answer waited behind them. Here the two
 * halves run side by side. The worker is plain JavaScript given as text, like prepareInChild's
 * child, so it runs the same from the sources (tsx, vitest) and from the bundle.
 *
 * The calls keep PGlite's semantics: one query at a time, a transaction holds the database
 * until it ends (other queries wait for it), errors keep their PostgreSQL fields (code,
 * constraint…). Parsers cannot cross threads: drizzle's are identities (it maps dates itself),
 * and the worker applies identities for the same types; any other parser is refused.
 */
export async function startPgliteWorker(opts: PgliteWorkerOptions): Promise<PgliteClient> {
  const worker = new Worker(`${OPEN_MIGRATED}\n${WORKER_CODE}`, {
    eval: true,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    workerData: { ...opts, modules: pgliteModules(opts.vector) },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  // The worker keeps the process alive only while a call waits for it (a finished script exits).
  worker.unref();
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  worker.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) => {
    const p = settle(m.id);
    if (!p) return;
    if (m.ok) p.resolve(m.result);
    else {
      const { message, stack, ...fields } = m.error ?? {};
      const err = Object.assign(new Error(String(message ?? 'database error')), fields);
      if (typeof stack === 'string') err.stack = stack;
      p.reject(err);
    }
  });
  const fail = (err: Error) => {
    failure ??= err;
    for (const id of [...pending.keys()]) settle(id)?.reject(err);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database worker exited (${code})`)));

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  const queryOf =
    (tx?: number) =>
    <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
      call({ op: 'query', tx, text, params, rowMode: options?.rowMode, identities: identityTypes(options) });

  await call({ op: 'open' });
  return {
    query: queryOf(),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn({ query: queryOf(tx) });
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    dump: () => call<Uint8Array>({ op: 'dump' }),
    async close() {
      if (failure) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}

/**
 * The worker's young generation, MB (V8 sizes it for the main thread's allocation rate, up to
 * 48 MB, and keeps it grown for tens of seconds after a burst). Rows and protocol messages
 * are short-lived and their bytes live in WebAssembly memory or outside the heap, so a small one
 * costs little: an idle server, first start included, holds about 25–35 MB less.
 */
const WORKER_YOUNG_GENERATION_MB = 6;

/** The types of the given parsers, each checked to be an identity (the only kind that can cross threads). */
function identityTypes(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  return Object.entries(options.parsers).map(([type, parse]) => {
    if (parse('2000-01-01 00:00:00', Number(type)) !== '2000-01-01 00:00:00')
      throw new Error(`a PGlite parser for type ${type} cannot run in the database worker`);
    return Number(type);
  });
}

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const job = workerData;
let client, protocol, parse;
const txs = new Map();
let nextTx = 1;
const identity = (v) => v;
const ROLLBACK = Symbol('rollback');

const errorOf = (e) => {
  const out = { message: e && e.message, stack: e && e.stack };
  if (e && typeof e === 'object')
    for (const k of Object.keys(e)) if (k !== 'params' && k !== 'queryOptions') out[k] = e[k];
  return out;
};
const reply = (id, result) => parentPort.postMessage({ id, ok: true, result });
const replyError = (id, e) => {
  try { parentPort.postMessage({ id, ok: false, error: errorOf(e) }); }
  catch { parentPort.postMessage({ id, ok: false, error: { message: String(e && e.message) } }); }
};

async function open() {
  const opened = await openMigrated(job);
  client = opened.client;
  protocol = opened.pg.protocol;
  parse = opened.pg.parse;
}

// Parser tables: PGlite's own, and with drizzle's identities over it, made once. (PGlite's query()
// copies its 300-odd parsers into a new object for every query given parsers: half of what a small
// query costs.)
const tables = new Map();
const tableOf = (identities) => {
  if (!identities) return client.parsers;
  const key = identities.join(',');
  let table = tables.get(key);
  if (!table) {
    table = { ...client.parsers, ...Object.fromEntries(identities.map((t) => [t, identity])) };
    tables.set(key, table);
  }
  return table;
};

// Every statement is prepared once, by its text (drizzle's texts are fixed, with $n parameters):
// PGlite's query() parses and analyses its statement every time (the unnamed statement of the
// extended protocol), and plans it; a named one is parsed once and its plan is cached as
// PostgreSQL decides. The least recently used are closed past a bound (texts that vary, such
// as a multi-row insert, would otherwise pile up).
const STATEMENTS = 300;
const statements = new Map();
let nextStatement = 1;
const exec = async (message) => (await client.execProtocol(message, { syncToFs: false })).messages;

// Statements with long parameter lists (a batch insert of passages) are used once or twice and
// their cached plans are large: they keep PGlite's unnamed statement, parsed every time.
const MAX_PREPARED_PARAMS = 64;

async function statementOf(text, params, messages) {
  if (params.length > MAX_PREPARED_PARAMS) {
    messages.push(...(await exec(protocol.serialize.parse({ name: '', text }))));
    const types = parse.parseDescribeStatementResults(await exec(protocol.serialize.describe({ type: 'S', name: '' })));
    return { name: '', types };
  }
  const known = statements.get(text);
  if (known) {
    statements.delete(text);
    statements.set(text, known);
    return known;
  }
  if (statements.size >= STATEMENTS) {
    const [oldText, old] = statements.entries().next().value;
    statements.delete(oldText);
    await exec(protocol.serialize.close({ type: 'S', name: old.name }));
  }
  const name = 's' + nextStatement++;
  messages.push(...(await exec(protocol.serialize.parse({ name, text }))));
  const types = await exec(protocol.serialize.describe({ type: 'S', name })).then(
    parse.parseDescribeStatementResults,
    async (err) => {
      await exec(protocol.serialize.close({ type: 'S', name })).catch(() => undefined);
      throw err;
    },
  );
  const statement = { name, types };
  statements.set(text, statement);
  return statement;
}

// What PGlite's query() does (parse, bind, describe, execute, sync, then the file system's sync
// outside a transaction), with a prepared statement and a ready parser table, and with bind,
// describe, execute and sync given to PGlite as one batch: each call into PGlite has a cost of its
// own (its buffers, a parse of the replies), which four calls a query paid four times. On a
// database error PGlite still runs the whole batch, the sync included, and then throws.
const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
async function runQuery(text, params, rowMode, identities) {
  const messages = [];
  let batch;
  try {
    const { name, types } = await statementOf(text, params ?? [], messages);
    const values = (params ?? []).map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = client.serializers[types[i] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    batch = concat([
      protocol.serialize.bind({ statement: name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
  } catch (e) {
    await exec(protocol.serialize.sync()).catch(() => undefined);
    throw e;
  }
  messages.push(...(await exec(batch)));
  if (!client.isInTransaction()) await client.syncToFs();
  const [result] = parse.parseResults(messages, tableOf(identities), rowMode ? { rowMode } : undefined);
  return { rows: result?.rows ?? [], affectedRows: result?.affectedRows ?? 0 };
}

// A query of no transaction waits for the one running (as PGlite's query() does); one of a
// transaction runs inside it.
const query = (m, inTransaction) =>
  inTransaction
    ? client._runExclusiveQuery(() => runQuery(m.text, m.params, m.rowMode, m.identities))
    : client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => runQuery(m.text, m.params, m.rowMode, m.identities)),
      );

function begin(id) {
  let ended;
  const done = new Promise((resolve) => { ended = resolve; });
  const tx = nextTx++;
  client
    .transaction(async (t) => {
      txs.set(tx, { t, ended });
      reply(id, tx);
      const end = await done;
      txs.get(tx).endId = end.id;
      if (!end.commit) throw ROLLBACK;
    })
    .then(
      () => reply(txs.get(tx).endId, null),
      (e) => (e === ROLLBACK ? reply(txs.get(tx).endId, null) : replyError(txs.get(tx)?.endId ?? id, e)),
    )
    .finally(() => txs.delete(tx));
}

parentPort.on('message', (m) => {
  const run = async () => {
    switch (m.op) {
      case 'open': return open();
      case 'query': {
        if (m.tx && !txs.has(m.tx)) throw new Error('the transaction has ended');
        return query(m, Boolean(m.tx));
      }
      case 'begin': return begin(m.id);
      case 'end': {
        const t = txs.get(m.tx);
        if (!t) throw new Error('the transaction has ended');
        t.ended({ id: m.id, commit: m.commit });
        return undefined;
      }
      case 'dump': {
        // Written out first, so the copy needs little WAL replay when opened; then taken while no
        // transaction is open (dumpDataDir itself holds the query lock only).
        await client.query('checkpoint');
        const blob = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
        return new Uint8Array(await blob.arrayBuffer());
      }
      case 'close': return client.close();
    }
  };
  // begin and end answer from the transaction itself.
  const answered = m.op === 'begin' || m.op === 'end';
  run().then((result) => { if (!answered) reply(m.id, result ?? null); }, (e) => replyError(m.id, e));
});
`;
