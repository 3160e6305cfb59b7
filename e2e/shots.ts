/**
 * Screenshots of the account screens at desktop (1440) and mobile (390) widths, for a person to
 * look at: `cd apps/web && npx vite build && cd ../.. && npx tsx e2e/shots.ts [outDir]`.
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
      const shot = async (screen: string) => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const file = path.join(outDir, `${screen}-${name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };
      await page.goto(`${server.url}/login`);
      await page.getByRole('heading', { name: 'Вход в Отклик' }).waitFor();
      await shot('login');
      await page.goto(`${server.url}/signup`);
      await page.getByRole('heading', { name: 'Создайте аккаунт' }).waitFor();
      await shot('signup');
      await signUp(page, newAccount());
      await page.getByRole('heading', { name: 'Добро пожаловать в Отклик' }).waitFor();
      await page.waitForTimeout(3200); // the success alert closes after 3 s
      await shot('dashboard');
      await page.goto(`${server.url}/dashboard/profile`);
      await page.getByRole('heading', { name: 'Профиль' }).waitFor();
      await shot('profile');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
