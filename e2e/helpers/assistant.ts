import type { Page } from 'playwright-core';

/** A CSS variable of the live preview's widget root (inside its shadow root). */
export function previewVar(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => {
    const host = document.querySelector('[data-testid="preview"]');
    const root = host?.shadowRoot?.querySelector<HTMLElement>('.root');
    return root?.style.getPropertyValue(variable).trim() ?? '';
  }, name);
}

/** A text inside the live preview's shadow root. */
export function previewText(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const host = document.querySelector('[data-testid="preview"]');
    return host?.shadowRoot?.querySelector(sel)?.textContent?.trim() ?? '';
  }, selector);
}

export interface NewAssistant {
  title: string;
  botName: string;
}

/**
 * Walks the three creation steps from the design step: a dark background and a bot name,
 * then the data, then Done on the integration step.
 */
export async function createAssistant(page: Page, assistant: NewAssistant): Promise<void> {
  await page.getByRole('heading', { name: 'Дизайн виджета' }).waitFor();
  await page.getByRole('tab', { name: 'Фон' }).click();
  await page.getByRole('button', { name: '#1F2937' }).click();
  await page.getByLabel('Имя бота').fill(assistant.botName);
  await page.getByLabel('Роль бота').fill('Консультант');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/assistant/create/data');
  await page.getByLabel('Название').fill(assistant.title);
  await page.getByLabel('Роль', { exact: true }).fill('Ты — вежливый консультант цветочного магазина.');
  await page.getByLabel('Инструкции').fill('Отвечай коротко. Доставка по городу — 350 ₽, от 3000 ₽ бесплатно.');
  await page.getByRole('button', { name: 'Создать ассистента' }).click();
  await page.waitForURL('**/assistant/create/integration');
}
