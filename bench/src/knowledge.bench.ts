/**
 * Knowledge base: retrieval quality on XQuAD-ru (each question's paragraph must rank first among
 * all paragraphs), search latency on a 10,000-passage base (ranked by the database, as until the
 * passage index is loaded, then in memory; and how long the index takes to load), and parse+index
 * throughput per file type, all through the server's own code on PGlite in memory. Prints one
 * `BENCH {json}` line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openPglite } from '../../apps/server/src/infra/db';
import { assistants, knowledgeFiles, users, widgets } from '../../apps/server/src/infra/db/schema';
import { chunkBlocks } from '../../apps/server/src/modules/knowledge/chunker';
import { detectFileType } from '../../apps/server/src/modules/knowledge/detect';
import { parseDocument } from '../../apps/server/src/modules/knowledge/parsers';
import { indexChunks } from '../../apps/server/src/modules/retrieval/index-store';
import { passageIndexLoaded } from '../../apps/server/src/modules/retrieval/passage-index';
import { DEFAULT_TUNING, searchKnowledge } from '../../apps/server/src/modules/retrieval/search';
import { percentile, round } from './lib/stats';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataFile = path.resolve(root, '../shared/data/xquad-ru-dev.json');

interface Squad {
  data: { title: string; paragraphs: { context: string; qas: { question: string }[] }[] }[];
}

const database = await openPglite(undefined);
const { db } = database;
const ctx = { database, db };
const [user] = await db
  .insert(users)
  .values({ username: 'bench', email: 'bench@example.ru', passwordHash: '!' })
  .returning({ id: users.id });
if (!user) throw new Error('no user');
const userId = user.id;

async function newAssistant(): Promise<string> {
  const [w] = await db.insert(widgets).values({ userId }).returning({ id: widgets.id });
  if (!w) throw new Error('no widget');
  const [a] = await db.insert(assistants).values({ userId, widgetId: w.id }).returning({ id: assistants.id });
  if (!a) throw new Error('no assistant');
  return a.id;
}

async function newFile(assistantId: string, name: string, size = 0): Promise<string> {
  const [f] = await db
    .insert(knowledgeFiles)
    .values({ assistantId, name, mimeType: 'text/plain', size, storageKey: `bench/${name}`, status: 'ready' })
    .returning({ id: knowledgeFiles.id });
  if (!f) throw new Error('no file');
  return f.id;
}

// --- quality -------------------------------------------------------------------------------
const squad = JSON.parse(readFileSync(dataFile, 'utf8')) as Squad;
const paragraphs: { heading: string; content: string }[] = [];
const questions: { q: string; p: number }[] = [];
for (const article of squad.data)
  for (const p of article.paragraphs) {
    const i = paragraphs.length;
    paragraphs.push({ heading: article.title, content: p.context });
    for (const qa of p.qas) questions.push({ q: qa.question, p: i });
  }

const quality = await newAssistant();
const qualityFile = await newFile(quality, 'xquad');
await db.transaction((tx) => indexChunks(tx, quality, qualityFile, paragraphs));
const ids = (
  await database.query<{ id: string; ord: number }>('select id, ord from knowledge_chunks where file_id = $1', [
    qualityFile,
  ])
).reduce((m, r) => m.set(r.id, r.ord), new Map<string, number>());
let hit1 = 0;
let hit5 = 0;
for (const { q, p } of questions) {
  const found = (await searchKnowledge(ctx, quality, q, { limit: 5 })).map((r) => ids.get(r.chunkId));
  if (found[0] === p) hit1++;
  if (found.includes(p)) hit5++;
}

// --- latency on 10,000 passages ------------------------------------------------------------
// Real paragraphs plus passages made of their sentences in a seeded random order: the same
// vocabulary and length distribution as the data, at the size of a large knowledge base.
let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const sentences = paragraphs.flatMap((p) => p.content.split(/(?<=[.!?])\s+/));
const big = await newAssistant();
const bigFile = await newFile(big, 'big');
const passages = [...paragraphs];
while (passages.length < 10_000) {
  let content = '';
  while (content.length < 700) content += `${sentences[Math.floor(rand() * sentences.length)]} `;
  passages.push({ heading: '', content: content.trim() });
}
const tIndex = performance.now();
await db.transaction((tx) => indexChunks(tx, big, bigFile, passages));
const indexSeconds = (performance.now() - tIndex) / 1000;
await database.query('analyze');
// The ranking made by the database (what serves while the passage index is not in memory), then,
// once the index has loaded in the background, the ranking in memory (the steady state).
const inDatabase = { ...DEFAULT_TUNING, memoryIndex: false };
const databaseLatencies: number[] = [];
for (const { q } of questions.slice(0, 20)) await searchKnowledge(ctx, big, q, { tuning: inDatabase }); // warm-up
for (const { q } of questions) {
  const t = performance.now();
  await searchKnowledge(ctx, big, q, { limit: 5, tuning: inDatabase });
  databaseLatencies.push(performance.now() - t);
}
const tLoad = performance.now();
await searchKnowledge(ctx, big, 'доставка');
await passageIndexLoaded(big);
const indexLoadSeconds = (performance.now() - tLoad) / 1000;
const latencies: number[] = [];
for (const { q } of questions.slice(0, 20)) await searchKnowledge(ctx, big, q); // warm-up
for (const { q } of questions) {
  const t = performance.now();
  await searchKnowledge(ctx, big, q, { limit: 5 });
  latencies.push(performance.now() - t);
}

// --- parse + index throughput per type --------------------------------------------------------
const text = paragraphs.map((p) => `## ${p.heading}\n\n${p.content}`).join('\n\n');
const fontPath = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

async function makePdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  let font: Awaited<ReturnType<typeof pdf.embedFont>>;
  let cyrillic = false;
  if (existsSync(fontPath)) {
    const { default: fontkit } = await import('@pdf-lib/fontkit');
    pdf.registerFontkit(fontkit);
    font = await pdf.embedFont(readFileSync(fontPath), { subset: true });
    cyrillic = true;
  } else font = await pdf.embedFont(StandardFonts.Helvetica);
  const words = cyrillic ? text.split(/\s+/) : text.replace(/[^\x20-\x7e]/g, 'x').split(/\s+/);
  let w = 0;
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 45; line++) {
      let s = '';
      while (s.length < 85) s += `${words[w++ % words.length]} `;
      page.drawText(s, { x: 40, y: 800 - line * 17, size: 10, font });
    }
  }
  return Buffer.from(await pdf.save());
}

async function makeDocx(): Promise<Buffer> {
  const children = paragraphs.flatMap((p, i) => [
    ...(i % 5 === 0 ? [new Paragraph({ text: p.heading, heading: HeadingLevel.HEADING_1 })] : []),
    new Paragraph(p.content),
  ]);
  return Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

async function makeXlsx(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Прайс');
  sheet.addRow(['Артикул', 'Товар', 'Цена', 'Описание']);
  for (let i = 0; i < rows; i++) sheet.addRow([`A-${i}`, `Товар ${i}`, 100 + i, sentences[i % sentences.length]]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csv = ['Артикул;Товар;Цена;Описание']
  .concat(
    Array.from(
      { length: 5000 },
      (_, i) => `A-${i};Товар ${i};${100 + i};"${sentences[i % sentences.length]?.replaceAll('"', '""')}"`,
    ),
  )
  .join('\n');

const samples: [string, Buffer][] = [
  ['txt', Buffer.from(text.repeat(3))],
  ['csv', Buffer.from(csv)],
  ['docx', await makeDocx()],
  ['xlsx', await makeXlsx(5000)],
  ['pdf', await makePdf(100)],
  ['doc', readFileSync(path.join(root, 'apps/server/test/fixtures/knowledge/vozvrat.doc'))],
];
const throughput: Record<string, { mb: number; seconds: number; mbPerSec: number; chunks: number }> = {};
for (const [type, bytes] of samples) {
  const target = await newAssistant();
  const fileId = await newFile(target, type, bytes.length);
  const t = performance.now();
  const kind = detectFileType(bytes, `sample.${type}`);
  const chunks = chunkBlocks(await parseDocument(kind, bytes));
  await db.transaction((tx) => indexChunks(tx, target, fileId, chunks));
  const seconds = (performance.now() - t) / 1000;
  const mb = bytes.length / 1024 / 1024;
  throughput[type] = {
    mb: round(mb),
    seconds: round(seconds),
    mbPerSec: round(mb / seconds, 2),
    chunks: chunks.length,
  };
}

await database.close();
const result = {
  bench: 'knowledge',
  questions: questions.length,
  paragraphs: paragraphs.length,
  hitAt1: round(hit1 / questions.length),
  hitAt5: round(hit5 / questions.length),
  searchChunks: passages.length,
  searchP50Ms: round(percentile(latencies, 50), 1),
  searchP99Ms: round(percentile(latencies, 99), 1),
  searchInDatabaseP50Ms: round(percentile(databaseLatencies, 50), 1),
  searchInDatabaseP99Ms: round(percentile(databaseLatencies, 99), 1),
  passageIndexLoadSeconds: round(indexLoadSeconds, 2),
  index10kSeconds: round(indexSeconds, 1),
  pdf100PagesSeconds: throughput.pdf?.seconds,
  throughput,
};
console.log(`BENCH ${JSON.stringify(result)}`);
