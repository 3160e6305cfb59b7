import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What `npm start` runs: the server bundled into one module (apps/server/build.mjs). */
export const serverBundle = path.join(root, 'apps/server/dist/main.js');
/**
 * The node options `npm start` runs the bundle with (the benches that start the server as a
 * process use the same). --wasm-tiering-budget: V8 recompiles a WebAssembly function with its
 * optimizing compiler once it has run about 1.8 M bytes' worth of code; PGlite's opening and
 * the first start's seeding take hundreds of its functions past that, and the compilations
 * leave some 30 MB with the process for good (an idle server on a fresh data directory: 213–246 MB
 * instead of 246–278 at 60 s). At 100 M only what a steady load keeps hot is recompiled; the price
 * is the first seconds of a burst: 1,500 rankings over 5,000 passages took 10 % longer.
 *
 * --max-semi-space-size=4 (MB): V8 grows the young generation up to 16 MB a half while the
 * server starts (modules, migrations, the first start's seeding) and gives it back only when its
 * memory reducer runs, 8 s or more after the process went idle: an idle server on a fresh data
 * directory held 270–280 MB at 10 s. Capped at 4 MB it holds about 240. A burst of 1,000
 * visitors was no slower (330–370 messages/s against 300–320 with the default: short-lived
 * objects of a request die young either way, and the small space stays in the cache).
 *
 * --v8-pool-size (one less than the cores, at most V8's default 4): V8's background threads
 * (optimizing compilation, concurrent marking, parallel scavenges) are four by default, and on a
 * 2-core machine they took the cores from the event loop and the database's worker: a burst of
 * 1,000 visitors right after start spent about 1 s of CPU compiling on them. With one, measured
 * side by side on this 2-core machine: first burst p99 1.46–1.68 s (1.64–1.95 with four), 610–670
 * messages/s (500–590); idle RSS 214/216 MB at 10/60 s on a first start (243/247) and 188/193 on
 * a later one (239/245); cold start 4.0 s (3.3).
 *
 * --gc-memory-reducer-start-delay-ms: the reducer then runs 2 s after the last major collection
 * instead of 8 s, so what start-up left goes back sooner too (first starts at 10 s: 223–241 MB
 * with it, 220–256 without); it acts only while little is allocated, so a loaded server is not
 * collected more often. V8 marks the flag as an experiment that may go, and Node refuses to
 * start with a flag it does not know: it is given only when this Node takes it.
 */
export function serverNodeOptions() {
  const reducerDelay = '--gc-memory-reducer-start-delay-ms=2000';
  // Asked of a node started for it (about 40 ms): only the scripts that start the server pay.
  const accepted = spawnSync(process.execPath, [reducerDelay, '-e', ''], { stdio: 'ignore' }).status === 0;
  return [
    '--enable-source-maps',
    '--wasm-tiering-budget=100000000',
    '--max-semi-space-size=4',
    `--v8-pool-size=${Math.min(4, Math.max(1, os.availableParallelism() - 1))}`,
    ...(accepted ? [reducerDelay] : []),
  ];
}

// Order matters: the web app embeds the widget's source, the server serves both builds.
const parts = [
  {
    name: 'виджет',
    workspace: 'apps/widget',
    output: 'apps/widget/dist/widget.js',
    sources: ['apps/widget/src', 'apps/widget/build.mjs', 'packages/contract/src'],
  },
  {
    name: 'веб-приложение',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/widget/src', 'packages/contract/src'],
  },
  {
    name: 'сервер',
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'],
  },
];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`Команда завершилась с ошибкой: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const isStale = (part) => {
  const output = path.join(root, part.output);
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return part.sources.some((s) => newestMtime(path.join(root, s)) > built);
};

/** Builds each part that is missing or older than its sources (every part with force). */
export async function ensureBuilt({ force = false } = {}) {
  for (const part of parts) {
    if (!existsSync(path.join(root, part.workspace, 'build.mjs')) && part.workspace !== 'apps/web') continue;
    if (!force && !isStale(part)) continue;
    console.log(`Сборка: ${part.name}…`);
    run('npm', ['run', 'build', '-w', part.workspace, '--silent']);
  }
}
