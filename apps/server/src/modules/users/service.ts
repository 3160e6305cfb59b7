import type { ChangePasswordRequest, UpdateProfileRequest, UserProfile } from '@otklik/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { badRequest, conflict, unauthorized } from '../../core/errors';
import { publishAssistantChanged, publishOwnerSessionsChanged } from '../../core/events';
import { isUniqueViolation } from '../../infra/db/errors';
import { assistants, users } from '../../infra/db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { AUTH_ERRORS, findUserById, issueAuthToken, replacePassword } from '../auth';

type Ctx = Pick<AppContext, 'db' | 'storage' | 'bus' | 'log'>;

const present = (u: typeof users.$inferSelect): UserProfile => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAllowedNotify: u.isAllowedNotify,
  isEmailConfirmed: u.isEmailConfirmed,
});

async function requireUser(ctx: Pick<Ctx, 'db'>, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function getProfile(ctx: Ctx, userId: string): Promise<UserProfile> {
  return present(await requireUser(ctx, userId));
}

/** A new e-mail must be confirmed again. */
export async function updateProfile(ctx: Ctx, userId: string, input: UpdateProfileRequest): Promise<UserProfile> {
  const user = await requireUser(ctx, userId);
  const emailChanged = user.email.toLowerCase() !== input.email.toLowerCase();
  if (emailChanged) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${input.email})`, ne(users.id, userId)))
      .limit(1);
    if (taken) throw conflict(AUTH_ERRORS.userExists);
  }
  // The check above gives the usual answer; the unique index settles two owners taking one address at once.
  const [updated] = await ctx.db
    .update(users)
    .set({
      username: input.username,
      email: input.email,
      isAllowedNotify: input.isAllowedNotify,
      ...(emailChanged ? { isEmailConfirmed: false } : {}),
    })
    .where(eq(users.id, userId))
    .returning()
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? conflict(AUTH_ERRORS.userExists) : err;
    });
  if (!updated) throw unauthorized();
  return present(updated);
}

export async function setNotify(ctx: Ctx, userId: string, isAllowedNotify: boolean): Promise<UserProfile> {
  const [updated] = await ctx.db.update(users).set({ isAllowedNotify }).where(eq(users.id, userId)).returning();
  if (!updated) throw unauthorized();
  return present(updated);
}

/**
 * Changes the password and ends every session, this one included, and every pending reset link;
 * the reply's new token keeps the owner signed in where the change was made.
 */
export async function changePassword(ctx: Ctx, userId: string, input: ChangePasswordRequest): Promise<string> {
  const user = await requireUser(ctx, userId);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest('Неверный текущий пароль');
  if (input.oldPassword === input.newPassword) throw badRequest('Новый пароль совпадает с текущим');
  const passwordHash = await hashPassword(input.newPassword);
  const token = await ctx.db.transaction(async (tx) => {
    await replacePassword(tx, userId, passwordHash);
    return issueAuthToken(tx, userId);
  });
  await publishOwnerSessionsChanged(ctx, userId);
  return token;
}

/**
 * Deletes the account with everything it owns (rows cascade from users; files live under the
 * owner's prefix). Its assistants go with it, and every instance is told of each, as of one
 * deleted alone (what is kept of them, such as their visitors' credentials, is forgotten).
 */
export async function deleteUser(ctx: Ctx, userId: string): Promise<void> {
  const owned = await ctx.db.select({ id: assistants.id }).from(assistants).where(eq(assistants.userId, userId));
  await ctx.db.delete(users).where(eq(users.id, userId));
  await publishOwnerSessionsChanged(ctx, userId);
  for (const { id } of owned) await publishAssistantChanged(ctx, id);
  await ctx.storage.removePrefix(`owners/${userId}`);
}
