import type { CorrectAnswer, CorrectAnswerInput } from '@otklik/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { requireOwnedAssistant } from '../../core/ownership';
import { correctedAnswers } from '../../infra/db/schema';
import { forgetCorrectedAnswers } from '../retrieval';
import { modelSynonymizer } from './model-synonymizer';
import type { Synonymizer } from './synonymizer';

type Ctx = Pick<AppContext, 'db'>;
type Input = {
  question: string;
  correctAnswer: string;
  originalAnswer: string;
  synonyms: string;
  isCorrect: boolean;
};

export const ANSWER_NOT_FOUND = 'Ответ не найден';

/** Synonyms from the configured model, or the local dictionary and word forms without one. */
export function synonymizerFor(ctx: Pick<AppContext, 'config' | 'database' | 'log'>): Synonymizer {
  return modelSynonymizer(ctx);
}

const present = (row: typeof correctedAnswers.$inferSelect): CorrectAnswer => ({
  id: row.id,
  question: row.question,
  originalAnswer: row.originalAnswer,
  correctAnswer: row.correctAnswer,
  synonyms: row.synonyms,
  isCorrect: row.isCorrect,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listAnswers(ctx: Ctx, userId: string, assistantId: string): Promise<CorrectAnswer[]> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const rows = await ctx.db
    .select()
    .from(correctedAnswers)
    .where(eq(correctedAnswers.assistantId, assistantId))
    .orderBy(desc(correctedAnswers.createdAt), desc(correctedAnswers.id));
  return rows.map(present);
}

/**
 * Chat monitoring saves a correction without synonyms (spec §7); they are generated here then,
 * so the answer is found by other wordings too.
 */
async function withSynonyms(ctx: Pick<AppContext, 'config' | 'database' | 'log'>, input: Input): Promise<Input> {
  if (input.synonyms.trim()) return input;
  const synonyms = await synonymizerFor(ctx).synonyms(input.question);
  return { ...input, synonyms: synonyms.join(', ') };
}

export async function createAnswer(
  ctx: Pick<AppContext, 'db' | 'database' | 'config' | 'log'>,
  userId: string,
  assistantId: string,
  input: Input,
): Promise<CorrectAnswer> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const [row] = await ctx.db
    .insert(correctedAnswers)
    .values({ assistantId, ...(await withSynonyms(ctx, input)) })
    .returning();
  if (!row) throw new Error('corrected answer not stored');
  forgetCorrectedAnswers(assistantId);
  return present(row);
}

export async function updateAnswer(
  ctx: Pick<AppContext, 'db' | 'database' | 'config' | 'log'>,
  userId: string,
  assistantId: string,
  answerId: string,
  input: Input,
): Promise<CorrectAnswer> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const [row] = await ctx.db
    .update(correctedAnswers)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(correctedAnswers.id, answerId), eq(correctedAnswers.assistantId, assistantId)))
    .returning();
  if (!row) throw notFound(ANSWER_NOT_FOUND);
  return present(row);
}

export async function deleteAnswer(ctx: Ctx, userId: string, assistantId: string, answerId: string): Promise<void> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const removed = await ctx.db
    .delete(correctedAnswers)
    .where(and(eq(correctedAnswers.id, answerId), eq(correctedAnswers.assistantId, assistantId)))
    .returning({ id: correctedAnswers.id });
  forgetCorrectedAnswers(assistantId);
  if (removed.length === 0) throw notFound(ANSWER_NOT_FOUND);
}

export type { CorrectAnswerInput };
