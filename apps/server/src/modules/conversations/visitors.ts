import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../core/context';
import { createVisitor, findVisitor, type VisitorRow } from './store';
import { issueVisitorToken, tokenMatches, visitorIdOfToken } from './visitor-token';

/** A new visitor of the widget and the only credential it gets: its token (stored hashed). */
export async function createWebVisitor(
  ctx: Pick<AppContext, 'db'>,
  assistantId: string,
): Promise<{ visitorId: string; visitorToken: string }> {
  const id = randomUUID();
  const { token, hash } = issueVisitorToken(id);
  await createVisitor(ctx.db, { id, assistantId, channel: 'web', tokenHash: hash });
  return { visitorId: id, visitorToken: token };
}

/** The web visitor of this assistant a token belongs to (compared in constant time), or undefined. */
export async function webVisitorOfToken(
  ctx: Pick<AppContext, 'db'>,
  assistantId: string,
  token: string | undefined,
): Promise<VisitorRow | undefined> {
  const id = token ? visitorIdOfToken(token) : undefined;
  const visitor = id ? await findVisitor(ctx.db, assistantId, id) : undefined;
  if (!visitor || !token || visitor.channel !== 'web' || !tokenMatches(token, visitor.tokenHash)) return undefined;
  return visitor;
}
