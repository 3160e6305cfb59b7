/**
 * Conversation engine: the quality of the local answerer (its score on the fixture of several
 * businesses in apps/server/test/fixtures/engine, per class of question; on XQuAD-ru, how often
 * its answer holds the gold answer, how long it is, and retrieval's hit@1/hit@5 for the model
 * path), printed as a readable section, and the server time of a visitor message (POST
 * /api/public/assistants/{id}/messages through the real app: auth, pipeline, retrieval over
 * 10,000 passages, answer, both messages stored, events published) with the local answerer.
 * Prints the quality section, then one `BENCH {json}` line.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { assistants, users, widgets } from '../../apps/server/src/infra/db/schema';
import { ENGINE_TEXTS } from '../../apps/server/src/modules/conversations/texts';
import { chunkBlocks } from '../../apps/server/src/modules/knowledge/chunker';
import { detectFileType } from '../../apps/server/src/modules/knowledge/detect';
import { parseDocument } from '../../apps/server/src/modules/knowledge/parsers';
import type { IndexedPassage } from '../../apps/server/src/modules/retrieval/index-store';
import { passageIndexLoaded } from '../../apps/server/src/modules/retrieval/passage-index';
import { retrieve } from '../../apps/server/src/modules/retrieval/retrieve';
import {
  ENGINE_FILES,
  FIXTURE_BUSINESSES,
  type FixtureScore,
  HELD_OUT_BUSINESSES,
  type ScoredAnswer,
  scoreFixture,
  summarize,
} from '../../apps/server/test/fixtures/engine/fixture';
import { indexedFile } from '../../apps/server/test/knowledge-helpers';
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

const addFile = (assistantId: string, name: string, chunks: IndexedPassage[]) =>
  indexedFile(app, assistantId, name, chunks);

async function addFixture(assistantId: string, files: { name: string; bytes: Buffer }[] = ENGINE_FILES) {
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

// --- quality: the fixture of several businesses ----------------------------------------------
const fixtureAnswers: ScoredAnswer[] = [];
for (const business of FIXTURE_BUSINESSES) {
  const assistantId = await newAssistant();
  await addFixture(assistantId, business.files);
  const scored = await scoreFixture(async (q) => {
    visitor.used = 20; // each question opens a new conversation
    const { text } = await ask(assistantId, q);
    return { text, handoff: text === ENGINE_TEXTS.handoff };
  }, business.questions);
  fixtureAnswers.push(...scored.answers);
}
const fixture = summarize(fixtureAnswers);
// The businesses written apart: the same scoring, reported apart (see fixture.ts).
const heldOut: { title: string; score: FixtureScore }[] = [];
for (const business of HELD_OUT_BUSINESSES) {
  const assistantId = await newAssistant();
  await addFixture(assistantId, business.files);
  const scored = await scoreFixture(async (q) => {
    visitor.used = 20;
    const { text } = await ask(assistantId, q);
    return { text, handoff: text === ENGINE_TEXTS.handoff };
  }, business.questions);
  heldOut.push({ title: business.title, score: summarize(scored.answers) });
}

// --- quality: XQuAD-ru, does the answer hold the gold answer? -------------------------------
interface Squad {
  data: {
    title: string;
    paragraphs: { context: string; qas: { question: string; answers: { text: string }[] }[] }[];
  }[];
}
const squad = JSON.parse(readFileSync(path.resolve(root, '../shared/data/xquad-ru-dev.json'), 'utf8')) as Squad;
const paragraphs: { heading: string; content: string }[] = [];
/**
 * `heldOut`: the odd articles, never looked at while tuning (the even ones were) until 2026-11-29,
 * when the misses of all articles were read for synonyms of everyday words; their figure stays, to
 * compare with earlier reports, but it is no longer a held-out one.
 */
const qas: { q: string; answers: string[]; p: number; heldOut: boolean }[] = [];
squad.data.forEach((article, a) => {
  for (const p of article.paragraphs) {
    const i = paragraphs.length;
    paragraphs.push({ heading: article.title, content: p.context.replace(/^\uFEFF/, '') });
    for (const qa of p.qas)
      qas.push({ q: qa.question, answers: qa.answers.map((x) => x.text), p: i, heldOut: a % 2 === 1 });
  }
});
/** What a question asks for, by its question word: the per-class figures of XQuAD. */
const XQUAD_CLASSES: [string, RegExp][] = [
  ['сколько', /сколько|насколько/],
  ['когда', /когда|в как\S+ год|в каком веке/],
  ['кто', /(?<!\p{L})(?:кто|кого|кому|кем)(?!\p{L})/u],
  ['где', /(?<!\p{L})(?:где|куда|откуда)(?!\p{L})/u],
  ['почему', /почему|зачем/],
  ['какой', /(?<!\p{L})как(?:ой|ая|ое|ие|ую|ого|ом|им|ими|их|ова|ов|овы)(?!\p{L})/u],
  ['что', /(?<!\p{L})(?:что|чем|чего|чему)(?!\p{L})/u],
  ['как', /(?<!\p{L})как(?!\p{L})/u],
];
const xquadClass = (q: string) => XQUAD_CLASSES.find(([, re]) => re.test(q.toLowerCase()))?.[0] ?? 'другое';
const xquadAssistant = await newAssistant();
await addFile(xquadAssistant, 'xquad', paragraphs);
const xquadRows: { hit: boolean; handoff: boolean; length: number; heldOut: boolean; cls: string }[] = [];
for (const { q, answers, heldOut } of qas) {
  visitor.used = 20;
  const { text } = await ask(xquadAssistant, q);
  const handoff = text === ENGINE_TEXTS.handoff;
  const hit = !handoff && answers.some((a) => text.toLowerCase().includes(a.toLowerCase()));
  xquadRows.push({ hit, handoff, length: handoff ? 0 : text.length, heldOut, cls: xquadClass(q) });
}
const shareOf = (rows: { hit: boolean }[]) => (rows.length ? rows.filter((r) => r.hit).length / rows.length : 0);
const answered = xquadRows.filter((r) => !r.handoff);
const xquadPerClass: Record<string, { n: number; span: number }> = {};
for (const cls of [...XQUAD_CLASSES.map(([c]) => c), 'другое']) {
  const rows = xquadRows.filter((r) => r.cls === cls);
  if (rows.length) xquadPerClass[cls] = { n: rows.length, span: round(shareOf(rows)) };
}
// What the model path gets as context: retrieval's top passages for the question.
let hit1 = 0;
let hit5 = 0;
const ords = new Map(
  (
    await database.query<{ id: string; ord: number }>(
      'select c.id, c.ord from knowledge_chunks c where c.assistant_id = $1',
      [xquadAssistant],
    )
  ).map((r) => [r.id, r.ord]),
);
for (const { q, p } of qas) {
  const found = (await retrieve(app.ctx, xquadAssistant, q, { limit: 5 })).passages.map((x) => ords.get(x.chunkId));
  if (found[0] === p) hit1++;
  if (found.includes(p)) hit5++;
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
const questions = [...FIXTURE_BUSINESSES.flatMap((b) => b.questions.map((q) => q.q)), ...qas.map((q) => q.q)];
visitor = { id: '', token: '', used: 0 };
for (const q of questions.slice(0, 30)) await ask(big, q); // warm-up
// The steady state: the passage index has loaded in the background (the knowledge bench measures
// the database's ranking, which serves until then).
await passageIndexLoaded(big);
const latencies: number[] = [];
const started = performance.now();
const N = Number(process.env.BENCH_N ?? 600);
for (let i = 0; i < N; i++) latencies.push((await ask(big, questions[i % questions.length] ?? '')).ms);
const seconds = (performance.now() - started) / 1000;

await app.close();
rmSync(dataDir, { recursive: true, force: true });

const xquad = {
  questions: qas.length,
  span: round(shareOf(xquadRows)),
  spanHeldOut: round(shareOf(xquadRows.filter((r) => r.heldOut))),
  handoff: round(1 - answered.length / xquadRows.length),
  meanChars: round(answered.reduce((s, r) => s + r.length, 0) / Math.max(1, answered.length), 0),
  maxChars: Math.max(0, ...answered.map((r) => r.length)),
  hitAt1: round(hit1 / qas.length),
  hitAt5: round(hit5 / qas.length),
};
const fixturePerClass = Object.fromEntries(
  Object.entries(fixture.perClass).map(([c, v]) => [c, { n: v.n, score: round(v.score) }]),
);

// The quality section: what a reader checks against the targets.
console.log('quality: local answerer');
console.log(
  `  fixture: ${fixture.questions} questions of ${FIXTURE_BUSINESSES.length} businesses, score ${round(fixture.score)} (target ≥ 0.95), out of scope answered ${fixture.outOfScopeAnswered} (target 0)`,
);
for (const [c, v] of Object.entries(fixturePerClass))
  console.log(`    ${c.padEnd(13)} ${String(v.n).padStart(4)}  ${v.score}`);
for (const { title, score } of heldOut)
  console.log(
    `  written apart (${title}; see fixture.ts): ${score.questions} questions, score ${round(score.score)}, out of scope answered ${score.outOfScopeAnswered}`,
  );
console.log(
  `  XQuAD-ru: ${xquad.questions} questions, answer holds the gold span ${xquad.span} (target ≥ 0.85; odd articles, held out until 2026-11-29, ${xquad.spanHeldOut}), hand-off ${xquad.handoff}, mean answer ${xquad.meanChars} chars (max ${xquad.maxChars}, target ≤ 300)`,
);
console.log(
  `  retrieval for the model path: hit@1 ${xquad.hitAt1} (target ≥ 0.93), hit@5 ${xquad.hitAt5} (target ≥ 0.99)`,
);
for (const [c, v] of Object.entries(xquadPerClass))
  console.log(`    ${c.padEnd(13)} ${String(v.n).padStart(4)}  ${v.span}`);

const result = {
  bench: 'engine',
  fixtureQuestions: fixture.questions,
  fixtureScore: round(fixture.score),
  fixtureInScope: round(fixture.inScope),
  fixtureOutOfScopeAnswered: fixture.outOfScopeAnswered,
  fixturePerClass,
  writtenApart: heldOut.map(({ title, score }) => ({
    title,
    questions: score.questions,
    score: round(score.score),
    outOfScopeAnswered: score.outOfScopeAnswered,
  })),
  xquad,
  xquadPerClass,
  messageChunks: passages.length,
  messages: N,
  messageP50Ms: round(percentile(latencies, 50), 1),
  messageP99Ms: round(percentile(latencies, 99), 1),
  messagesPerSecond: round(N / seconds, 1),
};
console.log(`BENCH ${JSON.stringify(result)}`);
