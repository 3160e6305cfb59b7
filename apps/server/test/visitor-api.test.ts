import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { VISITOR_TEXTS, type VisitorMessage } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, messages, visitors, widgets } from '../src/infra/db/schema';
import { type ConversationEvent, subscribeAssistant } from '../src/modules/conversations/events';
import { ENGINE_TEXTS } from '../src/modules/conversations/texts';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, startTestServer, type TestServer } from './helpers/server';
import { recipients } from './helpers/smtp-peer';
import { createAssistant, multipart, upload } from './knowledge-helpers';
import { newVisitor, parseSse, send } from './visitor-helpers';

const FAQ = `Доставка и оплата

Доставка по Москве стоит 300 рублей и занимает 1–2 дня. При заказе от 5000 рублей доставка бесплатная.
Оплатить заказ можно картой на сайте или наличными курьеру.
Вернуть товар можно в течение 14 дней с момента покупки, сохранив чек.`;

let server: TestServer;
let owner: TestOwner;
let assistantId: string;
let other: TestOwner;
let otherAssistantId: string;

beforeAll(async () => {
  server = await startTestServer({ SSE_PING_MS: '150' });
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Магазин');
  otherAssistantId = await createAssistant(server.app, other.userId, 'Чужой');
  const res = await upload(server.app, owner.token, assistantId, 'dostavka.txt', Buffer.from(FAQ));
  expect(res.statusCode).toBe(200);
  await server.app.ctx.queue.drain();
});
afterAll(async () => server?.close());

const url = (a: string, p: string) => `/api/public/assistants/${a}/${p}`;

/** The mails of the dev mailbox (the test server writes mail to files). */
async function mailbox(): Promise<ParsedMail[]> {
  const dir = server.app.ctx.mailer.mailboxDir ?? '';
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n)))));
}

describe('public widget design', () => {
  it('serves the design with no owner data', async () => {
    const res = await server.app.inject({ method: 'GET', url: url(assistantId, 'widget') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ assistantId, botName: 'Ваш бот', greeting: 'Привет! Как я могу помочь?' });
    expect(body.predefinedQuestions).toEqual(['Здравствуйте', 'Добрый день! У меня вопрос', 'Мне нужна помощь']);
    const text = res.body;
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(owner.userId);
    expect(text).not.toContain('Магазин');
    expect(Object.keys(body)).not.toContain('userId');
  });

  it('answers 404 in Russian for a missing or malformed assistant id', async () => {
    for (const id of ['6f1c1b1e-2f7a-4c54-9a53-3f1d2b9c0a11', 'not-an-id', "1' or '1'='1"]) {
      const res = await server.app.inject({ method: 'GET', url: url(encodeURIComponent(id), 'widget') });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Ассистент не найден' });
    }
  });

  it('allows any origin without credentials, with the Authorization and Content-Type headers', async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: url(assistantId, 'messages'),
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await server.app.inject({
      method: 'GET',
      url: url(assistantId, 'widget'),
      headers: { origin: 'https://shop.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps the owner API closed to other origins', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/assistant',
      headers: { origin: 'https://shop.example', ...bearer(owner.token) },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('visitors and messages', () => {
  it('creates a visitor with a token and an empty history', async () => {
    const v = await newVisitor(server.app, assistantId);
    expect(v.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(v.visitorToken.startsWith(`${v.visitorId}.`)).toBe(true);
    const history = await server.app.inject({
      method: 'GET',
      url: url(assistantId, 'messages'),
      headers: bearer(v.visitorToken),
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({ messages: [] });
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, v.visitorId));
    expect(row?.tokenHash).not.toContain(v.visitorToken.split('.')[1]);
  });

  it('streams the answer as delta events and one message event, and stores both messages', async () => {
    const v = await newVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка по Москве?');
    expect(sent.status).toBe(200);
    expect(sent.events.map((e) => e.event).at(-1)).toBe('message');
    expect(sent.events.filter((e) => e.event === 'message')).toHaveLength(1);
    expect(sent.deltas).toBe(sent.message?.content);
    expect(sent.message?.role).toBe('assistant');
    expect(sent.message?.content).toContain('300 рублей');
    const history = await server.app.inject({
      method: 'GET',
      url: url(assistantId, 'messages'),
      headers: bearer(v.visitorToken),
    });
    const list = history.json().messages as VisitorMessage[];
    expect(list.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Сколько стоит доставка по Москве?'],
      ['assistant', sent.message?.content],
    ]);
    expect(list[1]?.id).toBe(sent.message?.id);
    expect(Date.parse(list[0]?.createdAt ?? '')).toBeGreaterThan(0);
  });

  it('answers a greeting without handing off', async () => {
    const v = await newVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Здравствуйте');
    expect(sent.message?.content).toBe('Здравствуйте, чем могу помочь?');
  });

  it('hands an unknown question off to a person and e-mails the owner once', async () => {
    const v = await newVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Какая погода будет завтра в Сочи?');
    expect(sent.message?.content).toBe(ENGINE_TEXTS.handoff);
    await send(server.app, assistantId, v.visitorToken, 'Кто выиграл чемпионат по шахматам?');
    await server.app.ctx.queue.drain();
    const handoffs = (await mailbox()).filter((m) => m.text?.includes('Сочи') || m.text?.includes('шахматам'));
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0]?.subject).toBe('Нужен ответ специалиста — Магазин');
    expect(recipients(handoffs[0] as ParsedMail)).toEqual([owner.email.toLowerCase()]);
    expect(handoffs[0]?.text).toContain(`/dashboard/assistants/${assistantId}/chats`);
  });

  it('calls the owner once when a visitor keeps asking for a person', async () => {
    const v = await newVisitor(server.app, assistantId);
    for (const text of ['Позовите оператора', 'Оператор!', 'соедините с менеджером']) {
      const sent = await send(server.app, assistantId, v.visitorToken, text);
      expect(sent.message?.content).toBe(ENGINE_TEXTS.operatorRequested);
    }
    await server.app.ctx.queue.drain();
    const calls = (await mailbox()).filter(
      (m) => m.text?.includes('Позовите оператора') || m.text?.includes('Оператор!'),
    );
    expect(calls).toHaveLength(1);
  });

  it("gives the owner's corrected answer even to what is otherwise small talk", async () => {
    const saved = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/correct-answers`,
      headers: bearer(owner.token),
      payload: {
        question: 'Позовите оператора',
        originalAnswer: ENGINE_TEXTS.operatorRequested,
        correctAnswer: 'Операторы отвечают с 9 до 18, звоните: +7 900 000-00-00.',
        synonyms: '',
        isCorrect: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    const v = await newVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Позовите оператора');
    expect(sent.message?.content).toBe('Операторы отвечают с 9 до 18, звоните: +7 900 000-00-00.');
    await server.app.inject({
      method: 'DELETE',
      url: `/api/assistant/${assistantId}/correct-answers/${saved.json().id}`,
      headers: bearer(owner.token),
    });
  });

  it('refuses empty, too long and malformed messages before storing anything', async () => {
    const v = await newVisitor(server.app, assistantId);
    const empty = await send(server.app, assistantId, v.visitorToken, '   ');
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body)).toEqual({ message: VISITOR_TEXTS.emptyMessage });
    const long = await send(server.app, assistantId, v.visitorToken, 'а'.repeat(2001));
    expect(long.status).toBe(400);
    expect(JSON.parse(long.body)).toEqual({ message: VISITOR_TEXTS.longMessage });
    const broken = await server.app.inject({
      method: 'POST',
      url: url(assistantId, 'messages'),
      headers: { ...bearer(v.visitorToken), 'content-type': 'application/json' },
      payload: '{"content":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/[а-я]/i);
    const rows = await server.app.ctx.db.select().from(messages).where(eq(messages.visitorId, v.visitorId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a missing, forged or foreign token with 401 and changes nothing', async () => {
    const v = await newVisitor(server.app, assistantId);
    const foreign = await newVisitor(server.app, otherAssistantId);
    for (const token of [undefined, 'garbage', `${v.visitorId}.forged`, foreign.visitorToken]) {
      const res = await server.app.inject({
        method: 'GET',
        url: url(assistantId, 'messages'),
        headers: token ? bearer(token) : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: ENGINE_TEXTS.visitorNotFound });
    }
    const cross = await send(server.app, otherAssistantId, v.visitorToken, 'Привет');
    expect(cross.status).toBe(401);
    const rows = await server.app.ctx.db.select().from(messages).where(eq(messages.assistantId, otherAssistantId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a forged or foreign token for a visitor whose credential the server keeps from an earlier message', async () => {
    const v = await newVisitor(server.app, assistantId);
    const other = await newVisitor(server.app, assistantId);
    expect((await send(server.app, assistantId, v.visitorToken, 'Здравствуйте')).status).toBe(200);
    const secret = other.visitorToken.split('.')[1];
    for (const token of [`${v.visitorId}.forged`, `${v.visitorId}.${secret}`, `${v.visitorId}.`]) {
      const res = await send(server.app, assistantId, token, 'Сколько стоит доставка?');
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ message: ENGINE_TEXTS.visitorNotFound });
    }
    expect((await send(server.app, otherAssistantId, v.visitorToken, 'Привет')).status).toBe(401);
    const rows = await server.app.ctx.db.select().from(messages).where(eq(messages.visitorId, v.visitorId));
    expect(rows.map((r) => r.content)).toEqual(['Здравствуйте', expect.any(String)]);
  });

  it('refuses the visitor of a deleted assistant with 401, though its credential was kept', async () => {
    const doomed = await createAssistant(server.app, owner.userId, 'Закрывается');
    const v = await newVisitor(server.app, doomed);
    expect((await send(server.app, doomed, v.visitorToken, 'Здравствуйте')).status).toBe(200);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/assistant/${doomed}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    const after = await send(server.app, doomed, v.visitorToken, 'Вы работаете?');
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body)).toEqual({ message: ENGINE_TEXTS.visitorNotFound });
  });

  it('refuses the visitor of a deleted account with 401, though its credential was kept', async () => {
    const leaving = await createOwner(server.app);
    const shop = await createAssistant(server.app, leaving.userId, 'Уходит');
    const v = await newVisitor(server.app, shop);
    expect((await send(server.app, shop, v.visitorToken, 'Здравствуйте')).status).toBe(200);
    const deleted = await server.app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(leaving.token) });
    expect(deleted.statusCode).toBe(200);
    const after = await send(server.app, shop, v.visitorToken, 'Вы работаете?');
    expect(after.status).toBe(401);
  });

  it("answers only from the visitor's own assistant's knowledge", async () => {
    const v = await newVisitor(server.app, otherAssistantId);
    const sent = await send(server.app, otherAssistantId, v.visitorToken, 'Сколько стоит доставка по Москве?');
    expect(sent.message?.content).toBe(ENGINE_TEXTS.handoff);
  });

  it('stores the message and gives no bot answer while the operator has paused the conversation', async () => {
    const v = await newVisitor(server.app, assistantId);
    const pause = await server.app.inject({
      method: 'PUT',
      url: `/api/visitors/${v.visitorId}/assistant/${assistantId}/pause?pause=true`,
      headers: bearer(owner.token),
    });
    expect(pause.statusCode).toBe(200);
    const events: ConversationEvent[] = [];
    const unsubscribe = await subscribeAssistant(server.app.ctx, assistantId, (e) => events.push(e));
    const sent = await send(server.app, assistantId, v.visitorToken, 'Сколько стоит доставка?');
    expect(sent.events).toEqual([{ event: 'done', data: {} }]);
    const rows = await server.app.ctx.db.select().from(messages).where(eq(messages.visitorId, v.visitorId));
    expect(rows.map((r) => r.role)).toEqual(['visitor']);
    // The operator is offered the answer the bot would have given.
    await expect
      .poll(() => events.find((e) => e.type === 'autocomplete' && e.visitorId === v.visitorId))
      .toMatchObject({ content: expect.stringContaining('300 рублей') });
    await unsubscribe();
  });

  it("deletes an assistant's conversations with it", async () => {
    const doomed = await createAssistant(server.app, owner.userId, 'Удаляемый');
    const v = await newVisitor(server.app, doomed);
    await send(server.app, doomed, v.visitorToken, 'Здравствуйте');
    const [a] = await server.app.ctx.db.select().from(assistants).where(eq(assistants.id, doomed));
    await server.app.ctx.db.delete(assistants).where(eq(assistants.id, doomed));
    if (a) await server.app.ctx.db.delete(widgets).where(eq(widgets.id, a.widgetId));
    expect(await server.app.ctx.db.select().from(visitors).where(eq(visitors.assistantId, doomed))).toHaveLength(0);
    expect(await server.app.ctx.db.select().from(messages).where(eq(messages.assistantId, doomed))).toHaveLength(0);
  });
});

describe('triggers in the pipeline', () => {
  it('answers with the custom text and stops the conversation on a stop-word in another word form', async () => {
    const a = await createAssistant(server.app, owner.userId, 'Триггеры');
    const saved = await server.app.inject({
      method: 'POST',
      url: `/api/v1/assistant/${a}/triggers`,
      headers: bearer(owner.token),
      payload: [
        {
          name: 'Жалобы',
          action: 'CUSTOM_ANSWER_NOTIFY_STOP',
          stopWords: ['жалоба'],
          customAnswer: 'Передаём вашу жалобу руководителю, он скоро ответит.',
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const v = await newVisitor(server.app, a);
    const sent = await send(server.app, a, v.visitorToken, 'Хочу оставить жалобу на курьера');
    expect(sent.message?.content).toBe('Передаём вашу жалобу руководителю, он скоро ответит.');
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, v.visitorId));
    expect(row?.isPaused).toBe(true);
    const next = await send(server.app, a, v.visitorToken, 'Здравствуйте');
    expect(next.events).toEqual([{ event: 'done', data: {} }]);
  });
});

describe('the visitor event stream', () => {
  it('pushes operator messages and phone requests at once, and pings', async () => {
    const base = await server.listen();
    const v = await newVisitor(server.app, assistantId);
    const abort = new AbortController();
    const res = await fetch(`${base}${url(assistantId, `events?token=${encodeURIComponent(v.visitorToken)}`)}`, {
      signal: abort.signal,
      headers: { origin: 'https://shop.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let text = '';
    const decoder = new TextDecoder();
    const until = async (predicate: (t: string) => boolean) => {
      while (!predicate(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await until((t) => t.includes(': connected'));
    const op = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/messages/${assistantId}?visitorId=${v.visitorId}`,
      headers: bearer(owner.token),
      payload: { role: 'assistant', content: 'Здравствуйте! Я оператор Анна.' },
    });
    expect(op.statusCode).toBe(200);
    await until((t) => t.includes('оператор Анна'));
    const phone = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/messages/${assistantId}/phone-request?visitorId=${v.visitorId}`,
      headers: bearer(owner.token),
      payload: { role: 'assistant', content: 'Запрос телефона клиента' },
    });
    expect(phone.statusCode).toBe(200);
    await until((t) => t.includes('phone-request'));
    await until((t) => t.includes(': ping'));
    const pushes = parseSse(text).map((e) => e.data as { type: string; message?: VisitorMessage });
    expect(pushes[0]).toMatchObject({
      type: 'message',
      message: { role: 'assistant', content: 'Здравствуйте! Я оператор Анна.' },
    });
    expect(pushes[1]).toEqual({ type: 'phone-request' });
    abort.abort();
    // The operator's message is in the visitor's history; the phone request note is not.
    const history = await server.app.inject({
      method: 'GET',
      url: url(assistantId, 'messages'),
      headers: bearer(v.visitorToken),
    });
    expect((history.json().messages as VisitorMessage[]).map((m) => m.content)).toEqual([
      'Здравствуйте! Я оператор Анна.',
    ]);
  });

  it('refuses the stream without a valid token', async () => {
    const res = await server.app.inject({ method: 'GET', url: url(assistantId, 'events?token=nope') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ENGINE_TEXTS.visitorNotFound });
  });

  it('repeats a pending phone request when the visitor reconnects', async () => {
    const base = await server
      .listen()
      .catch(() => `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`);
    const v = await newVisitor(server.app, assistantId);
    await send(server.app, assistantId, v.visitorToken, 'Здравствуйте');
    await server.app.inject({
      method: 'POST',
      url: `/api/assistant/messages/${assistantId}/phone-request?visitorId=${v.visitorId}`,
      headers: bearer(owner.token),
      payload: { role: 'assistant', content: 'Запрос телефона клиента' },
    });
    const abort = new AbortController();
    const res = await fetch(`${base}${url(assistantId, `events?token=${encodeURIComponent(v.visitorToken)}`)}`, {
      signal: abort.signal,
    });
    const reader = res.body?.getReader();
    let text = '';
    while (reader && !text.includes('phone-request')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    expect(text).toContain('{"type":"phone-request"}');
  });
});

describe('phone and attachments', () => {
  it('saves the phone the visitor gives and shows it in the chat', async () => {
    const v = await newVisitor(server.app, assistantId);
    const bad = await server.app.inject({
      method: 'POST',
      url: url(assistantId, 'phone'),
      headers: bearer(v.visitorToken),
      payload: { phone: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: VISITOR_TEXTS.invalidPhone });
    const ok = await server.app.inject({
      method: 'POST',
      url: url(assistantId, 'phone'),
      headers: bearer(v.visitorToken),
      payload: { phone: '+7 (999) 123-45-67' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const visitor = await server.app.inject({
      method: 'GET',
      url: `/api/visitors/${v.visitorId}`,
      headers: bearer(owner.token),
    });
    expect(visitor.json().phone).toBe('+7 (999) 123-45-67');
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/visitors/${v.visitorId}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('stores an attached file with its UTF-8 name and serves it by its link', async () => {
    const v = await newVisitor(server.app, assistantId);
    const bytes = Buffer.from('%PDF-1.4\nсчёт\n%%EOF');
    const body = multipart([
      { name: 'file', value: bytes, filename: 'Счёт №5 (копия).pdf', contentType: 'application/pdf' },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: url(assistantId, 'attachments'),
      headers: { ...bearer(v.visitorToken), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().message as VisitorMessage;
    expect(message.role).toBe('user');
    const link = /^📎 \[Счёт №5 \(копия\)\.pdf\]\((http[^)]+)\)$/.exec(message.content);
    expect(message.content).toMatch(/^📎 \[Счёт №5 \(копия\)\.pdf\]\(http/);
    expect(link).not.toBeNull();
    const download = await server.app.inject({ method: 'GET', url: new URL(link?.[1] ?? '').pathname });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it("drops a file name's bidi overrides and controls from the message and from Content-Disposition", async () => {
    const v = await newVisitor(server.app, assistantId);
    const body = multipart([
      {
        name: 'file',
        value: Buffer.from('%PDF-1.4\n%%EOF'),
        filename: 'evil\u202Efdp.exe\u200F',
        contentType: 'application/pdf',
      },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: url(assistantId, 'attachments'),
      headers: { ...bearer(v.visitorToken), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().message as VisitorMessage;
    const link = /^📎 \[evilfdp\.exe\]\((http[^)]+)\)$/.exec(message.content);
    expect(link, message.content).not.toBeNull();
    const download = await server.app.inject({ method: 'GET', url: new URL(link?.[1] ?? '').pathname });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="evilfdp.exe"; filename*=UTF-8''evilfdp.exe`,
    );
  });

  it('refuses files over 10 MB and files when attachments are off', async () => {
    const v = await newVisitor(server.app, assistantId);
    const big = multipart([{ name: 'file', value: Buffer.alloc(10 * 1024 * 1024 + 1, 1), filename: 'big.bin' }]);
    const res = await server.app.inject({
      method: 'POST',
      url: url(assistantId, 'attachments'),
      headers: { ...bearer(v.visitorToken), ...big.headers },
      payload: big.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: ENGINE_TEXTS.fileTooLarge });
    const [a] = await server.app.ctx.db.select().from(assistants).where(eq(assistants.id, assistantId));
    await server.app.ctx.db
      .update(widgets)
      .set({ allowFileAttachment: false })
      .where(eq(widgets.id, a?.widgetId ?? ''));
    const small = multipart([{ name: 'file', value: Buffer.from('hi'), filename: 'a.txt' }]);
    const off = await server.app.inject({
      method: 'POST',
      url: url(assistantId, 'attachments'),
      headers: { ...bearer(v.visitorToken), ...small.headers },
      payload: small.payload,
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: ENGINE_TEXTS.attachmentsOff });
    await server.app.ctx.db
      .update(widgets)
      .set({ allowFileAttachment: true })
      .where(eq(widgets.id, a?.widgetId ?? ''));
  });
});

describe('rate limits', () => {
  it('allows 30 new conversations a minute per address and assistant', async () => {
    const a = await createAssistant(server.app, owner.userId, 'Лимиты');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await server.app.inject({ method: 'POST', url: url(a, 'visitors'), remoteAddress: '10.9.9.9' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual({ message: ENGINE_TEXTS.tooManyVisitors });
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    // Another address, or the same address on another assistant, is not affected.
    expect(
      (await server.app.inject({ method: 'POST', url: url(a, 'visitors'), remoteAddress: '10.9.9.8' })).statusCode,
    ).toBe(201);
    const b = await createAssistant(server.app, owner.userId, 'Другой');
    expect(
      (await server.app.inject({ method: 'POST', url: url(b, 'visitors'), remoteAddress: '10.9.9.9' })).statusCode,
    ).toBe(201);
  });

  it('allows 60 messages a minute per address and assistant', async () => {
    const a = await createAssistant(server.app, owner.userId, 'Лимит сообщений');
    const v = await newVisitor(server.app, a, '10.8.8.8');
    let ok = 0;
    let refused: { status: number; body: string } | undefined;
    for (let i = 0; i < 61; i++) {
      const sent = await send(server.app, a, v.visitorToken, 'Здравствуйте', '10.8.8.8');
      if (sent.status === 200) ok++;
      else refused = { status: sent.status, body: sent.body };
    }
    expect(ok).toBe(60);
    expect(refused?.status).toBe(429);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({ message: ENGINE_TEXTS.tooManyMessages });
  });
});
