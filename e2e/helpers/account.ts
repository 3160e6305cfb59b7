import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

export interface Account {
  username: string;
  email: string;
  password: string;
}

export const newAccount = (): Account => ({
  username: 'Анна',
  email: `owner-${randomUUID().slice(0, 8)}@example.ru`,
  password: 'пароль-123',
});

/** Fills and sends the signup form of the page at /signup. */
export async function signUp(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Имя пользователя').fill(account.username);
  await page.getByLabel('Электронная почта').fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
}

/** Fills and sends the login form of the page at /login (Enter submits). */
export async function logIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Электронная почта').fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByLabel('Пароль', { exact: true }).press('Enter');
}
