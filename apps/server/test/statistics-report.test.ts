import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthlyReports } from '../src/modules/statistics';
import { currentMonth, monthName, previousMonth } from '../src/modules/statistics/month';
import { createOwner, type TestOwner } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { recipients, type SmtpPeer, startSmtpPeer } from './helpers/smtp-peer';
import { createAssistant } from './knowledge-helpers';

/** The monthly statistics mail, through a real SMTP server on loopback. */
let server: TestServer;
let smtp: SmtpPeer;
let owner: TestOwner;
let silent: TestOwner;
let idle: TestOwner;

const MONTH_START = `(date_trunc('month', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow')`;

async function lastMonthQuestion(assistantId: string, question: string, source: string) {
  const db = server.app.ctx.database;
  const [v] = await db.query<{ id: string }>(`insert into visitors (assistant_id) values ($1) returning id`, [
    assistantId,
  ]);
  await db.query(
    `insert into messages (assistant_id, visitor_id, role, content, created_at) values ($1, $2, 'visitor', $3, ${MONTH_START} - interval '2 days')`,
    [assistantId, v?.id, question],
  );
  await db.query(
    `insert into messages (assistant_id, visitor_id, role, content, source, created_at)
     values ($1, $2, 'bot', 'Передам вопрос специалисту.', $3, ${MONTH_START} - interval '2 days' + interval '1 second')`,
    [assistantId, v?.id, source],
  );
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  owner = await createOwner(server.app);
  silent = await createOwner(server.app);
  idle = await createOwner(server.app);
  const bakery = await createAssistant(server.app, owner.userId, 'Пекарня');
  await lastMonthQuestion(bakery, 'Есть ли торты <script>alert(1)</script> без сахара?', 'handoff');
  await lastMonthQuestion(bakery, 'Сколько стоит торт?', 'knowledge');
  const theirs = await createAssistant(server.app, silent.userId, 'Кофейня');
  await lastMonthQuestion(theirs, 'Есть ли овсяное молоко?', 'handoff');
  await server.app.ctx.database.query('update users set is_allowed_notify = false where id = $1', [silent.userId]);
  await createAssistant(server.app, idle.userId, 'Пусто');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the monthly statistics mail', () => {
  it('goes once to each owner who allows notifications and had visitors last month', async () => {
    // Two checks at once (as two instances would run them): one mail.
    const runs = await Promise.all([runMonthlyReports(server.app.ctx), runMonthlyReports(server.app.ctx)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const mail = await smtp.waitFor(owner.email, (m) => (m.subject ?? '').startsWith('Отчёт'));
    const month = previousMonth(currentMonth());
    expect(mail.subject).toBe(`Отчёт Отклика за ${monthName(month)}`);
    const text = mail.text ?? '';
    expect(text).toContain(`Здравствуйте, ${owner.username}!`);
    expect(text).toContain('Разговоров: 2.');
    expect(text).toContain('Сообщений посетителей: 2.');
    expect(text).toMatch(/Решено ботом без участия человека: 50\s%\./);
    expect(text).toContain('Передано человеку: 1 (бот не нашёл ответа: 1).');
    expect(text).toContain('— «Есть ли торты <script>alert(1)</script> без сахара?»');
    expect(text).toContain('http://localhost:3000/dashboard/statistic');
    // The HTML part shows the visitor's words as text.
    expect(String(mail.html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(String(mail.html)).not.toContain('<script>');

    // A later check sends nothing again; the owner who switched notifications off and the one
    // without visitors get nothing.
    expect((await runMonthlyReports(server.app.ctx)).sent).toBe(0);
    await server.app.ctx.queue.drain();
    const reports = (email: string) =>
      smtp.mails.filter((m) => recipients(m).includes(email.toLowerCase()) && (m.subject ?? '').startsWith('Отчёт'));
    expect(reports(owner.email)).toHaveLength(1);
    expect(reports(silent.email)).toHaveLength(0);
    expect(reports(idle.email)).toHaveLength(0);
  });
});
