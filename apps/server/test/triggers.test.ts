import { TRIGGER_TEXTS } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistants, triggerFirings, triggers, visitors } from '../src/infra/db/schema';
import type { MessagePayload } from '../src/modules/conversations/events';
import { triggerHookOf } from '../src/modules/conversations/trigger-hook';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { type SmtpPeer, startSmtpPeer } from './helpers/smtp-peer';
import { createAssistant } from './knowledge-helpers';
import { newVisitor as newWidgetVisitor, send } from './visitor-helpers';

interface Trigger {
  id: string;
  name: string;
  action: string;
  stopWords: string[];
  customAnswer: string;
}

let smtp: SmtpPeer;
let server: TestServer;
let owner: TestOwner;
let other: TestOwner;
let assistantId: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Магазин цветов');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = owner.token) =>
  server.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const base = (id = assistantId) => `/api/v1/assistant/${id}/triggers`;
const list = async (id = assistantId) => json<Trigger[]>(await call('GET', base(id)));
const save = (body: unknown, id = assistantId, token = owner.token) => call('POST', base(id), body, token);

describe('triggers calls (spec §7 "Triggers")', () => {
  beforeEach(async () => {
    await save([]);
  });

  it('saves the whole list, lists it with id, name, action, stopWords, customAnswer, and deletes one', async () => {
    expect(await list()).toEqual([]);
    const res = await save([
      { name: 'Жалобы', action: 'STOP_AND_NOTIFY', stopWords: ['жалоба', '  суд '], customAnswer: '' },
      {
        name: '',
        action: 'CUSTOM_ANSWER_AND_CONTINUE',
        stopWords: ['скидка'],
        customAnswer: 'Скидки в разделе «Акции».',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const saved = json<Trigger[]>(res);
    expect(saved).toEqual([
      {
        id: expect.any(String),
        name: 'Жалобы',
        action: 'STOP_AND_NOTIFY',
        stopWords: ['жалоба', 'суд'],
        customAnswer: '',
      },
      {
        id: expect.any(String),
        name: '',
        action: 'CUSTOM_ANSWER_AND_CONTINUE',
        stopWords: ['скидка'],
        customAnswer: 'Скидки в разделе «Акции».',
      },
    ]);
    expect(await list()).toEqual(saved);

    const [first, second] = saved;
    if (!first || !second) throw new Error('not saved');
    const removed = await call('DELETE', `${base()}/${first.id}`);
    expect(removed.statusCode).toBe(200);
    expect(json(removed)).toEqual({ ok: true });
    expect(await list()).toEqual([second]);
    const again = await call('DELETE', `${base()}/${first.id}`);
    expect(again.statusCode).toBe(404);
    expect(json(again)).toEqual({ message: TRIGGER_TEXTS.notFound });
  });

  it('keeps the ids of posted triggers, updates them, removes the ones left out and keeps the order', async () => {
    const [a, b] = json<Trigger[]>(
      await save([
        { name: 'A', action: 'STOP_AND_NOTIFY', stopWords: ['жалоба'], customAnswer: '' },
        { name: 'B', action: 'CONTINUE_AND_NOTIFY', stopWords: ['возврат'], customAnswer: '' },
      ]),
    );
    if (!a || !b) throw new Error('not saved');
    const res = await save([
      { name: 'Новый', action: 'CONTINUE_AND_NOTIFY', stopWords: ['оператор'], customAnswer: '' },
      { id: b.id, name: 'B2', action: 'CUSTOM_ANSWER_NOTIFY_STOP', stopWords: ['возврат'], customAnswer: 'Ждите' },
    ]);
    const saved = json<Trigger[]>(res);
    expect(saved.map((t) => t.name)).toEqual(['Новый', 'B2']);
    expect(saved[1]).toEqual({
      id: b.id,
      name: 'B2',
      action: 'CUSTOM_ANSWER_NOTIFY_STOP',
      stopWords: ['возврат'],
      customAnswer: 'Ждите',
    });
    expect(saved.some((t) => t.id === a.id)).toBe(false);
  });

  it('trims stop-words, drops empty and repeated ones, defaults the action and clears a custom answer the action has not', async () => {
    const res = await save([
      { name: '  Тест ', stopWords: [' Жалоба ', '', '   ', 'жалоба', 'ЖАЛОБА'], customAnswer: 'лишний ответ' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Trigger[]>(res)[0]).toMatchObject({
      name: 'Тест',
      action: 'STOP_AND_NOTIFY',
      stopWords: ['Жалоба'],
      customAnswer: '',
    });
  });

  it('treats an id that is not one of its triggers (a client key, a number) as a new trigger', async () => {
    const res = await save([
      { id: 'new-1', stopWords: ['а'] },
      { id: 7, stopWords: ['б'] },
      { id: null, stopWords: ['в'] },
      { id: '00000000-0000-4000-8000-000000000000', stopWords: ['г'] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const ids = json<Trigger[]>(res).map((t) => t.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  it('accepts a missing name (optional, spec §5) and null fields', async () => {
    const res = await save([{ action: 'CONTINUE_AND_NOTIFY', stopWords: ['спам'], name: null, customAnswer: null }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Trigger[]>(res)[0]).toMatchObject({ name: '', customAnswer: '' });
  });

  it('refuses bad lists with a Russian message and changes nothing', async () => {
    await save([{ name: 'Есть', action: 'STOP_AND_NOTIFY', stopWords: ['жалоба'] }]);
    const before = await list();
    const cases: [unknown, string][] = [
      [[{ action: 'STOP_AND_NOTIFY', stopWords: ['  ', ''] }], TRIGGER_TEXTS.noStopWords],
      [[{ action: 'STOP_AND_NOTIFY' }], TRIGGER_TEXTS.noStopWords],
      [[{ action: 'CUSTOM_ANSWER_AND_CONTINUE', stopWords: ['a'], customAnswer: '  ' }], TRIGGER_TEXTS.noCustomAnswer],
      [[{ action: 'DELETE_EVERYTHING', stopWords: ['a'] }], 'Неизвестное действие триггера'],
      [[{ action: 'STOP_AND_NOTIFY', stopWords: ['a'.repeat(101)] }], TRIGGER_TEXTS.longStopWord],
      [[{ action: 'STOP_AND_NOTIFY', stopWords: ['a'], name: 'n'.repeat(101) }], TRIGGER_TEXTS.longName],
      [Array.from({ length: 51 }, () => ({ stopWords: ['a'] })), TRIGGER_TEXTS.tooManyTriggers],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json(res)).toEqual({ message });
    }
    for (const body of ['не список', { name: 'x' }, [null], [{ stopWords: 'жалоба' }]]) {
      const res = await server.app.inject({
        method: 'POST',
        url: base(),
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
      expect(typeof json<{ message: string }>(res).message).toBe('string');
    }
    const broken = await server.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: '[{',
    });
    expect(broken.statusCode).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('needs a signed-in owner and a valid id', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: base() });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toEqual({ message: 'Требуется авторизация' });
    const badId = await call('GET', base('not-an-id'));
    expect(badId.statusCode).toBe(400);
    const badTrigger = await call('DELETE', `${base()}/not-an-id`);
    expect(badTrigger.statusCode).toBe(400);
    const missing = await call('GET', base('00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
  });

  it("gives another owner 404 on every call and changes nothing of the owner's triggers", async () => {
    const [mine] = json<Trigger[]>(await save([{ name: 'Мой', action: 'STOP_AND_NOTIFY', stopWords: ['жалоба'] }]));
    if (!mine) throw new Error('not saved');
    const get = await call('GET', base(), undefined, other.token);
    expect(get.statusCode).toBe(404);
    expect(json(get)).toEqual({ message: 'Ассистент не найден' });
    const post = await save([{ stopWords: ['чужое'] }], assistantId, other.token);
    expect(post.statusCode).toBe(404);
    const del = await call('DELETE', `${base()}/${mine.id}`, undefined, other.token);
    expect(del.statusCode).toBe(404);

    // The other owner's own assistant cannot reach this trigger by its id either.
    const theirs = await createAssistant(server.app, other.userId);
    const cross = await call('DELETE', `${base(theirs)}/${mine.id}`, undefined, other.token);
    expect(cross.statusCode).toBe(404);
    const hijack = await save([{ id: mine.id, name: 'Чужой', stopWords: ['x'] }], theirs, other.token);
    expect(hijack.statusCode).toBe(200);
    expect(json<Trigger[]>(hijack)[0]?.id).not.toBe(mine.id);
    expect(await list()).toEqual([mine]);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, unknown> }>(await server.app.inject({ url: '/api/docs/json' }));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/assistant/{id}/triggers', '/api/v1/assistant/{id}/triggers/{triggerId}']),
    );
  });
});

describe('triggers firing on a visitor message (ARCHITECTURE §4 step 2)', () => {
  let visitorSeq = 0;
  async function newVisitor(name: string | null = null) {
    visitorSeq++;
    const [row] = await server.app.ctx.db
      .insert(visitors)
      .values({ assistantId, name, externalId: null })
      .returning({ id: visitors.id });
    if (!row) throw new Error('no visitor');
    return row.id;
  }
  const message = (visitorId: string, content: string): MessagePayload => ({
    id: crypto.randomUUID(),
    visitorId,
    role: 'visitor',
    content,
    attachments: [],
    source: null,
    createdAt: new Date().toISOString(),
  });
  /** The hook queues its mail before it returns: once the queue is idle, a mail it sent is in `smtp.mails`. */
  const run = async (visitorId: string, content: string) => {
    const outcome = await triggerHookOf(server.app.ctx)(
      { ctx: server.app.ctx, assistantId, visitorId, channel: 'web' },
      message(visitorId, content),
    );
    await server.app.ctx.queue.drain();
    return outcome;
  };
  const mailsTo = () => smtp.mails.filter((m) => m.subject?.includes('Сработал триггер'));

  async function only(action: string, customAnswer = '') {
    const res = await save([{ name: `Тест ${action}`, action, stopWords: ['жалоба', 'живой оператор'], customAnswer }]);
    expect(res.statusCode, res.body).toBe(200);
  }

  it('STOP_AND_NOTIFY: stops with no answer and e-mails the owner at once', async () => {
    await only('STOP_AND_NOTIFY');
    const visitor = await newVisitor('Ирина');
    const before = mailsTo().length;
    expect(await run(visitor, 'Хочу оставить ЖАЛОБУ на курьера')).toEqual({ stop: true });
    const mail = await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Ирина'));
    expect(mailsTo().length).toBe(before + 1);
    expect(mail.subject).toBe('Сработал триггер — ассистент «Магазин цветов»');
    expect(mail.text).toContain('Триггер «Тест STOP_AND_NOTIFY»: стоп-слова «жалоба»');
    expect(mail.text).toContain('Хочу оставить ЖАЛОБУ на курьера');
    expect(mail.text).toContain(`/dashboard/assistants/${assistantId}/chats`);
  });

  it('CONTINUE_AND_NOTIFY: lets the bot answer and e-mails the owner', async () => {
    await only('CONTINUE_AND_NOTIFY');
    const visitor = await newVisitor();
    expect(await run(visitor, 'позовите живого оператора')).toEqual({});
    const mail = await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes(`Visitor [${visitor}]`));
    expect(mail.text).toContain('«живой оператор»');
  });

  it('CUSTOM_ANSWER_NOTIFY_CONTINUE: answers with the custom text, notifies, goes on', async () => {
    await only('CUSTOM_ANSWER_NOTIFY_CONTINUE', 'Передали вашу жалобу менеджеру.');
    const visitor = await newVisitor('Пётр');
    expect(await run(visitor, 'жалобы есть')).toEqual({ reply: 'Передали вашу жалобу менеджеру.' });
    await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Пётр'));
  });

  it('CUSTOM_ANSWER_AND_CONTINUE: answers with the custom text and sends no mail', async () => {
    await only('CUSTOM_ANSWER_AND_CONTINUE', 'Оставьте жалобу в форме на сайте.');
    const visitor = await newVisitor('Без письма');
    const before = mailsTo().length;
    expect(await run(visitor, 'куда писать жалобу?')).toEqual({ reply: 'Оставьте жалобу в форме на сайте.' });
    expect(mailsTo().length).toBe(before);
    const firings = await server.app.ctx.db.select().from(triggerFirings).where(eq(triggerFirings.visitorId, visitor));
    expect(firings).toMatchObject([{ matched: ['жалоба'], notified: false }]);
  });

  it('CUSTOM_ANSWER_NOTIFY_STOP: answers with the custom text, notifies and stops', async () => {
    await only('CUSTOM_ANSWER_NOTIFY_STOP', 'С вами свяжется менеджер.');
    const visitor = await newVisitor('Анна Стоп');
    expect(await run(visitor, 'это жалоба')).toEqual({ reply: 'С вами свяжется менеджер.', stop: true });
    await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Анна Стоп'));
  });

  it('does nothing for a message without stop-words, or for an assistant without triggers', async () => {
    await only('STOP_AND_NOTIFY');
    const visitor = await newVisitor();
    expect(await run(visitor, 'Сколько стоит доставка?')).toEqual({});
    await save([]);
    expect(await run(visitor, 'жалоба')).toEqual({});
    const firings = await server.app.ctx.db.select().from(triggerFirings).where(eq(triggerFirings.visitorId, visitor));
    expect(firings).toEqual([]);
  });

  it('notifies once per trigger and visitor in the quiet period, but still acts every time', async () => {
    await only('STOP_AND_NOTIFY');
    const visitor = await newVisitor('Повторяющий');
    const count = () => mailsTo().filter((m) => (m.text ?? '').includes('Повторяющий')).length;
    expect(await run(visitor, 'жалоба')).toEqual({ stop: true });
    await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Повторяющий'));
    expect(await run(visitor, 'ещё жалоба')).toEqual({ stop: true });
    expect(count()).toBe(1);
    const firings = await server.app.ctx.db.select().from(triggerFirings).where(eq(triggerFirings.visitorId, visitor));
    expect(firings.map((f) => f.notified).sort()).toEqual([false, true]);
  });

  it('are removed with their assistant', async () => {
    const doomed = await createAssistant(server.app, owner.userId);
    await save([{ stopWords: ['жалоба'] }], doomed);
    await server.app.ctx.db.delete(assistants).where(eq(assistants.id, doomed));
    expect(await server.app.ctx.db.select().from(triggers).where(eq(triggers.assistantId, doomed))).toEqual([]);
    expect(visitorSeq).toBeGreaterThan(0);
  });
});

describe('triggers through the widget (the visitor API and the pipeline)', () => {
  const hasMail = (text: string) => smtp.mails.some((m) => (m.text ?? '').includes(text));

  it('CUSTOM_ANSWER_NOTIFY_STOP: the visitor gets the custom answer, the owner a mail, and the bot then stays silent', async () => {
    await save([
      {
        name: 'Жалобы',
        action: 'CUSTOM_ANSWER_NOTIFY_STOP',
        stopWords: ['жалоба'],
        customAnswer: 'Сожалеем! Менеджер свяжется с вами.',
      },
    ]);
    const v = await newWidgetVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Хочу написать ЖАЛОБУ на курьера');
    expect(sent.status).toBe(200);
    expect(sent.message).toMatchObject({ role: 'assistant', content: 'Сожалеем! Менеджер свяжется с вами.' });
    await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Хочу написать ЖАЛОБУ на курьера'));

    const chats = json<{ id: string; isPaused: boolean }[]>(await call('GET', `/api/assistant/${assistantId}/chats`));
    expect(chats.find((c) => c.id === v.visitorId)?.isPaused).toBe(true);
    const next = await send(server.app, assistantId, v.visitorToken, 'Алло, вы тут?');
    expect(next.message).toBeUndefined();
  });

  it('STOP_AND_NOTIFY: no bot answer at all, the conversation is paused and the owner notified', async () => {
    await save([{ name: 'Юрист', action: 'STOP_AND_NOTIFY', stopWords: ['суд'] }]);
    const v = await newWidgetVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Я подам на вас в суд');
    expect(sent.status).toBe(200);
    expect(sent.message).toBeUndefined();
    await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Я подам на вас в суд'));
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, v.visitorId));
    expect(row?.isPaused).toBe(true);
  });

  it('CONTINUE_AND_NOTIFY: the bot answers as usual and the owner is notified', async () => {
    await save([{ name: 'Привет', action: 'CONTINUE_AND_NOTIFY', stopWords: ['здравствуйте'] }]);
    const v = await newWidgetVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'Здравствуйте!');
    expect(sent.message?.role).toBe('assistant');
    expect(sent.message?.content).not.toBe('');
    await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Триггер «Привет»'));
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, v.visitorId));
    expect(row?.isPaused).toBe(false);
  });

  it('CUSTOM_ANSWER_AND_CONTINUE: the custom answer instead of the bot one, no mail, the conversation goes on', async () => {
    await save([
      {
        name: 'Скидки',
        action: 'CUSTOM_ANSWER_AND_CONTINUE',
        stopWords: ['скидка'],
        customAnswer: 'Все акции — на сайте.',
      },
    ]);
    const v = await newWidgetVisitor(server.app, assistantId);
    const sent = await send(server.app, assistantId, v.visitorToken, 'А скидки у вас бывают?');
    expect(sent.message?.content).toBe('Все акции — на сайте.');
    // The trigger hook runs (and would queue its mail) before the answer is sent: the queue idle, no mail.
    await server.app.ctx.queue.drain();
    expect(hasMail('А скидки у вас бывают?')).toBe(false);
    const again = await send(server.app, assistantId, v.visitorToken, 'Здравствуйте');
    expect(again.message?.role).toBe('assistant');
  });

  it('a paused conversation gets no trigger text either: the operator answers, the owner is still notified', async () => {
    await save([
      {
        name: 'Возвраты',
        action: 'CUSTOM_ANSWER_NOTIFY_CONTINUE',
        stopWords: ['возврат'],
        customAnswer: 'Возврат оформляется за 3 дня.',
      },
    ]);
    const v = await newWidgetVisitor(server.app, assistantId);
    await server.app.ctx.db.update(visitors).set({ isPaused: true }).where(eq(visitors.id, v.visitorId));
    const sent = await send(server.app, assistantId, v.visitorToken, 'Как сделать возврата заказа?');
    expect(sent.status).toBe(200);
    expect(sent.message).toBeUndefined();
    await smtp.waitFor(owner.email, (m) => (m.text ?? '').includes('Как сделать возврата заказа?'));
    const [row] = await server.app.ctx.db.select().from(visitors).where(eq(visitors.id, v.visitorId));
    expect(row?.isPaused).toBe(true);
  });
});
