import type { TelegramBotReply } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramBots } from '../src/infra/db/schema';
import { runtimeOf } from '../src/modules/telegram/runtime';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { startTelegramPeer, type TelegramPeer } from './helpers/telegram-peer';
import { createAssistant, upload } from './knowledge-helpers';

/**
 * How updates reach us: the webhook (an https PUBLIC_URL) with its secret token, and long
 * polling by exactly one of several instances sharing the database (the advisory lock).
 */
let peer: TelegramPeer;
beforeAll(async () => {
  peer = await startTelegramPeer();
});
afterAll(async () => {
  await peer?.close();
});

const KNOWLEDGE = 'Химчистка работает ежедневно с 9 до 21 часа. Чистка пуховика стоит 1500 рублей.';

async function setUp(server: TestServer, owner: TestOwner, token: string, username: string) {
  const assistantId = await createAssistant(server.app, owner.userId, 'Химчистка');
  expect((await upload(server.app, owner.token, assistantId, 'о нас.txt', Buffer.from(KNOWLEDGE))).statusCode).toBe(
    200,
  );
  await server.app.ctx.queue.drain();
  peer.addBot({ token, username });
  const headers = bearer(owner.token);
  expect(
    (await server.app.inject({ method: 'POST', url: `/telegram/toggle-telegram/${assistantId}?enable=true`, headers }))
      .statusCode,
  ).toBe(200);
  const res = await server.app.inject({
    method: 'POST',
    url: '/telegram/registerBot',
    headers,
    payload: { telegramToken: token, assistantId, isTgTrainer: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { assistantId, reply: json<TelegramBotReply>(res) };
}

const update = (updateId: number, chatId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    from: { id: chatId, is_bot: false, first_name: 'Иван' },
    chat: { id: chatId, type: 'private', first_name: 'Иван' },
    text,
  },
});

async function waitFor<T>(what: () => T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('webhook mode (an https PUBLIC_URL)', () => {
  let server: TestServer;
  let owner: TestOwner;
  beforeAll(async () => {
    server = await startTestServer({
      PUBLIC_URL: 'https://otklik.example',
      TELEGRAM_API_ROOT: peer.url,
      TELEGRAM_RECONCILE_MS: '200',
    });
    owner = await createOwner(server.app);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sets a webhook with a secret, refuses a wrong secret, answers a right one once per update_id', async () => {
    const token = `8100001:AAH${'w'.repeat(32)}`;
    const { assistantId } = await setUp(server, owner, token, 'hook_bot');
    const [row] = await server.app.ctx.db.select().from(telegramBots).where(eq(telegramBots.assistantId, assistantId));
    const hook = peer.webhookOf(token);
    expect(hook?.url).toBe(`https://otklik.example/api/telegram/webhook/${row?.id}`);
    expect(hook?.secret).toMatch(/^[\w-]{24,}$/);
    expect(row?.webhookSecret).toBe(hook?.secret);
    const url = `/api/telegram/webhook/${row?.id}`;
    const post = (secret: string | undefined, body: object) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
        payload: body,
      });

    for (const secret of [undefined, '', 'wrong', `${hook?.secret}x`]) {
      const res = await post(secret, update(1, 42, 'Когда вы работаете?'));
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe('Неверный секретный токен');
    }
    expect(peer.sent(token, 'sendMessage')).toHaveLength(0);
    const res = await post(hook?.secret, { message: 'без номера' });
    expect(res.statusCode).toBe(400);

    const first = await post(hook?.secret, update(10, 42, 'Когда вы работаете?'));
    expect(first.statusCode).toBe(200);
    // Telegram delivers it again (it did not see our 200 in time): dropped.
    expect((await post(hook?.secret, update(10, 42, 'Когда вы работаете?'))).statusCode).toBe(200);
    await waitFor(() => peer.sent(token, 'sendMessage')[0]);
    await server.app.ctx.queue.drain();
    const sent = peer.sent(token, 'sendMessage');
    expect(sent).toHaveLength(1);
    expect(String(sent[0]?.params.text)).toContain('9 до 21');
    // Nobody polls a bot that has a webhook.
    expect(peer.pollStats(token).calls).toBe(0);
  });
});

describe('the alerts bot in webhook mode', () => {
  let server: TestServer;
  let owner: TestOwner;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'https://otklik.example', TELEGRAM_API_ROOT: peer.url });
    owner = await createOwner(server.app);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gets a webhook of its own when its chat is found, and hears the owner through it', async () => {
    const token = `8100003:AAH${'h'.repeat(32)}`;
    peer.addBot({ token, username: 'hook_alerts_bot' });
    peer.setWebhook(token, 'https://old.example/hook');
    peer.pushUpdate(token, {
      message: {
        message_id: 1,
        date: 0,
        from: { id: 99, is_bot: false, first_name: 'Ольга' },
        chat: { id: 99, type: 'private' },
        text: 'hi',
      },
    });
    const assistantId = await createAssistant(server.app, owner.userId, 'Вебхук уведомлений');
    const found = await server.app.inject({
      url: `/telegram/${token}/assistant/${assistantId}`,
      headers: bearer(owner.token),
    });
    expect(json(found).message).not.toContain('ошибка');
    const toggled = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/notification/toggle-telegram?enable=true`,
      headers: bearer(owner.token),
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    const [row] = await server.app.ctx.db.select().from(telegramBots).where(eq(telegramBots.assistantId, assistantId));
    const hook = peer.webhookOf(token);
    expect(hook?.url).toBe(`https://otklik.example/api/telegram/webhook/${row?.id}`);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/telegram/webhook/${row?.id}`,
      headers: { 'x-telegram-bot-api-secret-token': hook?.secret ?? '' },
      payload: update(5, 99, 'что это за бот?'),
    });
    expect(res.statusCode).toBe(200);
    const [help] = await peer.waitForSent(token, 1, 'sendMessage');
    expect(String(help?.params.text)).toContain('Ответьте на уведомление');
  });
});

describe('two instances on one database', () => {
  let one: TestServer;
  let two: TestServer;
  let owner: TestOwner;
  beforeAll(async () => {
    one = await startTestServer({
      TELEGRAM_API_ROOT: peer.url,
      TELEGRAM_RECONCILE_MS: '150',
      TELEGRAM_POLL_TIMEOUT_S: '1',
    });
    two = await one.sibling();
    owner = await createOwner(one.app);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('polls each bot from one instance only, and the other takes over when it stops', async () => {
    const token = `8100002:AAH${'p'.repeat(32)}`;
    const { reply } = await setUp(one, owner, token, 'twins_bot');
    expect(reply.integration.state).toBe('connected');
    const [row] = await one.app.ctx.db.select().from(telegramBots).where(eq(telegramBots.username, 'twins_bot'));
    const botId = row?.id ?? '';
    await waitFor(() => peer.pollStats(token).now > 0 || undefined);
    // Several reconciliations of both instances later, still one poller, never two at once.
    await new Promise((r) => setTimeout(r, 1500));
    expect(peer.pollStats(token).maxConcurrent).toBe(1);
    peer.pushUpdate(token, { message: update(0, 77, 'Сколько стоит чистка пуховика?').message });
    await waitFor(() => peer.sent(token, 'sendMessage')[0]);
    await new Promise((r) => setTimeout(r, 300));
    expect(peer.sent(token, 'sendMessage')).toHaveLength(1);
    expect(String(peer.sent(token, 'sendMessage')[0]?.params.text)).toContain('1500');

    // The instance that polls stops (as on shutdown); the other one takes the bot over.
    const [poller, rest] = runtimeOf(one.app.ctx).polling(botId)
      ? [runtimeOf(one.app.ctx), runtimeOf(two.app.ctx)]
      : [runtimeOf(two.app.ctx), runtimeOf(one.app.ctx)];
    expect(poller.polling(botId)).toBe(true);
    expect(rest.polling(botId)).toBe(false);
    await poller.close();
    await waitFor(() => rest.polling(botId) || undefined);
    await waitFor(() => peer.pollStats(token).now > 0 || undefined);
    peer.pushUpdate(token, { message: update(1, 78, 'Когда вы работаете?').message });
    await waitFor(() => peer.sent(token, 'sendMessage')[1]);
    expect(String(peer.sent(token, 'sendMessage')[1]?.params.text)).toContain('9 до 21');
    expect(peer.pollStats(token).maxConcurrent).toBe(1);
  });
});
