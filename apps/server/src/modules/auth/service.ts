import { CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type SignupRequest } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { AppError, badRequest, conflict, unauthorized } from '../../core/errors';
import { publishOwnerSessionsChanged } from '../../core/events';
import type { Executor } from '../../infra/db';
import { users } from '../../infra/db/schema';
import { hashPassword, LOCKED_PASSWORD_HASH, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { sendMail } from '../mail';
import { confirmEmailMail, resetPasswordMail } from './mails';
import { findUserByEmail, findUserById, insertUser } from './queries';
import { consumeOneTimeToken, issueAuthToken, issueOneTimeToken, revokeAllTokens, revokeOneTimeTokens } from './tokens';

export const AUTH_ERRORS = {
  userExists: 'Пользователь с таким email уже существует',
  badCredentials: 'Неверная почта или пароль',
  badLink: 'Ссылка недействительна или устарела. Запросите новую.',
} as const;

type Ctx = Pick<AppContext, 'db' | 'queue' | 'config' | 'bus' | 'log'>;

export async function signup(ctx: Ctx, input: SignupRequest): Promise<{ token: string; userId: string }> {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(AUTH_ERRORS.userExists);
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(ctx.db, { username: input.username, email: input.email, passwordHash });
  // A concurrent signup with the same e-mail loses on the unique index.
  if (!user) throw conflict(AUTH_ERRORS.userExists);
  await sendConfirmation(ctx, user.id);
  return { token: await issueAuthToken(ctx.db, user.id), userId: user.id };
}

export async function login(ctx: Ctx, email: string, password: string): Promise<string> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    await verifyAgainstDummy(password);
    throw unauthorized(AUTH_ERRORS.badCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(AUTH_ERRORS.badCredentials);
  return issueAuthToken(ctx.db, user.id);
}

/** Same answer for known and unknown addresses; the mail goes only to a known one. */
export async function forgotPassword(ctx: Ctx, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  // A locked account (the demo one behind the site's widget) cannot be taken over by a reset.
  if (!user || user.passwordHash === LOCKED_PASSWORD_HASH) return;
  const token = await issueOneTimeToken(ctx.db, user.id, 'reset', RESET_TOKEN_TTL_MS);
  const url = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, resetPasswordMail(user.email, user.username, url));
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(ctx: Ctx, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const used = await consumeOneTimeToken(tx, token, 'reset');
    if (!used) throw badRequest(AUTH_ERRORS.badLink);
    await replacePassword(tx, used.userId, passwordHash);
    return used.userId;
  });
  await publishOwnerSessionsChanged(ctx, userId);
}

/**
 * A new password (from a reset link or the profile) ends every session of the account and every
 * pending reset link: whoever held the old keys holds nothing now.
 */
export async function replacePassword(tx: Executor, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await revokeAllTokens(tx, userId);
  await revokeOneTimeTokens(tx, userId, 'reset');
}

export async function sendConfirmation(ctx: Ctx, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.isEmailConfirmed) throw new AppError(400, 'Почта уже подтверждена');
  const token = await issueOneTimeToken(ctx.db, user.id, 'confirm', CONFIRM_TOKEN_TTL_MS, user.email);
  const url = `${ctx.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, confirmEmailMail(user.email, user.username, url));
}

/** Confirms the address the link was sent to, if it is still the account's address. */
export async function confirmEmail(ctx: Ctx, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const used = await consumeOneTimeToken(tx, token, 'confirm');
    if (!used) throw badRequest(AUTH_ERRORS.badLink);
    const user = await findUserById(tx, used.userId);
    if (!user || user.email.toLowerCase() !== used.email?.toLowerCase()) throw badRequest(AUTH_ERRORS.badLink);
    await tx.update(users).set({ isEmailConfirmed: true }).where(eq(users.id, user.id));
  });
}
