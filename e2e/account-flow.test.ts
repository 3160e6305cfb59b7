import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, newAccount, signUp } from './helpers/account';
import { hasChromium, launchBrowser, VIEWPORTS } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

if (!hasChromium) console.log('e2e пропущены: не найден /usr/bin/chromium (установите пакет chromium)');

describe.skipIf(!hasChromium)('account flow in Chromium', () => {
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

  it('signs up into the cabinet, survives a reload, logs out and back in to the remembered page', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const account = newAccount();

    // A cabinet page while signed out leads to the login, which leads to the signup.
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/signup');

    await signUp(page, account);
    await page.getByRole('heading', { name: 'Добро пожаловать в Отклик' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{20,}/);

    // The session is restored after a reload (GET /api/check-auth with the stored token).
    const checked = page.waitForResponse((res) => res.url().endsWith('/api/check-auth') && res.ok());
    await page.reload();
    await checked;
    await page.getByRole('heading', { name: 'Добро пожаловать в Отклик' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Profile through the sidebar, then log out.
    await page.getByRole('navigation', { name: 'Навигация кабинета' }).getByRole('link', { name: 'Профиль' }).click();
    await page.waitForURL('**/dashboard/profile');
    await expect.poll(() => page.getByLabel('Электронная почта').inputValue()).toBe(account.email);
    await page.getByRole('button', { name: 'Выйти из аккаунта' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The cabinet is closed now.
    await page.goto(`${server.url}/dashboard/profile`);
    await page.waitForURL('**/login');

    await logIn(page, account);
    await page.waitForURL('**/dashboard/profile');
    await expect.poll(() => page.getByLabel('Электронная почта').inputValue()).toBe(account.email);
    await page.getByText('Успешный вход').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
