import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A web visitor's credential: `<visitorId>.<32 random bytes>`. Only its SHA-256 is stored, like
 * the owners' tokens; the id in front lets the server find the row by primary key and compare
 * the hash in constant time, so no index on the hash is needed and a token of one assistant is
 * worthless for another (the lookup is scoped by the assistant too).
 */
export function issueVisitorToken(visitorId: string): { token: string; hash: string } {
  const token = `${visitorId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashVisitorToken(token) };
}

export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The visitor id a token claims, or undefined when it is not shaped like ours. */
export function visitorIdOfToken(token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot !== 36 || token.length > 200) return undefined;
  const id = token.slice(0, dot);
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashVisitorToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
