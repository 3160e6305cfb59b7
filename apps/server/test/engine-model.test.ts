import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistants, assistantTokenUsage, messages } from '../src/infra/db/schema';
import { ENGINE_TEXTS } from '../src/modules/conversations/texts';
import { createOwner, type TestOwner } from './helpers/factories';
import { type OpenAiPeer, startOpenAiPeer } from './helpers/openai-peer';
import { startTestServer, type TestServer } from './helpers/server';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

const KNOWLEDGE = `Доставка по Москве стоит 300 рублей и занимает 1–2 дня.
Самовывоз из магазина на Тверской, 5 — бесплатно.`;

let peer: OpenAiPeer;
let server: TestServer;
let owner: TestOwner;
let assistantId: string;

beforeAll(async () => {
  peer = await startOpenAiPeer();
  server = await startTestServer({
    OPENAI_BASE_URL: peer.url,
    OPENAI_API_KEY: 'sk-test',
    LLM_TIMEOUT_MS: '300',
    LLM_RETRIES: '2',
    LLM_RETRY_BASE_MS: '20',
    LLM_DAILY_TOKENS: '100000',
  });
  owner = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Магазин');
  await server.app.ctx.db
    .update(assistants)
    .set({ role: 'Ты — консультант магазина «Ромашка».', instructions: 'Отвечай коротко.', temperature: 0.3 })
    .where(eq(assistants.id, assistantId));
  expect((await upload(server.app, owner.token, assistantId, 'dostavka.txt', Buffer.from(KNOWLEDGE))).statusCode).toBe(
    200,
  );
  await server.app.ctx.queue.drain();
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});
beforeEach(() => {
  peer.requests.length = 0;
  peer.replies.length = 0;
  peer.fallback = { kind: 'stream', chunks: ['Ответ модели.'] };
});

const storedRoles = async (visitorId: string) =>
  (await server.app.ctx.db.select().from(messages).where(eq(messages.visitorId, visitorId))).map((m) => m.role);

describe('answers through an OpenAI-compatible model', () => {
  it("streams the model's chunks as deltas with the assistant's settings, passages and history in the prompt", async () => {
    const v = await newVisitor(server.app, assistantId);
    peer.replies.push({ kind: 'stream', chunks: ['Здравствуйте!'] });
    await send(server.app, assistantId, v.visitorToken, 'Привет, у меня вопрос про заказ');
    peer.replies.push({ kind: 'stream', chunks: ['Доставка ', 'по Москве ', 'стоит 300 ₽.'] });
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка по Москве?');
    expect(sent.status).toBe(200);
    const deltas = sent.events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    expect(deltas.join('')).toBe('Доставка по Москве стоит 300 ₽.');
    expect(sent.message?.content).toBe('Доставка по Москве стоит 300 ₽.');

    const body = peer.requests.at(-1) as {
      model: string;
      temperature: number;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.temperature).toBeCloseTo(0.3);
    expect(body.stream).toBe(true);
    const system = body.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Ты — консультант магазина «Ромашка».');
    expect(system?.content).toContain('Отвечай коротко.');
    expect(system?.content).toContain('300 рублей');
    expect(body.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Привет, у меня вопрос про заказ'],
      ['assistant', 'Здравствуйте!'],
      ['user', 'Сколько стоит доставка по Москве?'],
    ]);
    expect(peer.headers.at(-1)?.authorization).toBe('Bearer sk-test');
    const [usage] = await server.app.ctx.db
      .select()
      .from(assistantTokenUsage)
      .where(eq(assistantTokenUsage.assistantId, assistantId));
    expect(usage?.tokens).toBeGreaterThanOrEqual(240);
  });

  it('retries after 429 and 5xx and then answers', async () => {
    const v = await newVisitor(server.app, assistantId);
    peer.replies.push({ kind: 'status', status: 429, retryAfter: 0 }, { kind: 'status', status: 503 });
    peer.replies.push({ kind: 'stream', chunks: ['Самовывоз бесплатный.'] });
    const sent = await send(server.app, assistantId, v.visitorToken, 'Самовывоз платный?');
    expect(peer.requests).toHaveLength(3);
    expect(sent.message?.content).toBe('Самовывоз бесплатный.');
  });

  it('gives the Russian fallback after the retries run out, keeping the visitor message', async () => {
    const v = await newVisitor(server.app, assistantId);
    peer.fallback = { kind: 'status', status: 500 };
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка?');
    expect(peer.requests).toHaveLength(3);
    expect(sent.events.at(-1)).toEqual({ event: 'error', data: { message: ENGINE_TEXTS.fallback } });
    expect(sent.message).toBeUndefined();
    expect(await storedRoles(v.visitorId)).toEqual(['visitor']);
  });

  it('does not retry a refusal such as 400', async () => {
    const v = await newVisitor(server.app, assistantId);
    peer.fallback = { kind: 'status', status: 400 };
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка?');
    expect(peer.requests).toHaveLength(1);
    expect(sent.events.at(-1)?.event).toBe('error');
  });

  it('abandons a model that hangs, retrying, then falls back', async () => {
    const v = await newVisitor(server.app, assistantId);
    peer.fallback = { kind: 'hang' };
    const started = Date.now();
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка?');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(peer.requests).toHaveLength(3);
    expect(sent.events.at(-1)).toEqual({ event: 'error', data: { message: ENGINE_TEXTS.fallback } });
    expect(await storedRoles(v.visitorId)).toEqual(['visitor']);
  });

  it('does not repeat an answer that went silent midway', async () => {
    const v = await newVisitor(server.app, assistantId);
    peer.replies.push({ kind: 'hang-after', chunks: ['Доставка стоит'] });
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка?');
    expect(peer.requests).toHaveLength(1);
    expect(sent.events.map((e) => e.event)).toEqual(['delta', 'error']);
  });

  it('ends an answer that trickles on past three silences of time, keeping what was said', async () => {
    const v = await newVisitor(server.app, assistantId);
    // Each pause (200 ms) is shorter than the silence limit (300 ms); the whole would take 2.4 s.
    peer.replies.push({ kind: 'trickle', chunks: Array.from({ length: 12 }, () => 'слово '), delayMs: 200 });
    const started = Date.now();
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка?');
    expect(Date.now() - started).toBeLessThan(1800);
    expect(peer.requests).toHaveLength(1);
    expect(sent.events.at(0)?.event).toBe('delta');
    expect(sent.events.at(-1)).toEqual({ event: 'error', data: { message: ENGINE_TEXTS.fallback } });
  });

  it('hands off when the model finds no answer in the materials, never showing the marker', async () => {
    const v = await newVisitor(server.app, assistantId);
    peer.replies.push({ kind: 'stream', chunks: ['HAND', 'OFF'] });
    const sent = await send(server.app, assistantId, v.visitorToken, 'Какая погода завтра?');
    expect(sent.message?.content).toBe(ENGINE_TEXTS.handoff);
    expect(sent.body).not.toContain('HAND');
  });

  it('answers a confident corrected answer without calling the model', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/correct-answers`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        question: 'Есть ли подарочные сертификаты?',
        originalAnswer: '',
        correctAnswer: 'Да, сертификаты на 1000, 3000 и 5000 рублей.',
        synonyms: '',
        isCorrect: false,
      },
    });
    expect(created.statusCode).toBeLessThan(300);
    peer.requests.length = 0; // the synonyms of a new corrected answer may come from the model
    const v = await newVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Есть ли у вас подарочные сертификаты?');
    expect(sent.message?.content).toBe('Да, сертификаты на 1000, 3000 и 5000 рублей.');
    expect(peer.requests).toHaveLength(0);
  });

  it("uses the local answerer once the assistant's daily token budget is spent", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await server.app.ctx.db
      .insert(assistantTokenUsage)
      .values({ assistantId, day: today, tokens: 100_000 })
      .onConflictDoUpdate({
        target: [assistantTokenUsage.assistantId, assistantTokenUsage.day],
        set: { tokens: 100_000 },
      });
    const v = await newVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка по Москве?');
    expect(peer.requests).toHaveLength(0);
    expect(sent.message?.content).toContain('300 рублей');
    await server.app.ctx.db.delete(assistantTokenUsage).where(eq(assistantTokenUsage.assistantId, assistantId));
  });

  it('uses the local answerer for an assistant set to the local model', async () => {
    const local = await createAssistant(server.app, owner.userId, 'Локальный');
    await server.app.ctx.db.update(assistants).set({ model: 'local' }).where(eq(assistants.id, local));
    const v = await newVisitor(server.app, local);
    const sent = await send(server.app, local, v.visitorToken, 'Здравствуйте');
    expect(peer.requests).toHaveLength(0);
    expect(sent.message?.content).toBe('Здравствуйте, чем могу помочь?');
  });

  it("answers with the owner's edit from the very next message (the engine's settings cache hears the change)", async () => {
    const v = await newVisitor(server.app, assistantId);
    const systemOfLastCall = () =>
      ((peer.requests.at(-1) as { messages: { content: string }[] }).messages[0]?.content ?? '') as string;
    await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка по Москве?');
    expect(systemOfLastCall()).toContain('Ты — консультант магазина «Ромашка».');
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/assistant/${assistantId}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { role: 'Ты — продавец-консультант «Лютика».' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Well within the cache's few seconds: only the assistant-changed event can have cleared it.
    await send(server.app, assistantId, v.visitorToken, 'А самовывоз бесплатный?');
    expect(systemOfLastCall()).toContain('Ты — продавец-консультант «Лютика».');
    await server.app.inject({
      method: 'PATCH',
      url: `/api/assistant/${assistantId}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { role: 'Ты — консультант магазина «Ромашка».' },
    });
  });
});

describe('GigaChat through its official SDK', () => {
  it('streams an answer after getting a token with the credentials', async () => {
    const giga = await startOpenAiPeer();
    const gigaServer = await startTestServer({
      GIGACHAT_CREDENTIALS: 'Y2xpZW50OnNlY3JldA==',
      GIGACHAT_BASE_URL: giga.url,
      GIGACHAT_AUTH_URL: `${giga.url}/oauth`,
      LLM_TIMEOUT_MS: '2000',
    });
    try {
      const gigaOwner = await createOwner(gigaServer.app);
      const a = await createAssistant(gigaServer.app, gigaOwner.userId, 'Гига');
      await gigaServer.app.ctx.db.update(assistants).set({ model: 'gigachat:GigaChat' }).where(eq(assistants.id, a));
      giga.replies.push({ kind: 'stream', chunks: ['Добрый ', 'день!'] });
      const v = await newVisitor(gigaServer.app, a);
      const sent = await send(gigaServer.app, a, v.visitorToken, 'Расскажите о себе');
      expect(sent.message?.content).toBe('Добрый день!');
      expect(sent.events.filter((e) => e.event === 'delta').length).toBeGreaterThanOrEqual(2);
      expect(giga.headers[0]?.authorization).toBe('Basic Y2xpZW50OnNlY3JldA==');
      expect(giga.headers[1]?.authorization).toBe('Bearer giga-token');
      expect((giga.requests[0] as { model: string }).model).toBe('GigaChat');
    } finally {
      await gigaServer.close();
      await giga.close();
    }
  });
});
