import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A start-up failure that the operator can act on (a database or Redis out of reach, a data
 * folder that cannot be written, a port in use): main prints its message, one line, and exits 1.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** A URL as it may be printed: the password never. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(адрес не разобран)';
  }
}

/**
 * The most telling one-line reason of an error: the innermost cause with a message (drivers
 * wrap errors: "Failed query: …" around "database x does not exist"), or its code; an
 * AggregateError (a host name with an IPv4 and an IPv6 address) by its first error.
 */
export function errorReason(err: unknown): string {
  let reason = '';
  for (let e: unknown = err, depth = 0; e && depth < 8; depth++) {
    const error = e as { message?: unknown; code?: unknown; errors?: unknown[]; cause?: unknown };
    const message = typeof error.message === 'string' ? error.message.trim() : '';
    if (message && !message.startsWith('Failed query:')) reason = message;
    else if (!reason && typeof error.code === 'string') reason = error.code;
    e = error.cause ?? (Array.isArray(error.errors) ? error.errors[0] : undefined);
  }
  return (reason || String(err)).split('\n')[0]?.trim() ?? '';
}

/**
 * DATA_DIR holds the PGlite database, uploaded files and the dev mailbox: found unwritable at
 * start, not at the first upload.
 */
export async function ensureWritableDir(dir: string): Promise<void> {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why =
      code === 'ENOTDIR' || code === 'EEXIST'
        ? 'это не папка'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'нет прав на запись'
          : errorReason(err);
    throw new StartupError(`Папка данных DATA_DIR=${dir} недоступна для записи: ${why} (${errorReason(err)})`);
  }
}

/** Connects once, without retries, so that a Redis out of reach stops the start in seconds, not never. */
export async function probeRedis(url: string, timeoutMs = 3000): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // connect() then only says "Connection is closed": the socket's own error (ECONNREFUSED…) is kept
  // from here, which also stops ioredis printing it to stderr.
  let socketError: unknown;
  redis.on('error', (err) => {
    socketError ??= err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new StartupError(
      `Не удалось подключиться к Redis (REDIS_URL=${redactUrl(url)}): ${errorReason(socketError ?? err)}`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Connects once with a time limit, so that a wrong DATABASE_URL is one clear line within seconds. */
export async function probePostgres(url: string, timeoutMs = 5000): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new StartupError(
      `Не удалось подключиться к PostgreSQL (DATABASE_URL=${redactUrl(url)}): ${errorReason(err)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether host:port can be listened on, tried before the app opens its database (seconds with
 * PGlite), so that a port in use fails the start at once. app.listen() still reports a port
 * taken in between.
 */
export async function probePort(port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/** Whether a process of this id runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * The embedded database is a folder only one process may open: a second server on the same
 * DATA_DIR, or `npm run backup` while one runs, would corrupt it. The server holds
 * DATA_DIR/server.pid while it runs; a file left by a process that is gone is taken over.
 */
export async function lockDataDir(dir: string): Promise<() => void> {
  const { readFileSync, rmSync, writeFileSync } = await import('node:fs');
  const file = path.join(dir, 'server.pid');
  const holder = Number.parseInt(readFileSafe(readFileSync, file) ?? '', 10);
  if (holder && holder !== process.pid && alive(holder)) {
    throw new StartupError(`DATA_DIR=${dir} уже занята другим процессом сервера (pid ${holder}): остановите его`);
  }
  writeFileSync(file, String(process.pid));
  return () => {
    if (readFileSafe(readFileSync, file) === String(process.pid)) rmSync(file, { force: true });
  };
}

function readFileSafe(read: (file: string, encoding: 'utf8') => string, file: string): string | undefined {
  try {
    return read(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}
