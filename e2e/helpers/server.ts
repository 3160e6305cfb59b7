import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Сервер завершился при запуске:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Сервер не ответил на /api/health за ${timeoutMs} мс:\n${output()}`);
}

/**
 * The real server (apps/server/src/main.ts through tsx), embedded mode, on a free port with a
 * fresh DATA_DIR, serving the BUILT web app. Builds nothing: a missing build is an error that
 * says how to make it.
 */
export async function startServer(overrides: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  if (!existsSync(webIndex)) {
    throw new Error('Нет сборки веб-приложения (apps/web/dist). Соберите её: cd apps/web && npx vite build');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otklik-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ...overrides,
  };
  // The browser flow runs on the embedded mode whatever the CI environment points at.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
  const child = spawn(process.execPath, [tsxCli, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
