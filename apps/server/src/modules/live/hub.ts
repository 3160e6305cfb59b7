import { type LiveVisitorUpdate, liveTopics } from '@otklik/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { onOwnerSessionsChanged } from '../../core/events';
import { assistants } from '../../infra/db/schema';
import { presentMessage, presentVisitor } from '../chats';
import { type ConversationEvent, findVisitor, subscribeAssistant } from '../conversations';
import { LIVE_ERRORS, type SessionRules, type SessionTransport, StompSession } from './session';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The destinations of spec §7 and ours: an assistant's list, a conversation, its suggestions. */
const DESTINATION = new RegExp(`^/topic/assistant/(${UUID})(?:/(${UUID})(/autocomplete)?)?$`);

export const HUB_ERRORS = {
  destination: 'Недопустимое назначение подписки',
  foreign: 'Нет доступа к этому ассистенту',
} as const;

type Ctx = Pick<AppContext, 'db' | 'bus' | 'log'>;

/**
 * Every live session of this process and what they follow. Events come from the bus (so a
 * visitor writing through another instance reaches this one's subscribers over Redis), one bus
 * subscription per followed assistant, shared by all its sessions; each event becomes MESSAGE
 * frames on the spec's topics.
 */
export class LiveHub {
  private readonly sessions = new Set<StompSession>();
  private readonly tokens = new WeakMap<StompSession, string>();
  /** destination → sessions following it (with how many subscriptions each) */
  private readonly followers = new Map<string, Map<StompSession, number>>();
  /** assistantId → the bus subscription and how many destinations of it are followed */
  private readonly feeds = new Map<string, { count: number; stop: Promise<() => Promise<void>> }>();
  private stopRevocations: Promise<() => Promise<void>> | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly auth: {
      resolveToken: (token: string) => Promise<{ userId: string; tokenHash: string } | undefined>;
      heartbeatMs: number;
    },
  ) {}

  start(): void {
    this.stopRevocations = onOwnerSessionsChanged(this.ctx, (userId) => {
      this.recheck(userId).catch((err) => this.ctx.log.warn({ err }, 'live sessions not rechecked'));
    });
  }

  get size(): number {
    return this.sessions.size;
  }

  /** A new SockJS connection: its STOMP session. */
  open(transport: SessionTransport): StompSession {
    const rules: SessionRules = {
      heartbeatMs: this.auth.heartbeatMs,
      authenticate: async (token) => {
        const owner = await this.auth.resolveToken(token);
        // Kept for the revocation check (memory only, like the session itself).
        if (owner) this.tokens.set(session, token);
        return owner;
      },
      authorize: (userId, destination) => this.authorize(userId, destination),
      subscribed: (s, destination) => this.follow(s, destination),
      unsubscribed: (s, destination) => this.unfollow(s, destination),
      closed: (s) => this.sessions.delete(s),
    };
    const session = new StompSession(transport, rules);
    this.sessions.add(session);
    return session;
  }

  /** Closes every session (the server stops): clients reconnect to another instance or later. */
  async close(): Promise<void> {
    for (const s of [...this.sessions]) s.fail(LIVE_ERRORS.restarting);
    const stops = [...this.feeds.values()].map((f) => f.stop);
    this.feeds.clear();
    for (const stop of [...stops, ...(this.stopRevocations ? [this.stopRevocations] : [])])
      await stop.then((fn) => fn()).catch(() => undefined);
  }

  private async authorize(userId: string, destination: string): Promise<string | undefined> {
    const m = DESTINATION.exec(destination);
    if (!m?.[1]) return HUB_ERRORS.destination;
    const [row] = await this.ctx.db
      .select({ id: assistants.id })
      .from(assistants)
      .where(and(eq(assistants.id, m[1]), eq(assistants.userId, userId)))
      .limit(1);
    return row ? undefined : HUB_ERRORS.foreign;
  }

  private follow(session: StompSession, destination: string): void {
    const map = this.followers.get(destination) ?? new Map<StompSession, number>();
    map.set(session, (map.get(session) ?? 0) + 1);
    this.followers.set(destination, map);
    const assistantId = DESTINATION.exec(destination)?.[1];
    if (!assistantId) return;
    const feed = this.feeds.get(assistantId);
    if (feed) feed.count++;
    else
      this.feeds.set(assistantId, {
        count: 1,
        stop: subscribeAssistant(this.ctx, assistantId, (event) => {
          this.dispatch(event).catch((err) => this.ctx.log.warn({ err, assistantId }, 'live event not delivered'));
        }),
      });
  }

  private unfollow(session: StompSession, destination: string): void {
    const map = this.followers.get(destination);
    const n = map?.get(session) ?? 0;
    if (map && n <= 1) map.delete(session);
    else map?.set(session, n - 1);
    if (map?.size === 0) this.followers.delete(destination);
    const assistantId = DESTINATION.exec(destination)?.[1];
    const feed = assistantId ? this.feeds.get(assistantId) : undefined;
    if (!assistantId || !feed) return;
    if (--feed.count > 0) return;
    this.feeds.delete(assistantId);
    feed.stop.then((fn) => fn()).catch((err) => this.ctx.log.warn({ err }, 'live feed not stopped'));
  }

  private publish(destination: string, body: unknown): void {
    const map = this.followers.get(destination);
    if (!map) return;
    const text = JSON.stringify(body);
    for (const session of map.keys()) session.deliver(destination, text);
  }

  /** One conversation event → the MESSAGE frames of the topics it concerns. */
  private async dispatch(event: ConversationEvent): Promise<void> {
    const { assistantId, visitorId } = event;
    if (event.type === 'autocomplete') {
      this.publish(liveTopics.autocomplete(assistantId, visitorId), { content: event.content });
      return;
    }
    const message =
      event.type === 'message' || event.type === 'phone-request' ? presentMessage(event.message) : undefined;
    if (message) this.publish(liveTopics.conversation(assistantId, visitorId), message);
    const listTopic = liveTopics.assistant(assistantId);
    if (!this.followers.has(listTopic)) return;
    const visitor = await findVisitor(this.ctx.db, assistantId, visitorId);
    if (!visitor) return;
    const update: LiveVisitorUpdate = {
      type: event.type === 'phone-request' ? 'message' : event.type,
      visitor: presentVisitor(
        visitor,
        message && message.author !== 'system' ? { content: message.content, author: message.author } : undefined,
      ),
      ...(message ? { message } : {}),
    };
    this.publish(listTopic, update);
  }

  /** An owner's tokens were revoked: sessions whose token no longer opens close at once. */
  private async recheck(userId: string): Promise<void> {
    for (const session of [...this.sessions]) {
      if (session.userId !== userId) continue;
      const token = this.tokens.get(session);
      const owner = token ? await this.auth.resolveToken(token) : undefined;
      if (!owner || owner.userId !== userId) session.fail(LIVE_ERRORS.revoked);
    }
  }
}
