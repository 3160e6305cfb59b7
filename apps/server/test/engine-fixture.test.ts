import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENGINE_TEXTS } from '../src/modules/conversations/texts';
import {
  FIXTURE_BUSINESSES,
  type FixtureFile,
  type FixtureScore,
  type ScoredAnswer,
  scoreFixture,
  summarize,
} from './fixtures/engine/fixture';
import { createOwner } from './helpers/factories';
import { bearer, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

/** Below this share of the fixture's questions answered right, the local answerer has regressed. */
const MIN_SCORE = 0.9;

let server: TestServer;
let n = 0;
let result: FixtureScore;

/** An assistant with these documents uploaded through the knowledge API and ingested. */
async function assistantWith(title: string, files: FixtureFile[]): Promise<string> {
  const owner = await createOwner(server.app);
  const assistantId = await createAssistant(server.app, owner.userId, title);
  for (const file of files) {
    const res = await upload(server.app, owner.token, assistantId, file.name, file.bytes);
    expect(res.statusCode, file.name).toBe(200);
  }
  await server.app.ctx.queue.drain();
  const list = await server.app.inject({
    method: 'GET',
    url: `/api/assistant/${assistantId}/knowledge`,
    headers: bearer(owner.token),
  });
  expect((list.json() as { status?: string }[]).every((f) => f.status !== 'failed')).toBe(true);
  return assistantId;
}

beforeAll(async () => {
  server = await startTestServer();
  const answers: ScoredAnswer[] = [];
  for (const business of FIXTURE_BUSINESSES) {
    const assistantId = await assistantWith(business.title, business.files);
    const scored = await scoreFixture(async (question) => {
      // One visitor (and address) per question: each is a first question of a new conversation.
      const ip = `10.77.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;
      const v = await newVisitor(server.app, assistantId, ip);
      const sent = await send(server.app, assistantId, v.visitorToken, question, ip);
      expect(sent.status).toBe(200);
      const text = sent.message?.content ?? '';
      return { text, handoff: text === ENGINE_TEXTS.handoff };
    }, business.questions);
    answers.push(...scored.answers);
  }
  result = summarize(answers);
  console.info(
    `engine fixture: ${result.questions} questions, score ${result.score.toFixed(3)}, out of scope answered ${result.outOfScopeAnswered}, per class ${JSON.stringify(result.perClass)}`,
  );
}, 300_000);
afterAll(async () => server?.close());

const failures = () =>
  result.answers
    .filter((a) => !a.ok)
    .map((a) => `[${a.class}] ${a.q} → ${a.answer}`)
    .join('\n');

it('answers the fixture of several businesses through the visitor API with the local answerer', () => {
  expect(result.questions).toBeGreaterThanOrEqual(150);
  expect(result.score, failures()).toBeGreaterThanOrEqual(MIN_SCORE);
});

it('hands off every question the documents do not answer', () => {
  expect(result.perClass['out-of-scope']?.n).toBeGreaterThanOrEqual(30);
  expect(result.outOfScopeAnswered, failures()).toBe(0);
});
