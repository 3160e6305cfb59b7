import type { StatisticsOverview, StatisticsResult } from '@otklik/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, previousMonth } from '../src/modules/statistics/month';
import { createOwner, type TestOwner } from './helpers/factories';
import { type OpenAiPeer, startOpenAiPeer } from './helpers/openai-peer';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';

/**
 * The month's figures beyond the spec's six fields, from a seeded month with known counts:
 * conversations, the bot's share, hand-offs by reason, the operator's response, channels,
 * hours and days; the month and assistant filters; the unanswered list; the CSV; the model path.
 */
let server: TestServer;
let owner: TestOwner;
let assistantId: string;
let secondAssistant: string;

/** Moscow's current month start as SQL. */
const MONTH_START = `(date_trunc('month', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow')`;
const q = (sql: string, params: unknown[] = []) => server.app.ctx.database.query<Record<string, unknown>>(sql, params);

type Turn = { role: 'visitor' | 'bot' | 'operator'; content: string; source?: string; at: string };

async function conversation(
  assistant: string,
  turns: Turn[],
  visitor: { channel?: 'web' | 'telegram'; phone?: string; name?: string } = {},
) {
  const [v] = await q(
    `insert into visitors (assistant_id, channel, phone, name) values ($1, $2, $3, $4) returning id`,
    [assistant, visitor.channel ?? 'web', visitor.phone ?? null, visitor.name ?? null],
  );
  for (const t of turns)
    await q(
      `insert into messages (assistant_id, visitor_id, role, content, source, created_at) values ($1, $2, $3, $4, $5, ${t.at})`,
      [assistant, v?.id, t.role, t.content, t.source ?? null],
    );
  return String(v?.id);
}

/** Day d (1-based) of the month at hh:mm:ss Moscow time, as SQL. */
const at = (d: number, hh: number, mm = 0, ss = 0) =>
  `${MONTH_START} + interval '${d - 1} days ${hh} hours ${mm} minutes ${ss} seconds'`;

const HANDOFF = 'Передам вопрос специалисту.';
let handedOffVisitor: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId, 'Пекарня');
  secondAssistant = await createAssistant(server.app, owner.userId, 'Кофейня');
  // 1. Answered by the bot alone, twice: resolved (web, day 1, 10:00).
  await conversation(assistantId, [
    { role: 'visitor', content: 'Сколько стоит торт?', at: at(1, 10) },
    { role: 'bot', content: 'Торт стоит 1500 рублей.', source: 'knowledge', at: at(1, 10, 0, 1) },
    { role: 'visitor', content: 'А доставка есть?', at: at(1, 10, 1) },
    { role: 'bot', content: 'Доставка есть.', source: 'knowledge', at: at(1, 10, 1, 1) },
  ]);
  // 2. No answer, the operator 120 s later; Telegram, with a phone (day 1, 10:30).
  handedOffVisitor = await conversation(
    assistantId,
    [
      { role: 'visitor', content: 'Можно заказать торт без глютена?', at: at(1, 10, 30) },
      { role: 'bot', content: HANDOFF, source: 'handoff', at: at(1, 10, 30, 1) },
      { role: 'operator', content: 'Да, можно.', source: 'operator', at: at(1, 10, 32, 1) },
    ],
    { channel: 'telegram', phone: '+79991234567', name: 'Анна' },
  );
  // 3. The visitor asks for a person; the operator 60 s later (day 2, 15:00).
  await conversation(assistantId, [
    { role: 'visitor', content: 'Позовите человека', at: at(2, 15) },
    { role: 'bot', content: 'Зову оператора.', source: 'operator-request', at: at(2, 15, 0, 1) },
    { role: 'operator', content: 'Здравствуйте!', source: 'operator', at: at(2, 15, 1, 1) },
  ]);
  // 4. A stopping trigger fires; the operator 300 s later (day 2, 15:10). Its visitor writes a formula.
  const fourth = await conversation(assistantId, [
    { role: 'visitor', content: '=HYPERLINK("http://evil.example","жалоба")', at: at(2, 15, 10) },
    { role: 'operator', content: 'Разберёмся.', source: 'operator', at: at(2, 15, 15) },
  ]);
  const [trigger] = await q(
    `insert into triggers (assistant_id, name, action, stop_words) values ($1, 'Жалобы', 'STOP_AND_NOTIFY', '["жалоба"]') returning id`,
    [assistantId],
  );
  await q(
    `insert into trigger_firings (trigger_id, assistant_id, visitor_id, created_at) values ($1, $2, $3, ${at(2, 15, 10)})`,
    [trigger?.id, assistantId, fourth],
  );
  // 5. Answered, but the operator joined anyway: not resolved by the bot, no hand-off (day 2, 15:20).
  await conversation(assistantId, [
    { role: 'visitor', content: 'Когда вы открыты?', at: at(2, 15, 20) },
    { role: 'bot', content: 'С 8 утра.', source: 'knowledge', at: at(2, 15, 20, 1) },
    { role: 'operator', content: 'И до 20:00.', source: 'operator', at: at(2, 15, 21) },
  ]);
  // The second assistant: one resolved conversation (day 1, 10:05).
  await conversation(secondAssistant, [
    { role: 'visitor', content: 'Есть ли овсяное молоко?', at: at(1, 10, 5) },
    { role: 'bot', content: 'Есть.', source: 'knowledge', at: at(1, 10, 5, 1) },
  ]);
  // Last month, 23:59 of its last day: one conversation of the month before.
  await conversation(assistantId, [
    { role: 'visitor', content: 'Сколько стоит торт?', at: `${MONTH_START} - interval '1 minute'` },
    { role: 'bot', content: HANDOFF, source: 'handoff', at: `${MONTH_START} - interval '30 seconds'` },
  ]);
});
afterAll(async () => {
  await server?.close();
});

const overview = async (query = '', token = owner.token) =>
  server.app.inject({ url: `/api/statistics/overview${query}`, headers: bearer(token) });

describe('the month in figures', () => {
  it('counts conversations, the bot share, hand-offs by reason, the response time, phones, channels', async () => {
    const res = await overview(`?assistantId=${assistantId}`);
    expect(res.statusCode, res.body).toBe(200);
    const o = json<StatisticsOverview>(res);
    expect(o.month).toBe(currentMonth());
    expect(o.figures).toEqual({
      conversations: 5,
      visitorMessages: 6,
      resolvedByBot: 1,
      resolvedShare: 0.2,
      handoffs: { total: 3, trigger: 1, noAnswer: 1, visitorAsked: 1 },
      operated: 4,
      // The median of 120, 60 and 300 seconds.
      operatorFirstResponseSec: 120,
      phones: 1,
      channels: { widget: 4, telegram: 1 },
      hours: o.figures.hours,
      botAnswers: 5,
      averageResponseLength: Math.round(
        ['Торт стоит 1500 рублей.', 'Доставка есть.', HANDOFF, 'Зову оператора.', 'С 8 утра.'].join('').length / 5,
      ),
    });
    // Moscow hours: three questions at 10, three at 15.
    expect(o.figures.hours[10]).toBe(3);
    expect(o.figures.hours[15]).toBe(3);
    expect(o.figures.hours.reduce((a, b) => a + b, 0)).toBe(6);
    // The month before, for comparison: its one conversation, handed off.
    expect(o.previous.conversations).toBe(1);
    expect(o.previous.handoffs.noAnswer).toBe(1);
    // Days: two conversations on day 1 (one handed off), three on day 2 (two handed off).
    expect(o.daily[0]).toEqual({ date: `${o.month}-01`, conversations: 2, handoffs: 1 });
    expect(o.daily[1]).toEqual({ date: `${o.month}-02`, conversations: 3, handoffs: 2 });
    expect(o.daily.slice(2).every((d) => d.conversations === 0 && d.handoffs === 0)).toBe(true);
  });

  it('all assistants together; a previous month; another owner and bad filters refused in Russian', async () => {
    const all = json<StatisticsOverview>(await overview());
    expect(all.assistantId).toBeNull();
    expect(all.figures.conversations).toBe(6);
    expect(all.figures.resolvedByBot).toBe(2);
    const last = json<StatisticsOverview>(await overview(`?month=${previousMonth(currentMonth())}`));
    expect(last.figures.conversations).toBe(1);
    expect(last.figures.visitorMessages).toBe(1);
    expect(last.unanswered.map((u) => u.question)).toEqual(['Сколько стоит торт?']);
    const stranger = await createOwner(server.app);
    expect((await overview(`?assistantId=${assistantId}`, stranger.token)).statusCode).toBe(404);
    expect(json<StatisticsOverview>(await overview('', stranger.token)).figures.conversations).toBe(0);
    const bad = await overview('?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toMatch(/ГГГГ-ММ/);
    expect((await overview('?assistantId=nope')).statusCode).toBe(400);
    expect((await server.app.inject({ url: '/api/statistics/overview' })).statusCode).toBe(401);
  });

  it('lists the questions without an answer until the owner adds one', async () => {
    const before = json<StatisticsOverview>(await overview());
    expect(before.unanswered).toEqual([
      {
        assistantId,
        assistantName: 'Пекарня',
        question: 'Можно заказать торт без глютена?',
        count: 1,
        lastAskedAt: expect.any(String),
        visitorId: handedOffVisitor,
      },
    ]);
    // What 'Добавить ответ' saves: a corrected answer for that very question.
    const saved = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/correct-answers`,
      headers: bearer(owner.token),
      payload: {
        question: 'Можно заказать торт без глютена?',
        correctAnswer: 'Да, под заказ за 2 дня.',
        originalAnswer: HANDOFF,
      },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    expect(json<StatisticsOverview>(await overview()).unanswered).toEqual([]);
  });

  it('exports the conversations as CSV for Excel, formulas kept as text', async () => {
    const res = await server.app.inject({
      url: `/api/statistics/export?assistantId=${assistantId}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statistics-${currentMonth()}.csv"`);
    const body = res.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Ассистент;Канал;Посетитель;Телефон;Email;Первое сообщение;Последнее сообщение;Сообщений посетителя;Ответов бота;Передан человеку;Отвечал оператор;Первый вопрос;Переписка',
    );
    // Five conversations of this month (the transcripts span lines inside quotes).
    expect(body.match(/^Пекарня;/gm)).toHaveLength(5);
    // A phone starts with '+', a formula character for Excel: it is escaped too, and Excel shows it as it is.
    expect(body).toContain(`Пекарня;Телеграм;Анна;"'+79991234567";`);
    expect(body).toContain('да: бот не нашёл ответа');
    expect(body).toContain('да: сработал триггер');
    // The visitor's formula starts with an apostrophe: Excel shows it, never runs it.
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""жалоба"")"`);
    expect(body).not.toMatch(/;=HYPERLINK/);
    const stranger = await createOwner(server.app);
    const theirs = await server.app.inject({
      url: `/api/statistics/export?assistantId=${assistantId}`,
      headers: bearer(stranger.token),
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the analysis by a language model (an OpenAI-compatible server on loopback)', () => {
  let peer: OpenAiPeer;
  let modelServer: TestServer;
  let modelOwner: TestOwner;
  const valid = {
    mostPopularQuestion: 'Сколько стоит торт?',
    hardestQuestion: 'Можно ли без глютена?',
    mostEffectivelySolved: 'Когда вы открыты?',
    top3Topics: ['Цены', 'Доставка', 'Режим работы'],
  };
  const stream = (text: string) => ({ kind: 'stream' as const, chunks: [text.slice(0, 10), text.slice(10)] });
  const analyse = () =>
    modelServer.app.inject({
      method: 'POST',
      url: '/api/statistics/analysis',
      headers: bearer(modelOwner.token),
      payload: {},
    });

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    modelServer = await startTestServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: peer.url, LLM_RETRIES: '0' });
    modelOwner = await createOwner(modelServer.app);
    const assistant = await createAssistant(modelServer.app, modelOwner.userId, 'Торты');
    const [v] = await modelServer.app.ctx.database.query<{ id: string }>(
      `insert into visitors (assistant_id) values ($1) returning id`,
      [assistant],
    );
    for (const [content, role, source] of [
      ['Сколько стоит торт?', 'visitor', null],
      ['1500 рублей.', 'bot', 'knowledge'],
      ['Можно ли без глютена?', 'visitor', null],
      [HANDOFF, 'bot', 'handoff'],
    ] as const)
      await modelServer.app.ctx.database.query(
        `insert into messages (assistant_id, visitor_id, role, content, source) values ($1, $2, $3, $4, $5)`,
        [assistant, v?.id, role, content, source],
      );
  });
  afterAll(async () => {
    await modelServer?.close();
    await peer?.close();
  });

  it('asks for structured output and keeps the counts of SQL', async () => {
    peer.replies.push(stream(`\`\`\`json\n${JSON.stringify(valid)}\n\`\`\``));
    const res = await analyse();
    expect(res.statusCode, res.body).toBe(200);
    expect(json<StatisticsResult>(res)).toEqual({
      ...valid,
      totalRequests: 2,
      averageResponseLength: Math.round(('1500 рублей.'.length + HANDOFF.length) / 2),
    });
    const request = peer.requests.at(-1) as { response_format?: { type: string }; messages: { content: string }[] };
    expect(request.response_format?.type).toMatch(/^json/);
    expect(JSON.stringify(request.messages)).toContain('Можно ли без глютена?');
    // Kept until new messages arrive: the same month asks the model no more.
    const asked = peer.requests.length;
    expect(json(await analyse())).toEqual(json(res));
    expect(peer.requests.length).toBe(asked);
  });

  it("asks once more on a reply that is not the JSON, then says 'Невалидный JSON от ассистента'", async () => {
    const [a] = await modelServer.app.ctx.database.query<{ assistant_id: string; visitor_id: string }>(
      'select assistant_id, visitor_id from messages limit 1',
    );
    const addQuestion = (content: string) =>
      modelServer.app.ctx.database.query(
        `insert into messages (assistant_id, visitor_id, role, content) values ($1, $2, 'visitor', $3)`,
        [a?.assistant_id, a?.visitor_id, content],
      );
    await addQuestion('Есть ли доставка?');
    peer.replies.push(stream('Вот анализ: самый популярный вопрос — про торт.'), stream(JSON.stringify(valid)));
    const asked = peer.requests.length;
    const retried = await analyse();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(json<StatisticsResult>(retried).totalRequests).toBe(3);
    expect(peer.requests.length).toBe(asked + 2);

    await addQuestion('А в субботу работаете?');
    peer.replies.push(stream('{"mostPopularQuestion": 1}'), stream('не JSON'));
    const invalid = await analyse();
    expect(invalid.statusCode).toBe(502);
    expect(json(invalid)).toEqual({ message: 'Невалидный JSON от ассистента' });

    peer.replies.push({ kind: 'status', status: 500 });
    const failed = await analyse();
    expect(failed.statusCode).toBe(502);
    expect(json<{ message: string }>(failed).message).toMatch(/модель/);
  });
});
