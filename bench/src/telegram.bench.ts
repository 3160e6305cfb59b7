/**
 * Telegram: the customer bot in embedded mode (long polling) against the Bot API server of the
 * tests on loopback, through the real app (poller, stored update, queue, pipeline with the local
 * answerer, queued send through grammY's throttler).
 * - update → reply: one customer message at a time, from the moment the update is offered to
 *   the bot until the Bot API has the answer (p50, p99);
 * - messages/s through one bot: 300 customers write at once; answers stored per second (the
 *   pipeline) and replies delivered per second (held to Telegram's 30/s per bot by the
 *   throttler).
 * Prints one `BENCH {json}` line.
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../../apps/server/src/app';
import { assistants, knowledgeFiles, widgets } from '../../apps/server/src/infra/db/schema';
import { signup } from '../../apps/server/src/modules/auth/service';
import { indexChunks } from '../../apps/server/src/modules/retrieval/index-store';
import { startTelegramPeer } from '../../apps/server/test/helpers/telegram-peer';
import { benchConfig } from './lib/config';
import { percentile, round } from './lib/stats';

const SEQUENTIAL = 200;
const BURST = 300;
const TOKEN = '7000000001:AAHbench_bot_token_xxxxxxxxxxxxxxxxx';

const peer = await startTelegramPeer();
peer.addBot({ token: TOKEN, username: 'bench_bot' });
const { config, dataDir } = benchConfig('telegram', { TELEGRAM_API_ROOT: peer.url });
const app = await buildApp(config, { inMemoryDb: true, serveWeb: false, logger: false });
await app.ready();
const { db, database } = app.ctx;
const { token, userId } = await signup(app.ctx, { email: 'tg@example.ru', password: 'пароль-123', username: 'Замер' });
const [w] = await db.insert(widgets).values({ userId }).returning({ id: widgets.id });
const [a] = w ? await db.insert(assistants).values({ userId, widgetId: w.id, model: 'local' }).returning() : [];
if (!a) throw new Error('no assistant');
const [f] = await db
  .insert(knowledgeFiles)
  .values({ assistantId: a.id, name: 'цены.txt', mimeType: 'text/plain', size: 0, storageKey: 'b/1', status: 'ready' })
  .returning({ id: knowledgeFiles.id });
if (!f) throw new Error('no file');
await db.transaction((tx) =>
  indexChunks(tx, a.id, f.id, [
    { heading: 'Цены', content: 'Чистка пуховика стоит 1500 рублей и занимает три дня.' },
    { heading: 'Часы работы', content: 'Химчистка работает ежедневно с 9 до 21 часа без выходных.' },
  ]),
);
const headers = { authorization: `Bearer ${token}` };
await app.inject({ method: 'POST', url: `/telegram/toggle-telegram/${a.id}?enable=true`, headers });
const reg = await app.inject({
  method: 'POST',
  url: '/telegram/registerBot',
  headers,
  payload: { telegramToken: TOKEN, assistantId: a.id, isTgTrainer: false },
});
if (reg.statusCode !== 200) throw new Error(`registration failed: ${reg.body}`);

const say = (chatId: number, text: string) =>
  peer.pushUpdate(TOKEN, {
    message: {
      message_id: chatId,
      date: Math.floor(Date.now() / 1000),
      from: { id: chatId, is_bot: false, first_name: 'Клиент' },
      chat: { id: chatId, type: 'private', first_name: 'Клиент' },
      text,
    },
  });

// Warm-up: the first answers compile the hot paths.
for (let i = 0; i < 10; i++) {
  say(1_000 + i, 'Сколько стоит чистка пуховика?');
  await peer.waitForSent(TOKEN, i + 1, 'sendMessage', 30_000);
}

const latencies: number[] = [];
for (let i = 0; i < SEQUENTIAL; i++) {
  const before = peer.sent(TOKEN, 'sendMessage').length;
  const started = performance.now();
  say(10_000 + i, i % 2 ? 'Сколько стоит чистка пуховика?' : 'Когда вы работаете?');
  await peer.waitForSent(TOKEN, before + 1, 'sendMessage', 30_000);
  latencies.push(performance.now() - started);
}

const answersBefore = Number(
  (await database.query<{ n: string }>(`select count(*) n from messages where role = 'bot'`))[0]?.n,
);
const sentBefore = peer.sent(TOKEN, 'sendMessage').length;
const burstStart = performance.now();
for (let i = 0; i < BURST; i++) say(100_000 + i, 'Сколько стоит чистка пуховика?');
let storedMs = 0;
for (;;) {
  const n = Number((await database.query<{ n: string }>(`select count(*) n from messages where role = 'bot'`))[0]?.n);
  if (n - answersBefore >= BURST) {
    storedMs = performance.now() - burstStart;
    break;
  }
  await new Promise((r) => setTimeout(r, 10));
}
await peer.waitForSent(TOKEN, sentBefore + BURST, 'sendMessage', 120_000);
const deliveredMs = performance.now() - burstStart;

console.log(
  `BENCH ${JSON.stringify({
    bench: 'telegram',
    updateToReplyMs: {
      p50: round(percentile(latencies, 50), 1),
      p99: round(percentile(latencies, 99), 1),
      n: SEQUENTIAL,
    },
    oneBotBurst: {
      customers: BURST,
      answersStoredPerSec: round(BURST / (storedMs / 1000), 1),
      repliesDeliveredPerSec: round(BURST / (deliveredMs / 1000), 1),
    },
  })}`,
);

await app.close();
await peer.close();
rmSync(dataDir, { recursive: true, force: true });
