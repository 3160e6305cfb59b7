import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signUp } from './helpers/account';
import { hasChromium, launchBrowser, VIEWPORTS } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

// Spec §1: the product's own pages carry its widget (the seeded demo assistant, bottom margin
// 100); the cabinet, which previews the owner's widgets, does not.
// The host element has no size of its own (the launcher inside is fixed), so its button is looked at.
const launcherOf = (page: Page) => page.locator('[data-otklik-widget]').getByRole('button', { name: 'Открыть чат' });

describe.skipIf(!hasChromium)("the product's own widget on the public pages", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SEED_DEMO: '1' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers on the landing page, stays over public pages and hides in the cabinet', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      const launcher = launcherOf(page);
      await launcher.waitFor({ state: 'visible', timeout: 15_000 });
      // The painted first frame is replaced by the component's own launcher in place, so the
      // element measured may be gone between finding and measuring it: measured until it holds.
      const viewport = page.viewportSize();
      const bottomGap = async () => {
        const box = await launcherOf(page).boundingBox();
        return box && viewport && Math.round(viewport.height - (box.y + box.height));
      };
      await expect.poll(bottomGap).toBe(100);

      // Client-side navigation between public pages keeps it.
      await page.getByRole('banner').getByRole('link', { name: 'Блог' }).click();
      await page.waitForURL('**/blog');
      await expect.poll(() => launcherOf(page).isVisible()).toBe(true);

      // Signing up leads into the cabinet without a page load: the widget is hidden there, not
      // left over the owner's own widget previews.
      await page.goto(`${server.url}/signup`);
      await expect.poll(() => launcherOf(page).isVisible(), { timeout: 15_000 }).toBe(true);
      await signUp(page, newAccount());
      await page.waitForURL('**/dashboard**');
      await expect.poll(() => launcherOf(page).isVisible()).toBe(false);

      // Back to a public page: shown again.
      await page.goBack();
      await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
      await expect.poll(() => launcherOf(page).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
