import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signUp } from './helpers/account';
import { hasChromium, launchBrowser, VIEWPORTS } from './helpers/browser';
import {
  type CustomerSite,
  FLOWER_SHOP_KNOWLEDGE,
  type SeededAssistant,
  seedAssistant,
  startCustomerSite,
} from './helpers/embed';
import { type RunningServer, startServer } from './helpers/server';

// #18: every page of ours runs under a Content-Security-Policy without 'unsafe-inline' scripts.
// Chromium reports each blocked script, style, image, frame or connection as a
// `securitypolicyviolation` event and a console error: both are collected and must stay empty.

const WAIT = { timeout: 15_000 };

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Violations seen by the pages of this context and console lines about a policy. */
  violations: () => Promise<string[]>;
}

describe.skipIf(!hasChromium)('the Content-Security-Policy in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seeded: SeededAssistant;
  let site: CustomerSite;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SEED_DEMO: '1' }), launchBrowser()]);
    seeded = await seedAssistant(server.url, FLOWER_SHOP_KNOWLEDGE, {
      botName: 'Ромашка',
      greeting: 'Здравствуйте!',
      avatarUrl: '/avatars/avatar3.svg',
    });
    site = await startCustomerSite(server.url, seeded.assistantId);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  async function watched(token?: string): Promise<Watched> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    // Init scripts run through the DevTools protocol, outside the page's policy.
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI} at ${location.pathname}`),
      );
    });
    const page = await context.newPage();
    const console: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) console.push(message.text());
    });
    return {
      context,
      page,
      violations: async () => [
        ...console,
        ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
      ],
    };
  }

  it('the landing with its widget demo and the product widget: no violation', async () => {
    const { context, page, violations } = await watched();
    try {
      await page.goto(`${server.url}/`);
      const demo = page.getByRole('region', { name: 'Пример чата с ИИ-ассистентом' });
      await demo.waitFor(WAIT);
      // The demo renders inside its shadow root, styled from its inline CSS text.
      await expect.poll(() => demo.evaluate((el) => el.shadowRoot?.textContent ?? ''), WAIT).toContain('Артем');
      // The product's own widget (embed script from /api/widget/script) answers a question: fetch + stream.
      const widget = page.locator('[data-otklik-widget]');
      await widget.getByRole('button', { name: 'Открыть чат' }).click(WAIT);
      const chat = widget.getByRole('dialog');
      const input = chat.getByRole('textbox', { name: 'Напишите сообщение…' });
      await input.fill('Сколько стоит ассистент?');
      await input.press('Enter');
      // The answer: a bot row after the visitor's row.
      await expect.poll(() => chat.getByRole('log').locator('.row-user ~ .row-bot').count(), WAIT).toBe(1);
      for (const pagePath of ['/blog', '/blog/knowledge', '/prompt-helper', '/partnership', '/login']) {
        await page.goto(`${server.url}${pagePath}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
      }
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signing up through the form (zod validation in the page), profile and statistics: no violation', async () => {
    const { context, page, violations } = await watched();
    try {
      await page.goto(`${server.url}/signup`);
      // An invalid submit first: the form's schema runs in the page.
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await signUp(page, newAccount());
      await page.waitForURL('**/dashboard**', WAIT);
      await page.goto(`${server.url}/dashboard/profile`);
      await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
      await page.goto(`${server.url}/dashboard/statistic`);
      await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the cabinet (design preview, knowledge, live chats over SockJS), the API docs and the dev mailbox: no violation', async () => {
    const { context, page, violations } = await watched(seeded.token);
    let liveSocket = false;
    page.on('websocket', (socket) => {
      if (socket.url().includes('/ws-endpoint')) liveSocket = true;
    });
    try {
      await page.goto(`${server.url}/dashboard/assistants`);
      await page.getByText('Сайт', { exact: true }).first().waitFor(WAIT);
      await page.goto(`${server.url}/dashboard/assistants/${seeded.assistantId}/chats`);
      await page.getByRole('heading', { name: 'Все чаты', level: 1 }).waitFor(WAIT);
      await expect.poll(() => liveSocket, WAIT).toBe(true);
      await page.goto(`${server.url}/dashboard/assistants/${seeded.assistantId}`);
      await page.locator('[data-testid="preview"]').waitFor(WAIT);
      // Every tab of the assistant (design, data, knowledge, answers, triggers, integration).
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await page.waitForLoadState('networkidle');
      }
      await page.goto(`${server.url}/assistant/create/design`);
      await page.getByRole('heading', { name: 'Дизайн виджета' }).waitFor(WAIT);
      await page.getByRole('tab', { name: 'Фон' }).click();
      await page.goto(`${server.url}/api/docs`);
      await page.getByText('Отклик API').first().waitFor(WAIT);
      // The signup of the seeded owner left a confirmation mail in the dev mailbox.
      await page.goto(`${server.url}/dev/mail`);
      await page.getByRole('heading', { name: 'Почтовый ящик разработчика' }).waitFor(WAIT);
      await page.locator('li a').first().click();
      await page.getByRole('link', { name: '← Все письма' }).waitFor(WAIT);
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the widget works on a customer site of another origin, and that site cannot frame the cabinet', async () => {
    const { context, page, violations } = await watched();
    try {
      await page.goto(site.url);
      const widget = page.locator('[data-otklik-widget]');
      await widget.getByRole('button', { name: 'Открыть чат' }).click(WAIT);
      const chat = widget.getByRole('dialog');
      await chat.getByText('Здравствуйте!').waitFor(WAIT);
      // The avatar is an image of our origin on theirs: Cross-Origin-Resource-Policy lets it in.
      await expect
        .poll(
          () =>
            widget.evaluate((host) =>
              Array.from(host.shadowRoot?.querySelectorAll('img') ?? []).some(
                (img) => img.complete && img.naturalWidth > 0,
              ),
            ),
          WAIT,
        )
        .toBe(true);

      const framing = await framingPage(`${server.url}/dashboard`);
      try {
        await page.goto(framing.url);
        await expect.poll(violations, WAIT).toEqual([expect.stringMatching(/frame-ancestors 'none'/)]);
        // Chromium shows its error page instead of the refused frame: nothing of ours is inside.
        const frame = page.frames().find((f) => f !== page.mainFrame());
        expect(await frame?.evaluate(() => document.querySelector('#root') !== null).catch(() => false)).not.toBe(true);
      } finally {
        await framing.close();
      }
    } finally {
      await context.close();
    }
  });
});

/** A page on another origin that tries to frame `target`. */
async function framingPage(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>рамка</title><iframe src="${target}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
