import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PUBLIC_PAGE_META } from '@otklik/contract/site-constants';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signUp } from './helpers/account';
import { hasChromium, launchBrowser, VIEWPORTS } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';
import { PUBLIC_SITE_PAGES } from './helpers/site-pages';

if (!hasChromium) console.log('e2e пропущены: не найден /usr/bin/chromium (установите пакет chromium)');

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What must be on each page besides its heading: the blocks of spec §2.3, §2.5, §2.15. */
const KEY_CONTENT: Record<string, (string | RegExp)[]> = {
  landing: [
    'Как это работает',
    'Тарифы',
    '9 990',
    '14 990',
    'По договорённости',
    'Помощник по промтам',
    'Остались вопросы?',
    'Бот под ключ',
  ],
  'prompt-helper': ['Вопрос 1 из 12', 'Как называется ваша компания?'],
  blog: [
    'Пример базы знаний для ИИ-ассистента',
    'Как написать промт для ассистента поддержки',
    'Подключаем ассистента к Telegram за 5 минут',
  ],
  'blog-knowledge': ['Пять правил хорошей базы знаний'],
  'blog-prompt-guide': ['Температура'],
  'blog-tg-integration': ['BotFather', 'Интегрировать', '_bot'],
  partnership: ['Заявка на партнёрство', 'Стать партнёром'],
  login: ['Забыли пароль?'],
  signup: ['Уже есть аккаунт?'],
};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core in the page; returns the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

describe.skipIf(!hasChromium)('public site in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Reduced motion: axe measures colour contrast as painted, and the landing's demo chat keeps
  // fading new messages in; mid-fade a bubble's text is paler than it will be. bypassCSP: axe-core
  // is put into the page as an inline script, which our Content-Security-Policy rightly refuses
  // (the policy itself is tested in security-headers.test.ts).
  const openContext = (viewport: { width: number; height: number }): Promise<BrowserContext> =>
    browser.newContext({ viewport, locale: 'ru-RU', reducedMotion: 'reduce', bypassCSP: true });

  it.each(Object.entries(VIEWPORTS))(
    'shows every public page with its content and no serious accessibility violation (%s)',
    async (_name, viewport) => {
      const context = await openContext(viewport);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        for (const site of PUBLIC_SITE_PAGES) {
          await page.goto(`${server.url}${site.path}`);
          await page.getByRole('heading', { level: 1, name: site.heading }).waitFor({ timeout: 20_000 });
          for (const text of KEY_CONTENT[site.name] ?? []) {
            await expect
              .poll(() => page.getByText(text).count(), { message: `${site.path}: ${text}` })
              .toBeGreaterThan(0);
          }
          // Header and footer of spec §2.2 on every page.
          expect(
            await page
              .getByRole('banner')
              .getByRole('link', { name: /Отклик/ })
              .count(),
          ).toBeGreaterThan(0);
          expect(await page.getByRole('contentinfo').getByText('support@otklik.ru').count()).toBe(1);
          // The client keeps the title the server wrote.
          expect(await page.title()).toBe(PUBLIC_PAGE_META[site.path]?.title);
          await page.waitForLoadState('networkidle');
          expect(await seriousViolations(page), site.path).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('serves each page with its own title, description and Open Graph tags, readable without JavaScript', async () => {
    for (const [pagePath, meta] of Object.entries(PUBLIC_PAGE_META)) {
      const res = await fetch(`${server.url}${pagePath}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${meta.title}</title>`);
      expect(html).toContain(`<meta name="description" content="${meta.description}" />`);
      expect(html).toContain(`<meta property="og:title" content="${meta.title}" />`);
      expect(html).toContain(`<meta property="og:url" content="${server.url}${pagePath}" />`);
    }
    // The landing's own chunks are preloaded from the start, not after the router has started.
    const landing = await (await fetch(`${server.url}/`)).text();
    expect(landing).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/landing-page-[\w-]+\.js" \/>/);
    const image = await fetch(`${server.url}/og-image.png`);
    expect(image.headers.get('content-type')).toBe('image/png');

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const pagePath of Object.keys(PUBLIC_PAGE_META))
      expect(sitemap).toContain(`<loc>${server.url}${pagePath}</loc>`);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');

    // Cabinet pages are the app too; an unknown address shows 'Страница не найдена' with a 404.
    expect((await fetch(`${server.url}/dashboard/assistants/42/chats`)).status).toBe(200);
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
  });

  it('contact form: mask, the spec messages word for word, Enter submits, 10-second cooldown, mail to support', async () => {
    const context = await openContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.clock.install();
    try {
      await page.goto(`${server.url}/`);
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Отправить заявку' }) });
      const phone = form.getByLabel('Телефон');
      const email = form.getByLabel('E-mail');

      // Neither e-mail nor phone: both marked with the one message.
      await form.getByLabel('Имя').fill('Мария Петрова');
      await form.getByRole('button', { name: 'Отправить заявку' }).click();
      await expect.poll(() => form.getByText('Укажите хотя бы email или телефон').count()).toBe(2);
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      expect(await email.getAttribute('aria-invalid')).toBe('true');

      // The mask: a leading 8 is dropped, the rest laid out as +7(000)000-00-00; typing clears the markers.
      await phone.pressSequentially('89123456789');
      expect(await phone.inputValue()).toBe('+7(912)345-67-89');
      expect(await phone.getAttribute('aria-invalid')).toBeNull();
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      await phone.fill('');

      await phone.pressSequentially('912345');
      await email.pressSequentially('maria@example');
      await email.press('Enter');
      await form.getByText('Некорректный телефон').waitFor();
      await form.getByText('Некорректный e-mail').waitFor();

      // Enter in the e-mail field sends a valid request.
      await phone.fill('');
      await email.fill('maria@example.ru');
      await form.getByLabel('Сообщение').fill('Нужен ассистент для салона красоты');
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/notify/client-request'));
      await email.press('Enter');
      expect((await sent).status()).toBe(200);
      await page.getByRole('status').getByText('Заявка успешно отправлена!').waitFor();
      expect(await email.inputValue()).toBe('');

      // A second attempt within 10 seconds is held back with the seconds left.
      await email.fill('maria@example.ru');
      await email.press('Enter');
      await page
        .getByRole('alert')
        .getByText(/^Подождите (10|9) сек$/)
        .waitFor();
      await page.clock.fastForward(10_500);
      const again = page.waitForResponse((r) => r.url().endsWith('/api/notify/client-request'));
      await email.press('Enter');
      expect((await again).status()).toBe(200);

      // The request reached the support mailbox (the dev mailbox of the embedded mode).
      const mailDir = path.join(server.dataDir, 'mail');
      await expect
        .poll(() =>
          readdirSync(mailDir)
            .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
            .some((m) => m.includes('maria@example.ru')),
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('takes a visitor from the landing trial button through signup into the creation flow', async () => {
    const context = await openContext(VIEWPORTS.mobile);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.getByRole('link', { name: 'Попробовать' }).click();
      // Not signed in: the creation flow asks for a login, the login leads to the signup.
      await page.waitForURL('**/login');
      await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
      await page.waitForURL('**/signup');
      await signUp(page, newAccount());
      await page.waitForURL('**/assistant/create/design?trial=14days');
    } finally {
      await context.close();
    }
  });

  it('prompt helper: blank answers open the modal, answers lead to the prompt, the copy button and the insights', async () => {
    const context = await openContext(VIEWPORTS.desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/prompt-helper`);
      const answer = page.getByRole('textbox');
      // Enter goes to the next question; Shift+Enter stays for a new line.
      await answer.fill('«Цветочная лавка» — доставка букетов в Казани');
      await answer.press('Shift+Enter');
      await page.getByText('Вопрос 1 из 12').waitFor();
      for (let i = 1; i < 12; i++) {
        await answer.press('Enter');
        await page.getByText(`Вопрос ${i + 1} из 12`).waitFor();
      }
      await answer.fill('Оформить заказ: адрес, время и телефон');
      const reply = page.waitForResponse((r) => r.url().includes('/api/assistant/create-helper'));
      await page.getByRole('button', { name: 'Получить промт!' }).click();
      expect((await reply).status()).toBe(200);
      await page.getByRole('heading', { name: 'Ваш промт:' }).waitFor();
      expect(await page.locator('pre').textContent()).toContain('Цветочная лавка');
      const tabs = page.getByRole('tablist', { name: 'AI-инсайты' }).getByRole('tab');
      expect(await tabs.count()).toBeGreaterThan(1);
      await tabs.nth(1).click();
      expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');

      await page.getByRole('button', { name: 'Копировать' }).click();
      await page.getByRole('button', { name: 'Скопировано!' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Цветочная лавка');

      // With every answer blank, the modal, and no call.
      await page.reload();
      let calls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/assistant/create-helper')) calls++;
      });
      for (let i = 1; i < 12; i++) await page.getByRole('textbox').press('Enter');
      await page.getByRole('button', { name: 'Получить промт!' }).click();
      const dialog = page.getByRole('dialog', { name: 'Нет заполненных данных' });
      await dialog.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByText('Закрыть', { exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(calls).toBe(0);
    } finally {
      await context.close();
    }
  });
});
