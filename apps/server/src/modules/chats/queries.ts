import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db';
import { assistants, type MessageRole, messages, visitors } from '../../infra/db/schema';

export type VisitorRow = typeof visitors.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

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

export async function visitorOfAssistant(
  db: Executor,
  assistantId: string,
  visitorId: string,
): Promise<VisitorRow | undefined> {
  const [row] = await db
    .select()
    .from(visitors)
    .where(and(eq(visitors.id, visitorId), eq(visitors.assistantId, assistantId)))
    .limit(1);
  return row;
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

/** The conversation in order (the latest HISTORY_LIMIT messages). */
export async function conversationMessages(db: Executor, assistantId: string, visitorId: string) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.visitorId, visitorId), eq(messages.assistantId, assistantId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
}

/**
 * Stores a message; all but system notes move the conversation's last-message time and count
 * (the chats list order), in the same transaction.
 */
export async function storeMessage(
  db: Executor,
  m: { assistantId: string; visitorId: string; role: MessageRole; content: string; source?: string },
): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        assistantId: m.assistantId,
        visitorId: m.visitorId,
        role: m.role,
        content: m.content,
        source: m.source,
      })
      .returning();
    if (!row) throw new Error('message not stored');
    if (m.role !== 'system') {
      await tx
        .update(visitors)
        .set({ lastMessageAt: row.createdAt, messageCount: sql`${visitors.messageCount} + 1` })
        .where(eq(visitors.id, m.visitorId));
    }
    return row;
  });
}

export async function updateVisitorRow(
  db: Executor,
  assistantId: string,
  visitorId: string,
  values: Partial<Pick<VisitorRow, 'isPaused' | 'phoneRequestedAt'>>,
): Promise<VisitorRow | undefined> {
  const [row] = await db
    .update(visitors)
    .set(values)
    .where(and(eq(visitors.id, visitorId), eq(visitors.assistantId, assistantId)))
    .returning();
  return row;
}
