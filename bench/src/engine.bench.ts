/**
 * Conversation engine: the local answerer's score on the dry-cleaner fixture
 * (apps/server/test/fixtures/engine) and the server time of a visitor message (POST
 * /api/public/assistants/{id}/messages through the real app: auth, pipeline, retrieval over
 * 10,000 passages, answer, both messages stored, events published) with the local answerer.
 * Also how often the answer holds XQuAD-ru's gold answer when the passage is in the base.
 * Prints one `BENCH {json}` line.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { assistants, knowledgeFiles, users, widgets } from '../../apps/server/src/infra/db/schema';
import { ENGINE_TEXTS } from '../../apps/server/src/modules/conversations/texts';
import { chunkBlocks } from '../../apps/server/src/modules/knowledge/chunker';
import { detectFileType } from '../../apps/server/src/modules/knowledge/detect';
import { parseDocument } from '../../apps/server/src/modules/knowledge/parsers';
import { indexChunks } from '../../apps/server/src/modules/retrieval/index-store';
import {
  ENGINE_FILES,
  ENGINE_QUESTIONS,
  GYM_FILES,
  GYM_QUESTIONS,
  scoreFixture,
} from '../../apps/server/test/fixtures/engine/fixture';
import { benchConfig } from './lib/config';
import { percentile, round } from './lib/stats';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { config, dataDir } = benchConfig('engine');
const app: FastifyInstance = await buildApp(config, { inMemoryDb: true, serveWeb: false, logger: false });
await app.ready();
const { db, database } = app.ctx;

const [user] = await db
  .insert(users)
  .values({ username: 'bench', email: 'bench@example.ru', passwordHash: '!' })
  .returning({ id: users.id });
if (!user) throw new Error('no user');
const userId = user.id;

async function newAssistant(): Promise<string> {
  const [w] = await db.insert(widgets).values({ userId }).returning({ id: widgets.id });
  if (!w) throw new Error('no widget');
  const [a] = await db
    .insert(assistants)
    .values({ userId, widgetId: w.id, model: 'local' })
    .returning({ id: assistants.id });
  if (!a) throw new Error('no assistant');
  return a.id;
}

async function addFile(assistantId: string, name: string, chunks: { heading: string; content: string }[]) {
  const [f] = await db
    .insert(knowledgeFiles)
    .values({ assistantId, name, mimeType: 'text/plain', size: 0, storageKey: `bench/${name}`, status: 'ready' })
    .returning({ id: knowledgeFiles.id });
  if (!f) throw new Error('no file');
  await db.transaction((tx) => indexChunks(tx, assistantId, f.id, chunks));
}

async function addFixture(assistantId: string, files = ENGINE_FILES) {
  for (const file of files)
    await addFile(
      assistantId,
      file.name,
      chunkBlocks(await parseDocument(detectFileType(file.bytes, file.name), file.bytes)),
    );
}

let visitor = { id: '', token: '', used: 0 };
/** One visitor message through HTTP; a new visitor every 20 messages, as on a real site. */
async function ask(assistantId: string, content: string): Promise<{ ms: number; text: string }> {
  if (!visitor.token || visitor.used >= 20) {
    const res = await app.inject({ method: 'POST', url: `/api/public/assistants/${assistantId}/visitors` });
    const body = res.json() as { visitorId: string; visitorToken: string };
    visitor = { id: body.visitorId, token: body.visitorToken, used: 0 };
  }
  visitor.used++;
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/public/assistants/${assistantId}/messages`,
    headers: { authorization: `Bearer ${visitor.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ content }),
  });
  const ms = performance.now() - t;
  const message = /event: message\ndata: (.*)\n/.exec(res.body)?.[1];
  const text = message ? (JSON.parse(message) as { message: { content: string } }).message.content : '';
  return { ms, text };
}

// --- fixture score ---------------------------------------------------------------------------
const fixtureAssistant = await newAssistant();
await addFixture(fixtureAssistant);
visitor = { id: '', token: '', used: 0 };
const fixture = await scoreFixture(async (q) => {
  visitor.used = 20; // each question opens a new conversation
  const { text } = await ask(fixtureAssistant, q);
  return { text, handoff: text === ENGINE_TEXTS.handoff };
});

const gymAssistant = await newAssistant();
await addFixture(gymAssistant, GYM_FILES);
const gym = await scoreFixture(async (q) => {
  visitor.used = 20;
  const { text } = await ask(gymAssistant, q);
  return { text, handoff: text === ENGINE_TEXTS.handoff };
}, GYM_QUESTIONS);

// --- XQuAD-ru: does the answer hold the gold answer? ----------------------------------------
interface Squad {
  data: {
    title: string;
    paragraphs: { context: string; qas: { question: string; answers: { text: string }[] }[] }[];
  }[];
}
const squad = JSON.parse(readFileSync(path.resolve(root, '../shared/data/xquad-ru-dev.json'), 'utf8')) as Squad;
const paragraphs: { heading: string; content: string }[] = [];
const qas: { q: string; answers: string[] }[] = [];
for (const article of squad.data)
  for (const p of article.paragraphs) {
    paragraphs.push({ heading: article.title, content: p.context.replace(/^\uFEFF/, '') });
    for (const qa of p.qas) qas.push({ q: qa.question, answers: qa.answers.map((a) => a.text) });
  }
const xquadAssistant = await newAssistant();
await addFile(xquadAssistant, 'xquad', paragraphs);
let xquadHit = 0;
let xquadHandoff = 0;
const xquadSample = qas.filter((_, i) => i % 4 === 0);
for (const { q, answers } of xquadSample) {
  visitor.used = 20;
  const { text } = await ask(xquadAssistant, q);
  if (text === ENGINE_TEXTS.handoff) xquadHandoff++;
  else if (answers.some((a) => text.toLowerCase().includes(a.toLowerCase()))) xquadHit++;
}

// --- server time per visitor message, 10,000 passages ----------------------------------------
let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const sentences = paragraphs.flatMap((p) => p.content.split(/(?<=[.!?])\s+/));
const big = await newAssistant();
await addFixture(big);
const passages = [...paragraphs];
while (passages.length < 10_000) {
  let content = '';
  while (content.length < 700) content += `${sentences[Math.floor(rand() * sentences.length)]} `;
  passages.push({ heading: '', content: content.trim() });
}
await addFile(big, 'big', passages);
await database.query('analyze');
const questions = [...ENGINE_QUESTIONS.map((q) => q.q), ...qas.map((q) => q.q)];
visitor = { id: '', token: '', used: 0 };
for (const q of questions.slice(0, 30)) await ask(big, q); // warm-up
const latencies: number[] = [];
const started = performance.now();
const N = Number(process.env.BENCH_N ?? 600);
for (let i = 0; i < N; i++) latencies.push((await ask(big, questions[i % questions.length] ?? '')).ms);
const seconds = (performance.now() - started) / 1000;

await app.close();
rmSync(dataDir, { recursive: true, force: true });

const result = {
  bench: 'engine',
  fixtureQuestions: ENGINE_QUESTIONS.length,
  fixtureScore: round(fixture.score),
  fixtureInScope: round(fixture.inScope),
  fixtureOutOfScope: round(fixture.outOfScope),
  gymQuestions: GYM_QUESTIONS.length,
  gymScore: round(gym.score),
  xquadQuestions: xquadSample.length,
  xquadAnswerHit: round(xquadHit / xquadSample.length),
  xquadHandoff: round(xquadHandoff / xquadSample.length),
  messageChunks: passages.length,
  messages: N,
  messageP50Ms: round(percentile(latencies, 50), 1),
  messageP99Ms: round(percentile(latencies, 99), 1),
  messagesPerSecond: round(N / seconds, 1),
};
console.log(`BENCH ${JSON.stringify(result)}`);
