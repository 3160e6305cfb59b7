import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from './helpers/factories';
import { type OpenAiPeer, startOpenAiPeer } from './helpers/openai-peer';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { startTelegramPeer, type TelegramPeer } from './helpers/telegram-peer';
import { createAssistant } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

// ARCHITECTURE §6: secrets never appear in logs. The server's real log (pino, JSON lines) is read here.
let server: TestServer;
let peer: OpenAiPeer;
let telegram: TelegramPeer;
const API_KEY = 'sk-live-Zq8v2Lm4Np6Rt9Wx1Yb3Cd5Ef7Gh';
const log = new PassThrough();
let written = '';
log.on('data', (chunk: Buffer) => {
  written += chunk.toString('utf8');
});

beforeAll(async () => {
  [peer, telegram] = await Promise.all([startOpenAiPeer(), startTelegramPeer()]);
  // The most talkative level: what is safe at trace is safe at any level.
  server = await startTestServer(
    {
      LOG_LEVEL: 'trace',
      OPENAI_BASE_URL: peer.url,
      OPENAI_API_KEY: API_KEY,
      LLM_RETRIES: '0',
      TELEGRAM_API_ROOT: telegram.url,
      TELEGRAM_POLL_TIMEOUT_S: '1',
    },
    { logStream: log },
  );
});
afterAll(async () => {
  await server?.close();
  await Promise.all([peer?.close(), telegram?.close()]);
});

const lines = () =>
  written
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function until(check: () => boolean, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

it("keeps the owner's and the visitor's tokens out of the request log", async () => {
  const owner = await createOwner(server.app);
  const assistantId = await createAssistant(server.app, owner.userId, 'Журнал');
  const visitor = await newVisitor(server.app, assistantId);
  await server.app.inject({ url: '/api/user/profile', headers: bearer(owner.token) });
  // An unknown token is refused at once, so the stream ends; the URL is logged all the same.
  await server.app.inject({ url: `/api/public/assistants/${assistantId}/events?token=${visitor.visitorToken}x` });

  expect(written).toContain('/api/user/profile');
  expect(written).toContain(`/api/public/assistants/${assistantId}/events?token=***`);
  expect(written).not.toContain(visitor.visitorToken);
  expect(written).not.toContain(owner.token);
});

describe('a whole flow, then the whole log', () => {
  const password = 'Гортензия-73-секрет';
  const newPassword = 'Пионы-19-тайна';
  const wrongPassword = 'Неверный-пароль-55';
  const botToken = `7123456789:AAF${'k'.repeat(20)}Qz9Lm3Np7Rt`;
  const unknownBotToken = `7999999999:AAE${'u'.repeat(20)}Vb2Xc4Zn8Ws`;
  const secrets: Record<string, string> = {};

  it('signs up, logs in, changes the password, chats with the model, registers a Telegram bot', async () => {
    const app = server.app;
    const email = 'logs@example.ru';
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: 'Анна', email, password },
    });
    expect(signup.statusCode).toBe(200);
    secrets.signupToken = json<{ token: string }>(signup).token;
    expect(
      (await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: wrongPassword } })).statusCode,
    ).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const token = json<{ token: string }>(login).token;
    secrets.loginToken = token;
    const changed = await app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: bearer(token),
      payload: { oldPassword: password, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const owner = json<{ token: string }>(changed).token;
    secrets.changedToken = owner;

    // The assistant answers through the model (the provider key travels in its Authorization).
    const { id: widgetId } = json<{ id: string }>(
      await app.inject({ method: 'POST', url: '/api/widget/init', headers: bearer(owner) }),
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/assistant/create',
      headers: { ...bearer(owner), 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="requestJson"\r\n\r\n${JSON.stringify({ title: 'Магазин', role: 'Консультант', widgetId })}\r\n--x--\r\n`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const assistantId = json<{ id: string }>(created).id;
    const visitor = await newVisitor(app, assistantId);
    secrets.visitorToken = visitor.visitorToken;
    peer.fallback = { kind: 'stream', chunks: ['Доставка ', 'стоит 350 ₽.'] };
    expect((await send(app, assistantId, visitor.visitorToken, 'Сколько стоит доставка?')).message?.content).toBe(
      'Доставка стоит 350 ₽.',
    );
    expect(peer.headers.at(-1)?.authorization).toBe(`Bearer ${API_KEY}`);
    // A provider refusing the key is logged as an error, without the key.
    peer.replies.push({ kind: 'status', status: 401 });
    await send(app, assistantId, visitor.visitorToken, 'А самовывоз есть?');
    await app.inject({ url: `/api/public/assistants/${assistantId}/events?token=${visitor.visitorToken}x` });

    // A Telegram bot against the test Bot API: one that Telegram does not know, then a real one that answers.
    telegram.addBot({ token: botToken, username: 'logs_shop_bot' });
    const register = (telegramToken: string) =>
      app.inject({
        method: 'POST',
        url: '/telegram/registerBot',
        headers: bearer(owner),
        payload: { telegramToken, assistantId, isTgTrainer: false },
      });
    const toggle = await app.inject({
      method: 'POST',
      url: `/telegram/toggle-telegram/${assistantId}?enable=true&trainer=false`,
      headers: bearer(owner),
    });
    expect(toggle.statusCode, toggle.body).toBe(200);
    expect((await register(unknownBotToken)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await register(botToken)).statusCode).toBe(200);
    peer.fallback = { kind: 'stream', chunks: ['Работаем с 9 до 21.'] };
    telegram.pushUpdate(botToken, {
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        from: { id: 501, is_bot: false, first_name: 'Анна' },
        chat: { id: 501, type: 'private', first_name: 'Анна' },
        text: 'Когда вы открыты?',
      },
    });
    await until(() => telegram.sent(botToken, 'sendMessage').length > 0);
    await app.inject({ method: 'GET', url: `/telegram/${botToken}/assistant/${assistantId}`, headers: bearer(owner) });
    await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(owner) });
    await app.ctx.queue.drain();
  });

  it("has the request's id on the lines the engine writes while serving it", () => {
    const failed = lines().find((l) => l.msg === 'answer failed; the visitor gets the fallback');
    expect(failed?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const request = lines().find((l) => l.reqId === failed?.reqId && 'req' in l) as
      | { req?: { url?: string } }
      | undefined;
    expect(request?.req?.url).toMatch(/\/api\/public\/assistants\/[0-9a-f-]{36}\/messages$/);
    // No line names its request id twice (the incoming-request line's `req` object aside).
    for (const line of written.split('\n').filter((l) => l && !l.includes('"req":'))) {
      expect(line.match(/"reqId":/g)?.length ?? 0, line).toBeLessThanOrEqual(1);
    }
  });

  it('has a request id on every request line', () => {
    const requestLines = lines().filter((l) => 'req' in l || 'res' in l || 'reqId' in l);
    expect(requestLines.length).toBeGreaterThan(20);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toMatch(/^[0-9a-f-]{36}$/);
    // The client's own id is kept (a proxy's X-Request-Id ties its log to ours).
    return server.app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-req-42' } }).then((res) => {
      expect(res.statusCode).toBe(200);
      expect(lines().some((l) => l.reqId === 'proxy-req-42')).toBe(true);
    });
  });

  it('has none of the secrets it used in any line', () => {
    expect(written).toContain('telegram poller started');
    expect(written).toContain('"level":50'); // the provider's refusal was logged
    const used = {
      ...secrets,
      password,
      newPassword,
      wrongPassword,
      botToken,
      botTokenSecretPart: botToken.split(':')[1] ?? '',
      unknownBotToken,
      unknownBotTokenSecretPart: unknownBotToken.split(':')[1] ?? '',
      apiKey: API_KEY,
    };
    for (const [name, secret] of Object.entries(used)) {
      expect(secret.length, name).toBeGreaterThan(10);
      expect(written.includes(secret), `${name} is in the log`).toBe(false);
      // Nor URL-encoded (a query string, a path).
      expect(written.includes(encodeURIComponent(secret)), `${name} (encoded) is in the log`).toBe(false);
    }
  });
});
