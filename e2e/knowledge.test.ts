import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signUp } from './helpers/account';
import { hasChromium, launchBrowser, SHOTS_DIR, VIEWPORTS } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

if (!hasChromium) console.log('e2e пропущены: не найден /usr/bin/chromium (установите пакет chromium)');

const ARTICLE =
  'Пекарня «Колос» печёт хлеб на закваске каждое утро с шести часов. Мы используем муку грубого помола от ' +
  'фермеров и не добавляем улучшителей. Торты на заказ принимаем за три дня, доставка по городу бесплатная.';

/** A small site on 127.0.0.1 for the scrape (the server is started with the test-only loopback setting). */
function startSite(): Promise<Server> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<html><head><title>Колос</title></head><body><nav>Меню сайта</nav><main><article><h1>О пекарне ${req.url}</h1>` +
        `<p>${ARTICLE}</p><a href="/about">О нас</a></article></main><footer>Подвал</footer></body></html>`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** An assistant made through the API with the signed-in owner's token, as the creation steps do. */
async function createAssistantByApi(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const auth = { authorization: `Bearer ${token}` };
    const widget = await (await fetch('/api/widget/init', { method: 'POST', headers: auth })).json();
    const created = await fetch('/api/assistant/create', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Пекарня',
        role: 'Консультант пекарни',
        instructions: 'Отвечай по базе знаний.',
        temperature: 0.1,
        gptModel: 'gpt-4o-mini',
        widgetId: widget.id,
      }),
    });
    const body = await created.json();
    return typeof body.id === 'string' ? body.id : JSON.stringify({ status: created.status, body, widget });
  });
}

describe.skipIf(!hasChromium)('knowledge tab in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: Server;

  beforeAll(async () => {
    site = await startSite();
    process.env.SCRAPE_ALLOW_LOOPBACK = '1';
    try {
      server = await startServer();
    } finally {
      delete process.env.SCRAPE_ALLOW_LOOPBACK;
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('uploads, downloads and deletes a file, collects a site and adds a corrected answer', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU', acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.url}/signup`);
    await signUp(page, newAccount());
    await page.waitForURL('**/dashboard');
    const assistantId = await createAssistantByApi(page);
    expect(assistantId).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(`${server.url}/dashboard/assistants/${assistantId}`);
    await page.getByRole('tab', { name: 'База знаний' }).click();
    await page.getByText('В базе знаний пока нет файлов').waitFor();

    // Upload a Russian text file with a title; it is processed in the background and turns ready.
    await page.getByRole('button', { name: 'Загрузить файл' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка файла' });
    await dialog.getByLabel('Файл').setInputFiles({
      name: 'Правила пекарни.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(ARTICLE, 'utf8'),
    });
    await dialog.getByLabel(/Название/).fill('Правила');
    await dialog.getByRole('button', { name: 'Загрузить' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('listitem').filter({ hasText: 'Правила пекарни.txt' });
    await row.getByText('Готов').waitFor({ timeout: 15_000 });

    // The download keeps the Cyrillic name and the original bytes.
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Скачать «Правила пекарни.txt»' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Правила пекарни.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe(ARTICLE);

    // A site: the start page and its same-site links, collected into one file.
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    await page.getByRole('button', { name: 'Добавить сайт' }).click();
    const scrape = page.getByRole('dialog', { name: 'Добавить сайт' });
    await scrape.getByLabel('Адрес сайта').fill(siteUrl);
    await scrape.getByRole('button', { name: 'Обкачать сайт' }).click();
    await page.getByText('Сайт обкачен успешно!').waitFor({ timeout: 20_000 });
    await page.getByRole('listitem').filter({ hasText: '127.0.0.1' }).getByText('Готов').waitFor();
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, 'knowledge-files-desktop-1440.png'), fullPage: true });

    // Delete the uploaded file after confirming.
    await row.getByRole('button', { name: 'Удалить «Правила пекарни.txt»' }).click();
    await page.getByRole('dialog', { name: 'Удалить файл?' }).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Файл удалён').waitFor();
    await row.waitFor({ state: 'detached' });

    // A corrected answer: synonyms come from the server when the question loses focus.
    await page.getByRole('tab', { name: 'Верные ответы ассистента' }).click();
    await page.getByRole('button', { name: 'Добавить ответ' }).first().click();
    const answer = page.getByRole('dialog', { name: 'Новый верный ответ' });
    await answer.getByRole('textbox', { name: 'Вопрос' }).fill('Сколько стоит доставка?');
    await answer.getByRole('textbox', { name: 'Верный ответ' }).click();
    await expect.poll(() => answer.getByRole('textbox', { name: 'Синонимы' }).inputValue()).toContain('привоз');
    await answer.getByRole('textbox', { name: 'Верный ответ' }).fill('По городу бесплатно.');
    await page.keyboard.press('Control+Enter');
    await answer.waitFor({ state: 'detached' });
    await page.getByText('Ответ добавлен').waitFor();

    // The chosen tab is remembered on the next visit.
    await page.reload();
    await page.getByRole('tab', { name: 'База знаний' }).click();
    await page.getByText('По городу бесплатно.').waitFor();
    await page.screenshot({ path: path.join(SHOTS_DIR, 'knowledge-answers-desktop-1440.png'), fullPage: true });
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.reload();
    await page.getByText('По городу бесплатно.').waitFor();
    await page.screenshot({ path: path.join(SHOTS_DIR, 'knowledge-answers-mobile-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
