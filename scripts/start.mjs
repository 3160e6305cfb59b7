#!/usr/bin/env node
// `npm start`: builds what is missing (widget bundle, web app), then runs the server in the
// embedded mode unless DATABASE_URL / REDIS_URL / SMTP_URL say otherwise.
import { spawn } from 'node:child_process';
import { ensureBuilt, root, serverBundle, serverNodeOptions } from './lib.mjs';

await ensureBuilt();
const child = spawn(process.execPath, [...serverNodeOptions(), serverBundle], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
