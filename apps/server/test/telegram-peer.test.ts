import { autoRetry } from '@grammyjs/auto-retry';
import { Bot, GrammyError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramMessages } from '../src/modules/telegram/format';
import { startTelegramPeer, type TelegramPeer } from './helpers/telegram-peer';

/**
 * The loopback Bot API server answers grammY as Telegram does: the protocol peer the telegram
 * module's tests run against (TELEGRAM_API_ROOT).
 */
let peer: TelegramPeer;
beforeAll(async () => {
  peer = await startTelegramPeer();
});
afterAll(async () => {
  await peer?.close();
});

const botOf = (token: string) => new Bot(token, { client: { apiRoot: peer.url } });
const customer = (text: string) => ({
  message: {
    message_id: 1,
    date: Math.floor(Date.now() / 1000),
    chat: { id: 555, type: 'private', first_name: 'Иван' },
    from: { id: 555, is_bot: false, first_name: 'Иван', username: 'ivan_p' },
    text,
  },
});

describe('the loopback Bot API server', () => {
  it('knows its bots (getMe) and answers 401 for an unknown token', async () => {
    peer.addBot({ token: '111:AAA', username: 'otklik_test_bot' });
    expect((await botOf('111:AAA').api.getMe()).username).toBe('otklik_test_bot');
    const err = await botOf('999:ZZZ')
      .api.getMe()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GrammyError);
    expect((err as GrammyError).error_code).toBe(401);
  });

  it('refuses a text over 4,096 characters and HTML Telegram cannot parse, takes what format.ts makes', async () => {
    peer.addBot({ token: '222:BBB' });
    const api = botOf('222:BBB').api;
    const long = await api.sendMessage(555, 'я'.repeat(4097)).catch((e: GrammyError) => e);
    expect((long as GrammyError).description).toBe('Bad Request: message is too long');
    const bad = await api.sendMessage(555, '<script>x</script>', { parse_mode: 'HTML' }).catch((e: GrammyError) => e);
    expect((bad as GrammyError).description).toMatch(/^Bad Request: can't parse entities/);
    for (const piece of telegramMessages(
      `<script>alert(1)</script> [сайт](https://example.ru) ${'Текст. '.repeat(800)}`,
    ))
      await api.sendMessage(555, piece, { parse_mode: 'HTML' });
    expect(peer.sent('222:BBB', 'sendMessage').length).toBeGreaterThan(1);
  });

  it('delivers updates to a long-polling bot; another poller ends its polling with 409', async () => {
    peer.addBot({ token: '333:CCC' });
    const bot = botOf('333:CCC');
    bot.on('message:text', (ctx) => ctx.reply(`Вы написали: ${ctx.message.text}`));
    let onStarted = () => {};
    const started = new Promise<void>((resolve) => {
      onStarted = resolve;
    });
    const polling = bot.start({ timeout: 2, onStart: () => onStarted() });
    await started;
    peer.pushUpdate('333:CCC', customer('Привет'));
    const deadline = Date.now() + 5000;
    while (peer.sent('333:CCC', 'sendMessage').length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(peer.sent('333:CCC', 'sendMessage')[0]?.params).toMatchObject({ chat_id: 555, text: 'Вы написали: Привет' });
    // Someone else starts polling the same bot: ours is the one terminated.
    await new Promise((r) => setTimeout(r, 50));
    const other = botOf('333:CCC').api.getUpdates({ timeout: 1 });
    const err = await polling.then(() => undefined).catch((e: unknown) => e);
    expect((err as GrammyError).error_code).toBe(409);
    expect(Array.isArray(await other)).toBe(true);
  });

  it('answers 429 with retry_after, which grammY auto-retry waits out', async () => {
    peer.addBot({ token: '444:DDD' });
    const bot = botOf('444:DDD');
    bot.api.config.use(autoRetry());
    peer.rateLimitNext('sendMessage', 1);
    const started = Date.now();
    await bot.api.sendMessage(555, 'После паузы');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(peer.sent('444:DDD', 'sendMessage')).toHaveLength(1);
  });
});
