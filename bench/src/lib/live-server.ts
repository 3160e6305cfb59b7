/**
 * The service for the live bench, in its own process (so that its RSS is the server's alone):
 * embedded mode on a temporary data directory, one owner and one assistant with a small
 * knowledge base. Prints one JSON line {port, token, assistantId} when it serves.
 */
import { buildApp } from '../../../apps/server/src/app';
import { assistants, knowledgeFiles, widgets } from '../../../apps/server/src/infra/db/schema';
import { signup } from '../../../apps/server/src/modules/auth/service';
import { indexChunks } from '../../../apps/server/src/modules/retrieval/index-store';
import { benchConfig } from './config';

const { config } = benchConfig('live');
const app = await buildApp(config, { inMemoryDb: true, serveWeb: false, logger: false });
await app.ready();
const { db } = app.ctx;
const { token, userId } = await signup(app.ctx, {
  email: 'live@example.ru',
  password: 'пароль-123',
  username: 'Замер',
});
const [w] = await db.insert(widgets).values({ userId }).returning({ id: widgets.id });
if (!w) throw new Error('no widget');
const [a] = await db.insert(assistants).values({ userId, widgetId: w.id, model: 'local' }).returning();
if (!a) throw new Error('no assistant');
const [f] = await db
  .insert(knowledgeFiles)
  .values({ assistantId: a.id, name: 'цены.txt', mimeType: 'text/plain', size: 0, storageKey: 'b/1', status: 'ready' })
  .returning({ id: knowledgeFiles.id });
if (!f) throw new Error('no file');
await db.transaction((tx) =>
  indexChunks(tx, a.id, f.id, [{ heading: 'Цены', content: 'Чистка пуховика стоит 1500 рублей и занимает три дня.' }]),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
console.log(JSON.stringify({ port: address.port, token, assistantId: a.id }));
process.on('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
