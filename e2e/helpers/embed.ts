import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSnippet } from '@otklik/contract';

/** What a visitor's widget needs: an owner with a token, and an assistant with knowledge. */
export interface SeededAssistant {
  token: string;
  assistantId: string;
}

async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface KnowledgeText {
  name: string;
  text: string;
}

/**
 * An owner, a widget design, an assistant and a small knowledge file, all made through the
 * public API as the cabinet makes them; waits until the file is indexed.
 */
export async function seedAssistant(
  base: string,
  knowledge: KnowledgeText,
  design: Record<string, unknown> = {},
): Promise<SeededAssistant> {
  const { token } = await call<{ token: string }>(`${base}/api/signup`, {
    method: 'POST',
    body: JSON.stringify({
      username: 'Анна',
      email: `owner-${randomUUID().slice(0, 8)}@example.ru`,
      password: 'пароль-123',
    }),
  });
  const { id: widgetId } = await call<{ id: string }>(`${base}/api/widget/init`, { method: 'POST', token });
  await call(`${base}/api/widget`, { method: 'POST', token, body: JSON.stringify({ id: widgetId, ...design }) });
  const create = new FormData();
  create.set('requestJson', JSON.stringify({ title: 'Сайт', role: 'Консультант магазина', widgetId }));
  const assistant = await call<{ id: string }>(`${base}/api/assistant/create`, { method: 'POST', token, body: create });

  const upload = new FormData();
  upload.set('file', new Blob([knowledge.text], { type: 'text/plain' }), knowledge.name);
  upload.set('fileDescriptionJson', JSON.stringify({ title: knowledge.name, description: '' }));
  await call(`${base}/api/assistant/${assistant.id}/file`, { method: 'POST', token, body: upload });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = await call<{ status: string; statusReason: string | null }[]>(
      `${base}/api/assistant/${assistant.id}/knowledge`,
      { token },
    );
    if (files.every((f) => f.status === 'ready')) break;
    if (files.some((f) => f.status === 'failed')) throw new Error(`knowledge failed: ${files[0]?.statusReason}`);
    if (Date.now() > deadline) throw new Error('knowledge was not indexed within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { token, assistantId: assistant.id };
}

export interface CustomerSite {
  url: string;
  close(): Promise<void>;
}

/**
 * The HTML snippet the cabinet gave before the design came inside the script (issue #18): the
 * design preloaded beside a script address without the assistant's id. Sites keep what they
 * installed, so it must keep working.
 */
export const legacyHtmlSnippet = (apiOrigin: string, assistantId: string) =>
  [
    '<!-- Чат-виджет «Отклик»: вставьте перед закрывающим тегом </body> -->',
    '<link',
    '  rel="preload"',
    `  href="${apiOrigin}/api/public/assistants/${assistantId}/widget"`,
    '  as="fetch"',
    '  crossorigin',
    '>',
    '<script',
    `  src="${apiOrigin}/api/widget/script"`,
    '  async',
    `  onload="window.initChatWidget({ assistantId: '${assistantId}', bottomMargin: 40 })"`,
    '></script>',
  ].join('\n');

/**
 * A customer's page on its own origin holding exactly the HTML snippet the cabinet shows (or
 * the `snippet` given).
 */
export async function startCustomerSite(
  apiOrigin: string,
  assistantId: string,
  head = '',
  snippet = buildSnippet('html', { origin: apiOrigin, assistantId }),
): Promise<CustomerSite> {
  const page = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Цветочная лавка «Ромашка»</title>
${head}
<style>
  body { margin: 0; font: 16px/1.6 Georgia, serif; color: #2d2a26; background: #fbf7f0; }
  header { padding: 28px 40px; background: #2f5d50; color: #fff; }
  header h1 { margin: 0; font-size: 28px; }
  main { max-width: 760px; margin: 0 auto; padding: 32px 24px 120px; }
  section { margin-bottom: 28px; }
  @media (max-width: 600px) { header { padding: 20px; } header h1 { font-size: 22px; } }
</style>
</head>
<body>
<header><h1>Цветочная лавка «Ромашка»</h1><p>Букеты с доставкой по Москве</p></header>
<main>
  <section><h2>Свежие цветы каждый день</h2>
  <p>Собираем букеты из цветов, которые привозим утром. Поможем выбрать подарок к любому празднику.</p></section>
  <section><h2>Доставка</h2><p>Курьер привезёт букет в удобное время. Подробности спросите в чате.</p></section>
  <section><h2>Контакты</h2><p>Москва, ул. Садовая, 12. Ежедневно с 9:00 до 21:00.</p></section>
</main>
${snippet}
</body>
</html>`;
  const server: Server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // "localhost" and the API's 127.0.0.1 differ in host as well as port: a truly foreign origin.
    url: `http://localhost:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A flower shop's FAQ: the knowledge of the widget and chats e2e (delivery, payment, hours, returns). */
export const FLOWER_SHOP_KNOWLEDGE: KnowledgeText = {
  name: 'ромашка-faq.txt',
  text: [
    'Цветочная лавка «Ромашка». Частые вопросы покупателей.',
    '',
    'Доставка. Доставка букетов по Москве в пределах МКАД стоит 350 рублей и занимает от двух до четырёх часов. За МКАД доставка стоит 700 рублей. При заказе от 5000 рублей доставка бесплатная.',
    '',
    'Оплата. Оплатить заказ можно картой на сайте, переводом по СБП или наличными курьеру.',
    '',
    'Часы работы. Магазин на Садовой улице открыт ежедневно с 9:00 до 21:00, без выходных.',
    '',
    'Возврат. Если букет не понравился, сообщите нам в течение двух часов после доставки, и мы бесплатно заменим его.',
  ].join('\n'),
};
