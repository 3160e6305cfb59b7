import {
  RU_PHONE_PATTERN,
  VISITOR_ATTACHMENT_MAX_BYTES,
  VISITOR_MESSAGE_MAX_LENGTH,
  type VisitorPush,
  visitorStorageKey,
  widgetDesignUrl,
} from '@otklik/contract';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PHONE_PATTERN } from './components/phone-form';
import { LiveClient } from './live-client';
import { ASSISTANT_ID, PUBLIC_DESIGN, startVisitorServer, type VisitorServer } from './test-visitor-server';
import { ApiError, ATTACHMENT_MAX_BYTES, designUrl, fetchDesign, MESSAGE_MAX_LENGTH } from './visitor-api';
import { storageKey } from './visitor-credentials';

let server: VisitorServer;
let client: LiveClient | null = null;
let pushes: VisitorPush[];
let connection: boolean[];

beforeEach(async () => {
  server = await startVisitorServer();
  localStorage.clear();
  pushes = [];
  connection = [];
});
afterEach(async () => {
  client?.close();
  client = null;
  await server.close();
});

const newClient = () => {
  client = new LiveClient({
    apiBase: `${server.url}/`,
    assistantId: ASSISTANT_ID,
    storage: localStorage,
    onPush: (p) => pushes.push(p),
    onConnection: (up) => connection.push(up),
  });
  return client;
};

async function until(check: () => boolean, what: string, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('live client against the visitor API', () => {
  test('agrees with the contract on its limits, storage key and phone rule', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(VISITOR_MESSAGE_MAX_LENGTH);
    expect(ATTACHMENT_MAX_BYTES).toBe(VISITOR_ATTACHMENT_MAX_BYTES);
    expect(storageKey('x')).toBe(visitorStorageKey('x'));
    expect(PHONE_PATTERN.source).toBe(RU_PHONE_PATTERN.source);
    // The HTML snippet preloads the design; a different address would be a wasted request.
    expect(designUrl('https://otklik.ru', ASSISTANT_ID)).toBe(widgetDesignUrl('https://otklik.ru', ASSISTANT_ID));
  });

  test('fetches the public design, and reports a missing assistant with the server text', async () => {
    expect(await fetchDesign(server.url, ASSISTANT_ID)).toEqual(PUBLIC_DESIGN);
    await expect(fetchDesign(server.url, 'nope')).rejects.toMatchObject({
      message: 'Ассистент не найден',
      status: 404,
    });
  });

  test('creates the visitor on the first message, keeps it per assistant and streams the answer', async () => {
    const c = newClient();
    expect(c.hasVisitor).toBe(false);
    expect(await c.history()).toEqual([]);
    expect(server.tokens.size).toBe(0);
    const deltas: string[] = [];
    const result = await c.send('Сколько стоит доставка?', (d) => deltas.push(d));
    expect(server.sent).toEqual(['Сколько стоит доставка?']);
    expect(deltas.join('')).toBe('Доставка стоит **300 ₽**.');
    expect(deltas.length).toBeGreaterThan(1);
    expect(result).toMatchObject({ message: { role: 'assistant', content: 'Доставка стоит **300 ₽**.' } });
    const stored = JSON.parse(localStorage.getItem(`otklik:v:${ASSISTANT_ID}`) ?? 'null');
    expect(server.tokens.has(stored.visitorToken)).toBe(true);
    // a second message reuses the same visitor
    await c.send('Спасибо', () => {});
    expect(server.tokens.size).toBe(1);
  });

  test('restores the history of a returning visitor', async () => {
    await newClient().send('Привет', () => {});
    client?.close();
    const again = newClient();
    expect(again.hasVisitor).toBe(true);
    const history = await again.history();
    expect(history.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Привет'],
      ['assistant', 'Доставка стоит **300 ₽**.'],
    ]);
  });

  test('forgets a token the server no longer knows, and sends again as a new visitor', async () => {
    await newClient().send('Привет', () => {});
    client?.close();
    server.tokens.clear();
    const c = newClient();
    expect(await c.history()).toEqual([]);
    expect(localStorage.getItem(storageKey(ASSISTANT_ID))).toBeNull();
    localStorage.setItem(storageKey(ASSISTANT_ID), JSON.stringify({ visitorId: 'x', visitorToken: 'stale' }));
    const c2 = newClient();
    const result = await c2.send('Снова я', () => {});
    expect(result).toHaveProperty('message');
    expect(server.sent).toEqual(['Привет', 'Снова я']);
    expect(server.tokens.size).toBe(1);
  });

  test('turns refusals and failed answers into errors carrying the server text', async () => {
    const c = newClient();
    server.next = { kind: 'refuse', status: 429, message: 'Слишком много сообщений. Подождите минуту.' };
    await expect(c.send('a', () => {})).rejects.toMatchObject({
      message: 'Слишком много сообщений. Подождите минуту.',
      status: 429,
    });
    server.next = { kind: 'error-event', message: 'Произошла ошибка. Попробуйте позже.' };
    const err = await c.send('b', () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Произошла ошибка. Попробуйте позже.');
    server.next = { kind: 'cut' };
    await expect(c.send('c', () => {})).rejects.toBeInstanceOf(ApiError);
  });

  test('reports a paused conversation as no answer', async () => {
    server.next = { kind: 'paused' };
    expect(await newClient().send('Оператор?', () => {})).toEqual({ paused: true });
  });

  test('receives operator messages and phone requests, and reconnects after the stream drops', async () => {
    const c = newClient();
    await c.send('Привет', () => {});
    await until(() => server.streams() === 1, 'the event stream');
    server.push({
      type: 'message',
      message: { id: 'op1', role: 'assistant', content: 'Это оператор', createdAt: new Date().toISOString() },
    });
    server.push({ type: 'phone-request' });
    await until(() => pushes.length === 2, 'two pushes');
    expect(pushes[0]).toMatchObject({ type: 'message', message: { content: 'Это оператор' } });
    expect(pushes[1]).toEqual({ type: 'phone-request' });
    server.dropStreams();
    await until(() => server.streams() === 1, 'the reconnection');
    server.push({ type: 'phone-request' });
    await until(() => pushes.length === 3, 'a push after reconnecting');
    expect(connection.at(-1)).toBe(true);
  });

  test('after a reconnection, hands over what the operator wrote while the stream was down, once', async () => {
    const c = newClient();
    await c.send('Привет', () => {});
    await until(() => server.streams() === 1, 'the event stream');
    const history = [...(server.histories.values().next().value ?? [])];
    server.dropStreams();
    // Written by the operator while the visitor's stream is down: stored, but pushed to nobody.
    const missed = {
      id: '0b8a7f52-3c1e-4d2a-9f6b-1a2b3c4d5e6f',
      role: 'assistant' as const,
      content: 'Пока вас не было: заказ готов',
      createdAt: new Date().toISOString(),
    };
    for (const list of server.histories.values()) list.push(missed);
    await until(() => server.streams() === 0, 'the drop');
    await until(() => server.streams() === 1, 'the reconnection');
    await until(() => pushes.length === 1, 'the missed message');
    expect(pushes[0]).toEqual({ type: 'message', message: missed });
    // Nothing the page already had (the visitor's message, the bot's answer) comes again.
    expect(history.length).toBeGreaterThan(0);
    server.dropStreams();
    await until(() => server.streams() === 0, 'the second drop');
    await until(() => server.streams() === 1, 'another reconnection');
    await new Promise((r) => setTimeout(r, 150));
    expect(pushes).toHaveLength(1);
  });

  test('stops listening when the token is refused', async () => {
    const c = newClient();
    await c.send('Привет', () => {});
    await until(() => server.streams() === 1, 'the event stream');
    server.tokens.clear();
    server.dropStreams();
    await until(() => !c.hasVisitor, 'the token to be forgotten', 4000);
    expect(server.streams()).toBe(0);
  });

  test('uploads an attachment as multipart and sends the phone', async () => {
    const c = newClient();
    const message = await c.attach(new File(['%PDF-1.4 hello'], 'прайс.pdf', { type: 'application/pdf' }));
    expect(server.files).toEqual([{ name: 'прайс.pdf', size: 14 }]);
    expect(message.role).toBe('user');
    expect(message.content).toContain('прайс.pdf');
    await c.sendPhone('+7 (900) 123-45-67');
    expect(server.phones).toEqual(['+7 (900) 123-45-67']);
    await expect(c.sendPhone('12')).rejects.toMatchObject({ message: 'Некорректный телефон', status: 400 });
  });
});
