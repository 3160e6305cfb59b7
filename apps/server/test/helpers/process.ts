import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/paths';

/**
 * The real server as a process (src/main.ts through tsx), for what only a process shows: its
 * exit code, its stderr, its signals. The embedded mode on a fresh DATA_DIR unless env says
 * otherwise; the machine's DATABASE_URL / REDIS_URL are not inherited.
 */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) and how long the process lived. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  waitForHealth(timeoutMs?: number): Promise<void>;
  /** Ends the process if it is still running (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function spawnServer(
  env: Record<string, string | undefined> = {},
  opts: { uid?: number; gid?: number } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'otklik-proc-'));
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    SEED_DEMO: '0',
    EMBEDDINGS_MODEL: 'off',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SMTP_URL: undefined,
    OPENAI_API_KEY: undefined,
    ...env,
  };
  for (const [k, v] of Object.entries(full)) if (v === undefined) delete full[k];
  const started = Date.now();
  // `node --import tsx`, one process: the tsx CLI would run the server as its child and, on
  // SIGTERM, SIGKILL it if it does not acknowledge the signal within 30 ms (a busy event loop
  // on a loaded machine), which is not the graceful shutdown these tests are about.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: full,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...opts,
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - started })),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    dataDir,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitForHealth(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the server exited: ${err}${out}`);
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no health within ${timeoutMs} ms: ${err}${out}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A JSON call to a spawned server (with an owner's token); anything but 2xx throws with the body. */
export async function api<T>(base: string, url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}${url}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
