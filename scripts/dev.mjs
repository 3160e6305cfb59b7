#!/usr/bin/env node
// `npm run dev`: the server with reload on change (tsx watch) and Vite's dev server for the web
// app (proxying /api to the server). Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const serverEntry = 'apps/server/src/main.ts';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', serverEntry], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
