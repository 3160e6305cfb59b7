import { randomUUID } from 'node:crypto';
import { CHAT_TEXTS } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessageRole, messages, visitors } from '../src/infra/db/schema';
import { type ConversationEvent, conversationTopic, subscribeConversation } from '../src/modules/conversations/events';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';

interface Visitor {
  id: string;
  type: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  tgUsername: string | null;
  email: string | null;
  phone: string | null;
  isPaused: boolean;
  lastMessageAt: string | null;
  messageCount: number;
}
interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: number;
  author: string;
}

let server: TestServer;
let owner: TestOwner;
let other: TestOwner;
let assistantId: string;
let otherAssistantId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Цветы');
  otherAssistantId = await createAssistant(server.app, other.userId, 'Чужой');
});
afterAll(async () => server?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, token = owner.token) =>
  server.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A visitor with a conversation, made as rows (the widget's calls belong to the pipeline's tests). */
async function conversation(
  assistant: string,
  values: Partial<typeof visitors.$inferInsert> = {},
  lines: [MessageRole, string][] = [
    ['visitor', 'Здравствуйте, сколько стоит доставка?'],
    ['bot', 'Доставка по городу — 300 ₽.'],
  ],
) {
  const [visitor] = await server.app.ctx.db
    .insert(visitors)
    .values({ assistantId: assistant, ...values })
    .returning();
  if (!visitor) throw new Error('no visitor');
  let at = Date.now() - 60_000;
  for (const [role, content] of lines) {
    at += 1000;
    await server.app.ctx.db
      .insert(messages)
      .values({ assistantId: assistant, visitorId: visitor.id, role, content, createdAt: new Date(at) });
  }
  if (lines.length > 0) {
    await server.app.ctx.db
      .update(visitors)
      .set({ messageCount: lines.length, lastMessageAt: new Date(at) })
      .where(eq(visitors.id, visitor.id));
  }
  return visitor.id;
}

/** Collects the bus events of one conversation, as the visitor's stream and the live channel get them. */
async function listen(visitorId: string, assistant = assistantId) {
  const events: ConversationEvent[] = [];
  const markers = new Set<string>();
  const stop = await subscribeConversation(server.app.ctx, assistant, visitorId, (e) => {
    const marker = (e as { marker?: string }).marker;
    if (marker) markers.add(marker);
    else events.push(e);
  });
  const until = async (done: () => boolean, what: string) => {
    for (let i = 0; i < 500; i++) {
      if (done()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${what} within 5 s`);
  };
  const next = async (type: ConversationEvent['type']) => {
    await until(() => events.some((e) => e.type === type), `${type} event`);
    return events.find((e) => e.type === type) as ConversationEvent;
  };
  /**
   * Every event published on the conversation before this call has arrived: the bus keeps the
   * order of one publisher (memory: at once; Redis: one connection), so a marker published now
   * comes after them.
   */
  const settled = async () => {
    const marker = randomUUID();
    await server.app.ctx.bus.publish(conversationTopic(assistant, visitorId), { marker });
    await until(() => markers.has(marker), 'marker of settled()');
  };
  return { events, next, settled, stop };
}

describe('chats list (GET /api/assistant/{id}/chats)', () => {
  it('lists the visitors who wrote, latest conversation first, with the spec fields', async () => {
    const older = await conversation(assistantId, { name: 'Ольга', email: 'olga@example.ru' }, [['visitor', 'Привет']]);
    const tg = await conversation(assistantId, {
      channel: 'telegram',
      externalId: '12345',
      firstName: 'Иван',
      lastName: 'Петров',
      tgUsername: 'ivan_p',
    });
    await conversation(assistantId, {}, []); // opened the widget, never wrote
    await conversation(otherAssistantId, { name: 'Чужой посетитель' });

    const res = await call('GET', `/api/assistant/${assistantId}/chats`);
    expect(res.statusCode, res.body).toBe(200);
    const list = json<Visitor[]>(res);
    expect(list.map((v) => v.id)).toEqual([tg, older]);
    expect(list[0]).toEqual({
      id: tg,
      type: 'telegram',
      name: null,
      firstName: 'Иван',
      lastName: 'Петров',
      tgUsername: 'ivan_p',
      email: null,
      phone: null,
      isPaused: false,
      lastMessageAt: expect.any(String),
      messageCount: 2,
      lastMessage: { content: expect.any(String), author: expect.stringMatching(/^(visitor|bot)$/) },
    });
    expect(list[1]).toMatchObject({
      type: 'web',
      name: 'Ольга',
      email: 'olga@example.ru',
      messageCount: 1,
      lastMessage: { content: 'Привет', author: 'visitor' },
    });
  });

  it("answers 404 for another owner's assistant, 400 for a bad id, 401 without a token", async () => {
    expect((await call('GET', `/api/assistant/${otherAssistantId}/chats`)).statusCode).toBe(404);
    expect(json(await call('GET', `/api/assistant/${assistantId}/chats`, undefined, other.token))).toEqual({
      message: 'Ассистент не найден',
    });
    expect((await call('GET', '/api/assistant/xyz/chats')).statusCode).toBe(400);
    expect((await server.app.inject({ url: `/api/assistant/${assistantId}/chats` })).statusCode).toBe(401);
  });
});

describe('history (GET /api/assistant/messages)', () => {
  it('returns the messages ascending with role user/assistant and createdAt in seconds', async () => {
    const visitor = await conversation(assistantId, {}, [
      ['visitor', 'Вопрос'],
      ['bot', 'Ответ бота'],
      ['operator', 'Ответ оператора'],
    ]);
    const res = await call('GET', `/api/assistant/messages?assistantId=${assistantId}&visitorId=${visitor}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = json<Message[]>(res);
    expect(list.map((m) => [m.role, m.content, m.author])).toEqual([
      ['user', 'Вопрос', 'visitor'],
      ['assistant', 'Ответ бота', 'bot'],
      ['assistant', 'Ответ оператора', 'operator'],
    ]);
    const times = list.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.abs((times[0] ?? 0) - Date.now() / 1000)).toBeLessThan(120);
  });

  it("answers 404 for another owner's conversation or a visitor of another assistant, 400 without ids", async () => {
    const mine = await conversation(assistantId);
    const theirs = await conversation(otherAssistantId);
    const url = (a: string, v: string) => `/api/assistant/messages?assistantId=${a}&visitorId=${v}`;
    const asOther = await call('GET', url(assistantId, mine), undefined, other.token);
    expect(asOther.statusCode).toBe(404);
    expect(JSON.stringify(json(asOther))).not.toContain('доставка');
    const crossed = await call('GET', url(assistantId, theirs));
    expect(crossed.statusCode).toBe(404);
    expect(json(crossed)).toEqual({ message: CHAT_TEXTS.visitorNotFound });
    expect((await call('GET', `/api/assistant/messages?assistantId=${assistantId}`)).statusCode).toBe(400);
    expect((await call('GET', url('bad', mine))).statusCode).toBe(400);
  });
});

describe('operator send (POST /api/assistant/messages/{assistantId}?visitorId)', () => {
  it('stores the operator message, publishes it at once and moves the conversation up', async () => {
    const visitor = await conversation(assistantId);
    const live = await listen(visitor);
    const res = await call('POST', `/api/assistant/messages/${assistantId}?visitorId=${visitor}`, {
      role: 'assistant',
      content: '  Здравствуйте! Я оператор, помогу.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = json<Message>(res);
    expect(sent).toMatchObject({ role: 'assistant', content: 'Здравствуйте! Я оператор, помогу.', author: 'operator' });

    const event = await live.next('message');
    expect(event).toMatchObject({
      type: 'message',
      assistantId,
      visitorId: visitor,
      message: { id: sent.id, role: 'operator', content: 'Здравствуйте! Я оператор, помогу.' },
    });
    await live.stop();

    const history = json<Message[]>(
      await call('GET', `/api/assistant/messages?assistantId=${assistantId}&visitorId=${visitor}`),
    );
    expect(history.at(-1)).toEqual(sent);
    const list = json<Visitor[]>(await call('GET', `/api/assistant/${assistantId}/chats`));
    expect(list[0]).toMatchObject({ id: visitor, messageCount: 3 });
  });

  it("with role 'user' sends the text as the visitor's and replies with the bot's stored answer", async () => {
    const visitor = await conversation(assistantId);
    const res = await call('POST', `/api/assistant/messages/${assistantId}?visitorId=${visitor}`, {
      role: 'user',
      content: 'Здравствуйте',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<Message>(res);
    expect(answer).toMatchObject({ role: 'assistant', author: 'bot' });
    expect(answer.content.length).toBeGreaterThan(0);
    const history = json<Message[]>(
      await call('GET', `/api/assistant/messages?assistantId=${assistantId}&visitorId=${visitor}`),
    );
    expect(history.slice(-2).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Здравствуйте'],
      ['assistant', answer.content],
    ]);
  });

  it("with role 'user' on a paused conversation stores the text and says the bot did not answer", async () => {
    const visitor = await conversation(assistantId);
    await call('PUT', `/api/visitors/${visitor}/assistant/${assistantId}/pause?pause=true`);
    const res = await call('POST', `/api/assistant/messages/${assistantId}?visitorId=${visitor}`, {
      role: 'user',
      content: 'Сколько стоит доставка?',
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ message: 'Бот не ответил: беседа приостановлена. Сообщение сохранено.' });
    const history = json<Message[]>(
      await call('GET', `/api/assistant/messages?assistantId=${assistantId}&visitorId=${visitor}`),
    );
    expect(history.at(-1)).toMatchObject({ role: 'user', content: 'Сколько стоит доставка?' });
  });

  it('refuses an empty or whitespace-only message and a too long one (spec §5 "Chat")', async () => {
    const visitor = await conversation(assistantId);
    const url = `/api/assistant/messages/${assistantId}?visitorId=${visitor}`;
    for (const content of ['', '   \n ']) {
      const res = await call('POST', url, { role: 'assistant', content });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ message: CHAT_TEXTS.emptyMessage });
    }
    const long = await call('POST', url, { role: 'assistant', content: 'я'.repeat(4001) });
    expect(json(long)).toEqual({ message: CHAT_TEXTS.longMessage });
    const badRole = await call('POST', url, { role: 'admin', content: 'x' });
    expect(json(badRole)).toEqual({ message: CHAT_TEXTS.badRole });
    expect((await call('POST', `/api/assistant/messages/${assistantId}`, { content: 'x' })).statusCode).toBe(400);
    const stored = await server.app.ctx.db.select().from(messages).where(eq(messages.visitorId, visitor));
    expect(stored).toHaveLength(2);
  });

  it("answers 404 for another owner's assistant or visitor and stores nothing", async () => {
    const mine = await conversation(assistantId);
    const theirs = await conversation(otherAssistantId);
    const byOther = await call(
      'POST',
      `/api/assistant/messages/${assistantId}?visitorId=${mine}`,
      { role: 'assistant', content: 'Чужое сообщение' },
      other.token,
    );
    expect(byOther.statusCode).toBe(404);
    const crossed = await call('POST', `/api/assistant/messages/${assistantId}?visitorId=${theirs}`, {
      role: 'assistant',
      content: 'Не туда',
    });
    expect(crossed.statusCode).toBe(404);
    const asVisitor = await call(
      'POST',
      `/api/assistant/messages/${assistantId}?visitorId=${mine}`,
      { role: 'user', content: 'Чужой вопрос' },
      other.token,
    );
    expect(asVisitor.statusCode).toBe(404);
    for (const v of [mine, theirs]) {
      const stored = await server.app.ctx.db.select().from(messages).where(eq(messages.visitorId, v));
      expect(stored).toHaveLength(2);
    }
  });
});

describe('phone request (POST /api/assistant/messages/{assistantId}/phone-request)', () => {
  it("pushes the request to the visitor and notes it in the owner's history only", async () => {
    const visitor = await conversation(assistantId);
    const live = await listen(visitor);
    const res = await call('POST', `/api/assistant/messages/${assistantId}/phone-request?visitorId=${visitor}`, {
      role: 'assistant',
      content: 'Запрос телефона клиента',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ role: 'assistant', content: 'Запрос телефона клиента', author: 'system' });
    expect(await live.next('phone-request')).toMatchObject({
      type: 'phone-request',
      assistantId,
      visitorId: visitor,
      message: { role: 'system', content: 'Запрос телефона клиента', source: 'phone-request' },
    });
    await live.settled();
    expect(live.events.some((e) => e.type === 'message')).toBe(false);
    await live.stop();
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, visitor));
    expect(row?.phoneRequestedAt).toBeInstanceOf(Date);
    expect(row?.messageCount).toBe(2);
  });

  it("answers 404 for another owner's conversation", async () => {
    const visitor = await conversation(assistantId);
    const res = await call(
      'POST',
      `/api/assistant/messages/${assistantId}/phone-request?visitorId=${visitor}`,
      { role: 'assistant', content: 'Запрос телефона клиента' },
      other.token,
    );
    expect(res.statusCode).toBe(404);
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, visitor));
    expect(row?.phoneRequestedAt).toBeNull();
  });
});

describe('visitor (GET /api/visitors/{id})', () => {
  it('gives the owner the visitor with its phone, another owner 404', async () => {
    const visitor = await conversation(assistantId, { phone: '+7 (912) 345-67-89', name: 'Мария' });
    const res = await call('GET', `/api/visitors/${visitor}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: visitor, phone: '+7 (912) 345-67-89', name: 'Мария', type: 'web' });
    const byOther = await call('GET', `/api/visitors/${visitor}`, undefined, other.token);
    expect(byOther.statusCode).toBe(404);
    expect(json(byOther)).toEqual({ message: CHAT_TEXTS.visitorNotFound });
    expect((await call('GET', '/api/visitors/123')).statusCode).toBe(400);
  });
});

describe('pause (PUT /api/visitors/{visitorId}/assistant/{assistantId}/pause?pause=)', () => {
  it('pauses and resumes the conversation, publishing each change', async () => {
    const visitor = await conversation(assistantId);
    const live = await listen(visitor);
    const url = (p: string) => `/api/visitors/${visitor}/assistant/${assistantId}/pause?pause=${p}`;
    const paused = await call('PUT', url('true'));
    expect(paused.statusCode, paused.body).toBe(200);
    expect(json(paused)).toMatchObject({ id: visitor, isPaused: true });
    expect(await live.next('paused')).toEqual({ type: 'paused', assistantId, visitorId: visitor, isPaused: true });

    const resumed = await call('PUT', url('false'));
    expect(json(resumed)).toMatchObject({ isPaused: false });
    await live.settled();
    expect(live.events.filter((e) => e.type === 'paused').map((e) => e.type === 'paused' && e.isPaused)).toEqual([
      true,
      false,
    ]);
    await live.stop();
    const list = json<Visitor[]>(await call('GET', `/api/assistant/${assistantId}/chats`));
    expect(list.find((v) => v.id === visitor)?.isPaused).toBe(false);
  });

  it('needs pause=true or pause=false', async () => {
    const visitor = await conversation(assistantId);
    for (const q of ['', '?pause=yes', '?pause=1']) {
      const res = await call('PUT', `/api/visitors/${visitor}/assistant/${assistantId}/pause${q}`);
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toBeTruthy();
    }
    expect(json(await call('PUT', `/api/visitors/${visitor}/assistant/${assistantId}/pause?pause=yes`))).toEqual({
      message: CHAT_TEXTS.badPause,
    });
  });

  it("answers 404 for another owner's conversation or a visitor of another assistant, changing nothing", async () => {
    const mine = await conversation(assistantId);
    const theirs = await conversation(otherAssistantId);
    const byOther = await call(
      'PUT',
      `/api/visitors/${mine}/assistant/${assistantId}/pause?pause=true`,
      undefined,
      other.token,
    );
    expect(byOther.statusCode).toBe(404);
    const crossed = await call('PUT', `/api/visitors/${theirs}/assistant/${assistantId}/pause?pause=true`);
    expect(crossed.statusCode).toBe(404);
    const rows = await server.app.ctx.db.select().from(visitors);
    expect(rows.filter((r) => r.id === mine || r.id === theirs).every((r) => !r.isPaused)).toBe(true);
  });
});
