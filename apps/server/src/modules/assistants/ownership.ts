import { and, eq } from 'drizzle-orm';
import { notFound } from '../../errors';
import type { Executor } from '../../infra/db';
import { assistants } from '../../infra/db/schema';

export const ASSISTANT_NOT_FOUND = 'Ассистент не найден';

/**
 * The owner-scoped lookup every assistant route starts with: another owner's id and a missing
 * id look the same (404), so ids of other tenants cannot even be probed.
 */
export async function requireOwnedAssistant(db: Executor, userId: string, assistantId: string) {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.id, assistantId), eq(assistants.userId, userId)))
    .limit(1);
  if (!row) throw notFound(ASSISTANT_NOT_FOUND);
  return row;
}
