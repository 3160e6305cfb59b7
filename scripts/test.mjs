#!/usr/bin/env node
// `npm test`: the whole suite. The browser tests need the built widget and web app, so they are
// always rebuilt first (a stale build would test yesterday's code).
import { ensureBuilt, run } from './lib.mjs';

await ensureBuilt({ force: true });
run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]);
