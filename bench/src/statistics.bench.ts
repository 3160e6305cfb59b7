/**
 * Statistics (issue #16): a month of 100,000 messages across 20 assistants of one owner (half
 * visitors' questions, half bot answers), then the time of the month's figures (one SQL
 * statement), of the whole report after a new message (figures of two months, days, questions
 * with outcomes, stems, local grouping of up to 10,000 questions, unanswered), of the analysis
 * from the kept report, and of the grouping alone. Prints one `BENCH {json}`.
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../../apps/server/src/app';
import { assistants, widgets } from '../../apps/server/src/infra/db/schema';
import { signup } from '../../apps/server/src/modules/auth/service';
import { monthFigures } from '../../apps/server/src/modules/statistics/figures';
import { currentMonth, monthRange } from '../../apps/server/src/modules/statistics/month';
import { groupQuestions } from '../../apps/server/src/modules/statistics/topics';
import { benchConfig } from './lib/config';
import { percentile, round } from './lib/stats';

const ASSISTANTS = 20;
const MESSAGES = 100_000;
const { config, dataDir } = benchConfig('statistics');
const app = await buildApp(config, { inMemoryDb: true, serveWeb: false, logger: false });
await app.ready();
const { db, database } = app.ctx;
const { token, userId } = await signup(app.ctx, {
  email: 'stats@example.ru',
  password: 'пароль-123',
  username: 'Замер',
});

const TOPICS = [
  ['Сколько стоит доставка', 'Какова стоимость доставки', 'Доставка сколько стоит по городу'],
  ['Во сколько вы открываетесь', 'Когда открывается магазин', 'Какой у вас график работы'],
  ['Как вернуть товар', 'Можно ли вернуть заказ', 'Хочу оформить возврат'],
  ['Есть ли скидки', 'Какие сейчас акции', 'Дайте промокод на скидку'],
  ['Где вы находитесь', 'Какой у вас адрес', 'Как до вас добраться'],
];
const sources = ['knowledge', 'corrected', 'handoff', 'knowledge', 'operator-request'];

const ids: string[] = [];
for (let i = 0; i < ASSISTANTS; i++) {
  const [w] = await db.insert(widgets).values({ userId }).returning({ id: widgets.id });
  const [a] = w ? await db.insert(assistants).values({ userId, widgetId: w.id, model: 'local' }).returning() : [];
  if (!a) throw new Error('no assistant');
  ids.push(a.id);
}
// Conversations of 5 questions, all this month, written in big batches (generate_series).
const perAssistant = MESSAGES / ASSISTANTS / 2;
for (const [k, assistantId] of ids.entries()) {
  await database.query(
    `with v as (
       insert into visitors (assistant_id, channel) select $1, 'web' from generate_series(1, $2::int / 5) returning id),
     numbered as (select id, row_number() over () n from v),
     q as (select n.id visitor_id, g, n.n from numbered n cross join generate_series(1, 5) g)
     insert into messages (assistant_id, visitor_id, role, content, source, created_at)
     select $1, q.visitor_id, r.role,
       case when r.role = 'visitor' then ($3::text[])[1 + ((q.n + q.g + $4) % array_length($3::text[], 1))] || ' ' || (q.n % 7)
            else 'Ответ ассистента на вопрос о том, что вас интересует, с подробностями и ссылкой.' end,
       case when r.role = 'bot' then ($5::text[])[1 + ((q.n * q.g) % 5)] end,
       date_trunc('month', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow'
         + (q.n * 5 + q.g) * interval '1 second' + case when r.role = 'bot' then interval '1 millisecond' else interval '0' end
     from q cross join (values ('visitor'), ('bot')) r(role)`,
    [assistantId, perAssistant, TOPICS.flat(), k, sources],
  );
}
const [{ n } = { n: 0 }] = await database.query<{ n: number }>('select count(*)::int n from messages');
// The planner's statistics, as the hourly upkeep keeps them (PGlite has no autovacuum): a month
// that grew message by message has been analyzed many times over; this one arrived at once.
await database.maintain();

const headers = { authorization: `Bearer ${token}` };
const scope = { userId };
const range = monthRange(currentMonth());

// The month's figures alone (one statement over the month's messages), as the screen's tiles need them.
const figureTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await monthFigures(app.ctx, scope, range);
  figureTimes.push(performance.now() - t0);
}

// A new visitor message makes the month's report stale: the next request computes it all again
// (figures of this month and the last, days, questions with their outcomes, grouping, unanswered).
const [someVisitor] = await database.query<{ id: string; assistant_id: string }>(
  'select id, assistant_id from visitors limit 1',
);
const coldTimes: number[] = [];
const cachedTimes: number[] = [];
let result: unknown;
for (let i = 0; i < 5; i++) {
  await database.query(
    `insert into messages (assistant_id, visitor_id, role, content) values ($1, $2, 'visitor', 'Есть ли доставка в выходные')`,
    [someVisitor?.assistant_id, someVisitor?.id],
  );
  let t0 = performance.now();
  const overview = await app.inject({ url: '/api/statistics/overview', headers });
  coldTimes.push(performance.now() - t0);
  if (overview.statusCode !== 200) throw new Error(overview.body);
  // Nothing new since: the analysis and the overview come from the kept report.
  t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/statistics/analysis', headers, payload: {} });
  cachedTimes.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(res.body);
  result = res.json();
}

// The grouping alone, on 10,000 questions with the stems the database gives.
const rows = await database.query<{ content: string; lexemes: string[] }>(
  `select content, array(select lexeme from unnest(to_tsvector('russian', content))) lexemes
   from messages where role = 'visitor' order by created_at, id limit 10000`,
);
const questions = rows.map((r) => ({ text: r.content, lexemes: r.lexemes, handedOff: false, answered: true }));
const groupTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  groupQuestions(questions);
  groupTimes.push(performance.now() - t0);
}

console.log(
  `BENCH ${JSON.stringify({
    bench: 'statistics',
    messages: n,
    assistants: ASSISTANTS,
    figuresMs: { p50: round(percentile(figureTimes, 50), 1), max: round(Math.max(...figureTimes), 1), budget: 300 },
    reportAfterNewMessageMs: { p50: round(percentile(coldTimes, 50), 1), max: round(Math.max(...coldTimes), 1) },
    analysisCachedMs: { p50: round(percentile(cachedTimes, 50), 1), max: round(Math.max(...cachedTimes), 1) },
    grouping10kQuestionsMs: { p50: round(percentile(groupTimes, 50), 1), budget: 2000 },
    result,
  })}`,
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
