import { and, eq } from 'drizzle-orm';
import type { Executor } from '../infra/db';
import { assistants } from '../infra/db/schema';
import { fail } from './errors';

export type OwnedAssistant = typeof assistants.$inferSelect;

/**
 * The owner-scoped lookup every owner route about an assistant starts with: another owner's id
 * and a missing id look the same (404 'Ассистент не найден'), so ids of other tenants cannot
 * even be probed.
 */
export async function requireOwnedAssistant(
  db: Executor,
  userId: string,
  assistantId: string,
): Promise<OwnedAssistant> {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.id, assistantId), eq(assistants.userId, userId)))
    .limit(1);
  if (!row) throw fail('assistantNotFound');
  return row;
}
