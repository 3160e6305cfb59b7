/**
 * Screenshots of the public site at desktop (1440) and mobile (390) widths, for a person to
 * look at: `npm run build -w apps/web && npx tsx e2e/site-shots.ts [outDir] [page…]`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { hasChromium, launchBrowser, VIEWPORTS } from './helpers/browser';
import { startServer } from './helpers/server';
import { PUBLIC_SITE_PAGES } from './helpers/site-pages';

const [outDir = '/tmp/site-shots', ...only] = process.argv.slice(2);

async function main() {
  if (!hasChromium) {
    console.log('Нет /usr/bin/chromium — снимки не сделаны');
    return;
  }
  mkdirSync(path.join(outDir, 'parts'), { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport, locale: 'ru-RU', deviceScaleFactor: 1 });
      const page = await context.newPage();
      const pending = new Map<string, number>();
      page.on('request', (r) => pending.set(r.url(), Date.now()));
      page.on('requestfinished', (r) => pending.delete(r.url()));
      page.on('requestfailed', (r) => console.log('request failed', r.url(), r.failure()?.errorText));
      page.on('pageerror', (e) => console.log('page error', e.message));
      page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
      for (const site of PUBLIC_SITE_PAGES) {
        if (only.length && !only.includes(site.name)) continue;
        await page.goto(`${server.url}${site.path}`);
        try {
          await page.getByRole('heading', { level: 1, name: site.heading }).waitFor({ timeout: 15_000 });
        } catch (error) {
          await page.screenshot({ path: path.join(outDir, `FAILED-${site.name}-${name}.png`) });
          console.log('pending', [...pending.entries()]);
          console.log('FAILED', site.name, page.url(), (await page.locator('body').textContent())?.slice(0, 400));
          throw error;
        }
        await page.waitForLoadState('networkidle');
        // Below-the-fold content and the preview animation settle.
        await page.waitForTimeout(2500);
        const file = path.join(outDir, `${site.name}-${name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        // The same page in screen-sized parts, to look at the details.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const part = viewport.width > 1000 ? 1100 : 1400;
        for (let y = 0, i = 1; y < height; y += part, i++) {
          await page.screenshot({
            path: path.join(outDir, 'parts', `${site.name}-${name}-${i}.png`),
            fullPage: true,
            clip: { x: 0, y, width: viewport.width, height: Math.min(part, height - y) },
          });
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
