/**
 * Start-up time and idle memory of `npm start`'s server (the bundle in apps/server/dist) in the embedded mode (PGlite, local
 * answerer, dev mailbox): a cold start on an empty DATA_DIR (migrations, seeds), then a warm start
 * on the same directory. RSS is read from /proc 10 s and 60 s after the server answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedEnv, freePort, rssMb, serverNodeOptions } from './lib/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** RSS is read 10 s and 60 s after the server answers (the two points). */
const IDLE_CHECKPOINTS_MS = [10_000, 60_000];

async function startOnce(dataDir: string): Promise<{ startMs: number; rssMb: number[] }> {
  const port = await freePort();
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeOptions, 'apps/server/dist/main.js'], {
    cwd: root,
    env: embeddedEnv(port, dataDir),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - t0 > 60_000) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    const startMs = Math.round(performance.now() - t0);
    // One page view, as a user would, then idle.
    await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    if (child.pid === undefined) throw new Error('no pid');
    const readings: number[] = [];
    const ready = performance.now();
    for (const at of IDLE_CHECKPOINTS_MS) {
      await new Promise((r) => setTimeout(r, Math.max(0, at - (performance.now() - ready))));
      readings.push(rssMb(child.pid));
    }
    return { startMs, rssMb: readings };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otklik-bench-'));
try {
  const cold = await startOnce(dataDir);
  const warm = await startOnce(dataDir);
  const result = {
    bench: 'startup',
    coldStartMs: cold.startMs,
    warmStartMs: warm.startMs,
    firstStartRssMb: { at10s: cold.rssMb[0], at60s: cold.rssMb[1] },
    laterStartRssMb: { at10s: warm.rssMb[0], at60s: warm.rssMb[1] },
    budgetIdleRssMb: 250,
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
