import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { type Executor, preparedPer } from '../../infra/db';
import { assistants, type MessageAttachment, type MessageRole, messages, visitors } from '../../infra/db/schema';
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

/** A visitor of this assistant (never of another one). */
export async function findVisitor(
  db: Executor,
  assistantId: string,
  visitorId: string,
): Promise<VisitorRow | undefined> {
  const [row] = await findVisitorQuery(db).execute({ visitorId, assistantId });
  return row;
}

// Every visitor request looks its visitor up.
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
 * The only writer of messages (through appendMessage, which also publishes it). Stores a message and moves the conversation's last-message time, in one statement (atomic
 * without a transaction, one round trip on the hot path of every visitor message). Messages
 * other than system notes count towards the chats list order.
 */
export async function insertMessage(ctx: Pick<AppContext, 'database'>, m: NewMessage): Promise<StoredMessage> {
  const [row] = await ctx.database.query<{
    id: string;
    created_at: Date | string;
    is_paused: boolean;
    starts: boolean;
  }>(
    `with m as (
       insert into messages (assistant_id, visitor_id, role, content, attachments, source, tokens)
       select $1, v.id, $3, $4, $5::jsonb, $6, $7 from visitors v where v.id = $2 and v.assistant_id = $1
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
  return {
    id: row.id,
    visitorId: m.visitorId,
    role: m.role,
    content: m.content,
    attachments: m.attachments ?? [],
    source: m.source ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    isPaused: Boolean(row.is_paused),
    ...(row.starts ? { startsConversation: true } : {}),
  };
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
