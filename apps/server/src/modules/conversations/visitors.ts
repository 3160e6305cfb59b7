import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { visitors } from '../../infra/db/schema';
import { lru } from '../../lib/lru';
import { updateVisitor } from './conversation';
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

/**
 * A web visitor's credential as the message route needs it (its id, of this assistant), checked
 * against the stored hash of its token, which never changes while the visitor exists: kept in
 * memory, so a visitor's next messages do not wait for a lookup first (it was one of a message's
 * four queries). A visitor goes only with its assistant, whose deletion forgets its credentials
 * (assistant-changed, every instance); were one still kept, the message would not be stored for
 * want of its visitor, and nothing is written. The token is hashed and compared at every
 * message as on a lookup; only hashes are kept.
 */
export async function webVisitorIdOfToken(
  ctx: Pick<AppContext, 'db'>,
  assistantId: string,
  token: string | undefined,
): Promise<{ id: string; assistantId: string } | undefined> {
  const id = token ? visitorIdOfToken(token) : undefined;
  if (!id || !token) return undefined;
  const kept = credentials.get(id);
  if (kept)
    return kept.assistantId === assistantId && tokenMatches(token, kept.tokenHash) ? { id, assistantId } : undefined;
  const visitor = await webVisitorOfToken(ctx, assistantId, token);
  if (!visitor?.tokenHash) return undefined;
  credentials.set(id, { assistantId, tokenHash: visitor.tokenHash });
  return { id, assistantId };
}

/** Credentials kept (about 200 bytes each), by visitor id: the least recently used forgotten first. */
const credentials = lru<string, { assistantId: string; tokenHash: string }>(20_000);

/** Forgets the credentials of an assistant's visitors (it was deleted, or changed: cheap to read again). */
export function forgetVisitorCredentials(assistantId: string): void {
  credentials.forgetWhere((kept) => kept.assistantId === assistantId);
}

/** Who writes to a Telegram bot: the chat the bot answers in and the person's profile. */
export interface TelegramPerson {
  /** The chat's id: a person's private chat, or a group. */
  chatId: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  /** A group's title (a group is one conversation). */
  title?: string;
}

/**
 * The visitor behind a Telegram chat of this assistant: found by the chat's id, created on the
 * first message (two updates racing for it get one row, the unique index decides), its name
 * and username kept as the person changes them.
 */
export async function telegramVisitor(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log'>,
  assistantId: string,
  person: TelegramPerson,
): Promise<VisitorRow> {
  const profile = {
    firstName: person.firstName ?? null,
    lastName: person.lastName ?? null,
    tgUsername: person.username ?? null,
    name: person.title ?? ([person.firstName, person.lastName].filter(Boolean).join(' ') || person.username || null),
  };
  const find = () =>
    ctx.db
      .select()
      .from(visitors)
      .where(
        and(
          eq(visitors.assistantId, assistantId),
          eq(visitors.channel, 'telegram'),
          eq(visitors.externalId, person.chatId),
        ),
      )
      .limit(1)
      .then((rows) => rows[0]);
  const known = await find();
  if (known) {
    const changed = (Object.keys(profile) as (keyof typeof profile)[]).some((k) => known[k] !== profile[k]);
    return changed ? ((await updateVisitor(ctx, assistantId, known.id, profile)) ?? known) : known;
  }
  const [created] = await ctx.db
    .insert(visitors)
    .values({ assistantId, channel: 'telegram', externalId: person.chatId, ...profile })
    .onConflictDoNothing()
    .returning();
  const row = created ?? (await find());
  if (!row) throw new Error('telegram visitor not stored');
  return row;
}

/** How the owner reads a visitor: its name, else first and last name, else @username, else 'Visitor [id]' (spec §2.13). */
export const visitorDisplayName = (v: Pick<VisitorRow, 'id' | 'name' | 'firstName' | 'lastName' | 'tgUsername'>) => {
  const full = [v.firstName, v.lastName].filter(Boolean).join(' ').trim();
  return v.name?.trim() || full || (v.tgUsername ? `@${v.tgUsername}` : `Visitor [${v.id}]`);
};
