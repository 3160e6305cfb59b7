import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../infra/db';
import { authTokens, oneTimeTokens } from '../../infra/db/schema';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueAuthToken(db: Executor, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
  return token;
}

export async function userIdForToken(db: Executor, token: string) {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(eq(authTokens.tokenHash, tokenHash))
    .limit(1);
  return row ? { userId: row.userId, tokenHash } : undefined;
}

export async function revokeToken(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
}

export async function revokeAllTokens(db: Executor, userId: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
}

export type OneTimePurpose = 'reset' | 'confirm';

/** Ends every unused link of this purpose (a new password makes earlier reset links worthless). */
export async function revokeOneTimeTokens(db: Executor, userId: string, purpose: OneTimePurpose): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

export async function issueOneTimeToken(
  db: Executor,
  userId: string,
  purpose: OneTimePurpose,
  ttlMs: number,
  email?: string,
): Promise<string> {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Marks a single-use token used and returns it, or undefined when unknown, used or expired. */
export async function consumeOneTimeToken(db: Executor, token: string, purpose: OneTimePurpose) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, email: oneTimeTokens.email });
  return row;
}
