/**
 * Screenshots of the assistant screens (list, creation steps, edit data/design) at desktop (1440)
 * and mobile (390) widths, for a person to look at:
 * `cd apps/web && npx vite build && cd ../.. && npx tsx e2e/assistant-shots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { newAccount, signUp } from './helpers/account';
import { hasChromium, launchBrowser, VIEWPORTS } from './helpers/browser';
import { startServer } from './helpers/server';

const outDir = process.argv[2] ?? '/tmp/shots';

async function main() {
  if (!hasChromium) {
    console.log('Нет /usr/bin/chromium — снимки не сделаны');
    return;
  }
  mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport, locale: 'ru-RU', deviceScaleFactor: 1 });
      const page = await context.newPage();
      // Window-sized pictures, scrolled down part by part: sticky bars and the sticky preview show
      // where a person sees them (a full-page picture puts them in odd places).
      const shot = async (screen: string, maxParts = 3) => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        const total = await page.evaluate(() => document.documentElement.scrollHeight);
        const step = viewport.height - 120;
        for (let part = 0; part < maxParts && part * step < total - 120; part++) {
          await page.evaluate((y) => window.scrollTo(0, y), part * step);
          await page.waitForTimeout(150);
          const file = path.join(outDir, `${screen}-${name}-${viewport.width}-${part + 1}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
      };
      await page.goto(`${server.url}/signup`);
      await signUp(page, newAccount());
      await page.waitForURL('**/dashboard');
      await page.goto(`${server.url}/dashboard/assistants`);
      await page.getByRole('heading', { name: 'Пока нет ни одного ассистента' }).waitFor();
      await page.waitForTimeout(3200); // the signup alert closes after 3 s
      await shot('assistants-empty');

      await page.goto(`${server.url}/assistant/create/design?fromPrising=basic`);
      await page.getByRole('heading', { name: 'Дизайн виджета' }).waitFor();
      await page.getByRole('button', { name: '#FF7F50' }).click();
      await page.getByRole('tab', { name: 'Сообщения' }).click();
      await page.getByRole('button', { name: '#FFF4CC' }).click();
      await page.getByLabel('Имя бота').fill('Мария');
      await page.getByLabel('Роль бота').fill('Консультант');
      await page
        .getByRole('button', { name: /Узор|Точки|Волны/ })
        .first()
        .click()
        .catch(() => undefined);
      await shot('create-design', 4);
      if (name === 'mobile') {
        await page.getByRole('button', { name: 'Предпросмотр' }).click();
        await shot('create-design-preview', 1);
        await page.getByRole('button', { name: 'Скрыть предпросмотр' }).click();
      }
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.waitForURL('**/assistant/create/data');
      await page.getByLabel('Название').fill('Цветочный магазин «Роза»');
      await page.getByLabel('Роль', { exact: true }).fill('Ты — вежливый консультант цветочного магазина «Роза».');
      await shot('create-data');
      await page.getByRole('button', { name: 'Создать ассистента' }).click();
      await page.waitForURL('**/assistant/create/integration');
      await page.waitForTimeout(3200);
      await shot('create-integration');
      await page.getByRole('button', { name: 'Готово' }).click();
      await page.waitForURL('**/dashboard/assistants');
      await page
        .getByRole('listitem', { name: 'Цветочный магазин «Роза»' })
        .waitFor({ timeout: 5000 })
        .catch(async () => {
          await page.screenshot({ path: path.join(outDir, 'debug.png') });
          throw new Error('no card');
        });
      await shot('assistants-list');

      await page.getByRole('link', { name: 'Редактировать' }).first().click();
      await page.getByRole('tab', { name: 'Данные' }).click();
      await shot('edit-data');
      await page.getByRole('tab', { name: 'Дизайн' }).click();
      await shot('edit-design', 4);
      await page.getByRole('tab', { name: 'Уведомления' }).click();
      await shot('edit-notifications');
      await page.getByRole('button', { name: 'Удалить ассистента' }).click();
      await shot('edit-delete', 1);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
