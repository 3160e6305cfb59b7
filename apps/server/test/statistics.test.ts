import type { MonthMessage, StatisticsOverview, StatisticsResult } from '@otklik/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';

/** The month's figures of spec §2.14 from a seeded month with known counts. */
let server: TestServer;
let owner: TestOwner;
let other: TestOwner;
let assistantId: string;
let othersAssistant: string;

/** Moscow's month start as SQL, and times relative to it. */
const MONTH_START = `(date_trunc('month', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow')`;

async function conversation(assistant: string, turns: { q: string; a: string; source: string; at?: string }[]) {
  const [v] = await server.app.ctx.database.query<{ id: string }>(
    `insert into visitors (assistant_id, channel) values ($1, 'web') returning id`,
    [assistant],
  );
  let minute = 1;
  for (const t of turns) {
    const at = t.at ?? `${MONTH_START} + interval '${minute} minutes'`;
    await server.app.ctx.database.query(
      `insert into messages (assistant_id, visitor_id, role, content, created_at) values ($1, $2, 'visitor', $3, ${at})`,
      [assistant, v?.id, t.q],
    );
    await server.app.ctx.database.query(
      `insert into messages (assistant_id, visitor_id, role, content, source, created_at)
       values ($1, $2, 'bot', $3, $4, ${at} + interval '1 second')`,
      [assistant, v?.id, t.a, t.source],
    );
    minute += 2;
  }
  return v?.id ?? '';
}

const DELIVERY = 'Доставка по Москве стоит 350 рублей.'; // 36 characters
const HANDOFF = 'Передам вопрос специалисту.'; // 27 characters

beforeAll(async () => {
  server = await startTestServer();
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Цветы');
  othersAssistant = await createAssistant(server.app, other.userId, 'Чужой');
  await conversation(assistantId, [
    { q: 'Сколько стоит доставка?', a: DELIVERY, source: 'knowledge' },
    { q: 'Какова стоимость доставки?', a: DELIVERY, source: 'knowledge' },
  ]);
  await conversation(assistantId, [
    { q: 'Сколько стоит доставка?', a: DELIVERY, source: 'knowledge' },
    { q: 'Доставка сколько стоит по Москве?', a: DELIVERY, source: 'knowledge' },
    { q: 'Можно вернуть букет?', a: HANDOFF, source: 'handoff' },
  ]);
  await conversation(assistantId, [
    { q: 'Как вернуть букет?', a: HANDOFF, source: 'handoff' },
    { q: 'Хочу вернуть букет', a: HANDOFF, source: 'handoff' },
    { q: 'Когда вы открываетесь?', a: 'С 9 утра.', source: 'knowledge' },
  ]);
  // 23:59 on the last day of last month (Moscow): not this month.
  await conversation(assistantId, [
    { q: 'Старый вопрос про доставку', a: DELIVERY, source: 'knowledge', at: `${MONTH_START} - interval '1 minute'` },
  ]);
  // Another owner's month: never counted here.
  await conversation(othersAssistant, [{ q: 'Чужой вопрос про доставку', a: 'Чужой ответ', source: 'knowledge' }]);
});
afterAll(async () => {
  await server?.close();
});

const analysis = async (token = owner.token, payload: object = {}) =>
  server.app.inject({ method: 'POST', url: '/api/statistics/analysis', headers: bearer(token), payload });

describe('the month (spec §7 "Statistics")', () => {
  it("lists this month's messages of the owner's assistants only, oldest first, as user and assistant", async () => {
    const res = await server.app.inject({ url: '/api/assistant/this-month-messages', headers: bearer(owner.token) });
    expect(res.statusCode, res.body).toBe(200);
    const list = json<MonthMessage[]>(res);
    expect(list).toHaveLength(16);
    expect(list.filter((m) => m.role === 'user')).toHaveLength(8);
    expect(list.filter((m) => m.role === 'assistant')).toHaveLength(8);
    expect(list.every((m) => m.assistantId === assistantId)).toBe(true);
    const times = list.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(list.some((m) => m.content.includes('Старый') || m.content.includes('Чужой'))).toBe(false);
    expect((await server.app.inject({ url: '/api/assistant/this-month-messages' })).statusCode).toBe(401);
  });

  it('gives the six fields: counts from SQL, questions grouped by their stems', async () => {
    const res = await analysis();
    expect(res.statusCode, res.body).toBe(200);
    const result = json<StatisticsResult>(res);
    const bot = [DELIVERY, DELIVERY, DELIVERY, DELIVERY, HANDOFF, HANDOFF, HANDOFF, 'С 9 утра.'];
    expect(result).toEqual({
      mostPopularQuestion: 'Сколько стоит доставка?',
      hardestQuestion: result.hardestQuestion,
      mostEffectivelySolved: 'Сколько стоит доставка?',
      totalRequests: 8,
      top3Topics: result.top3Topics,
      averageResponseLength: Math.round(bot.reduce((n, t) => n + t.length, 0) / bot.length),
    });
    expect(result.hardestQuestion).toMatch(/вернуть букет/);
    expect(result.top3Topics).toHaveLength(3);
    // The delivery questions: named by a content word of theirs.
    expect(result.top3Topics[0]).toBe('Доставка');
    // The return group is named by one of its two words (both as frequent).
    expect(['Букет', 'Вернуть']).toContain(result.top3Topics[1]);
    // The same month gives the same result.
    expect(json(await analysis())).toEqual(result);
  });

  it('narrows to one assistant; another owner gets nothing of it', async () => {
    const res = await analysis(owner.token, { assistantId });
    expect(json<StatisticsResult>(res).totalRequests).toBe(8);
    expect((await analysis(other.token, { assistantId })).statusCode).toBe(404);
    const theirs = json<StatisticsResult>(await analysis(other.token));
    expect(theirs.totalRequests).toBe(1);
    // A month with nothing in it: dashes and zeros.
    const empty = await createOwner(server.app);
    expect(json(await analysis(empty.token))).toEqual({
      mostPopularQuestion: '—',
      hardestQuestion: '—',
      mostEffectivelySolved: '—',
      totalRequests: 0,
      top3Topics: [],
      averageResponseLength: 0,
    });
  });
});

describe('topics of the month (the local grouping)', () => {
  it('puts paraphrases of three questions into three groups of the right sizes, the same way every time', async () => {
    const shop = await createOwner(server.app);
    const flowers = await createAssistant(server.app, shop.userId, 'Букеты');
    const say = (q: string, source = 'knowledge') => ({ q, a: 'Ответ.', source });
    await conversation(flowers, [
      say('Сколько стоит доставка?'),
      say('Какова стоимость доставки?'),
      say('Доставка по городу сколько стоит?'),
      say('Сколько стоит доставка букета?'),
    ]);
    await conversation(flowers, [
      say('Как вернуть букет?', 'handoff'),
      say('Можно ли вернуть букет?', 'handoff'),
      say('Хочу вернуть букет'),
    ]);
    await conversation(flowers, [say('Во сколько открывается магазин?'), say('Когда открывается магазин?')]);
    const read = async () =>
      json<StatisticsOverview>(
        await server.app.inject({ url: '/api/statistics/overview', headers: bearer(shop.token) }),
      ).topics;
    const topics = await read();
    expect(topics.map((t) => [t.word, t.size, t.handedOff])).toEqual([
      ['Доставка', 4, 0],
      ['Букет', 3, 2],
      ['Магазин', 2, 0],
    ]);
    expect(topics[0]?.examples).toHaveLength(3);
    expect(await read()).toEqual(topics);
  });
});
