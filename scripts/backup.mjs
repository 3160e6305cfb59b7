#!/usr/bin/env node
// `npm run backup [-- --data-dir ./data] [--out file.tar.gz]`: the embedded mode's data in one
// archive: a consistent dump of the PGlite database, the uploaded files and the dev mailbox.
// The server must be stopped (the database is one process's folder). With DATABASE_URL the
// database is PostgreSQL: back it up with pg_dump (README, «Резервные копии»).
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
if (pid) fail(`Сервер работает с этой папкой данных (pid ${pid}): остановите его и повторите.`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(option('out', `otklik-backup-${stamp}.tar.gz`));
const stage = mkdtempSync(path.join(os.tmpdir(), 'otklik-backup-'));
try {
  const db = await openPglite(dbDir);
  const found = await counts(db);
  const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
  await db.close();
  writeFileSync(path.join(stage, 'db.tar.gz'), dump);
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
