import { Writable } from 'node:stream';
import { type Assistant, TELEGRAM_TEXTS, type TelegramBotReply } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctedAnswers, telegramBots, visitors } from '../src/infra/db/schema';
import { CUSTOMER_TEXTS, TRAINER_TEXTS } from '../src/modules/telegram/texts';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { type SentCall, startTelegramPeer, type TelegramPeer } from './helpers/telegram-peer';
import { createAssistant, upload } from './knowledge-helpers';

/**
 * The Telegram bots against a Bot API server on loopback (test/helpers/telegram-peer), through
 * the real server: registration, the customer bot on the conversation pipeline, the operator's
 * replies, the trainer, long polling and the webhook.
 */
let peer: TelegramPeer;
let server: TestServer;
let owner: TestOwner;
let other: TestOwner;
const logLines: string[] = [];

const KNOWLEDGE = [
  'Химчистка «Снежинка» работает ежедневно с 9 до 21 часа.',
  'Чистка пуховика стоит 1500 рублей и занимает три дня.',
  'Пример кода для сайта: <script>alert(1)</script> вставлять не нужно, мы всё делаем сами & бесплатно.',
].join('\n\n');

let tokenSeq = 0;
const newToken = () => `${7_000_000 + ++tokenSeq}:AAH${'x'.repeat(30)}${tokenSeq}`;

beforeAll(async () => {
  peer = await startTelegramPeer();
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  server = await startTestServer(
    {
      TELEGRAM_API_ROOT: peer.url,
      TELEGRAM_POLL_TIMEOUT_S: '2',
      TELEGRAM_RECONCILE_MS: '200',
      LOG_LEVEL: 'info',
    },
    { logStream },
  );
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

const inject = (method: 'GET' | 'POST', url: string, token = owner.token, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

const toggle = (assistantId: string, enable: boolean, trainer = false, token = owner.token) =>
  inject('POST', `/telegram/toggle-telegram/${assistantId}?enable=${enable}&trainer=${trainer}`, token);

const register = (assistantId: string, telegramToken: string, isTgTrainer = false, token = owner.token) =>
  inject('POST', '/telegram/registerBot', token, { telegramToken, assistantId, isTgTrainer });

async function assistantWithKnowledge(name: string): Promise<string> {
  const id = await createAssistant(server.app, owner.userId, name);
  expect((await upload(server.app, owner.token, id, 'прайс.txt', Buffer.from(KNOWLEDGE))).statusCode).toBe(200);
  await server.app.ctx.queue.drain();
  return id;
}

/** An assistant with a connected customer bot; the bot's token. */
async function connectedBot(name: string, assistantId?: string): Promise<{ assistantId: string; token: string }> {
  const id = assistantId ?? (await assistantWithKnowledge(name));
  const token = newToken();
  peer.addBot({ token, username: `${name.toLowerCase()}_bot` });
  expect((await toggle(id, true)).statusCode).toBe(200);
  const res = await register(id, token);
  expect(res.statusCode, res.body).toBe(200);
  return { assistantId: id, token };
}

let messageSeq = 100;
const person = (chatId: number) => ({
  id: chatId,
  is_bot: false,
  first_name: 'Анна',
  last_name: 'Петрова',
  username: 'anna_p',
});

/** A customer writes to the bot in a private chat. */
function say(token: string, chatId: number, text: string, extra: Record<string, unknown> = {}) {
  return peer.pushUpdate(token, {
    message: {
      message_id: ++messageSeq,
      date: Math.floor(Date.now() / 1000),
      from: person(chatId),
      chat: { id: chatId, type: 'private', first_name: 'Анна', last_name: 'Петрова', username: 'anna_p' },
      text,
      ...extra,
    },
  });
}

const textsTo = (token: string, chatId: number) =>
  peer
    .sent(token, 'sendMessage')
    .filter((c) => Number(c.params.chat_id) === chatId)
    .map((c) => String(c.params.text));

async function waitForTexts(token: string, chatId: number, count: number, timeoutMs = 8000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = textsTo(token, chatId);
    if (texts.length >= count) return texts;
    if (Date.now() > deadline)
      throw new Error(`chat ${chatId} got ${texts.length} messages, expected ${count}: ${JSON.stringify(texts)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const integrationOf = async (assistantId: string, trainer = false) =>
  json<Assistant>(await inject('GET', `/api/assistant/${assistantId}`)).integrationTg.find(
    (i) => i.isTgTrainer === trainer,
  );

describe('registering a bot (spec §4, §7)', () => {
  it('refuses what cannot be registered, each with a Russian message', async () => {
    const assistantId = await createAssistant(server.app, owner.userId, 'Регистрация');
    const token = newToken();
    peer.addBot({ token, username: 'reg_bot' });

    expect((await server.app.inject({ method: 'POST', url: '/telegram/registerBot', payload: {} })).statusCode).toBe(
      401,
    );
    // The switch must be on first.
    let res = await register(assistantId, token);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.switchOff);
    expect((await toggle(assistantId, true)).statusCode).toBe(200);

    res = await register(assistantId, '   ');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Введите токен бота');
    res = await inject('POST', '/telegram/registerBot', owner.token, { assistantId });
    expect(json(res).message).toBe('Введите токен бота');
    res = await register(assistantId, 'не токен');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.tokenMalformed);
    // Telegram does not know the token: 401 from getMe.
    res = await register(assistantId, newToken());
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.tokenRejected);
    expect(json(res).message).toContain('ошибка');
    res = await inject('POST', '/telegram/registerBot', owner.token, { telegramToken: token, assistantId: 'x' });
    expect(res.statusCode).toBe(400);
    // Another owner's assistant is not found, and nothing of it changes.
    res = await register(assistantId, token, false, other.token);
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Ассистент не найден');
    expect((await toggle(assistantId, false, false, other.token)).statusCode).toBe(404);
    res = await inject('POST', `/telegram/toggle-telegram/${assistantId}?enable=maybe`);
    expect(res.statusCode).toBe(400);

    res = await register(assistantId, token);
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<TelegramBotReply>(res);
    expect(reply.message).toBe(TELEGRAM_TEXTS.registered('reg_bot'));
    expect(reply.integration).toMatchObject({
      enableTelegram: true,
      username: 'reg_bot',
      state: 'connected',
      isTgTrainer: false,
    });
    expect(res.body).not.toContain(token);
    expect(reply.integration.telegramToken).toBe(`${token.split(':')[0]}:…${token.slice(-4)}`);

    // The same bot for another assistant (of anyone) is refused while it serves this one.
    const second = await createAssistant(server.app, other.userId, 'Чужой');
    expect((await toggle(second, true, false, other.token)).statusCode).toBe(200);
    res = await register(second, token, false, other.token);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.tokenTaken);
    // …and as this assistant's trainer too.
    expect((await toggle(assistantId, true, true)).statusCode).toBe(200);
    res = await register(assistantId, token, true);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.tokenIsOtherRole);

    // The full assistant shows the bot, masked.
    const assistant = await inject('GET', `/api/assistant/${assistantId}`);
    expect(assistant.body).not.toContain(token);
    expect(await integrationOf(assistantId)).toMatchObject({ username: 'reg_bot', state: 'connected' });

    // Switched off, the bot is free for another assistant.
    expect(json<TelegramBotReply>(await toggle(assistantId, false)).message).toBe(TELEGRAM_TEXTS.disabled);
    res = await register(second, token, false, other.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await integrationOf(assistantId)).toMatchObject({ username: null, telegramToken: null });
  });

  it('notes a webhook of another service it takes over, and Telegram being down is a 502', async () => {
    const assistantId = await createAssistant(server.app, owner.userId, 'Вебхук');
    const token = newToken();
    peer.addBot({ token, username: 'hook_bot' });
    peer.setWebhook(token, 'https://old-service.example/tg/hook');
    await toggle(assistantId, true);
    peer.dropNext('getMe', 1, token);
    let res = await register(assistantId, token);
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.telegramDown);
    res = await register(assistantId, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<TelegramBotReply>(res).integration.previousWebhook).toBe('https://old-service.example/tg/hook');
    // Embedded mode polls: the foreign webhook is gone.
    expect(peer.webhookOf(token)).toBeNull();
  });
});

describe('the customer bot', () => {
  let assistantId: string;
  let token: string;

  beforeAll(async () => {
    ({ assistantId, token } = await connectedBot('Снежинка'));
  });

  it('answers from the uploaded file, as the widget does; the visitor is a Telegram one in the chats list', async () => {
    say(token, 501, 'Сколько стоит чистка пуховика?');
    const [answer] = await waitForTexts(token, 501, 1);
    expect(answer).toContain('1500 рублей');
    const typing = peer.sent(token, 'sendChatAction').filter((c) => Number(c.params.chat_id) === 501);
    expect(typing[0]?.params.action).toBe('typing');

    const chats = json<
      { id: string; name: string; type: string; firstName: string; lastName: string; tgUsername: string }[]
    >(await inject('GET', `/api/assistant/${assistantId}/chats`));
    const visitor = chats.find((c) => c.tgUsername === 'anna_p');
    expect(visitor).toMatchObject({ firstName: 'Анна', lastName: 'Петрова', name: 'Анна Петрова' });
    expect(visitor?.type).toMatch(/telegram/i);
    const history = json<{ role: string; content: string }[]>(
      await inject('GET', `/api/assistant/messages?assistantId=${assistantId}&visitorId=${visitor?.id}`),
    );
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(history[0]?.content).toBe('Сколько стоит чистка пуховика?');
  });

  it('/start greets with the widget greeting and offers the suggested questions', async () => {
    const [widget] = await server.app.ctx.database.query<{ widget_id: string }>(
      'select widget_id from assistants where id = $1',
      [assistantId],
    );
    await server.app.ctx.database.query(
      `update widgets set greeting = 'Добрый день! Я помощник «Снежинки».', predefined_questions = $2::jsonb where id = $1`,
      [widget?.widget_id, JSON.stringify(['Какие цены?', 'Когда вы работаете?'])],
    );
    say(token, 502, '/start');
    await waitForTexts(token, 502, 1);
    const call = peer.sent(token, 'sendMessage').find((c) => Number(c.params.chat_id) === 502) as SentCall;
    expect(call.params.text).toBe('Добрый день! Я помощник «Снежинки».');
    expect(call.params.reply_markup).toMatchObject({
      keyboard: [[{ text: 'Какие цены?' }], [{ text: 'Когда вы работаете?' }]],
    });
  });

  it('escapes HTML of the knowledge: Telegram gets &lt;script&gt;, never a tag', async () => {
    say(token, 503, 'Нужно ли вставлять код на сайт?');
    const [answer] = await waitForTexts(token, 503, 1);
    expect(answer).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answer).toContain('&amp;');
    expect(answer).not.toContain('<script>');
    const call = peer.sent(token, 'sendMessage').find((c) => Number(c.params.chat_id) === 503);
    expect(call?.params.parse_mode).toBe('HTML');
  });

  it('sends an answer as plain text when Telegram refuses its HTML', async () => {
    peer.refuseHtmlNext(token);
    say(token, 510, 'Сколько стоит чистка пуховика?');
    const [answer] = await waitForTexts(token, 510, 1);
    expect(answer).toContain('1500 рублей');
    const call = peer.sent(token, 'sendMessage').find((c) => Number(c.params.chat_id) === 510);
    expect(call?.params.parse_mode).toBeUndefined();
  });

  it('waits out a 429 (retry_after) and sends the answer then', async () => {
    peer.rateLimitNext('sendMessage', 1);
    const started = Date.now();
    say(token, 511, 'Сколько стоит чистка пуховика?');
    const [answer] = await waitForTexts(token, 511, 1);
    expect(answer).toContain('1500 рублей');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('fires a trigger: its own answer instead of the bot', async () => {
    const res = await inject('POST', `/api/v1/assistant/${assistantId}/triggers`, owner.token, [
      {
        name: 'Возврат',
        action: 'CUSTOM_ANSWER_AND_CONTINUE',
        stopWords: ['возврат'],
        customAnswer: 'Возвраты оформляет менеджер: 8 800 000-00-00.',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    say(token, 504, 'Как оформить возврата денег?');
    expect(await waitForTexts(token, 504, 1)).toEqual(['Возвраты оформляет менеджер: 8 800 000-00-00.']);
  });

  it('pauses for the operator, whose replies reach Telegram at once; the phone comes by the contact button', async () => {
    say(token, 505, 'Здравствуйте');
    await waitForTexts(token, 505, 1);
    const visitor = await until(async () => {
      const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.externalId, '505'));
      return row;
    });
    let res = await server.app.inject({
      method: 'PUT',
      url: `/api/visitors/${visitor.id}/assistant/${assistantId}/pause?pause=true`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    say(token, 505, 'Позовите человека, пожалуйста');
    // Paused: the bot is silent.
    await new Promise((r) => setTimeout(r, 600));
    expect(textsTo(token, 505)).toHaveLength(1);

    res = await inject('POST', `/api/assistant/messages/${assistantId}?visitorId=${visitor.id}`, owner.token, {
      role: 'assistant',
      content: 'Здравствуйте! Я Мария, администратор. Чем помочь?',
    });
    expect(res.statusCode, res.body).toBe(200);
    const texts = await waitForTexts(token, 505, 2);
    expect(texts[1]).toBe('Здравствуйте! Я Мария, администратор. Чем помочь?');

    res = await inject(
      'POST',
      `/api/assistant/messages/${assistantId}/phone-request?visitorId=${visitor.id}`,
      owner.token,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    await waitForTexts(token, 505, 3);
    const ask = peer.sent(token, 'sendMessage').filter((c) => Number(c.params.chat_id) === 505)[2] as SentCall;
    expect(ask.params.text).toBe(CUSTOMER_TEXTS.phoneRequest);
    expect(ask.params.reply_markup).toMatchObject({ keyboard: [[{ request_contact: true }]] });

    say(token, 505, '', {
      text: undefined,
      contact: { phone_number: '+79991234567', first_name: 'Анна', user_id: 505 },
    });
    expect((await waitForTexts(token, 505, 4))[3]).toBe(CUSTOMER_TEXTS.phoneSaved);
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, visitor.id));
    expect(row?.phone).toBe('+79991234567');
  });

  it('splits a long answer below 4,096 characters at sentence ends', async () => {
    const long = 'Пуховик чистим бережно, с отдельной сушкой каждого изделия. '.repeat(150).trim();
    const res = await inject('POST', `/api/assistant/${assistantId}/correct-answers`, owner.token, {
      question: 'Как вы чистите пуховики?',
      originalAnswer: '',
      correctAnswer: long,
      synonyms: '',
      isCorrect: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    say(token, 506, 'Как вы чистите пуховики?');
    const pieces = await waitForTexts(token, 506, 3);
    for (const p of pieces) {
      expect(p.length).toBeLessThan(4096);
      expect(p.endsWith('изделия.')).toBe(true);
    }
    expect(pieces.join(' ')).toBe(long);
  });

  it('keeps photos and documents as attachments of the conversation', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% договор\n');
    const fileId = peer.addFile(token, pdf);
    say(token, 507, '', {
      text: undefined,
      caption: 'Вот договор',
      document: { file_id: fileId, file_unique_id: 'u1', file_name: 'договор.pdf', file_size: pdf.length },
    });
    await waitForTexts(token, 507, 1);
    const [visitor] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.externalId, '507'));
    const history = json<{ role: string; content: string; attachments?: { name: string }[] }[]>(
      await inject('GET', `/api/assistant/messages?assistantId=${assistantId}&visitorId=${visitor?.id}`),
    );
    expect(history[0]?.content).toContain('Вот договор');
    expect(history[0]?.content).toContain('договор.pdf');
  });

  it('in a group answers only when mentioned or replied to', async () => {
    const group = { id: -100500, type: 'supergroup', title: 'Клиенты Снежинки' };
    const base = { date: 0, from: person(508), chat: group };
    peer.pushUpdate(token, { message: { ...base, message_id: ++messageSeq, text: 'Сколько стоит чистка пуховика?' } });
    peer.pushUpdate(token, {
      message: { ...base, message_id: ++messageSeq, text: '@снежинка_bot сколько стоит чистка пуховика?' },
    });
    const [answer] = await waitForTexts(token, -100500, 1);
    expect(answer).toContain('1500');
    await new Promise((r) => setTimeout(r, 400));
    expect(textsTo(token, -100500)).toHaveLength(1);
  });

  it('drops an update delivered twice and sends again what failed to reach Telegram', async () => {
    peer.dropNext('sendMessage', 2, token);
    const message = {
      message_id: ++messageSeq,
      date: 0,
      from: person(509),
      chat: { id: 509, type: 'private', first_name: 'Анна' },
      text: 'Во сколько вы открываетесь?',
    };
    const id = peer.pushUpdate(token, { message });
    const row = await until(async () => {
      const [b] = await server.app.ctx.db.select().from(telegramBots).where(eq(telegramBots.assistantId, assistantId));
      return b;
    });
    // The same update again (as a webhook retry or a restart would deliver it).
    await until(
      async () =>
        (
          await server.app.ctx.database.query(
            'select 1 from telegram_updates where update_id = $1 and tg_bot_id = $2',
            [id, row.tgBotId],
          )
        ).length > 0,
    );
    const accepted = await (await import('../src/modules/telegram/runtime'))
      .runtimeOf(server.app.ctx)
      .accept({ id: row.id, tgBotId: row.tgBotId }, { update_id: id, message } as never);
    expect(accepted).toBe(false);
    const [answer] = await waitForTexts(token, 509, 1, 10_000);
    expect(answer).toContain('9 до 21');
    await new Promise((r) => setTimeout(r, 500));
    expect(textsTo(token, 509)).toHaveLength(1);
  });
});

describe('the bot state (409, 401) and the logs', () => {
  it('a second poller elsewhere (409) and a revoked token (401) stop ours and show in the tab', async () => {
    const { assistantId, token } = await connectedBot('Конфликт');
    await until(() => peer.pollStats(token).now > 0);
    // Someone else starts polling the same bot: Telegram ends our request with 409.
    void fetch(`${peer.url}/bot${token}/getUpdates?timeout=0`);
    await until(async () => (await integrationOf(assistantId))?.state === 'conflict');
    await new Promise((r) => setTimeout(r, 300));
    expect(peer.pollStats(token).now).toBe(0);

    // Switched off and on: polled again; then the token is revoked.
    await toggle(assistantId, false);
    await toggle(assistantId, true);
    expect((await integrationOf(assistantId))?.state).toBe('connected');
    await until(() => peer.pollStats(token).now > 0);
    peer.revoke(token);
    await until(async () => (await integrationOf(assistantId))?.state === 'unauthorized');
  });

  it('removes a webhook of its own left from an https run, and keeps polling', async () => {
    const { assistantId, token } = await connectedBot('Старый');
    const [row] = await server.app.ctx.db.select().from(telegramBots).where(eq(telegramBots.assistantId, assistantId));
    await until(() => peer.pollStats(token).now > 0);
    peer.setWebhook(token, `https://old.otklik.example/api/telegram/webhook/${row?.id}`);
    await until(() => peer.webhookOf(token) === null);
    say(token, 520, 'Сколько стоит чистка пуховика?');
    expect((await waitForTexts(token, 520, 1))[0]).toContain('1500');
    expect((await integrationOf(assistantId))?.state).toBe('connected');
  });

  it('a webhook set by another service stops polling and shows in the tab', async () => {
    const { assistantId, token } = await connectedBot('Чужойхук');
    await until(() => peer.pollStats(token).now > 0);
    peer.setWebhook(token, 'https://another-service.example/hook');
    await until(async () => (await integrationOf(assistantId))?.state === 'webhook');
    expect(peer.webhookOf(token)?.url).toBe('https://another-service.example/hook');
  });

  it('never writes a token to the log', async () => {
    const { token } = await connectedBot('Логи');
    await inject('GET', `/telegram/${token}/assistant/${await createAssistant(server.app, owner.userId, 'x')}`);
    peer.dropNext('getUpdates', 3, token);
    await new Promise((r) => setTimeout(r, 800));
    const all = logLines.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(all).toContain('telegram poller started');
    for (const secret of [token, token.split(':')[1] ?? '']) expect(all).not.toContain(secret);
  });
});

describe('the notification chat (GET telegram/{token}/assistant/{id})', () => {
  it('finds the chat that last wrote to the bot; a failure says ошибка', async () => {
    const assistantId = await createAssistant(server.app, owner.userId, 'Уведомления');
    const token = newToken();
    peer.addBot({ token, username: 'notify_bot' });
    let res = await inject('GET', `/telegram/${token}/assistant/${assistantId}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.chatIdNotFound);
    expect(json(res).message).toContain('ошибка');
    say(token, 777, 'привет');
    res = await inject('GET', `/telegram/${token}/assistant/${assistantId}`);
    expect(json(res).message).toBe(TELEGRAM_TEXTS.chatIdFound('Анна Петрова (@anna_p)'));
    expect(json<Assistant>(await inject('GET', `/api/assistant/${assistantId}`)).notification.chatId).toBe('777');
    res = await inject('GET', `/telegram/${newToken()}/assistant/${assistantId}`);
    expect(json(res).message).toContain('ошибка');
    expect((await inject('GET', `/telegram/${token}/assistant/${assistantId}`, other.token)).statusCode).toBe(404);
  });
});

describe('the trainer bot', () => {
  it('binds the chat by its one-time link, posts answers with Верно/Неверно, and a correction is used next time', async () => {
    const { assistantId, token } = await connectedBot('Тренируемый');
    const trainerToken = newToken();
    peer.addBot({ token: trainerToken, username: 'trainer_bot' });
    expect((await toggle(assistantId, true, true)).statusCode).toBe(200);
    // Nobody wrote to the trainer yet: the spec's 'chatId is null', and the bot waits for its link.
    const res = await register(assistantId, trainerToken, true);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('chatId is null');
    const waiting = await integrationOf(assistantId, true);
    expect(waiting).toMatchObject({ state: 'awaiting_chat', username: 'trainer_bot' });
    const code = new URL(waiting?.bindLink ?? '').searchParams.get('start');
    expect(waiting?.bindLink).toMatch(/^https:\/\/t\.me\/trainer_bot\?start=/);

    // A stranger's /start without the code binds nothing.
    say(trainerToken, 900, '/start');
    expect((await waitForTexts(trainerToken, 900, 1))[0]).toBe(TRAINER_TEXTS.notBound);
    peer.pushUpdate(trainerToken, {
      message: {
        message_id: ++messageSeq,
        date: 0,
        from: { id: 901, is_bot: false, first_name: 'Ольга', username: 'olga_admin' },
        chat: { id: 901, type: 'private', first_name: 'Ольга', username: 'olga_admin' },
        text: `/start ${code}`,
      },
    });
    await waitForTexts(trainerToken, 901, 1);
    expect(await integrationOf(assistantId, true)).toMatchObject({
      state: 'connected',
      trainerChat: 'Ольга (@olga_admin)',
      bindLink: null,
    });

    // The customer asks; the trainer chat gets question and answer with the two buttons.
    say(token, 601, 'Когда вы работаете?');
    await waitForTexts(token, 601, 1);
    const [post] = await waitForTexts(trainerToken, 901, 2).then(() =>
      peer
        .sent(trainerToken, 'sendMessage')
        .filter((c) => Number(c.params.chat_id) === 901)
        .slice(1),
    );
    expect(String(post?.params.text)).toContain('Когда вы работаете?');
    const markup = post?.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] };
    const keyboard = markup.inline_keyboard[0];
    expect(keyboard?.map((b) => b.text)).toEqual(['Верно', 'Неверно']);

    // A button pressed in another chat does nothing.
    const press = (chatId: number, data: string) =>
      peer.pushUpdate(trainerToken, {
        callback_query: {
          id: `cb${++messageSeq}`,
          from: { id: chatId, is_bot: false, first_name: 'Ольга' },
          chat_instance: 'x',
          data,
          message: { message_id: 2, date: 0, chat: { id: chatId, type: 'private' }, text: 'пост' },
        },
      });
    press(902, keyboard?.[1]?.callback_data ?? '');
    await peer.waitForSent(trainerToken, 1, 'answerCallbackQuery');
    expect(peer.sent(trainerToken, 'answerCallbackQuery')[0]?.params.text).toBe(TRAINER_TEXTS.notThisChat);

    press(901, keyboard?.[1]?.callback_data ?? '');
    const prompt = (await waitForTexts(trainerToken, 901, 3))[2];
    expect(prompt).toBe(TRAINER_TEXTS.prompt('Когда вы работаете?'));
    const promptCall = peer.sent(trainerToken, 'sendMessage').filter((c) => Number(c.params.chat_id) === 901)[2];
    expect(promptCall?.params.reply_markup).toMatchObject({ force_reply: true });
    // The peer numbers a bot's messages from 1 in the order sent.
    const promptId = peer.sent(trainerToken, 'sendMessage').findIndex((c) => c.params.text === prompt) + 1;
    peer.pushUpdate(trainerToken, {
      message: {
        message_id: ++messageSeq,
        date: 0,
        from: { id: 901, is_bot: false, first_name: 'Ольга' },
        chat: { id: 901, type: 'private' },
        text: 'Мы работаем без выходных с 8 утра до 22 вечера.',
        reply_to_message: { message_id: promptId, date: 0, chat: { id: 901, type: 'private' }, text: prompt },
      },
    });
    expect((await waitForTexts(trainerToken, 901, 4))[3]).toBe(TRAINER_TEXTS.savedCorrection);
    const [saved] = await server.app.ctx.db
      .select()
      .from(correctedAnswers)
      .where(eq(correctedAnswers.assistantId, assistantId));
    expect(saved).toMatchObject({
      question: 'Когда вы работаете?',
      correctAnswer: 'Мы работаем без выходных с 8 утра до 22 вечера.',
      isCorrect: false,
    });

    // The customer bot answers with it from the next question on.
    say(token, 602, 'Когда вы работаете?');
    expect((await waitForTexts(token, 602, 1))[0]).toBe('Мы работаем без выходных с 8 утра до 22 вечера.');
  });

  it('binds the chat that last wrote (getUpdates) at registration, and Верно stores a right answer', async () => {
    const { assistantId, token } = await connectedBot('Верный');
    const trainerToken = newToken();
    peer.addBot({ token: trainerToken, username: 'trainer2_bot' });
    await toggle(assistantId, true, true);
    say(trainerToken, 910, 'Привет, я тренер');
    const res = await register(assistantId, trainerToken, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<TelegramBotReply>(res).integration.trainerChat).toBe('Анна Петрова (@anna_p)');

    say(token, 611, 'Сколько стоит чистка пуховика?');
    await waitForTexts(token, 611, 1);
    const post = await until(() =>
      peer
        .sent(trainerToken, 'sendMessage')
        .find((c) => String(c.params.text).includes('Сколько стоит чистка пуховика?')),
    );
    const data = (post.params.reply_markup as { inline_keyboard: { callback_data: string }[][] })
      .inline_keyboard[0]?.[0]?.callback_data;
    peer.pushUpdate(trainerToken, {
      callback_query: {
        id: 'cb-ok',
        from: { id: 910, is_bot: false, first_name: 'Анна' },
        chat_instance: 'x',
        data,
        message: { message_id: 7, date: 0, chat: { id: 910, type: 'private' }, text: 'пост' },
      },
    });
    await peer.waitForSent(trainerToken, 1, 'answerCallbackQuery');
    expect(peer.sent(trainerToken, 'answerCallbackQuery')[0]?.params.text).toBe(TRAINER_TEXTS.savedCorrect);
    const [saved] = await until(async () => {
      const rows = await server.app.ctx.db
        .select()
        .from(correctedAnswers)
        .where(eq(correctedAnswers.assistantId, assistantId));
      return rows.length ? rows : undefined;
    });
    expect(saved?.isCorrect).toBe(true);
    expect(saved?.correctAnswer).toContain('1500');
    await peer.waitForSent(trainerToken, 1, 'editMessageReplyMarkup');
  });
});
