import { randomUUID } from 'node:crypto';
import { buildSnippet } from '@otklik/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, widgets } from '../src/infra/db/schema';
import { createOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { type SmtpPeer, startSmtpPeer } from './helpers/smtp-peer';

const ORIGIN = 'https://otklik.example';
let server: TestServer;
let smtp: SmtpPeer;
let assistantId: string;

async function makeAssistant(botName: string): Promise<string> {
  const owner = await createOwner(server.app);
  const [widget] = await server.app.ctx.db
    .insert(widgets)
    .values({ userId: owner.userId, botName })
    .returning({ id: widgets.id });
  if (!widget) throw new Error('no widget');
  const [row] = await server.app.ctx.db
    .insert(assistants)
    .values({ userId: owner.userId, widgetId: widget.id, name: 'Тайное название владельца' })
    .returning({ id: assistants.id });
  if (!row) throw new Error('no assistant');
  return row.id;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
  assistantId = await makeAssistant('Консультант <Ромашка>');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let ipCounter = 0;
// Each test speaks from its own address so that one test's per-IP limit never spills into another.
const freshIp = () => ({ 'x-forwarded-for': `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const recipient = () => `dev-${randomUUID().slice(0, 8)}@studio.example`;

const send = (payload: unknown, headers: Record<string, string> = freshIp()) =>
  server.app.inject({ method: 'POST', url: '/api/assistant/sendSnippet', payload: payload as object, headers });

describe('POST /api/assistant/sendSnippet', () => {
  it('mails the developer every snippet built by the server, in Russian, text and HTML, without authorisation', async () => {
    const to = recipient();
    const snippet = buildSnippet('react', { origin: ORIGIN, assistantId });
    const res = await send({
      toEmail: to,
      snippet: `${snippet}\n<a href="https://phishing.example">Срочно оплатите счёт</a>`,
      instructions: 'Переведите деньги на карту 1234',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true });

    const mail = await smtp.waitFor(to);
    expect(mail.subject).toBe('Код чат-виджета «Консультант <Ромашка>» для установки на сайт');
    const text = mail.text ?? '';
    expect(text).toContain('Здравствуйте!');
    expect(text).toContain(`ID ассистента: ${assistantId}`);
    for (const framework of ['html', 'vue', 'angular', 'react'] as const) {
      expect(text).toContain(buildSnippet(framework, { origin: ORIGIN, assistantId }));
    }
    expect(text).toContain(`${ORIGIN}/api/widget/script`);
    expect(text).toContain(`window.initChatWidget({ assistantId: '${assistantId}', bottomMargin: 40 })`);
    // What the caller wrote never reaches the mail; neither does anything of the owner's.
    for (const part of [text, mail.html || '']) {
      expect(part).not.toContain('phishing');
      expect(part).not.toContain('Переведите деньги');
      expect(part).not.toContain('Тайное название владельца');
    }
    const html = mail.html || '';
    expect(html).toContain('lang="ru"');
    expect(html).toContain('Консультант &lt;Ромашка&gt;');
    expect(html).toContain('&lt;script');
    expect(html).not.toContain('<script');
  });

  it('puts the tab the owner had open first and accepts the other reading of the spec (developerEmail, id in the snippet)', async () => {
    const to = recipient();
    const res = await send({
      developerEmail: `  ${to.toUpperCase()} `,
      snippet: buildSnippet('angular', { origin: 'http://whatever.local', assistantId }),
      instructions: '',
      framework: 'angular',
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(to);
    const text = mail.text ?? '';
    const order = ['=== Angular ===', '=== HTML ===', '=== Vue 3 ===', '=== React ==='].map((h) => text.indexOf(h));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The script address is the server's own public origin, not whatever the snippet said.
    expect(text).not.toContain('whatever.local');
  });

  it('works with an explicit assistantId and ignores a bearer token', async () => {
    const to = recipient();
    const res = await send(
      { toEmail: to, assistantId, snippet: '', instructions: '' },
      {
        ...freshIp(),
        ...bearer('not-a-real-token'),
      },
    );
    expect(res.statusCode).toBe(200);
    await smtp.waitFor(to);
  });

  it('refuses a malformed developer e-mail with the spec text and sends nothing', async () => {
    const before = smtp.mails.length;
    for (const email of ['', 'dev', 'dev@studio', 'dev @studio.ru', 'dev@studio.ru x', `${'a'.repeat(250)}@x.ru`]) {
      const res = await send({ toEmail: email, assistantId });
      expect(res.statusCode, email).toBe(400);
      expect(json(res)).toEqual({ message: 'Введите корректный email' });
    }
    const none = await send({ assistantId });
    expect(none.statusCode).toBe(400);
    expect(json(none)).toEqual({ message: 'Введите корректный email' });
    // A mail is queued before the reply: every request answered and the queue idle, none was sent.
    await server.app.ctx.queue.drain();
    expect(smtp.mails.length).toBe(before);
  });

  it('answers 404 for an unknown assistant and 400 when no assistant is named', async () => {
    const unknown = await send({ toEmail: recipient(), assistantId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ message: 'Ассистент не найден' });

    const unknownInSnippet = await send({
      toEmail: recipient(),
      snippet: buildSnippet('html', { origin: ORIGIN, assistantId: randomUUID() }),
    });
    expect(unknownInSnippet.statusCode).toBe(404);

    const missing = await send({ toEmail: recipient(), snippet: '<script src="x"></script>' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ message: 'Не указан ассистент' });

    const badId = await send({ toEmail: recipient(), assistantId: 'не-id' });
    expect(badId.statusCode).toBe(400);
    expect(json(badId)).toEqual({ message: 'Не указан ассистент' });
  });

  it('never answers 500 to bad input', async () => {
    for (const payload of [
      'not json',
      [],
      { toEmail: 5 },
      { toEmail: 'a@b.ru', snippet: 7 },
      { framework: 'svelte' },
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/assistant/sendSnippet',
        headers: { ...freshIp(), 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof json(res).message).toBe('string');
    }
  });

  it('limits each IP to 5 calls in 10 minutes, counting refused ones', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await send({ toEmail: 'broken' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const limited = await send({ toEmail: recipient(), assistantId }, ip);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toMatch(/^Слишком много запросов\. Повторите через \d+ сек\.$/);
  });

  it('limits one recipient to 3 mails an hour and one assistant to 10, whatever the IP', async () => {
    const to = recipient();
    for (let i = 0; i < 3; i++) expect((await send({ toEmail: to, assistantId })).statusCode).toBe(200);
    const again = await send({ toEmail: to, assistantId });
    expect(again.statusCode).toBe(429);
    expect(json(again).message).toMatch(/^Слишком много запросов\. Повторите через \d+ сек\.$/);

    const busy = await makeAssistant('Занятой');
    for (let i = 0; i < 10; i++) {
      expect((await send({ toEmail: recipient(), assistantId: busy })).statusCode).toBe(200);
    }
    const over = await send({ toEmail: recipient(), assistantId: busy });
    expect(over.statusCode).toBe(429);
    // Another assistant is not affected.
    expect((await send({ toEmail: recipient(), assistantId })).statusCode).toBe(200);
  });
});
