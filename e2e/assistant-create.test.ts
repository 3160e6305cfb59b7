import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signUp } from './helpers/account';
import { createAssistant, previewText, previewVar } from './helpers/assistant';
import { hasChromium, launchBrowser, VIEWPORTS } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

if (!hasChromium) console.log('e2e пропущены: не найден /usr/bin/chromium (установите пакет chromium)');

describe.skipIf(!hasChromium)('assistant creation and design in Chromium', () => {
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

  it('creates an assistant in three steps, edits its design, and finds the design kept after a reload', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.url}/signup`);
    await signUp(page, newAccount());
    await page.waitForURL('**/dashboard');

    // An empty list leads to the design step; the trial parameter is acknowledged there.
    await page.goto(`${server.url}/dashboard/assistants`);
    await page.getByRole('heading', { name: 'Пока нет ни одного ассистента' }).waitFor();
    await page.goto(`${server.url}/assistant/create/design?trial=14days`);
    await page.getByText('14 дней бесплатно').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('widgetCreateId'))).toMatch(/^[0-9a-f-]{36}$/);
    const widgetId = await page.evaluate(() => localStorage.getItem('widgetCreateId'));

    // The preview follows every change, with the header text colour derived (dark → white).
    await page.getByRole('button', { name: '#1F2937' }).click();
    await expect.poll(() => previewVar(page, '--bg')).toBe('#1F2937');
    await expect.poll(() => previewVar(page, '--on-bg')).toBe('#ffffff');
    await page.getByLabel('Имя бота').fill('Мария');
    await expect.poll(() => previewText(page, '.bot-name')).toBe('Мария');

    await createAssistant(page, { title: 'Цветочный магазин', botName: 'Мария' });
    expect(await page.evaluate(() => localStorage.getItem('assistantId'))).toMatch(/^[0-9a-f-]{36}$/);
    // The creation widget is taken by the new assistant; the next creation starts a fresh one.
    expect(await page.evaluate(() => localStorage.getItem('widgetCreateId'))).toBeNull();
    await page.getByRole('button', { name: 'Готово' }).click();
    await page.waitForURL('**/dashboard/assistants');

    const card = page.getByRole('listitem', { name: 'Цветочный магазин' });
    await card.getByText('Бот: Мария').waitFor();
    await card.getByRole('link', { name: 'Редактировать' }).click();
    await page.waitForURL(/\/dashboard\/assistants\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('widgetEditId'))).toBe(widgetId);

    // Design tab: an accent colour, a predefined avatar, one more suggested question.
    await page.getByRole('tab', { name: 'Дизайн' }).click();
    await page.getByRole('tab', { name: 'Акцент' }).click();
    await page.getByRole('button', { name: '#10B981' }).click();
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/widget/uploadAvatar/') && r.ok());
    await page
      .getByRole('button', { name: /^Аватар \d+$/ })
      .first()
      .click();
    await uploaded;
    await page.getByRole('button', { name: 'Добавить вопрос' }).click();
    await page.getByRole('textbox', { name: 'Вопрос 4' }).fill('Сколько стоит доставка?');
    await expect.poll(() => previewVar(page, '--accent')).toBe('#10B981');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Дизайн виджета сохранён').waitFor();

    // After a reload the design tab is still chosen and everything saved is there.
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'Дизайн' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByLabel('Имя бота').inputValue()).toBe('Мария');
    expect(await page.getByRole('textbox', { name: 'Вопрос 4' }).inputValue()).toBe('Сколько стоит доставка?');
    expect(await page.getByRole('img', { name: 'Текущий аватар' }).getAttribute('src')).toMatch(
      /^\/avatars\/avatar\d+\.svg/,
    );
    await page.getByRole('tab', { name: 'Акцент' }).click();
    expect(await page.getByRole('button', { name: '#10B981' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => previewVar(page, '--accent')).toBe('#10B981');
    await expect.poll(() => previewVar(page, '--bg')).toBe('#1F2937');

    expect(errors).toEqual([]);
    await context.close();
  });
});
