/** What the benches that start `npm start`'s server as its own process share. */
import { readFileSync } from 'node:fs';

/** A port free on 127.0.0.1 right now: the server tests' own. */
export { freePort } from '../../../apps/server/test/helpers/process';

/** The node options `npm start` gives the server (scripts/lib.mjs), so a bench measures what it runs. */
export const serverNodeOptions: string[] = (
  (await import(new URL('../../../scripts/lib.mjs', import.meta.url).href)) as { serverNodeOptions: () => string[] }
).serverNodeOptions();

/** A process's resident memory, MB, from /proc. */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * The environment of the embedded mode (PGlite, local answerer, dev mailbox) on `port` and
 * `dataDir`, whatever the bench's own shell has set, plus the bench's own settings.
 */
export function embeddedEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extra,
  };
}
