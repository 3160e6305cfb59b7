import { type Assistant, NOTIFICATION_TEXTS, type NotificationReply } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantNotifications, notificationAlerts, users } from '../src/infra/db/schema';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { linkFrom, recipients, type SmtpPeer, startSmtpPeer } from './helpers/smtp-peer';
import { startTelegramPeer, type TelegramPeer } from './helpers/telegram-peer';
import { createAssistant } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

/** The notification settings of spec §7: the e-mail and its confirmation, the switches, the Telegram chat. */
let server: TestServer;
let smtp: SmtpPeer;
let peer: TelegramPeer;
let owner: TestOwner;
let other: TestOwner;
let n = 0;
const address = () => `alerts${++n}-${Date.now()}@example.ru`;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  peer = await startTelegramPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, TELEGRAM_API_ROOT: peer.url, TELEGRAM_POLL_TIMEOUT_S: '2' });
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await peer?.close();
});

const call = (url: string, token = owner.token, payload?: object) =>
  server.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const base = (id: string) => `/api/assistant/${id}/notification`;
const settingsOf = async (id: string) =>
  json<Assistant>(await server.app.inject({ url: `/api/assistant/${id}`, headers: bearer(owner.token) })).notification;

describe('the notification e-mail (spec §4 "E-mail notification")', () => {
  it('is confirmed by its single-use link, and only then may its switch be turned on', async () => {
    const id = await createAssistant(server.app, owner.userId, 'Цветы');
    expect(await settingsOf(id)).toMatchObject({ notificationEmail: null, isAllowedNotify: false });

    let res = await call(`${base(id)}/toggle-email?enable=true`);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('Email not confirmed yet');

    res = await call(`${base(id)}/send-confirmation`, owner.token, { email: '  ' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(NOTIFICATION_TEXTS.emailRequired);
    res = await call(`${base(id)}/send-confirmation`, owner.token, { email: 'не почта' });
    expect(res.statusCode).toBe(400);

    const email = address();
    res = await call(`${base(id)}/send-confirmation`, owner.token, { email });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<NotificationReply>(res)).toMatchObject({
      message: NOTIFICATION_TEXTS.confirmationSent(email),
      notification: { notificationEmail: email, isNotificationEmailConfirmed: false },
    });
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe(NOTIFICATION_TEXTS.mailSubject);
    expect(mail.text).toContain('«Цветы»');
    const link = linkFrom(mail, '/notification/confirm');
    expect(link.origin).toBe('http://localhost:3000');
    const token = link.searchParams.get('token') ?? '';

    // The switch is still refused until the link is opened.
    expect((await call(`${base(id)}/toggle-email?enable=true`)).statusCode).toBe(400);
    const confirm = () => server.app.inject({ method: 'POST', url: '/api/notification/confirm', payload: { token } });
    res = await confirm();
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(NOTIFICATION_TEXTS.confirmed);
    // Single use.
    res = await confirm();
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(NOTIFICATION_TEXTS.confirmInvalid);

    res = await call(`${base(id)}/toggle-email?enable=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<NotificationReply>(res)).toMatchObject({
      message: NOTIFICATION_TEXTS.emailEnabled,
      notification: { isNotificationEmailConfirmed: true, isAllowedNotify: true },
    });
    expect(await settingsOf(id)).toMatchObject({
      notificationEmail: email,
      isNotificationEmailConfirmed: true,
      isAllowedNotify: true,
    });

    // The same address again: nothing to confirm, no mail.
    res = await call(`${base(id)}/send-confirmation`, owner.token, { email: email.toUpperCase() });
    expect(json(res).message).toBe(NOTIFICATION_TEXTS.alreadyConfirmed);

    // A changed address is unconfirmed again, its switch off; an earlier link does not confirm it.
    const next = address();
    res = await call(`${base(id)}/send-confirmation`, owner.token, { email: next });
    expect(json<NotificationReply>(res).notification).toMatchObject({
      notificationEmail: next,
      isNotificationEmailConfirmed: false,
      isAllowedNotify: false,
    });
    const nextToken = linkFrom(await smtp.waitFor(next), '/notification/confirm').searchParams.get('token') ?? '';
    expect((await call(`${base(id)}/send-confirmation`, owner.token, { email: address() })).statusCode).toBe(200);
    const stale = await server.app.inject({
      method: 'POST',
      url: '/api/notification/confirm',
      payload: { token: nextToken },
    });
    expect(stale.statusCode).toBe(400);
  });

  it('does not take an expired link', async () => {
    const someone = await createOwner(server.app);
    const id = await createAssistant(server.app, someone.userId, 'Просрочка');
    const email = address();
    expect((await call(`${base(id)}/send-confirmation`, someone.token, { email })).statusCode).toBe(200);
    const token = linkFrom(await smtp.waitFor(email), '/notification/confirm').searchParams.get('token') ?? '';
    await server.app.ctx.db
      .update(assistantNotifications)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(assistantNotifications.assistantId, id));
    const res = await server.app.inject({ method: 'POST', url: '/api/notification/confirm', payload: { token } });
    expect(res.statusCode).toBe(400);
    const [row] = await server.app.ctx.db
      .select()
      .from(assistantNotifications)
      .where(eq(assistantNotifications.assistantId, id));
    expect(row?.isNotificationEmailConfirmed).toBe(false);
  });

  it("keeps another owner's settings out of reach", async () => {
    const id = await createAssistant(server.app, owner.userId, 'Моё');
    for (const url of [`${base(id)}/toggle-email?enable=false`, `${base(id)}/toggle-telegram?enable=false`]) {
      const res = await call(url, other.token);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Ассистент не найден');
    }
    expect((await call(`${base(id)}/send-confirmation`, other.token, { email: address() })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: `${base(id)}/toggle-email?enable=true` })).statusCode).toBe(
      401,
    );
    expect((await call(`${base(id)}/toggle-email?enable=maybe`)).statusCode).toBe(400);
  });
});

describe('the Telegram notification chat', () => {
  it('needs a bot token and its chat before the switch turns on; the token is shown masked', async () => {
    const id = await createAssistant(server.app, owner.userId, 'Телеграм');
    let res = await call(`${base(id)}/toggle-telegram?enable=true`);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(NOTIFICATION_TEXTS.telegramNotReady);

    const token = `7100000${n}:AAH${'n'.repeat(32)}`;
    peer.addBot({ token, username: 'alerts_bot' });
    peer.pushUpdate(token, {
      message: {
        message_id: 1,
        date: 0,
        from: { id: 333, is_bot: false, first_name: 'Олег' },
        chat: { id: 333, type: 'private', first_name: 'Олег' },
        text: 'привет',
      },
    });
    res = await server.app.inject({ url: `/telegram/${token}/assistant/${id}`, headers: bearer(owner.token) });
    expect(json(res).message).not.toContain('ошибка');
    res = await call(`${base(id)}/toggle-telegram?enable=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<NotificationReply>(res).notification).toMatchObject({
      enableTelegram: true,
      chatId: '333',
      chatTitle: 'Олег',
      telegramToken: `${token.split(':')[0]}:…nnnn`,
    });
    expect(res.body).not.toContain(token);
    res = await call(`${base(id)}/toggle-telegram?enable=false`);
    expect(json<NotificationReply>(res).notification.enableTelegram).toBe(false);
  });
});

describe('alerts (triggers, hand-offs, requests for a person, phones)', () => {
  /** An owner of their own (the quiet periods and switches of one test never touch another's). */
  async function setUp(name: string) {
    const someone = await createOwner(server.app);
    const id = await createAssistant(server.app, someone.userId, name);
    return { someone, id };
  }
  const handoff = async (id: string, text = 'Какая погода будет завтра в Сочи?') => {
    const v = await newVisitor(server.app, id);
    await send(server.app, id, v.visitorToken, text);
    return v;
  };

  it('go to the confirmed notification e-mail when its switch is on, to nobody when it is off', async () => {
    const { someone, id } = await setUp('Маршрут');
    const email = address();
    await call(`${base(id)}/send-confirmation`, someone.token, { email });
    const token = linkFrom(await smtp.waitFor(email), '/notification/confirm').searchParams.get('token') ?? '';
    await server.app.inject({ method: 'POST', url: '/api/notification/confirm', payload: { token } });
    // Set but switched off: no mail anywhere.
    await handoff(id, 'Вопрос номер один про Сочи?');
    await server.app.ctx.queue.drain();
    expect(smtp.mails.filter((m) => (m.text ?? '').includes('Вопрос номер один'))).toHaveLength(0);

    expect((await call(`${base(id)}/toggle-email?enable=true`, someone.token)).statusCode).toBe(200);
    await handoff(id, 'Вопрос номер два про Сочи?');
    const mail = await smtp.waitFor(email, (m) => (m.text ?? '').includes('Вопрос номер два'));
    expect(mail.subject).toBe('Нужен ответ специалиста — Маршрут');
    expect(mail.text).toContain('(сайт)');
    expect(mail.text).toMatch(/\/dashboard\/assistants\/[0-9a-f-]+\/chats\?visitor=/);
    expect(smtp.mails.filter((m) => (m.text ?? '').includes('Вопрос номер два') && m.to !== undefined)).toHaveLength(1);
    // The delivery is recorded after the mail server has taken the mail: a moment later.
    const delivered = async () =>
      json<Assistant>(await server.app.inject({ url: `/api/assistant/${id}`, headers: bearer(someone.token) }))
        .notification.lastDeliveredAt;
    await expect.poll(delivered, { timeout: 10_000 }).not.toBeNull();

    // The profile's switch silences everything.
    await server.app.ctx.db.update(users).set({ isAllowedNotify: false }).where(eq(users.id, someone.userId));
    await handoff(id, 'Вопрос номер три про Сочи?');
    await server.app.ctx.queue.drain();
    expect(smtp.mails.filter((m) => (m.text ?? '').includes('Вопрос номер три'))).toHaveLength(0);
  });

  it('reach the Telegram chat, escaped, with the way to the conversation', async () => {
    const { someone, id } = await setUp('Телеграм-оповещения');
    const token = `7200000${n}:AAH${'a'.repeat(32)}`;
    peer.addBot({ token, username: 'owner_alerts_bot' });
    peer.pushUpdate(token, {
      message: {
        message_id: 1,
        date: 0,
        from: { id: 444, is_bot: false, first_name: 'Ольга' },
        chat: { id: 444, type: 'private' },
        text: 'hi',
      },
    });
    await server.app.inject({ url: `/telegram/${token}/assistant/${id}`, headers: bearer(someone.token) });
    expect((await call(`${base(id)}/toggle-telegram?enable=true`, someone.token)).statusCode).toBe(200);
    await handoff(id, 'Что такое <script>alert(1)</script> & <b>жирный</b>?');
    let alert = peer.sent(token, 'sendMessage').find((c) => String(c.params.text).includes('Нужен ответ'));
    for (let i = 0; i < 300 && !alert; i++) {
      await new Promise((r) => setTimeout(r, 25));
      alert = peer.sent(token, 'sendMessage').find((c) => String(c.params.text).includes('Нужен ответ'));
    }
    const text = String(alert?.params.text);
    expect(alert?.params.parse_mode).toBe('HTML');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;жирный&lt;/b&gt;');
    expect(text).toContain('Нужен ответ специалиста');
    // A local PUBLIC_URL cannot be a Telegram button: the link is in the text.
    expect(text).toContain(`/dashboard/assistants/${id}/chats?visitor=`);
    // The owner's account address gets the mail too (no notification e-mail set).
    await smtp.waitFor(someone.email, (m) => (m.text ?? '').includes('alert(1)'));
    const mail = smtp.mails.find((m) => (m.text ?? '').includes('alert(1)'));
    expect(mail?.html).toContain('&lt;script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('fold into one per conversation and reason in five minutes, and say how many were folded', async () => {
    const { someone, id } = await setUp('Шторм');
    const v = await newVisitor(server.app, id);
    for (const q of ['Первый вопрос о Марсе?', 'Второй вопрос о Юпитере?', 'Третий вопрос о Сатурне?'])
      await send(server.app, id, v.visitorToken, q);
    await server.app.ctx.queue.drain();
    const mine = () =>
      smtp.mails.filter(
        (m) => recipients(m).includes(someone.email.toLowerCase()) && m.subject?.startsWith('Нужен ответ'),
      );
    expect(mine()).toHaveLength(1);
    // The window passes.
    await server.app.ctx.db
      .update(notificationAlerts)
      .set({ lastSentAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(notificationAlerts.visitorId, v.visitorId));
    await send(server.app, id, v.visitorToken, 'Четвёртый вопрос о Нептуне?');
    const next = await smtp.waitFor(someone.email, (m) => (m.text ?? '').includes('Нептуне'));
    expect(next.text).toContain('ещё событий такого рода: 2');
  });

  it('arrive once when SMTP was down for a while, and the failure shows meanwhile', async () => {
    const { someone, id } = await setUp('Сбой почты');
    // Settings exist (the switch was touched), so the delivery state has somewhere to live.
    expect((await call(`${base(id)}/toggle-telegram?enable=false`, someone.token)).statusCode).toBe(200);
    smtp.refuseNext(2);
    await handoff(id, 'Вопрос во время сбоя почты?');
    await smtp.waitFor(someone.email, (m) => (m.text ?? '').includes('сбоя почты'));
    await server.app.ctx.queue.drain();
    expect(smtp.mails.filter((m) => (m.text ?? '').includes('сбоя почты'))).toHaveLength(1);
    const { notification } = json<Assistant>(
      await server.app.inject({ url: `/api/assistant/${id}`, headers: bearer(someone.token) }),
    );
    expect(notification.lastError).toMatch(/^почта: .*451|^почта: .*сбой/i);
    expect(Date.parse(notification.lastDeliveredAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(notification.lastErrorAt ?? ''),
    );
  });
});

describe('the test notification', () => {
  it('goes where alerts go, and says so; with nowhere to go it says that', async () => {
    const someone = await createOwner(server.app);
    const id = await createAssistant(server.app, someone.userId, 'Проверка');
    let res = await call(`${base(id)}/test`, someone.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(NOTIFICATION_TEXTS.testSent(`почта ${someone.email}`));
    const mail = await smtp.waitFor(someone.email, (m) => m.subject === 'Тестовое уведомление — Проверка');
    expect(mail.text).toContain('уведомления доходят');
    expect((await call(`${base(id)}/test`, other.token)).statusCode).toBe(404);
    await server.app.ctx.db.update(users).set({ isAllowedNotify: false }).where(eq(users.id, someone.userId));
    res = await call(`${base(id)}/test`, someone.token);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(NOTIFICATION_TEXTS.testNowhere);
  });
});

describe('the owner answers from Telegram', () => {
  it('a reply to an alert reaches the visitor as the operator; /resume restarts the bot there', async () => {
    const someone = await createOwner(server.app);
    const id = await createAssistant(server.app, someone.userId, 'Ответы из Телеграма');
    const token = `7300000${n}:AAH${'r'.repeat(32)}`;
    peer.addBot({ token, username: 'reply_alerts_bot' });
    const ownerChat = { id: 6060, type: 'private', first_name: 'Ирина' };
    peer.pushUpdate(token, {
      message: {
        message_id: 1,
        date: 0,
        from: { id: 6060, is_bot: false, first_name: 'Ирина' },
        chat: ownerChat,
        text: 'привет',
      },
    });
    const found = await server.app.inject({
      url: `/telegram/${token}/assistant/${id}`,
      headers: bearer(someone.token),
    });
    expect(json(found).message).not.toContain('ошибка');
    expect((await call(`${base(id)}/toggle-telegram?enable=true`, someone.token)).statusCode).toBe(200);

    const v = await newVisitor(server.app, id);
    await send(server.app, id, v.visitorToken, 'Можно ли сдать в чистку шубу из норки?');
    const texts = () => peer.sent(token, 'sendMessage').map((c) => String(c.params.text));
    const sentWith = async (part: string) => {
      for (let i = 0; i < 300 && !texts().some((t) => t.includes(part)); i++)
        await new Promise((r) => setTimeout(r, 25));
      return texts().findIndex((t) => t.includes(part));
    };
    // The peer numbers a bot's messages from 1 in the order sent.
    const alertId = (await sentWith('шубу из норки')) + 1;
    expect(alertId).toBeGreaterThan(0);

    const reply = (text: string) =>
      peer.pushUpdate(token, {
        message: {
          message_id: 100 + Math.floor(Math.random() * 1000),
          date: 0,
          from: { id: 6060, is_bot: false, first_name: 'Ирина' },
          chat: ownerChat,
          text,
          reply_to_message: { message_id: alertId, date: 0, chat: ownerChat, text: 'уведомление' },
        },
      });
    reply('Да, шубы чистим: 5000 рублей, неделя.');
    const history = async () =>
      json<{ role: string; content: string }[]>(
        await server.app.inject({
          url: `/api/assistant/messages?assistantId=${id}&visitorId=${v.visitorId}`,
          headers: bearer(someone.token),
        }),
      );
    for (
      let i = 0;
      i < 200 && !(await history()).some((m) => m.content === 'Да, шубы чистим: 5000 рублей, неделя.');
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    expect((await history()).at(-1)).toMatchObject({
      role: 'assistant',
      content: 'Да, шубы чистим: 5000 рублей, неделя.',
    });
    const paused = async () =>
      json<{ id: string; isPaused: boolean }[]>(
        await server.app.inject({ url: `/api/assistant/${id}/chats`, headers: bearer(someone.token) }),
      ).find((c) => c.id === v.visitorId)?.isPaused;
    expect(await paused()).toBe(true);
    expect(await sentWith('Отправлено собеседнику')).toBeGreaterThan(0);

    reply('/resume');
    expect(await sentWith('снова отвечает')).toBeGreaterThan(0);
    expect(await paused()).toBe(false);

    // Looking for the chat again when nobody wrote since: it says so, and the bot keeps hearing the owner.
    const again = await server.app.inject({
      url: `/telegram/${token}/assistant/${id}`,
      headers: bearer(someone.token),
    });
    expect(json(again).message).toContain('ошибка');
    const [alertsRow] = await server.app.ctx.database.query<{ state: string | null }>(
      `select state from telegram_bots where assistant_id = $1 and role = 'alerts'`,
      [id],
    );
    expect(alertsRow?.state).toBe('connected');
    reply('/pause');
    expect(await sentWith('остановлен.')).toBeGreaterThan(0);
    // Anything else in the chat gets the help (as the first 'привет' did).
    expect(await sentWith('Ответьте на уведомление')).toBeGreaterThanOrEqual(0);
  });
});

describe('what the owner is alerted about (the event choices)', () => {
  it('a new conversation only when chosen; a phone by default; a hand-off not when switched off', async () => {
    const someone = await createOwner(server.app);
    const id = await createAssistant(server.app, someone.userId, 'Выбор');
    const subjects = () =>
      smtp.mails.filter((m) => recipients(m).includes(someone.email.toLowerCase())).map((m) => m.subject ?? '');
    const settings = json<Assistant>(
      await server.app.inject({ url: `/api/assistant/${id}`, headers: bearer(someone.token) }),
    );
    expect(settings.notification.events).toEqual({
      trigger: true,
      handoff: true,
      operatorRequest: true,
      phone: true,
      newConversation: false,
    });

    // Off by default: a greeting starts a conversation and nobody is told.
    const first = await newVisitor(server.app, id);
    await send(server.app, id, first.visitorToken, 'Здравствуйте');
    await server.app.ctx.queue.drain();
    expect(subjects().filter((s) => s.startsWith('Новая беседа'))).toEqual([]);

    // The phone a visitor leaves: on by default.
    const phone = await server.app.inject({
      method: 'POST',
      url: `/api/public/assistants/${id}/phone`,
      headers: bearer(first.visitorToken),
      payload: { phone: '+7 900 123-45-67' },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const phoneMail = await smtp.waitFor(someone.email, (m) =>
      (m.subject ?? '').startsWith('Собеседник оставил телефон'),
    );
    expect(phoneMail.text).toContain('+7 900 123-45-67');

    const res = await server.app.inject({
      method: 'PUT',
      url: `${base(id)}/events`,
      headers: bearer(someone.token),
      payload: { trigger: true, handoff: false, operatorRequest: true, phone: true, newConversation: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<NotificationReply>(res)).toMatchObject({
      message: NOTIFICATION_TEXTS.eventsSaved,
      notification: { events: { handoff: false, newConversation: true } },
    });
    const second = await newVisitor(server.app, id);
    await send(server.app, id, second.visitorToken, 'Какая погода будет завтра в Сочи?');
    const started = await smtp.waitFor(someone.email, (m) => (m.subject ?? '').startsWith('Новая беседа'));
    expect(started.text).toContain('Какая погода будет завтра в Сочи?');
    await server.app.ctx.queue.drain();
    expect(subjects().filter((s) => s.startsWith('Нужен ответ'))).toEqual([]);
    expect(
      (
        await server.app.inject({
          method: 'PUT',
          url: `${base(id)}/events`,
          headers: bearer(other.token),
          payload: { newConversation: false },
        })
      ).statusCode,
    ).toBe(404);
  });
});
