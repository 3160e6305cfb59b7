import { TRIGGER_TEXTS, type Trigger, type TriggerFields } from '@otklik/contract';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { requireOwnedAssistant } from '../../core/ownership';
import { type Executor, preparedPer } from '../../infra/db';
import { triggers } from '../../infra/db/schema';
import { shortCache } from '../../lib/short-cache';

type Ctx = Pick<AppContext, 'db'>;
type Row = typeof triggers.$inferSelect;

export const presentTrigger = (row: Row): Trigger => ({
  id: row.id,
  name: row.name,
  action: row.action,
  stopWords: row.stopWords,
  customAnswer: row.customAnswer,
});

/**
 * The triggers the pipeline matches, read at most every 3 s per assistant (every visitor
 * message asks); saving or deleting forgets them here at once.
 */
const pipelineTriggers = shortCache<Row[]>(3000);
export const currentTriggers = (db: Executor, assistantId: string) =>
  pipelineTriggers.get(assistantId, () => triggersOf(db, assistantId));

/** An assistant's triggers in the owner's order (no ownership check). */
export function triggersOf(db: Executor, assistantId: string): Promise<Row[]> {
  return triggersQuery(db).execute({ assistantId });
}

const triggersQuery = preparedPer((db) =>
  db
    .select()
    .from(triggers)
    .where(eq(triggers.assistantId, sql.placeholder('assistantId')))
    .orderBy(asc(triggers.position), asc(triggers.createdAt), asc(triggers.id))
    .prepare('triggers_of_assistant'),
);

export async function listTriggers(ctx: Ctx, userId: string, assistantId: string): Promise<Trigger[]> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  return (await triggersOf(ctx.db, assistantId)).map(presentTrigger);
}

/**
 * Spec §7: the client posts the whole list. In one transaction: triggers missing from the list
 * are removed, items with the id of one of this assistant's triggers update it (its firing
 * history stays), the rest are created. Ids of other assistants' triggers are treated as new.
 */
export async function saveTriggers(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  list: TriggerFields[],
): Promise<Trigger[]> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const saved = await ctx.db.transaction(async (tx) => {
    const existing = new Set((await triggersOf(tx, assistantId)).map((t) => t.id));
    const kept = [...new Set(list.map((t) => t.id).filter((id): id is string => !!id && existing.has(id)))];
    await tx
      .delete(triggers)
      .where(
        kept.length > 0
          ? and(eq(triggers.assistantId, assistantId), notInArray(triggers.id, kept))
          : eq(triggers.assistantId, assistantId),
      );
    const updated = new Set<string>();
    for (const [position, item] of list.entries()) {
      const values = {
        name: item.name,
        action: item.action,
        stopWords: item.stopWords,
        customAnswer: item.customAnswer,
        position,
      };
      // The same id twice in one list: the second one becomes a new trigger.
      if (item.id && existing.has(item.id) && !updated.has(item.id)) {
        updated.add(item.id);
        await tx.update(triggers).set(values).where(eq(triggers.id, item.id));
      } else {
        await tx.insert(triggers).values({ assistantId, ...values });
      }
    }
    return (await triggersOf(tx, assistantId)).map(presentTrigger);
  });
  pipelineTriggers.forget(assistantId);
  return saved;
}

export async function deleteTrigger(ctx: Ctx, userId: string, assistantId: string, triggerId: string): Promise<void> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const removed = await ctx.db
    .delete(triggers)
    .where(and(eq(triggers.id, triggerId), eq(triggers.assistantId, assistantId)))
    .returning({ id: triggers.id });
  pipelineTriggers.forget(assistantId);
  if (removed.length === 0) throw notFound(TRIGGER_TEXTS.notFound);
}
