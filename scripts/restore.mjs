#!/usr/bin/env node
// `npm run restore -- <file.tar.gz> [--data-dir ./data]`: a backup of `npm run backup` into a new
// (or empty) data directory; then checks that every conversation and message came back.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { extract } from 'tar';
import { counts, dataDirOf, FORMAT, fail, openPglite, VERSION } from './backup-lib.mjs';

const file = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
if (!file) fail('Укажите файл резервной копии: npm run restore -- otklik-backup-….tar.gz [--data-dir ./data]');
const archive = path.resolve(file);
if (!existsSync(archive)) fail(`Нет файла ${archive}`);
const dataDir = dataDirOf();
if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
  fail(`Папка данных ${dataDir} не пуста: восстанавливайте в новую (--data-dir) или перенесите её содержимое.`);
}

try {
  mkdirSync(dataDir, { recursive: true });
  await extract({ file: archive, cwd: dataDir, preserveOwner: false });
} catch (err) {
  fail(`Не удалось распаковать ${archive}: ${err instanceof Error ? err.message : err}`);
}
const manifestFile = path.join(dataDir, 'manifest.json');
const dumpFile = path.join(dataDir, 'db.tar.gz');
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
} catch {
  fail(`${archive} — не резервная копия Отклика (нет manifest.json)`);
}
if (manifest.format !== FORMAT || manifest.version > VERSION) {
  fail(`${archive}: неизвестный формат резервной копии (${manifest.format} ${manifest.version})`);
}
const db = await openPglite(path.join(dataDir, 'db'), new Blob([readFileSync(dumpFile)]));
const found = await counts(db);
await db.close();
rmSync(manifestFile);
rmSync(dumpFile);
for (const key of ['conversations', 'messages', 'knowledgeFiles']) {
  if (found[key] !== manifest[key]) {
    fail(`Восстановлено не всё: ${key} ${found[key]} из ${manifest[key]} (${dataDir})`);
  }
}
console.log(
  `Восстановлено в ${dataDir}: бесед ${found.conversations}, сообщений ${found.messages}, файлов знаний ${found.knowledgeFiles} (копия от ${manifest.createdAt})`,
);
