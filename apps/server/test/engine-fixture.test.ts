import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENGINE_TEXTS } from '../src/modules/conversations/texts';
import { ENGINE_FILES, ENGINE_QUESTIONS, GYM_FILES, GYM_QUESTIONS, scoreFixture } from './fixtures/engine/fixture';
import { createOwner } from './helpers/factories';
import { bearer, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

/** Below this share of the fixture's questions answered right, the local answerer has regressed. */
const MIN_SCORE = 0.85;

let server: TestServer;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** An assistant with these documents uploaded through the knowledge API and ingested. */
async function assistantWith(title: string, files: { name: string; bytes: Buffer }[]): Promise<string> {
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

async function score(assistantId: string, questions: typeof ENGINE_QUESTIONS) {
  return scoreFixture(async (question) => {
    // One visitor (and address) per question: each is a first question of a new conversation.
    const ip = `10.77.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;
    const v = await newVisitor(server.app, assistantId, ip);
    const sent = await send(server.app, assistantId, v.visitorToken, question, ip);
    expect(sent.status).toBe(200);
    const text = sent.message?.content ?? '';
    return { text, handoff: text === ENGINE_TEXTS.handoff };
  }, questions);
}

it.each([
  ['dry cleaner', 'Химчистка', ENGINE_FILES, ENGINE_QUESTIONS],
  ['gym', 'Фитнес-клуб', GYM_FILES, GYM_QUESTIONS],
] as const)(
  'answers the %s fixture through the visitor API with the local answerer',
  async (name, title, files, questions) => {
    const result = await score(await assistantWith(title, [...files]), [...questions]);
    const failed = result.answers.filter((a) => !a.ok).map((a) => `${a.q} → ${a.answer}`);
    console.info(
      `engine fixture ${name}: score ${result.score.toFixed(3)} (in scope ${result.inScope.toFixed(3)}, out of scope ${result.outOfScope.toFixed(3)})`,
    );
    expect(result.outOfScope, failed.join('\n')).toBe(1);
    expect(result.score, failed.join('\n')).toBeGreaterThanOrEqual(MIN_SCORE);
  },
);
