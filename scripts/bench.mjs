#!/usr/bin/env node
// `npm run bench`: every benchmark in bench/src prints one JSON line of figures (prefixed BENCH).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, root, run } from './lib.mjs';

await ensureBuilt();
const only = process.argv.slice(2);
const dir = path.join(root, 'bench/src');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  console.log(`\n# ${file}`);
  run(process.execPath, ['--import', 'tsx', path.join(dir, file)]);
}
