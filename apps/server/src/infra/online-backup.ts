/**
 * Backups of the embedded database while the server runs. PGlite's folder belongs to this one
 * process, so `npm run backup` (scripts/backup.mjs) cannot open it beside us; it asks instead: it
 * leaves DATA_DIR/.backup/<id>.request and sends SIGUSR2, and the server answers each request
 * with <id>.db.tar.gz (Database.snapshot: a checkpoint, then the folder between two queries), or
 * <id>.error holding the reason in Russian. Answers appear whole (written aside, then renamed);
 * answers left unfetched for an hour are removed at the next request.
 */
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './db';

export const BACKUP_DIR = '.backup';
const REQUEST = /^([\w-]{1,64})\.request$/;
/** Answers nobody fetched (the script was stopped while it waited) go after this long. */
const LEFTOVER_MS = 60 * 60 * 1000;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The started server's database and log; undefined while it starts. */
type Running = () => { database: Database; log: Log } | undefined;

/**
 * Listens for SIGUSR2 from now on (its default would end the process); requests that arrive
 * while the server is still starting are answered with an error. Returns the stop.
 */
export function answerBackupRequests(dataDir: string, running: Running): () => void {
  const dir = path.join(dataDir, BACKUP_DIR);
  let queue = Promise.resolve();
  const answer = async (id: string) => {
    const request = path.join(dir, `${id}.request`);
    const server = running();
    const log = server?.log;
    try {
      const snapshot = server?.database.snapshot?.bind(server.database);
      if (!snapshot) throw new Error('сервер ещё запускается, повторите через несколько секунд');
      const started = performance.now();
      const dump = await snapshot();
      await writeFile(path.join(dir, `${id}.part`), dump);
      await rename(path.join(dir, `${id}.part`), path.join(dir, `${id}.db.tar.gz`));
      log?.info({ id, bytes: dump.length, ms: Math.round(performance.now() - started) }, 'online backup written');
    } catch (err) {
      log?.error({ err, id }, 'online backup failed');
      const reason = err instanceof Error ? err.message : String(err);
      await writeFile(path.join(dir, `${id}.error`), reason).catch(() => undefined);
    } finally {
      await rm(request, { force: true });
    }
  };
  const onSignal = () => {
    queue = queue
      .then(async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const name of names) {
          const id = REQUEST.exec(name)?.[1];
          if (id) await answer(id);
          else await removeLeftover(path.join(dir, name));
        }
      })
      .catch((err: unknown) => running()?.log.error({ err }, 'online backup failed'));
  };
  const removeLeftover = async (file: string) => {
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > LEFTOVER_MS) await rm(file, { force: true });
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}
