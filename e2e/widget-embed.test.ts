import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { visitorStorageKey, widgetDesignUrl } from '@otklik/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, SHOTS_DIR, VIEWPORTS } from './helpers/browser';
import {
  type CustomerSite,
  FLOWER_SHOP_KNOWLEDGE,
  legacyHtmlSnippet,
  type SeededAssistant,
  seedAssistant,
  startCustomerSite,
} from './helpers/embed';
import { type RunningServer, startServer } from './helpers/server';

if (!hasChromium) console.log('e2e пропущены: не найден /usr/bin/chromium (установите пакет chromium)');

const OPERATOR_TEXT = 'Здравствуйте! Я Мария, администратор магазина. Подскажу с выбором букета.';

const widgetHost = (page: Page) => page.locator('[data-otklik-widget]');

describe.skipIf(!hasChromium)('the widget embedded on a customer site (another origin)', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: CustomerSite;
  let seeded: SeededAssistant;

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
      allowFileAttachment: true,
      predefinedQuestions: ['Сколько стоит доставка?', 'Когда вы работаете?'],
    });
    site = await startCustomerSite(server.url, seeded.assistantId);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('answers from knowledge with a streamed reply, takes a file and shows the operator message live', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    expect(new URL(page.url()).origin).not.toBe(new URL(server.url).origin);

    const widget = widgetHost(page);
    const launcher = widget.getByRole('button', { name: 'Открыть чат' });
    await launcher.waitFor();
    await launcher.click();
    const chat = widget.getByRole('dialog');
    await chat.getByText('Здравствуйте! Я помогу выбрать букет и расскажу о доставке.').waitFor();

    // The answer comes back as an event stream.
    const streamed = page.waitForResponse(
      (res) =>
        res.url().endsWith(`/api/public/assistants/${seeded.assistantId}/messages`) &&
        res.request().method() === 'POST',
    );
    const input = chat.getByRole('textbox', { name: 'Напишите сообщение…' });
    await input.fill('Сколько стоит доставка букета по Москве?');
    await input.press('Enter');
    const response = await streamed;
    expect(response.headers()['content-type']).toContain('text/event-stream');
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    const log = chat.getByRole('log', { name: 'Сообщения' });
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain('350 рублей');
    const body = await response.text();
    expect(body).toMatch(/event: delta/);
    expect(body).toMatch(/event: message/);
    await page.waitForTimeout(600); // let the bubble's entrance animation finish before the shot
    await page.screenshot({ path: path.join(SHOTS_DIR, 'widget-embed-desktop-1440.png') });

    // A file goes up through the paper-clip button.
    await chat.locator('input[type="file"]').setInputFiles({
      name: 'фото-букета.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain('фото-букета.png');

    // The owner answers as the operator through the chat API; the visitor sees it at once.
    const stored = await page.evaluate((key) => localStorage.getItem(key), visitorStorageKey(seeded.assistantId));
    const { visitorId } = JSON.parse(stored ?? '{}') as { visitorId?: string };
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    const operator = await fetch(
      `${server.url}/api/assistant/messages/${seeded.assistantId}?visitorId=${encodeURIComponent(visitorId ?? '')}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'assistant', content: OPERATOR_TEXT }),
      },
    );
    expect(operator.status).toBeLessThan(300);
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain(OPERATOR_TEXT);
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'widget-embed-operator-desktop-1440.png') });

    // The history survives a reload of the customer's page.
    await page.reload();
    await widget.getByRole('button', { name: 'Открыть чат' }).click();
    await expect.poll(() => widget.getByRole('log').textContent(), { timeout: 15_000 }).toContain(OPERATOR_TEXT);
    expect(errors).toEqual([]);
    await context.close();
  });

  /**
   * Records, from the first line of the page, the launcher's background colour in the first
   * animation frame in which it has a box, and whether the design had been asked for by then.
   */
  const FIRST_FRAME_PROBE = () => {
    const w = window as unknown as { __firstFrame?: { color: string; designFetched: boolean } };
    const check = () => {
      const host = document.querySelector('[data-otklik-widget]');
      const button = host?.shadowRoot?.querySelector('.launcher');
      if (button && button.getBoundingClientRect().width > 0) {
        w.__firstFrame = {
          color: getComputedStyle(button).backgroundColor,
          designFetched: performance.getEntriesByType('resource').some((e) => /\/widget$/.test(e.name)),
        };
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  const firstFrame = (page: Page) =>
    page
      .waitForFunction(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame)
      .then((handle) => handle.jsonValue() as Promise<{ color: string; designFetched: boolean }>);
  const OWNER_ACCENT_RGB = 'rgb(47, 93, 80)'; // #2f5d50

  it("shows the launcher in the owner's colour in its first frame, the design inside the script: no request for it", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    await context.addInitScript(FIRST_FRAME_PROBE);
    const page = await context.newPage();
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url)) apiRequests.push(request.url());
    });
    await page.goto(site.url);
    expect(await firstFrame(page)).toEqual({ color: OWNER_ACCENT_RGB, designFetched: false });
    await page.waitForTimeout(1000);
    // Two requests to the service for a first visit: the script, named by the assistant's id, and
    // the conversation's code it fetches after painting the launcher; nothing for the design.
    expect(apiRequests).toEqual([
      `${server.url}/api/widget/script?assistantId=${seeded.assistantId}`,
      expect.stringMatching(new RegExp(`^${server.url}/api/widget/app\\.js\\?v=[\\w-]{12}$`)),
    ]);
    expect(consoleLines.filter((line) => /^(error|warning)/.test(line))).toEqual([]);
    await context.close();
  });

  it('still works with the snippet installed before: design preloaded, one request for it, none wasted', async () => {
    const legacy = await startCustomerSite(
      server.url,
      seeded.assistantId,
      '',
      legacyHtmlSnippet(server.url, seeded.assistantId),
    );
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    await context.addInitScript(FIRST_FRAME_PROBE);
    const page = await context.newPage();
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    const designUrl = widgetDesignUrl(server.url, seeded.assistantId);
    const designRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url() === designUrl) designRequests.push(request.url());
    });
    try {
      await page.goto(legacy.url);
      expect(await firstFrame(page)).toEqual({ color: OWNER_ACCENT_RGB, designFetched: true });
      const widget = widgetHost(page);
      await widget.getByRole('button', { name: 'Открыть чат' }).click();
      await widget.getByText('Здравствуйте! Я помогу выбрать букет и расскажу о доставке.').waitFor();
      // Chromium reports an unused or mismatched preload about 3 s after the load event.
      await page.waitForTimeout(3500);
      expect(consoleLines.filter((line) => /preload/i.test(line))).toEqual([]);
      expect(designRequests).toHaveLength(1);
    } finally {
      await context.close();
      await legacy.close();
    }
  });

  it("opens the chat when the launcher is pressed before the conversation's code has arrived", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The conversation's code is held back until the visitor has pressed the painted launcher.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/widget\/app\.js/, async (route) => {
      await released;
      await route.continue();
    });
    try {
      // The held script holds the page's load event too.
      await page.goto(site.url, { waitUntil: 'domcontentloaded' });
      const widget = widgetHost(page);
      await widget.getByRole('button', { name: 'Открыть чат' }).click();
      expect(await widget.getByRole('dialog').count()).toBe(0);
      release();
      const chat = widget.getByRole('dialog');
      await chat.getByText('Здравствуйте! Я помогу выбрать букет и расскажу о доставке.').waitFor();
      // As after any press: the input has the focus, and the launcher's painted copy is gone.
      await expect
        .poll(() =>
          page.evaluate(() => document.querySelector('[data-otklik-widget]')?.shadowRoot?.activeElement?.tagName),
        )
        .toBe('TEXTAREA');
      expect(await widget.locator('[data-otk-boot]').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens full screen on a 390 px phone', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.mobile,
      locale: 'ru-RU',
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(site.url);
    const widget = widgetHost(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'widget-embed-closed-mobile-390.png') });
    await widget.getByRole('button', { name: 'Открыть чат' }).click();
    const chat = widget.getByRole('dialog');
    await chat.getByRole('textbox', { name: 'Напишите сообщение…' }).waitFor();
    const box = await chat.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(VIEWPORTS.mobile.width - 1);
    expect(box?.height).toBeGreaterThanOrEqual(VIEWPORTS.mobile.height * 0.9);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'widget-embed-mobile-390.png') });
    await context.close();
  });
});
