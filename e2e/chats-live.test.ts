import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { visitorStorageKey } from '@otklik/contract';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, SHOTS_DIR, VIEWPORTS } from './helpers/browser';
import {
  type CustomerSite,
  FLOWER_SHOP_KNOWLEDGE,
  type SeededAssistant,
  seedAssistant,
  startCustomerSite,
} from './helpers/embed';
import { type RunningServer, startServer } from './helpers/server';

if (!hasChromium) console.log('e2e пропущены: не найден /usr/bin/chromium (установите пакет chromium)');

const QUESTION = 'Сколько стоит доставка букета по Москве?';
const SECOND_QUESTION = 'А во сколько открывается магазин на Садовой?';
const OPERATOR_TEXT = 'Здравствуйте! Я Мария, администратор. Могу привезти букет сегодня к шести вечера.';
const PHONE = '+7 912 345-67-89';
const CORRECTED = 'Доставка по Москве в пределах МКАД стоит 400 рублей, с 1 декабря курьер приезжает за два часа.';

/** Every wait for something the other side did: generous, but bounded. */
const WAIT = { timeout: 10_000 };
/** A bot answer (retrieval, then a stream) may take a little longer on a busy machine. */
const ANSWER_WAIT = { timeout: 15_000 };

const widgetHost = (page: Page) => page.locator('[data-otklik-widget]');
const chatsPath = (assistantId: string) => `/dashboard/assistants/${assistantId}/chats`;

interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

describe.skipIf(!hasChromium)("the owner's live chat monitoring", () => {
  let server: RunningServer;
  let browser: Browser;
  let site: CustomerSite;
  let seeded: SeededAssistant;
  let visitorId = '';

  beforeAll(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    server = await startServer();
    seeded = await seedAssistant(server.url, FLOWER_SHOP_KNOWLEDGE, {
      botName: 'Ромашка',
      botRole: 'Консультант',
      greeting: 'Здравствуйте! Я помогу выбрать букет и расскажу о доставке.',
      accentColor: '#2f5d50',
      backgroundColor: '#ffffff',
      messageColor: '#eef4f1',
    });
    site = await startCustomerSite(server.url, seeded.assistantId);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  /** A page whose uncaught errors are collected. */
  async function openPage(options: BrowserContextOptions, token?: string): Promise<OpenedPage> {
    const context = await browser.newContext({ locale: 'ru-RU', ...options });
    // Signed in as the owner: the web app keeps the token in local storage under 'token'.
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  /** The visitor id the widget keeps in the page's local storage. */
  async function storedVisitorId(page: Page): Promise<string> {
    const stored = await page.evaluate((key) => localStorage.getItem(key), visitorStorageKey(seeded.assistantId));
    return (JSON.parse(stored ?? '{}') as { visitorId?: string }).visitorId ?? '';
  }

  /** The visitor writes into the widget and waits until the message is shown in it. */
  async function visitorWrites(chat: Locator, text: string) {
    const input = chat.getByRole('textbox', { name: 'Напишите сообщение…' });
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => chat.getByRole('log').textContent(), WAIT).toContain(text);
  }

  it('shows the conversation live, lets the owner answer, ask for a phone, correct the bot and resume it', async () => {
    // 1. A visitor on the customer's site (another origin) asks about delivery.
    const visitor = await openPage({ viewport: VIEWPORTS.desktop });
    await visitor.page.goto(site.url);
    expect(new URL(visitor.page.url()).origin).not.toBe(new URL(server.url).origin);
    const widget = widgetHost(visitor.page);
    await widget.getByRole('button', { name: 'Открыть чат' }).click();
    const chat = widget.getByRole('dialog');
    const widgetLog = chat.getByRole('log', { name: 'Сообщения' });
    await chat.getByText('Здравствуйте! Я помогу выбрать букет и расскажу о доставке.').waitFor(WAIT);
    await visitorWrites(chat, QUESTION);
    await expect.poll(() => widgetLog.textContent(), ANSWER_WAIT).toContain('350 рублей');
    visitorId = await storedVisitorId(visitor.page);
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);

    // 2. The owner, signed in, opens the chats: the visitor and the conversation so far.
    const owner = await openPage({ viewport: VIEWPORTS.desktop }, seeded.token);
    const { page } = owner;
    // The live channel: STOMP over SockJS at /ws-endpoint; count the MESSAGE frames it delivers.
    let liveFrames = 0;
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/ws-endpoint')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('MESSAGE')) liveFrames++;
      });
    });
    await page.goto(`${server.url}${chatsPath(seeded.assistantId)}`);
    await page.getByRole('heading', { name: 'Все чаты', level: 1 }).waitFor(WAIT);
    const list = page.getByRole('list', { name: 'Собеседники' });
    const item = list.getByRole('button', { name: new RegExp(`Visitor ${visitorId}`) });
    await item.waitFor(WAIT);
    expect(await item.textContent()).toContain('Бот: ');
    // The only visitor is selected by itself.
    expect(await item.getAttribute('aria-current')).toBe('true');
    const conversation = page.getByRole('region', { name: 'Собеседник' });
    await conversation.waitFor(WAIT);
    expect(await conversation.textContent()).toContain(visitorId); // 'ID:' — no name is known
    const log = page.getByRole('log', { name: 'Сообщения' });
    await expect.poll(() => log.textContent(), WAIT).toContain(QUESTION);
    await expect.poll(() => log.textContent(), WAIT).toContain('350 рублей');
    const botBubbles = log.locator('li[data-author="bot"]');
    const toggle = conversation.getByRole('switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await conversation.getByText('Остановить', { exact: true }).count()).toBe(1);

    // The visitor writes again: the owner's screen shows it and the bot's answer without a reload.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await visitorWrites(chat, SECOND_QUESTION);
    await expect.poll(() => log.textContent(), WAIT).toContain(SECOND_QUESTION);
    await expect.poll(() => widgetLog.textContent(), ANSWER_WAIT).toContain('9:00');
    await expect.poll(() => botBubbles.count(), WAIT).toBe(2);
    await expect.poll(() => item.textContent(), WAIT).toContain('9:00'); // the list's preview follows
    expect(navigations).toEqual([]);
    expect(liveFrames).toBeGreaterThan(0);

    // 3. The owner answers from the composer (Enter sends); the widget shows it at once.
    const composer = page.getByRole('textbox', { name: 'Сообщение собеседнику' });
    expect(await composer.getAttribute('placeholder')).toBe('Введите сообщение...');
    await composer.fill(OPERATOR_TEXT);
    await composer.press('Enter');
    expect(await composer.inputValue()).toBe('');
    await expect.poll(() => widgetLog.textContent(), WAIT).toContain(OPERATOR_TEXT);
    await log.locator('li[data-author="operator"]', { hasText: OPERATOR_TEXT }).waitFor(WAIT);
    await expect.poll(() => item.textContent(), WAIT).toContain(`Вы: ${OPERATOR_TEXT}`);
    // The operator took over: the server paused the conversation, and the toggle says so live.
    await conversation.getByText('Запустить', { exact: true }).waitFor(WAIT);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // 4. The owner asks for the phone; the visitor leaves it in the widget's form.
    await conversation.getByRole('button', { name: 'Запросить телефон 📞' }).click();
    await log.locator('li[data-author="system"]').first().waitFor(WAIT);
    const phoneForm = chat.locator('form.phone-form');
    await phoneForm.getByText('Оставьте номер телефона, и мы вам перезвоним').waitFor(WAIT);
    await phoneForm.getByLabel('Номер телефона').fill(PHONE);
    await phoneForm.getByRole('button', { name: 'Отправить' }).click();
    await chat.getByText('Спасибо! Мы свяжемся с вами.').waitFor(WAIT);
    await expect.poll(() => log.textContent(), WAIT).toContain(`📞 Мой телефон: ${PHONE}`);
    // The header learns the phone live (no reselect, no reload).
    const phoneLink = conversation.getByRole('link', { name: PHONE });
    await phoneLink.waitFor(WAIT);
    expect(await phoneLink.getAttribute('href')).toBe('tel:+79123456789');
    expect(await conversation.locator('dt', { hasText: 'Телефон:' }).count()).toBe(1);
    expect(navigations).toEqual([]);

    // 5. 'Неверно' on the bot's first answer: the question is prefilled, the corrected answer saved.
    await botBubbles.first().getByRole('button', { name: 'Неверно' }).click();
    const modal = page.getByRole('dialog', { name: 'Исправление ответа' });
    await modal.waitFor(WAIT);
    expect(await modal.getByLabel('Вопрос', { exact: true }).inputValue()).toBe(QUESTION);
    const corrected = modal.getByLabel('Правильный ответ', { exact: true });
    expect(await corrected.inputValue()).toBe('');
    await corrected.fill(CORRECTED);
    await page.waitForTimeout(300); // the modal's entrance animation, for the screenshot only
    await page.screenshot({ path: path.join(SHOTS_DIR, 'chats-correction-desktop-1440.png') });
    await modal.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Правильный ответ сохранён!').waitFor(WAIT);
    await modal.waitFor({ state: 'detached', ...WAIT });

    // The owner resumes the bot: the toggle turns back to 'Остановить'.
    await toggle.click();
    await page.getByText('Беседа возобновлена!').waitFor(WAIT);
    await conversation.getByText('Остановить', { exact: true }).waitFor(WAIT);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    // The visitor asks the same question again: the bot answers with the owner's correction.
    await visitorWrites(chat, QUESTION);
    await expect.poll(() => widgetLog.textContent(), ANSWER_WAIT).toContain(CORRECTED);
    await expect.poll(() => log.textContent(), WAIT).toContain(CORRECTED);
    await expect.poll(() => botBubbles.count(), WAIT).toBe(3);
    expect(await botBubbles.last().textContent()).toContain(CORRECTED);

    // 6. The screen as the owner sees it now.
    await page.waitForTimeout(600); // let the alerts and the last bubble settle before the shots
    await page.screenshot({ path: path.join(SHOTS_DIR, 'chats-live-desktop-1440.png') });
    await visitor.page.screenshot({ path: path.join(SHOTS_DIR, 'chats-live-widget-1440.png') });

    expect(owner.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await owner.context.close();
    await visitor.context.close();
  }, 120_000);

  it('shows the list and the conversation one at a time on a 390 px phone', async () => {
    expect(visitorId).not.toBe('');
    const owner = await openPage(
      { viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      seeded.token,
    );
    const { page } = owner;
    await page.goto(`${server.url}${chatsPath(seeded.assistantId)}`);
    const list = page.getByRole('list', { name: 'Собеседники' });
    const item = list.getByRole('button', { name: new RegExp(`Visitor ${visitorId}`) });
    await item.waitFor(WAIT);
    // The list alone.
    expect(await page.getByRole('log', { name: 'Сообщения' }).count()).toBe(0);
    const listBox = await list.boundingBox();
    expect(listBox?.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'chats-list-mobile-390.png') });

    // The conversation alone, with a way back.
    await item.click();
    const log = page.getByRole('log', { name: 'Сообщения' });
    await expect.poll(() => log.textContent(), WAIT).toContain(CORRECTED);
    expect(await list.count()).toBe(0);
    const back = page.getByRole('button', { name: 'Все чаты' });
    await back.waitFor(WAIT);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'chats-conversation-mobile-390.png') });

    await back.click();
    await item.waitFor(WAIT);
    expect(await page.getByRole('log', { name: 'Сообщения' }).count()).toBe(0);

    expect(owner.errors).toEqual([]);
    await owner.context.close();
  });

  it("shows what a visitor wrote while the owner's screen was still subscribing, then goes on live", async () => {
    // A new visitor asks first; the owner's screen will open on them (the latest activity).
    const visitor = await openPage({ viewport: VIEWPORTS.desktop });
    await visitor.page.goto(site.url);
    await widgetHost(visitor.page).getByRole('button', { name: 'Открыть чат' }).click();
    const chat = widgetHost(visitor.page).getByRole('dialog');
    const widgetLog = chat.getByRole('log', { name: 'Сообщения' });
    await visitorWrites(chat, QUESTION);
    await expect.poll(() => widgetLog.textContent(), ANSWER_WAIT).toContain(CORRECTED);
    const newcomer = await storedVisitorId(visitor.page);
    expect(newcomer).not.toBe(visitorId);

    // The owner's SUBSCRIBE frames are held on their way to the server, as on a slow network.
    const owner = await openPage({ viewport: VIEWPORTS.desktop }, seeded.token);
    const { page } = owner;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let subscribeFrames = 0;
    await page.routeWebSocket(/\/ws-endpoint\//, (socket) => {
      const server = socket.connectToServer();
      // One queue, so that no frame overtakes a held one.
      let queue = Promise.resolve();
      socket.onMessage((frame) => {
        // Heartbeats pass at once: held, they would have the server drop the session.
        if (String(frame) === '["\\n"]') {
          server.send(frame);
          return;
        }
        queue = queue.then(async () => {
          if (String(frame).includes('SUBSCRIBE')) {
            subscribeFrames++;
            await held;
          }
          server.send(frame);
        });
      });
    });
    await page.goto(`${server.url}${chatsPath(seeded.assistantId)}`);
    const item = page
      .getByRole('list', { name: 'Собеседники' })
      .getByRole('button', { name: new RegExp(`Visitor ${newcomer}`) });
    await item.waitFor(WAIT);
    expect(await item.getAttribute('aria-current')).toBe('true');
    const log = page.getByRole('log', { name: 'Сообщения' });
    await expect.poll(() => log.textContent(), WAIT).toContain(CORRECTED);
    await expect.poll(() => subscribeFrames, WAIT).toBeGreaterThan(0);

    // Meanwhile the visitor asks again, and the bot answers: nothing of it can come live yet.
    await visitorWrites(chat, SECOND_QUESTION);
    await expect.poll(() => widgetLog.textContent(), ANSWER_WAIT).toContain('9:00');
    expect(await log.textContent()).not.toContain(SECOND_QUESTION);

    // Once the server confirms the subscriptions, the screen has both, and the list's preview.
    release();
    await expect.poll(() => log.textContent(), WAIT).toContain(SECOND_QUESTION);
    await expect.poll(() => log.locator('li[data-author="bot"]').count(), WAIT).toBe(2);
    await expect.poll(() => item.textContent(), WAIT).toContain('9:00');

    // And from now on live, once each.
    const THIRD = 'Спасибо, а букет можно забрать самому?';
    await visitorWrites(chat, THIRD);
    await expect.poll(() => log.textContent(), WAIT).toContain(THIRD);
    expect(await log.getByText(SECOND_QUESTION).count()).toBe(1);

    expect(owner.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await owner.context.close();
    await visitor.context.close();
  });
});
