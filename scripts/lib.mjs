import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What `npm start` runs: the server bundled into one module (apps/server/build.mjs). */
export const serverBundle = path.join(root, 'apps/server/dist/main.js');

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
