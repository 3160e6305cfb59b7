import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENGINE_TEXTS } from '../src/modules/conversations/texts';
import { ENGINE_FILES, scoreFixture } from './fixtures/engine/fixture';
import { createOwner } from './helpers/factories';
import { bearer, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

/** Below this share of the fixture's questions answered right, the local answerer has regressed. */
const MIN_SCORE = 0.85;

let server: TestServer;
let assistantId: string;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Химчистка');
  for (const file of ENGINE_FILES) {
    const res = await upload(server.app, owner.token, assistantId, file.name, file.bytes);
    expect(res.statusCode, file.name).toBe(200);
  }
  await server.app.ctx.queue.drain();
  const list = await server.app.inject({
    method: 'GET',
    url: `/api/assistant/${assistantId}/knowledge`,
    headers: bearer(owner.token),
  });
  expect(list.statusCode).toBe(200);
});
afterAll(async () => server?.close());

it('answers the dry cleaner fixture through the visitor API with the local answerer', async () => {
  let n = 0;
  const result = await scoreFixture(async (question) => {
    // One visitor (and address) per question: each is a first question of a new conversation.
    const ip = `10.77.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;
    const v = await newVisitor(server.app, assistantId, ip);
    const sent = await send(server.app, assistantId, v.visitorToken, question, ip);
    expect(sent.status).toBe(200);
    const text = sent.message?.content ?? '';
    return { text, handoff: text === ENGINE_TEXTS.handoff };
  });
  const failed = result.answers.filter((a) => !a.ok).map((a) => `${a.q} → ${a.answer}`);
  console.info(
    `engine fixture: score ${result.score.toFixed(3)} (in scope ${result.inScope.toFixed(3)}, out of scope ${result.outOfScope.toFixed(3)})`,
  );
  expect(result.outOfScope, failed.join('\n')).toBe(1);
  expect(result.score, failed.join('\n')).toBeGreaterThanOrEqual(MIN_SCORE);
});
