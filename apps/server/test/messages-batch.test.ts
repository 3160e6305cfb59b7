import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitors } from '../src/infra/db/schema';
import {
  createVisitor,
  findVisitor,
  insertMessage,
  listMessages,
  type NewMessage,
} from '../src/modules/conversations/store';
import { createOwner } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function twoAssistants() {
  const owner = await createOwner(server.app);
  return [await createAssistant(server.app, owner.userId), await createAssistant(server.app, owner.userId)] as const;
}

describe('messages that arrive together are written in one statement', () => {
  it('keeps their order, starts each conversation once, counts them and refuses a visitor of another assistant', async () => {
    const [assistantId, otherId] = await twoAssistants();
    const { db } = server.app.ctx;
    const a = await createVisitor(db, { assistantId, channel: 'web' });
    const b = await createVisitor(db, { assistantId, channel: 'web' });
    const stranger = await createVisitor(db, { assistantId: otherId, channel: 'web' });
    const sent: NewMessage[] = [
      // Written alone (nothing in flight); the rest wait for it and go together.
      { assistantId, visitorId: a.id, role: 'visitor', content: 'первое' },
      { assistantId, visitorId: b.id, role: 'visitor', content: 'привет' },
      { assistantId, visitorId: a.id, role: 'visitor', content: 'второе' },
      { assistantId, visitorId: stranger.id, role: 'visitor', content: 'чужой' },
      { assistantId, visitorId: a.id, role: 'system', content: 'заметка' },
      { assistantId, visitorId: b.id, role: 'bot', content: 'ответ', source: 'knowledge' },
      { assistantId, visitorId: b.id, role: 'visitor', content: 'ещё вопрос' },
    ];
    const results = await Promise.allSettled(sent.map((m) => insertMessage(server.app.ctx, m)));
    const stored = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
    expect(results[3]?.status).toBe('rejected');
    expect(stored.filter(Boolean)).toHaveLength(6);
    // A new conversation: the first visitor message of each visitor, and only it.
    expect(stored.map((m) => Boolean(m?.startsConversation))).toEqual([true, true, false, false, false, false, false]);

    const ofA = await listMessages(db, assistantId, a.id);
    expect(ofA.map((m) => m.content)).toEqual(['первое', 'второе', 'заметка']);
    const ofB = await listMessages(db, assistantId, b.id);
    expect(ofB.map((m) => m.content)).toEqual(['привет', 'ответ', 'ещё вопрос']);
    expect(ofB[1]?.source).toBe('knowledge');
    expect(await listMessages(db, otherId, stranger.id)).toEqual([]);

    const [rowA] = await db.select().from(visitors).where(eq(visitors.id, a.id));
    const [rowB] = await db.select().from(visitors).where(eq(visitors.id, b.id));
    // System notes do not count and do not move the conversation up the chats list.
    expect(rowA?.messageCount).toBe(2);
    expect(rowA?.lastMessageAt?.toISOString()).toBe(stored[2]?.createdAt);
    expect(rowB?.messageCount).toBe(3);
    expect(rowB?.lastMessageAt?.toISOString()).toBe(stored[6]?.createdAt);
  });

  it('writes the others when one message of the batch cannot be stored', async () => {
    const [assistantId] = await twoAssistants();
    const { db } = server.app.ctx;
    const v = await createVisitor(db, { assistantId, channel: 'web' });
    const send = (content: string) =>
      insertMessage(server.app.ctx, { assistantId, visitorId: v.id, role: 'visitor', content });
    // A NUL character is refused by PostgreSQL's text: the whole statement of the batch fails.
    const results = await Promise.allSettled([send('один'), send('два'), send('плохое \u0000'), send('три')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await listMessages(db, assistantId, v.id)).map((m) => m.content)).toEqual(['один', 'два', 'три']);
  });
});

describe('visitors looked up together', () => {
  it('finds each visitor of its own assistant only, and a malformed id fails its own lookup alone', async () => {
    const [assistantId, otherId] = await twoAssistants();
    const { db } = server.app.ctx;
    const mine = await Promise.all(Array.from({ length: 5 }, () => createVisitor(db, { assistantId, channel: 'web' })));
    const stranger = await createVisitor(db, { assistantId: otherId, channel: 'web' });
    const lookups = [
      ...mine.map((v) => findVisitor(db, assistantId, v.id)),
      findVisitor(db, assistantId, stranger.id),
      findVisitor(db, otherId, stranger.id),
      findVisitor(db, assistantId, mine[0]?.id.toUpperCase() ?? ''),
      findVisitor(db, assistantId, '00000000-0000-4000-8000-000000000000'),
      findVisitor(db, assistantId, 'не-uuid'),
    ];
    const results = await Promise.allSettled(lookups);
    const found = results.map((r) => (r.status === 'fulfilled' ? r.value?.id : r.status));
    expect(found).toEqual([...mine.map((v) => v.id), undefined, stranger.id, mine[0]?.id, undefined, 'rejected']);
  });

  it('sees what was written before it was asked for, while another lookup is in flight', async () => {
    const [assistantId] = await twoAssistants();
    const { db } = server.app.ctx;
    const v = await createVisitor(db, { assistantId, channel: 'web' });
    const first = findVisitor(db, assistantId, v.id);
    await db.update(visitors).set({ name: 'Анна' }).where(eq(visitors.id, v.id));
    const second = findVisitor(db, assistantId, v.id);
    expect((await second)?.name).toBe('Анна');
    expect((await first)?.id).toBe(v.id);
  });
});
