import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { type Database, type Executor, preparedPer } from '../../infra/db';
import { assistants, type MessageAttachment, type MessageRole, messages, visitors } from '../../infra/db/schema';
import { batchedWhileBusy } from '../../lib/batched';
import type { MessagePayload } from './events';

export type VisitorRow = typeof visitors.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export async function createVisitor(
  db: Executor,
  values: {
    assistantId: string;
    channel: 'web' | 'telegram';
    id?: string;
    tokenHash?: string;
    externalId?: string;
    name?: string;
    firstName?: string;
    lastName?: string;
    tgUsername?: string;
  },
): Promise<VisitorRow> {
  const [row] = await db.insert(visitors).values(values).returning();
  if (!row) throw new Error('visitor not stored');
  return row;
}

/**
 * A visitor of this assistant (never of another one). Every visitor request looks its visitor up:
 * lookups asked for while one is in flight go together in one query (batchedWhileBusy), a lone
 * one goes at once with its own prepared statement.
 */
export async function findVisitor(
  db: Executor,
  assistantId: string,
  visitorId: string,
): Promise<VisitorRow | undefined> {
  return findBatched(db, { assistantId, visitorId });
}

type VisitorKey = { assistantId: string; visitorId: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findVisitors(db: Executor, keys: readonly VisitorKey[]): Promise<(VisitorRow | undefined | Error)[]> {
  // Each key's own failure is its own (an Error in its place), never the others'.
  const one = ({ assistantId, visitorId }: VisitorKey): Promise<VisitorRow | undefined | Error> =>
    findVisitorQuery(db)
      .execute({ visitorId, assistantId })
      .then(
        (rows) => rows[0],
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
  // An id that is no uuid fails its own lookup, as it always did.
  const ids = [...new Set(keys.filter((k) => UUID.test(k.visitorId)).map((k) => k.visitorId.toLowerCase()))];
  if (keys.length === 1 || ids.length === 0) return Promise.all(keys.map(one));
  const rows = await findVisitorsQuery(db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    keys.map((k) => {
      if (!UUID.test(k.visitorId)) return one(k);
      const row = byId.get(k.visitorId.toLowerCase());
      return row?.assistantId === k.assistantId ? row : undefined;
    }),
  );
}

const findBatched = batchedWhileBusy(findVisitors);

const findVisitorsQuery = preparedPer((db) =>
  db
    .select()
    .from(visitors)
    .where(sql`${visitors.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('conversations_find_visitors'),
);

const findVisitorQuery = preparedPer((db) =>
  db
    .select()
    .from(visitors)
    .where(and(eq(visitors.id, sql.placeholder('visitorId')), eq(visitors.assistantId, sql.placeholder('assistantId'))))
    .limit(1)
    .prepare('conversations_find_visitor'),
);

export interface NewMessage {
  assistantId: string;
  visitorId: string;
  role: MessageRole;
  content: string;
  attachments?: MessageAttachment[];
  source?: string | null;
  tokens?: number;
}

export interface StoredMessage extends MessagePayload {
  /** The conversation's paused flag as it is after this message. */
  isPaused: boolean;
  /** The visitor's first message: a new conversation (an alert the owner may want). */
  startsConversation?: boolean;
}

/**
 * The only writer of messages (through appendMessage, which also publishes it). Stores a message
 * and moves the conversation's last-message time in one statement (atomic without a transaction).
 * Messages other than system notes count towards the chats list order.
 *
 * Group commit: while one write is in flight, the messages that arrive wait and then go together
 * in one statement, one transaction. A burst of visitors thus pays one commit for tens of
 * messages (0.13 ms a message in batches of 20 against 0.6 ms alone, embedded database); a lone
 * message goes at once, as before, by a statement of its own (the batch's costs 0.8 ms for one). A batch that fails is written again message by message, so
 * one bad message never takes the others with it.
 */
export function insertMessage(ctx: Pick<AppContext, 'database'>, m: NewMessage): Promise<StoredMessage> {
  let batcher = batchers.get(ctx.database);
  if (!batcher) {
    batcher = messageBatcher(ctx.database);
    batchers.set(ctx.database, batcher);
  }
  return batcher(m);
}

const batchers = new WeakMap<Database, (m: NewMessage) => Promise<StoredMessage>>();
/** At most this many messages in one statement (its arrays stay a few hundred kilobytes). */
const MAX_BATCH = 200;

interface Pending {
  message: NewMessage;
  resolve: (stored: StoredMessage) => void;
  reject: (err: unknown) => void;
}

function messageBatcher(database: Database): (m: NewMessage) => Promise<StoredMessage> {
  const queue: Pending[] = [];
  let writing = false;
  const write = async (batch: Pending[]) => {
    if (batch.length === 1) {
      const [one] = batch as [Pending];
      return insertOne(database, one.message).then(one.resolve, one.reject);
    }
    const stored = await insertMany(
      database,
      batch.map((p) => p.message),
    ).catch(() => undefined);
    for (const [i, p] of batch.entries()) {
      const row = stored?.[i];
      // The batch failed: each is written alone, and only what is wrong with it fails it.
      if (!stored) await insertOne(database, p.message).then(p.resolve, p.reject);
      else if (row) p.resolve(row);
      else p.reject(new Error('message not stored: no such visitor of the assistant'));
    }
  };
  const flush = async () => {
    writing = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, MAX_BATCH);
        await write(batch).catch((err: unknown) => {
          for (const p of batch) p.reject(err);
        });
      }
    } finally {
      writing = false;
    }
  };
  return (message) =>
    new Promise<StoredMessage>((resolve, reject) => {
      queue.push({ message, resolve, reject });
      if (!writing) void flush();
    });
}

type InsertedRow = { id: string; created_at: Date | string; is_paused: boolean; starts: boolean };

const storedOf = (m: NewMessage, row: InsertedRow): StoredMessage => ({
  id: row.id,
  visitorId: m.visitorId,
  role: m.role,
  content: m.content,
  attachments: m.attachments ?? [],
  source: m.source ?? null,
  createdAt: new Date(row.created_at).toISOString(),
  isPaused: Boolean(row.is_paused),
  ...(row.starts ? { startsConversation: true } : {}),
});

/**
 * A message's time: now, but never before the conversation's last message (PGlite's clock
 * counts milliseconds, and a conversation is shown in the order of these times), so each message
 * of a conversation comes after the ones stored before it.
 */
const LATER_THAN_LAST = `greatest(now(), v.last_message_at + interval '1 microsecond')`;

async function insertOne(database: Database, m: NewMessage): Promise<StoredMessage> {
  const [row] = await database.query<InsertedRow>(
    `with m as (
       insert into messages (assistant_id, visitor_id, role, content, attachments, source, tokens, created_at)
       select $1, v.id, $3, $4, $5::jsonb, $6, $7, ${LATER_THAN_LAST}
       from visitors v where v.id = $2 and v.assistant_id = $1
       returning id, created_at),
     v as (
       update visitors set last_message_at = (select created_at from m), message_count = message_count + 1
       where id = $2 and assistant_id = $1 and exists (select 1 from m) and $3 <> 'system'
       returning is_paused)
     select m.id, m.created_at, coalesce((select is_paused from v),
       (select is_paused from visitors where id = $2)) is_paused,
       -- The statement's snapshot does not hold the new row: 'no visitor message before this one'.
       ($3 = 'visitor' and not exists (select 1 from messages where visitor_id = $2 and role = 'visitor')) starts
     from m`,
    [
      m.assistantId,
      m.visitorId,
      m.role,
      m.content,
      JSON.stringify(m.attachments ?? []),
      m.source ?? null,
      m.tokens ?? 0,
    ],
    { prepare: 'conversations.insert-message' },
  );
  if (!row) throw new Error('message not stored: no such visitor of the assistant');
  return storedOf(m, row);
}

/**
 * Several messages in one statement, in the order given (each a microsecond after the one before
 * it in the list); for each, the stored message, or undefined when its visitor is not the
 * assistant's.
 */
async function insertMany(database: Database, list: NewMessage[]): Promise<(StoredMessage | undefined)[]> {
  const ids = list.map(() => randomUUID());
  const rows = await database.query<InsertedRow>(
    `with input as (
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[])
         with ordinality t(id, assistant_id, visitor_id, role, content, attachments, source, tokens, ord)),
     m as (
       insert into messages (id, assistant_id, visitor_id, role, content, attachments, source, tokens, created_at)
       select i.id, i.assistant_id, v.id, i.role, i.content, i.attachments::jsonb, i.source, i.tokens,
         ${LATER_THAN_LAST} + i.ord * interval '1 microsecond'
       from input i join visitors v on v.id = i.visitor_id and v.assistant_id = i.assistant_id
       returning id, visitor_id, role, created_at),
     v as (
       update visitors set last_message_at = x.at, message_count = message_count + x.n
       from (select visitor_id, max(created_at) at, count(*)::int n from m where role <> 'system' group by visitor_id) x
       where visitors.id = x.visitor_id
       returning visitors.id, visitors.is_paused)
     select m.id, m.created_at,
       coalesce((select is_paused from v where v.id = m.visitor_id),
         (select is_paused from visitors where id = m.visitor_id)) is_paused,
       -- No visitor message before this one: none stored before the statement, none earlier in it.
       (m.role = 'visitor'
         and not exists (select 1 from messages x where x.visitor_id = m.visitor_id and x.role = 'visitor')
         and not exists (
           select 1 from m y join input j on j.id = y.id
           where y.visitor_id = m.visitor_id and y.role = 'visitor' and j.ord < i.ord)) starts
     from m join input i on i.id = m.id`,
    [
      ids,
      list.map((m) => m.assistantId),
      list.map((m) => m.visitorId),
      list.map((m) => m.role),
      list.map((m) => m.content),
      list.map((m) => JSON.stringify(m.attachments ?? [])),
      list.map((m) => m.source ?? null),
      list.map((m) => m.tokens ?? 0),
    ],
    { prepare: 'conversations.insert-messages' },
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return list.map((m, i) => {
    const row = byId.get(ids[i] as string);
    return row && storedOf(m, row);
  });
}

export const toPayload = (row: MessageRow): MessagePayload => ({
  id: row.id,
  visitorId: row.visitorId,
  role: row.role,
  content: row.content,
  attachments: row.attachments,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});

/** The latest `limit` messages of a conversation of the given roles, oldest first. */
export async function listMessages(
  db: Executor,
  assistantId: string,
  visitorId: string,
  opts: { limit?: number; roles?: MessageRole[] } = {},
): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.visitorId, visitorId),
        eq(messages.assistantId, assistantId),
        opts.roles ? inArray(messages.role, opts.roles) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.limit ?? 500);
  return rows.reverse();
}

/** The visitor's fields that change during a conversation. */
export type VisitorChange = Partial<
  Pick<
    VisitorRow,
    'isPaused' | 'name' | 'firstName' | 'lastName' | 'tgUsername' | 'email' | 'phone' | 'phoneRequestedAt'
  >
>;

/** Changes a visitor of this assistant; the row as it is now, or undefined for anyone else's. */
export async function updateVisitorRow(
  db: Executor,
  assistantId: string,
  visitorId: string,
  values: VisitorChange,
): Promise<VisitorRow | undefined> {
  const [row] = await db
    .update(visitors)
    .set(values)
    .where(and(eq(visitors.id, visitorId), eq(visitors.assistantId, assistantId)))
    .returning();
  return row;
}

/** Most conversations the chats list shows at once (the latest ones). */
export const CHATS_LIST_LIMIT = 500;
/** Most messages one history reply holds (the latest ones). */
export const HISTORY_LIMIT = 2000;

/** The assistant's visitors who wrote at least once, latest conversation first. */
export function chatVisitors(db: Executor, assistantId: string): Promise<VisitorRow[]> {
  return db
    .select()
    .from(visitors)
    .where(and(eq(visitors.assistantId, assistantId), gt(visitors.messageCount, 0)))
    .orderBy(sql`${visitors.lastMessageAt} desc nulls last`, desc(visitors.id))
    .limit(CHATS_LIST_LIMIT);
}

/** A visitor of any of the owner's assistants. */
export async function visitorOfOwner(db: Executor, userId: string, visitorId: string): Promise<VisitorRow | undefined> {
  const [row] = await db
    .select({ visitor: visitors })
    .from(visitors)
    .innerJoin(assistants, eq(assistants.id, visitors.assistantId))
    .where(and(eq(visitors.id, visitorId), eq(assistants.userId, userId)))
    .limit(1);
  return row?.visitor;
}

/** The last message (system notes aside) of each of these visitors: the chats list's preview. */
export async function lastMessages(
  ctx: Pick<AppContext, 'database'>,
  visitorIds: string[],
): Promise<Map<string, { content: string; author: MessageRole }>> {
  if (visitorIds.length === 0) return new Map();
  const rows = await ctx.database.query<{ visitor_id: string; content: string; role: MessageRole }>(
    `select distinct on (visitor_id) visitor_id, content, role from messages
     where visitor_id = any($1::uuid[]) and role <> 'system'
     order by visitor_id, created_at desc, id desc`,
    [visitorIds],
  );
  return new Map(rows.map((r) => [r.visitor_id, { content: r.content.slice(0, 200), author: r.role }]));
}
