import { request } from 'node:http';
import { type ChatMessage, LIVE_ENDPOINT, type LiveVisitorUpdate, liveTopics } from '@otklik/contract';
import { Client, type IFrame, type IMessage, type StompSubscription } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, onPostgres, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

/**
 * The live channel with the clients the spec's web app uses (@stomp/stompjs over sockjs-client),
 * over each SockJS transport in turn, against the real server on a real port.
 */
const TRANSPORTS = ['websocket', 'xhr-streaming', 'xhr-polling', 'eventsource'] as const;
type Transport = (typeof TRANSPORTS)[number];

let server: TestServer;
let base: string;
let owner: TestOwner;
let other: TestOwner;
let assistantId: string;
let othersAssistant: string;

beforeAll(async () => {
  server = await startTestServer({ LIVE_HEARTBEAT_MS: '300' });
  base = await server.listen();
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Химчистка');
  othersAssistant = await createAssistant(server.app, other.userId, 'Чужой');
  const knowledge = Buffer.from('Чистка пуховика стоит 1500 рублей и занимает три дня.');
  expect((await upload(server.app, owner.token, assistantId, 'цены.txt', knowledge)).statusCode).toBe(200);
  await server.app.ctx.queue.drain();
});
afterAll(async () => {
  await server?.close();
});

const sockjsTo = (url: string, transport: Transport) =>
  new SockJS(`${url}${LIVE_ENDPOINT}`, undefined, { transports: [transport] }) as unknown as WebSocket;

/** A connected STOMP client, or the ERROR frame that refused it. */
function stomp(url: string, token: string, transport: Transport = 'websocket') {
  const client = new Client({
    webSocketFactory: () => sockjsTo(url, transport),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
  });
  const errors: IFrame[] = [];
  let closed = false;
  const ready = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => {
      errors.push(frame);
      reject(new Error(frame.headers.message));
    };
    client.onWebSocketClose = () => {
      closed = true;
      reject(new Error('closed'));
    };
  });
  ready.catch(() => undefined);
  client.activate();
  return { client, ready, errors, isClosed: () => closed };
}

/** Messages of a destination, awaited one by one. */
function follow(client: Client, destination: string) {
  const got: IMessage[] = [];
  const waiters: (() => void)[] = [];
  let sub: StompSubscription | undefined;
  const subscribed = new Promise<void>((resolve) => {
    const receipt = `r-${Math.random()}`;
    client.watchForReceipt(receipt, () => resolve());
    sub = client.subscribe(
      destination,
      (m) => {
        got.push(m);
        for (const w of waiters.splice(0)) w();
      },
      { receipt },
    );
  });
  return {
    subscribed,
    unsubscribe: () => sub?.unsubscribe(),
    async next<T>(match: (body: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = got.findIndex((m) => match(JSON.parse(m.body) as T));
        if (i >= 0) return JSON.parse(got.splice(i, 1)[0]?.body ?? 'null') as T;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`nothing on ${destination}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
  };
}

const call = (method: 'POST' | 'PUT', url: string, body?: unknown, token = owner.token) =>
  server.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });

describe.each(TRANSPORTS)('STOMP over SockJS %s', (transport) => {
  it('delivers visitor, bot, operator and phone-request messages, the list updates and suggestions when paused', async () => {
    const visitor = await newVisitor(server.app, assistantId);
    const live = stomp(base, owner.token, transport);
    await live.ready;
    const conv = follow(live.client, liveTopics.conversation(assistantId, visitor.visitorId));
    const suggestions = follow(live.client, liveTopics.autocomplete(assistantId, visitor.visitorId));
    const list = follow(live.client, liveTopics.assistant(assistantId));
    await Promise.all([conv.subscribed, suggestions.subscribed, list.subscribed]);

    await send(server.app, assistantId, visitor.visitorToken, 'Сколько стоит чистка пуховика?');
    const asked = await conv.next<ChatMessage>((m) => m.author === 'visitor');
    expect(asked).toMatchObject({ role: 'user', content: 'Сколько стоит чистка пуховика?' });
    const answered = await conv.next<ChatMessage>((m) => m.author === 'bot');
    expect(answered.role).toBe('assistant');
    expect(answered.content).toContain('1500');
    const update = await list.next<LiveVisitorUpdate>((u) => u.message?.author === 'visitor');
    expect(update).toMatchObject({ type: 'message', visitor: { id: visitor.visitorId, type: 'web' } });

    const sent = await call('POST', `/api/assistant/messages/${assistantId}?visitorId=${visitor.visitorId}`, {
      role: 'assistant',
      content: 'Здравствуйте, я менеджер.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await conv.next<ChatMessage>((m) => m.author === 'operator')).toMatchObject({
      role: 'assistant',
      content: 'Здравствуйте, я менеджер.',
    });
    // The operator wrote: the bot stops answering this conversation, and the list says so.
    expect(await list.next<LiveVisitorUpdate>((u) => u.type === 'paused')).toMatchObject({
      visitor: { id: visitor.visitorId, isPaused: true },
    });

    await call('POST', `/api/assistant/messages/${assistantId}/phone-request?visitorId=${visitor.visitorId}`, {
      role: 'assistant',
      content: 'Запрос телефона клиента',
    });
    expect(await conv.next<ChatMessage>((m) => m.author === 'system')).toMatchObject({
      role: 'assistant',
      content: 'Запрос телефона клиента',
    });

    // Paused: the bot stays silent, the operator gets the answer it would have given.
    const quiet = await send(server.app, assistantId, visitor.visitorToken, 'А почём чистка пуховика?');
    expect(quiet.message).toBeUndefined();
    expect((await suggestions.next<{ content: string }>()).content).toContain('1500');
    await live.client.deactivate();
  });
});

/** A raw SockJS connection to speak STOMP frames by hand (what a broken or hostile client sends). */
function raw(url: string, transport: Transport = 'websocket') {
  const sock = new SockJS(`${url}${LIVE_ENDPOINT}`, undefined, { transports: [transport] });
  const received: string[] = [];
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  sock.onmessage = (e) => {
    received.push(String(e.data));
    wake();
  };
  sock.onclose = () => {
    closed = true;
    wake();
  };
  const open = new Promise<void>((resolve) => {
    sock.onopen = () => resolve();
  });
  const until = async (check: () => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 100));
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  };
  return {
    open,
    send: (text: string) => sock.send(text),
    received,
    isClosed: () => closed,
    /** The ERROR frame's message header, once the server ended the session. */
    async error(): Promise<string> {
      await until(() => received.some((r) => r.startsWith('ERROR')) && closed);
      const frame = received.find((r) => r.startsWith('ERROR')) ?? '';
      return /\nmessage:([^\n]*)/.exec(frame)?.[1] ?? '';
    },
    until,
  };
}

const connectFrame = (token: string, extra = '') =>
  `CONNECT\naccept-version:1.2,1.1,1.0\nhost:localhost\nAuthorization:Bearer ${token}\n${extra}\n\0`;

describe('the broker refuses what Spring’s simple broker refuses: ERROR with a message, then close', () => {
  it('a frame before CONNECT', async () => {
    const c = raw(base);
    await c.open;
    c.send(`SUBSCRIBE\nid:0\ndestination:${liveTopics.assistant(assistantId)}\n\n\0`);
    expect(await c.error()).toBe('Сначала нужен кадр CONNECT');
  });

  it('a bad token, and no token at all', async () => {
    const bad = stomp(base, 'не-токен');
    await expect(bad.ready).rejects.toThrow(/Требуется авторизация/);
    const c = raw(base, 'xhr-streaming');
    await c.open;
    c.send('CONNECT\naccept-version:1.2\n\n\0');
    expect(await c.error()).toMatch(/Требуется авторизация/);
  });

  it('the passcode header works as the token, and versions are negotiated', async () => {
    const c = raw(base);
    await c.open;
    c.send(`CONNECT\naccept-version:1.0,1.1\nlogin:owner\npasscode:${owner.token}\nreceipt:c1\n\n\0`);
    await c.until(() => c.received.some((r) => r.startsWith('CONNECTED')));
    const connected = c.received.find((r) => r.startsWith('CONNECTED')) ?? '';
    expect(connected).toContain('version:1.1');
    expect(connected).toContain('heart-beat:300,300');
    const v = raw(base);
    await v.open;
    v.send('CONNECT\naccept-version:2.0\n\n\0');
    expect(await v.error()).toBe('Поддерживаются версии STOMP 1.0, 1.1 и 1.2');
  });

  it("another owner's assistant, an unknown destination and a wildcard", async () => {
    for (const destination of [
      liveTopics.assistant(othersAssistant),
      '/topic/assistant/*',
      '/queue/anything',
      `${liveTopics.assistant(assistantId)}/../x`,
    ]) {
      const c = raw(base);
      await c.open;
      c.send(connectFrame(owner.token));
      c.send(`SUBSCRIBE\nid:0\ndestination:${destination}\n\n\0`);
      expect(await c.error()).toMatch(/Нет доступа к этому ассистенту|Недопустимое назначение подписки/);
    }
  });

  it('a frame over 64 KB and a malformed frame', async () => {
    const big = raw(base);
    await big.open;
    big.send(connectFrame(owner.token));
    big.send(`SEND\ndestination:/app/x\n\n${'я'.repeat(40_000)}\0`);
    expect(await big.error()).toBe('Кадр больше 64 КБ');
    const bad = raw(base);
    await bad.open;
    bad.send('HELLO\n\n\0');
    expect(await bad.error()).toMatch(/Неизвестная команда STOMP/);
    const header = raw(base);
    await header.open;
    header.send(connectFrame(owner.token));
    header.send('SUBSCRIBE\nбез двоеточия\n\n\0');
    expect(await header.error()).toBe('Некорректный заголовок кадра');
  });

  it('answers RECEIPT for any frame with a receipt header, escaping header values (1.2)', async () => {
    const c = raw(base);
    await c.open;
    c.send(connectFrame(owner.token));
    c.send(`SUBSCRIBE\nid:a\\cb\ndestination:${liveTopics.assistant(assistantId)}\nreceipt:r\\c1\\n\n\n\0`);
    await c.until(() => c.received.some((r) => r.startsWith('RECEIPT')));
    expect(c.received.find((r) => r.startsWith('RECEIPT'))).toContain('receipt-id:r\\c1\\n');
    c.send('DISCONNECT\nreceipt:bye\n\n\0');
    await c.until(() => c.isClosed());
    expect(c.received.some((r) => r.includes('receipt-id:bye'))).toBe(true);
  });

  it('closes a session that misses three heart-beats', async () => {
    const c = raw(base);
    await c.open;
    c.send(connectFrame(owner.token, 'heart-beat:300,300\n'));
    const started = Date.now();
    expect(await c.error()).toBe('Нет heart-beat от клиента');
    expect(Date.now() - started).toBeGreaterThanOrEqual(850);
    // The server beat on its side meanwhile.
    expect(c.received.some((r) => r === '\n')).toBe(true);
  });

  it('closes the live sessions of an owner who logs out, at once', async () => {
    const session = await createOwner(server.app, { email: `out-${Date.now()}@example.ru` });
    const mine = await createAssistant(server.app, session.userId, 'Свой');
    const live = stomp(base, session.token, 'xhr-polling');
    await live.ready;
    const list = follow(live.client, liveTopics.assistant(mine));
    await list.subscribed;
    const out = await server.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(session.token) });
    expect(out.statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while (!live.errors.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(live.errors[0]?.headers.message).toBe('Сеанс завершён: войдите снова');
    await live.client.deactivate();
  });

  it('closes them on a password change and on account deletion too', async () => {
    for (const end of ['password', 'delete'] as const) {
      const session = await createOwner(server.app, { email: `${end}-${Date.now()}@example.ru` });
      const mine = await createAssistant(server.app, session.userId, 'Свой');
      const live = stomp(base, session.token, 'websocket');
      await live.ready;
      await follow(live.client, liveTopics.assistant(mine)).subscribed;
      const res =
        end === 'password'
          ? await server.app.inject({
              method: 'POST',
              url: '/api/user/change-password',
              headers: bearer(session.token),
              payload: { oldPassword: session.password, newPassword: 'новый-пароль-456' },
            })
          : await server.app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(session.token) });
      expect(res.statusCode, res.body).toBe(200);
      const deadline = Date.now() + 5000;
      while (!live.errors.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(live.errors[0]?.headers.message).toBe('Сеанс завершён: войдите снова');
      await live.client.deactivate();
    }
  });

  it('refuses a handshake from a page of another origin', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}${LIVE_ENDPOINT}/info`, { headers: { origin: 'https://evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
    const own = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}${LIVE_ENDPOINT}/info`, { headers: { origin: 'http://localhost:3000' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(own).toBe(200);
  });
});

describe('the iframe transports', () => {
  it('load the SockJS client from our own origin, never a CDN', async () => {
    const page = await fetch(`${base}${LIVE_ENDPOINT}/iframe.html`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('http://localhost:3000/api/live/sockjs.min.js');
    expect(html).not.toContain('cdn.jsdelivr');
    const script = await fetch(`${base}/api/live/sockjs.min.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await script.text()).length).toBeGreaterThan(10_000);
  });
});

describe.runIf(onPostgres)('across instances (PostgreSQL + Redis)', () => {
  it('a subscriber on instance A receives what a visitor sent through instance B', async () => {
    const twin = await server.sibling();
    try {
      const visitor = await newVisitor(twin.app, assistantId);
      const live = stomp(base, owner.token);
      await live.ready;
      const conv = follow(live.client, liveTopics.conversation(assistantId, visitor.visitorId));
      await conv.subscribed;
      await send(twin.app, assistantId, visitor.visitorToken, 'Вы работаете в субботу?');
      expect(await conv.next<ChatMessage>((m) => m.author === 'visitor')).toMatchObject({
        content: 'Вы работаете в субботу?',
      });
      await live.client.deactivate();
    } finally {
      await twin.close();
    }
  });
});
