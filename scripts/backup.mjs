#!/usr/bin/env node
// `npm run backup [-- --data-dir ./data] [--out file.tar.gz]`: the embedded mode's data in one
// archive: a consistent dump of the PGlite database, the uploaded files and the dev mailbox.
// The server may run meanwhile: the database is one process's folder, so then the server itself
// writes the copy on request (apps/server/src/infra/online-backup.ts). With DATABASE_URL the
// database is PostgreSQL: back it up with pg_dump (README, «Резервные копии»).
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { counts, dataDirOf, FORMAT, fail, openPglite, option, runningServer, VERSION } from './backup-lib.mjs';

if (process.env.DATABASE_URL) {
  fail(
    'База данных — PostgreSQL (DATABASE_URL): сохраните её через pg_dump, а папку DATA_DIR/files — копией (README, «Резервные копии»).',
  );
}
const dataDir = dataDirOf();
const dbDir = path.join(dataDir, 'db');
if (!existsSync(path.join(dbDir, 'PG_VERSION'))) fail(`В ${dataDir} нет базы данных (папки db): нечего сохранять.`);
const pid = runningServer(dataDir);
/** How long a running server may take to write its copy. */
const ONLINE_TIMEOUT_MS = Number(process.env.BACKUP_TIMEOUT_MS) || 120_000;

/**
 * The running server's copy of its database: a request file in DATA_DIR/.backup, SIGUSR2, then
 * wait for <id>.db.tar.gz (or <id>.error with the reason).
 */
async function askServer(serverPid, target) {
  const dir = path.join(dataDir, '.backup');
  mkdirSync(dir, { recursive: true });
  const id = randomUUID();
  const file = (ext) => path.join(dir, `${id}.${ext}`);
  writeFileSync(file('request'), '');
  try {
    process.kill(serverPid, 'SIGUSR2');
    const deadline = Date.now() + ONLINE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (existsSync(file('db.tar.gz'))) return renameSync(file('db.tar.gz'), target);
      if (existsSync(file('error')))
        throw new Error(`сервер (pid ${serverPid}) не смог: ${readFileSync(file('error'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`сервер (pid ${serverPid}) не ответил за ${Math.round(ONLINE_TIMEOUT_MS / 1000)} с`);
  } finally {
    for (const ext of ['request', 'error', 'db.tar.gz']) rmSync(file(ext), { force: true });
  }
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(option('out', `otklik-backup-${stamp}.tar.gz`));
const stage = mkdtempSync(path.join(os.tmpdir(), 'otklik-backup-'));
try {
  const dumpFile = path.join(stage, 'db.tar.gz');
  let found;
  if (pid) {
    await askServer(pid, dumpFile);
    // Opened in memory, the copy is read as a restore will read it: what it holds is counted there.
    const copy = await openPglite('memory://', new Blob([readFileSync(dumpFile)]));
    found = await counts(copy);
    await copy.close();
  } else {
    const db = await openPglite(dbDir);
    found = await counts(db);
    writeFileSync(dumpFile, Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
    await db.close();
  }
  const manifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    database: 'pglite',
    ...found,
  };
  writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Files and mail are taken from DATA_DIR as they are, through links followed by tar.
  const entries = ['manifest.json', 'db.tar.gz'];
  for (const folder of ['files', 'mail']) {
    if (!existsSync(path.join(dataDir, folder))) continue;
    symlinkSync(path.join(dataDir, folder), path.join(stage, folder));
    entries.push(folder);
  }
  await create({ gzip: true, file: out, cwd: stage, follow: true, portable: true }, entries);
  console.log(
    `Резервная копия: ${out} (бесед: ${found.conversations}, сообщений: ${found.messages}, файлов знаний: ${found.knowledgeFiles})`,
  );
} catch (err) {
  rmSync(out, { force: true });
  fail(`Резервная копия не сделана: ${err instanceof Error ? err.message : err}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
