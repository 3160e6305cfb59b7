import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramPeer, type TelegramPeer } from '../apps/server/test/helpers/telegram-peer';
import { hasChromium, launchBrowser, SHOTS_DIR, VIEWPORTS } from './helpers/browser';
import { FLOWER_SHOP_KNOWLEDGE, type SeededAssistant, seedAssistant } from './helpers/embed';
import { type RunningServer, startServer } from './helpers/server';

if (!hasChromium) console.log('e2e пропущены: не найден /usr/bin/chromium (установите пакет chromium)');

const BOT_TOKEN = '7012345678:AAHflowers_customer_bot_token_0001';
const TRAINER_TOKEN = '7012345679:AAHflowers_trainer_bot_token_00002';
const QUESTION = 'Сколько стоит доставка букета по Москве?';
const OPERATOR_TEXT = 'Здравствуйте! Я Мария, администратор. Привезём букет сегодня к шести вечера.';
const CORRECTED = 'Доставка по Москве в пределах МКАД стоит 400 рублей, курьер приезжает за два часа.';
const WAIT = { timeout: 10_000 };

/**
 * The owner connects a Telegram bot in the browser (against the Bot API server on loopback), a
 * customer converses in Telegram, the owner sees it live and answers, and a trainer corrects an
 * answer that the bot then gives.
 */
describe.skipIf(!hasChromium)('Telegram: registration in the cabinet, a customer, the operator, the trainer', () => {
  let peer: TelegramPeer;
  let server: RunningServer;
  let browser: Browser;
  let seeded: SeededAssistant;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  let messageId = 1;

  beforeAll(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    peer = await startTelegramPeer();
    peer.addBot({ token: BOT_TOKEN, username: 'romashka_flowers_bot', firstName: 'Ромашка' });
    peer.addBot({ token: TRAINER_TOKEN, username: 'romashka_trainer_bot', firstName: 'Тренер Ромашки' });
    server = await startServer({
      TELEGRAM_API_ROOT: peer.url,
      TELEGRAM_POLL_TIMEOUT_S: '2',
      TELEGRAM_RECONCILE_MS: '500',
    });
    seeded = await seedAssistant(server.url, FLOWER_SHOP_KNOWLEDGE);
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'ru-RU', viewport: VIEWPORTS.desktop });
    await context.addInitScript((t) => localStorage.setItem('token', t), seeded.token);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await peer?.close();
  });

  const customerSays = (text: string, chatId = 4242) =>
    peer.pushUpdate(BOT_TOKEN, {
      message: {
        message_id: messageId++,
        date: Math.floor(Date.now() / 1000),
        from: { id: chatId, is_bot: false, first_name: 'Ирина', last_name: 'Соколова', username: 'irina_s' },
        chat: { id: chatId, type: 'private', first_name: 'Ирина', last_name: 'Соколова', username: 'irina_s' },
        text,
      },
    });
  const textsTo = (token: string, chatId: number) =>
    peer
      .sent(token, 'sendMessage')
      .filter((c) => Number(c.params.chat_id) === chatId)
      .map((c) => String(c.params.text));
  async function nthText(token: string, chatId: number, n: number): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const texts = textsTo(token, chatId);
      if (texts.length >= n) return texts[n - 1] ?? '';
      if (Date.now() > deadline)
        throw new Error(`chat ${chatId}: ${texts.length} of ${n} messages: ${JSON.stringify(texts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('registers the customer bot from the integration tab', async () => {
    await page.goto(`${server.url}/dashboard/assistants/${seeded.assistantId}`);
    await page.getByRole('tab', { name: 'Интеграция' }).click();
    const block = page.getByRole('region', { name: 'Телеграм-бот', exact: true });
    const tokenField = block.getByLabel('Токен бота', { exact: true });
    await expect.poll(() => tokenField.isDisabled(), WAIT).toBe(true);
    await block.getByRole('switch', { name: 'Интеграция с Телеграмом' }).click();
    await expect.poll(() => tokenField.isEnabled(), WAIT).toBe(true);
    await block.getByRole('button', { name: 'Интегрировать' }).click();
    await expect.poll(() => block.getByText('Введите токен бота').count(), WAIT).toBeGreaterThan(0);
    await tokenField.fill(BOT_TOKEN);
    await block.getByRole('button', { name: 'Интегрировать' }).click();
    await expect
      .poll(() => page.getByText('Бот @romashka_flowers_bot подключён', { exact: false }).count(), WAIT)
      .toBeGreaterThan(0);
    await expect.poll(() => block.getByText('Работает').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => block.getByRole('link', { name: /@romashka_flowers_bot/ }).count(), WAIT).toBe(1);
    // The token is never shown whole.
    expect(await page.content()).not.toContain(BOT_TOKEN);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'telegram-integration-desktop.png'), fullPage: true });
  });

  it('answers the customer in Telegram; the owner sees the conversation live and answers', async () => {
    customerSays('/start');
    expect(await nthText(BOT_TOKEN, 4242, 1)).toContain('Привет');
    customerSays(QUESTION);
    expect(await nthText(BOT_TOKEN, 4242, 2)).toMatch(/доставк/i);

    await page.goto(`${server.url}/dashboard/assistants/${seeded.assistantId}/chats`);
    await expect.poll(() => page.getByText('Ирина Соколова').count(), WAIT).toBeGreaterThan(0);
    await page.getByText('Ирина Соколова').first().click();
    await expect.poll(() => page.getByRole('link', { name: /irina_s/ }).count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(QUESTION).count(), WAIT).toBeGreaterThan(0);

    // A new message arrives live, without a reload.
    customerSays('А можно оплатить картой курьеру?');
    await expect.poll(() => page.getByText('А можно оплатить картой курьеру?').count(), WAIT).toBeGreaterThan(0);
    await nthText(BOT_TOKEN, 4242, 3);

    const input = page.getByPlaceholder('Введите сообщение...');
    await input.fill(OPERATOR_TEXT);
    await input.press('Enter');
    expect(await nthText(BOT_TOKEN, 4242, 4)).toBe(OPERATOR_TEXT);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'telegram-chats-desktop.png') });
  });

  it('binds a trainer by its link; a correction made in Telegram is what the bot says next', async () => {
    await page.goto(`${server.url}/dashboard/assistants/${seeded.assistantId}`);
    await page.getByRole('tab', { name: 'Интеграция' }).click();
    const block = page.getByRole('region', { name: 'Бот-тренер', exact: true });
    await block.getByRole('switch', { name: 'Бот-тренер' }).click();
    const tokenField = block.getByLabel('Токен бота-тренера', { exact: true });
    await expect.poll(() => tokenField.isEnabled(), WAIT).toBe(true);
    await tokenField.fill(TRAINER_TOKEN);
    await block.getByRole('button', { name: 'Интегрировать' }).click();
    await expect.poll(() => page.getByText('Не найден чат!', { exact: false }).count(), WAIT).toBeGreaterThan(0);
    const link = block.getByRole('link', { name: /Привязать чат/ });
    await expect.poll(() => link.count(), WAIT).toBe(1);
    const code = new URL((await link.getAttribute('href')) ?? '').searchParams.get('start');
    expect(code).toBeTruthy();

    // The owner opens the link in Telegram and presses Start.
    peer.pushUpdate(TRAINER_TOKEN, {
      message: {
        message_id: messageId++,
        date: 0,
        from: { id: 5151, is_bot: false, first_name: 'Мария', username: 'maria_admin' },
        chat: { id: 5151, type: 'private', first_name: 'Мария', username: 'maria_admin' },
        text: `/start ${code}`,
      },
    });
    await nthText(TRAINER_TOKEN, 5151, 1);
    await expect
      .poll(() => block.getByText('Чат тренера: «Мария (@maria_admin)»').count(), { timeout: 15_000 })
      .toBe(1);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'telegram-integration-mobile.png'), fullPage: true });
    await page.setViewportSize(VIEWPORTS.desktop);

    // Another customer asks; the answer comes to the trainer with Верно / Неверно.
    customerSays(QUESTION, 4343);
    await nthText(BOT_TOKEN, 4343, 1);
    const post = await nthText(TRAINER_TOKEN, 5151, 2);
    expect(post).toContain(QUESTION);
    const postCall = peer.sent(TRAINER_TOKEN, 'sendMessage').filter((c) => Number(c.params.chat_id) === 5151)[1];
    const markup = postCall?.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] };
    const buttons = markup.inline_keyboard[0];
    expect(buttons?.map((b) => b.text)).toEqual(['Верно', 'Неверно']);
    peer.pushUpdate(TRAINER_TOKEN, {
      callback_query: {
        id: 'wrong-1',
        from: { id: 5151, is_bot: false, first_name: 'Мария' },
        chat_instance: 'c',
        data: buttons?.[1]?.callback_data,
        message: { message_id: 2, date: 0, chat: { id: 5151, type: 'private' }, text: post },
      },
    });
    const prompt = await nthText(TRAINER_TOKEN, 5151, 3);
    const promptId = peer.sent(TRAINER_TOKEN, 'sendMessage').findIndex((c) => c.params.text === prompt) + 1;
    peer.pushUpdate(TRAINER_TOKEN, {
      message: {
        message_id: messageId++,
        date: 0,
        from: { id: 5151, is_bot: false, first_name: 'Мария' },
        chat: { id: 5151, type: 'private' },
        text: CORRECTED,
        reply_to_message: { message_id: promptId, date: 0, chat: { id: 5151, type: 'private' }, text: prompt },
      },
    });
    expect(await nthText(TRAINER_TOKEN, 5151, 4)).toContain('Правильный ответ сохранён');
    customerSays(QUESTION, 4444);
    expect(await nthText(BOT_TOKEN, 4444, 1)).toBe(CORRECTED);
    expect(errors).toEqual([]);
  });
});
