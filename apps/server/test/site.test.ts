import { randomUUID } from 'node:crypto';
import { splitPromptHelperReply } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../src/infra/db/schema';
import { json, startTestServer, type TestServer } from './helpers/server';
import { type SmtpPeer, startSmtpPeer } from './helpers/smtp-peer';

const SUPPORT = 'support-desk@otklik.test';
let server: TestServer;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT, PUBLIC_URL: 'https://otklik.example' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let ipCounter = 0;
// Each test speaks from its own address so one test's rate limit never spills into another.
const freshIp = () => ({ 'x-forwarded-for': `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

const contact = (payload: unknown, headers: Record<string, string> = freshIp()) =>
  server.app.inject({ method: 'POST', url: '/api/notify/client-request', payload: payload as object, headers });

const storedByName = async (name: string) =>
  server.app.ctx.db.select().from(contactRequests).where(eq(contactRequests.name, name));

describe('contact request', () => {
  it('stores the request and mails it to the support address in Russian, text and HTML', async () => {
    const name = `Мария ${randomUUID().slice(0, 6)}`;
    const res = await contact({
      name,
      phone: '+7(912)345-67-89',
      email: 'maria@example.ru',
      message: 'Хочу ассистента для салона красоты <b>срочно</b>',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true });

    const [row] = await storedByName(name);
    expect(row).toMatchObject({
      source: 'landing',
      phone: '+7 (912) 345-67-89',
      email: 'maria@example.ru',
      message: 'Хочу ассистента для салона красоты <b>срочно</b>',
    });

    const mail = await smtp.waitFor(SUPPORT, (m) => (m.text ?? '').includes(name));
    expect(mail.subject).toBe(`Заявка с сайта: ${name}`);
    expect(mail.text).toContain('Телефон: +7 (912) 345-67-89');
    expect(mail.text).toContain('E-mail: maria@example.ru');
    expect(mail.text).toContain('Хочу ассистента для салона красоты <b>срочно</b>');
    expect(mail.html).toContain('Хочу ассистента для салона красоты &lt;b&gt;срочно&lt;/b&gt;');
    expect(mail.replyTo?.value[0]?.address).toBe('maria@example.ru');
  });

  it('accepts a request with only an e-mail or only a phone, in every spelling of spec §5', async () => {
    const spellings = [
      '89123456789',
      '+79123456789',
      '8 912 345 67 89',
      '+7 (912) 345-67-89',
      '912-345-67-89',
      '7(912)3456789',
    ];
    const ip = freshIp();
    for (const [i, phone] of spellings.slice(0, 4).entries()) {
      const name = `Телефон ${i} ${randomUUID().slice(0, 6)}`;
      const res = await contact({ name, phone, email: '', message: '' }, ip);
      expect(res.statusCode, phone).toBe(200);
      expect((await storedByName(name))[0]?.phone).toBe('+7 (912) 345-67-89');
    }
    const ip2 = freshIp();
    for (const phone of spellings.slice(4)) {
      const res = await contact({ phone }, ip2);
      expect(res.statusCode, phone).toBe(200);
    }
    const name = `Почта ${randomUUID().slice(0, 6)}`;
    const onlyEmail = await contact({ name, email: 'ivan@example.ru' }, ip2);
    expect(onlyEmail.statusCode).toBe(200);
    expect((await storedByName(name))[0]).toMatchObject({ phone: '', email: 'ivan@example.ru', message: '' });
  });

  it('rejects a request with neither e-mail nor phone, counting a phone of only the country digit as empty', async () => {
    const ip = freshIp();
    const name = `Пусто ${randomUUID().slice(0, 6)}`;
    for (const payload of [
      { name, phone: '', email: '', message: 'Перезвоните' },
      { name, phone: '+7(', email: '  ', message: '' },
      { name, phone: '+7', message: '' },
      { name },
    ]) {
      const res = await contact(payload, ip);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ message: 'Укажите хотя бы email или телефон' });
    }
    expect(await storedByName(name)).toHaveLength(0);
  });

  it('rejects a malformed e-mail or phone and a message over 500 characters with the spec texts', async () => {
    const name = `Ошибки ${randomUUID().slice(0, 6)}`;
    const cases: [Record<string, string>, string][] = [
      [{ email: 'ivan@example' }, 'Некорректный e-mail'],
      [{ email: 'ivan @example.ru' }, 'Некорректный e-mail'],
      [{ email: 'ivan@example.ru', phone: '12345' }, 'Некорректный телефон'],
      [{ phone: '+7(912)345-67' }, 'Некорректный телефон'],
      [{ phone: '+1 912 345 67 89' }, 'Некорректный телефон'],
      [{ phone: '+7(912)345-67-89', message: 'я'.repeat(501) }, 'Сообщение должно содержать не более 500 символов'],
    ];
    for (const [fields, message] of cases) {
      // Refused requests count toward the rate limit too, so each case speaks from its own address.
      const res = await contact({ name, ...fields }, freshIp());
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    const full = await contact({ name, phone: '+7(912)345-67-89', message: 'я'.repeat(500) }, freshIp());
    expect(full.statusCode).toBe(200);
    expect(await storedByName(name)).toHaveLength(1);
  });

  it('answers 400 in Russian to a body that is not JSON or has wrong types', async () => {
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/notify/client-request',
      payload: '{"email":',
      headers: { 'content-type': 'application/json', ...freshIp() },
    });
    expect(notJson.statusCode).toBe(400);
    expect(json(notJson).message).toBe('Некорректный JSON в теле запроса');
    const wrongType = await contact({ email: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(json(wrongType).message).toMatch(/[а-я]/i);
  });

  it('marks partnership requests so support sees where they came from', async () => {
    const name = `Студия ${randomUUID().slice(0, 6)}`;
    const res = await contact({ name, email: 'studio@example.ru', message: 'Делаем сайты', source: 'partnership' });
    expect(res.statusCode).toBe(200);
    expect((await storedByName(name))[0]?.source).toBe('partnership');
    const mail = await smtp.waitFor(SUPPORT, (m) => (m.text ?? '').includes(name));
    expect(mail.subject).toBe(`Заявка на партнёрство: ${name}`);
  });

  it('limits one address to 5 requests in 10 minutes, with a Russian 429, while others still get through', async () => {
    const ip = freshIp();
    const name = `Поток ${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 5; i++) {
      expect((await contact({ name, email: 'flood@example.ru' }, ip)).statusCode).toBe(200);
    }
    const limited = await contact({ name, email: 'flood@example.ru' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toMatch(/^Слишком много запросов\. Повторите через \d+ сек\.$/);
    expect(await storedByName(name)).toHaveLength(5);
    expect((await contact({ name: 'Другой', email: 'other@example.ru' })).statusCode).toBe(200);
  });
});

describe('prompt helper', () => {
  const helper = (
    payload: unknown,
    headers: Record<string, string> = freshIp(),
    query = `?visitorId=${randomUUID()}`,
  ) =>
    server.app.inject({
      method: 'POST',
      url: `/api/assistant/create-helper${query}`,
      payload: payload as object,
      headers,
    });

  it('answers a composed request with a prompt and numbered insights in the format of spec §7', async () => {
    const { composePromptHelperContent } = await import('@otklik/contract');
    const answers = Array.from({ length: 12 }, () => '');
    answers[0] = 'Пекарня у дома';
    answers[1] = 'Семейная пекарня в Самаре, печём с 2012 года';
    answers[4] = 'Ольга, администратор пекарни';
    answers[11] = 'Хлеб от 90 ₽, торты на заказ от 1 800 ₽ за кг';
    const res = await helper({ role: 'user', content: composePromptHelperContent(answers) });
    expect(res.statusCode).toBe(200);
    const { content } = json<{ content: string }>(res);
    expect(content.startsWith('Ваш промт:')).toBe(true);
    const { prompt, insights } = splitPromptHelperReply(content);
    expect(prompt).toContain('Ты — Ольга, администратор пекарни компании «Пекарня у дома».');
    expect(prompt).toContain('Хлеб от 90 ₽, торты на заказ от 1 800 ₽ за кг.');
    expect(prompt).not.toContain('Инструкция');
    expect(insights.length).toBeGreaterThanOrEqual(2);
    insights.forEach((tip, i) => {
      expect(tip.startsWith(`${i + 1}. `)).toBe(true);
      expect(tip.length).toBeLessThanOrEqual(500 + `${i + 1}. `.length);
    });
    expect(insights.at(-1)).toContain('личном кабинете');
  });

  it('works without a visitor id and rejects a wrong role, empty or oversized content in Russian', async () => {
    const ip = freshIp();
    const ok = await helper({ role: 'user', content: 'Мы продаём цветы в Томске' }, ip, '');
    expect(ok.statusCode).toBe(200);
    expect(json<{ content: string }>(ok).content).toContain('Мы продаём цветы в Томске');

    const wrongRole = await helper({ role: 'assistant', content: 'текст' }, ip);
    expect(wrongRole.statusCode).toBe(400);
    expect(json(wrongRole).message).toBe('Ожидается роль user');
    const blank = await helper({ role: 'user', content: '   ' }, ip);
    expect(blank.statusCode).toBe(400);
    expect(json(blank).message).toBe('Нет заполненных данных');
    const huge = await helper({ role: 'user', content: 'а'.repeat(40_001) }, ip);
    expect(huge.statusCode).toBe(400);
    expect(json(huge).message).toBe('Слишком длинный текст запроса');
  });

  it('limits one address to 10 prompts in 10 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await helper({ role: 'user', content: `Компания ${i}` }, ip)).statusCode).toBe(200);
    }
    const limited = await helper({ role: 'user', content: 'Ещё раз' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toMatch(/^Слишком много запросов/);
  });
});

describe('site config, robots and sitemap', () => {
  it('gives no site assistant when none is configured or seeded, and the support contacts', async () => {
    const res = await server.app.inject({ url: '/api/public/site-config' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ assistantId: null, supportEmail: SUPPORT, supportTelegram: 'otklik_support_bot' });
  });

  it('serves robots.txt that closes the cabinet and points to the sitemap on PUBLIC_URL', async () => {
    const res = await server.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://otklik.example/sitemap.xml');
  });

  it('serves sitemap.xml listing every public page under PUBLIC_URL and nothing private', async () => {
    const res = await server.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://otklik.example/',
        'https://otklik.example/blog',
        'https://otklik.example/blog/knowledge',
        'https://otklik.example/blog/prompt-guide',
        'https://otklik.example/blog/tg-integration',
        'https://otklik.example/partnership',
        'https://otklik.example/prompt-helper',
      ]),
    );
    expect(locs.some((l) => l?.includes('/dashboard') || l?.includes('/assistant/'))).toBe(false);
  });
});
