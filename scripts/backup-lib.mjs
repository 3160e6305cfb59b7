// Shared by `npm run backup` and `npm run restore` (embedded mode: PGlite in DATA_DIR/db, files
// in DATA_DIR/files, the dev mailbox in DATA_DIR/mail).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const FORMAT = 'otklik-backup';
export const VERSION = 1;

/** `--name value` of the command line, else the environment's setting, else the default. */
export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  return fallback;
}

export const dataDirOf = () => path.resolve(option('data-dir', process.env.DATA_DIR || './data'));

/** One line on stderr and exit 1, as the server does at start-up. */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** PGlite with the extensions the server may have created in the database (pg_trgm, pgvector). */
export async function openPglite(dir, loadDataDir) {
  const [{ PGlite }, { pg_trgm }, { vector }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-pgvector'),
  ]);
  const db = new PGlite(dir, { extensions: { pg_trgm, vector }, ...(loadDataDir ? { loadDataDir } : {}) });
  await db.waitReady;
  return db;
}

/** What a restore checks it got back: the conversations (visitors) and their messages. */
export async function counts(db) {
  const { rows } = await db.query(
    'select (select count(*) from visitors)::int as conversations, (select count(*) from messages)::int as messages, (select count(*) from knowledge_files)::int as "knowledgeFiles"',
  );
  return rows[0];
}

/** The pid in DATA_DIR/server.pid when that server still runs (it holds the database open). */
export function runningServer(dataDir) {
  const file = path.join(dataDir, 'server.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return err.code === 'EPERM' ? pid : undefined;
  }
}
