import type { Api, Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../../config';

/**
 * grammY and its plugins are loaded with the first bot: about 17 MB that a service without
 * Telegram bots never needs (ARCHITECTURE §8: idle memory).
 */
let grammy:
  | Promise<
      [typeof import('grammy'), typeof import('@grammyjs/auto-retry'), typeof import('@grammyjs/transformer-throttler')]
    >
  | undefined;
const loadGrammy = () =>
  (grammy ??= Promise.all([
    import('grammy'),
    import('@grammyjs/auto-retry'),
    import('@grammyjs/transformer-throttler'),
  ]));

/**
 * The Bot API through grammY. Two clients per token:
 * - `bot.api`, for messages to people: the throttler keeps to Telegram's limits (a burst of a
 *   few messages, then about one a second per chat; 30 a second per bot; 20 a minute per group)
 *   and auto-retry waits out a 429's `retry_after` (network errors are left to our queue, which
 *   retries across restarts);
 * - `raw`, for calls about the bot itself (getMe, getUpdates, webhooks) and the typing action,
 *   which no limit should delay.
 */
export async function createBot(
  config: Pick<Config, 'TELEGRAM_API_ROOT'>,
  token: string,
  botInfo: UserFromGetMe,
): Promise<Bot> {
  const [{ Bot }, { autoRetry }, { apiThrottler }] = await loadGrammy();
  const bot = new Bot(token, { botInfo, client: { apiRoot: config.TELEGRAM_API_ROOT } });
  bot.api.config.use(
    apiThrottler({
      out: { maxConcurrent: 1, reservoir: 4, reservoirRefreshAmount: 4, reservoirRefreshInterval: 4000 },
    }),
  );
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowHttpErrors: true }));
  return bot;
}

export async function rawApi(config: Pick<Config, 'TELEGRAM_API_ROOT'>, token: string): Promise<Api> {
  const [{ Api }] = await loadGrammy();
  return new Api(token, { apiRoot: config.TELEGRAM_API_ROOT });
}

/** What the bot's identity looks like to grammY, from what we store of getMe. */
export function botInfoOf(me: { id: number; username: string; firstName: string }): UserFromGetMe {
  return {
    id: me.id,
    is_bot: true,
    first_name: me.firstName,
    username: me.username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
  } as UserFromGetMe;
}

export type TelegramFailureKind =
  /** 401/404: the token is wrong or was revoked. */
  | 'unauthorized'
  /** 409: another getUpdates runs for this bot. */
  | 'conflict'
  /** 409: a webhook is set, so getUpdates is refused. */
  | 'webhook'
  /** 403: the person blocked the bot, or the bot was removed from the group. */
  | 'blocked'
  /** 400 "can't parse entities": the HTML was refused. */
  | 'parse'
  | 'bad-request'
  | 'rate'
  /** No answer, a broken connection or a 5xx: worth another try later. */
  | 'network';

export interface TelegramFailure {
  kind: TelegramFailureKind;
  /** Telegram's description (never holds the token). */
  description: string;
  retryAfter?: number;
}

/** grammY's errors, told by their shape (the classes are not loaded before the first bot). */
interface GrammyErrorShape {
  name: 'GrammyError';
  error_code: number;
  description: string;
  parameters: { retry_after?: number };
}
const isGrammyError = (err: unknown): err is GrammyErrorShape =>
  err instanceof Error &&
  err.name === 'GrammyError' &&
  typeof (err as { error_code?: unknown }).error_code === 'number';

export function classifyFailure(err: unknown): TelegramFailure {
  if (isGrammyError(err)) {
    const description = err.description;
    const code = err.error_code;
    if (code === 401 || code === 404) return { kind: 'unauthorized', description };
    if (code === 409) return { kind: /webhook/i.test(description) ? 'webhook' : 'conflict', description };
    if (code === 403) return { kind: 'blocked', description };
    if (code === 429) return { kind: 'rate', description, retryAfter: err.parameters?.retry_after ?? 1 };
    if (code === 400 && /parse entities/i.test(description)) return { kind: 'parse', description };
    if (code >= 500) return { kind: 'network', description };
    return { kind: 'bad-request', description };
  }
  if (err instanceof Error && err.name === 'HttpError') return { kind: 'network', description: err.message };
  return { kind: 'network', description: err instanceof Error ? err.message : String(err) };
}

/**
 * An error as it may be logged: grammY's own messages hold no token, but the network error
 * inside an HttpError may quote the request's URL, which does. Secrets never reach a log line
 * (ARCHITECTURE §6), so only the classification goes there, with any token-like text cut out.
 */
export function loggable(err: unknown): { kind: TelegramFailureKind; description: string } {
  const { kind, description } = classifyFailure(err);
  return { kind, description: scrubTokens(description) };
}

export const scrubTokens = (text: string) => text.replace(/\d{5,20}:[A-Za-z0-9_-]{20,}/g, '***');

/** A token as the integration tab shows it: the bot's number and the last 4 characters. */
export function maskToken(token: string | null): string | null {
  if (!token) return null;
  const [id = '', secret = ''] = token.split(':');
  return `${id}:…${secret.slice(-4)}`;
}
