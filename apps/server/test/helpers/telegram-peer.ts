import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Telegram Bot API server on 127.0.0.1 for tests (set TELEGRAM_API_ROOT to its url), answering
 * as Telegram does: `{ok, result}` or `{ok: false, error_code, description}`; 401 for an unknown
 * token; 409 for a getUpdates ended by a newer one, or while a webhook is set; 429 with
 * `parameters.retry_after` when a test asks for it; 400 for a text over 4,096 characters or HTML
 * Telegram cannot parse. It records what the bots sent.
 */
export interface PeerBot {
  token: string;
  id: number;
  username: string;
  firstName: string;
}

export interface SentCall {
  method: string;
  params: Record<string, unknown>;
}

interface BotState extends PeerBot {
  updates: Record<string, unknown>[];
  nextUpdateId: number;
  /** Ends the getUpdates request in flight with a 409, as Telegram does when another one comes. */
  terminatePoll: (() => void) | undefined;
  waiters: (() => void)[];
  webhook: { url: string; secret?: string } | null;
  sent: SentCall[];
  nextMessageId: number;
  /** getUpdates calls in flight right now, and the most there ever were at once. */
  polling: number;
  maxPolling: number;
  getUpdatesCalls: number;
}

const ALLOWED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'tg-spoiler',
  'blockquote',
  'span',
]);

/** Telegram's own checks of a text with parse_mode HTML: known tags, balanced, entities known. */
export function htmlProblem(text: string): string | undefined {
  const stack: string[] = [];
  for (const m of text.matchAll(/<(\/?)([a-zA-Z-]+)[^>]*>|&([a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);|<|&/g)) {
    if (m[0] === '<') return `Unsupported start tag at byte offset ${m.index}`;
    if (m[0] === '&') return `Can't find end of the entity starting at byte offset ${m.index}`;
    if (m[3] !== undefined) {
      if (!/^(?:amp|lt|gt|quot|#\d+|#x[0-9a-fA-F]+)$/.test(m[3])) return `Unsupported HTML entity &${m[3]};`;
      continue;
    }
    const tag = (m[2] ?? '').toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) return `Unsupported start tag "${tag}" at byte offset ${m.index}`;
    if (m[1]) {
      if (stack.pop() !== tag) return `Can't find end tag corresponding to start tag "${tag}"`;
    } else stack.push(tag);
  }
  return stack.length ? `Can't find end tag corresponding to start tag "${stack.at(-1)}"` : undefined;
}

const visible = (text: string, html: boolean) =>
  html ? text.replace(/<[^>]+>/g, '').replace(/&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);/g, '_').length : text.length;

export interface TelegramPeer {
  url: string;
  addBot(bot: Partial<PeerBot> & { token: string }): PeerBot;
  /** A private text message from a customer; returns the update id. */
  pushUpdate(token: string, update: Record<string, unknown>): number;
  sent(token: string, method?: string): SentCall[];
  /** The next call of this method answers 429 with retry_after. */
  rateLimitNext(method: string, retryAfter: number): void;
  /** The next calls of this method (of one bot, when a token is given) fail: the connection is dropped (Telegram unreachable). */
  dropNext(method: string, times?: number, token?: string): void;
  /** The next HTML message of the bot is refused as Telegram refuses markup it cannot parse. */
  refuseHtmlNext(token: string): void;
  /** The token stops working (revoked in @BotFather): every call answers 401. */
  revoke(token: string): void;
  /** Someone else sets a webhook on the bot. */
  setWebhook(token: string, url: string): void;
  webhookOf(token: string): { url: string; secret?: string } | null;
  /** A file the bot can fetch with getFile (what a customer's photo or document becomes); returns its file_id. */
  addFile(token: string, bytes: Buffer): string;
  /** getUpdates calls so far and the most that ran at once. */
  pollStats(token: string): { calls: number; maxConcurrent: number; now: number };
  /** Waits until the bot has sent this many calls of the method (all methods when omitted). */
  waitForSent(token: string, count: number, method?: string, timeoutMs?: number): Promise<SentCall[]>;
  close(): Promise<void>;
}

export async function startTelegramPeer(): Promise<TelegramPeer> {
  const bots = new Map<string, BotState>();
  const revoked = new Set<string>();
  const limits = new Map<string, number>();
  const drops = new Map<string, number>();
  const refuseHtml = new Set<string>();
  const files = new Map<string, { bytes: Buffer; path: string }>();
  let fileSeq = 0;
  const reply = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: import('node:http').ServerResponse, code: number, description: string, extra = {}) =>
    reply(res, code, { ok: false, error_code: code, description, ...extra });

  const server: Server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(pathname);
    if (download) {
      const token = decodeURIComponent(download[1] ?? '');
      const file = [...files.values()].find((f) => f.path === download[2]);
      if (!bots.has(token) || revoked.has(token)) return fail(res, 401, 'Unauthorized');
      if (!file) return fail(res, 404, 'Not Found');
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(file.bytes);
    }
    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(pathname);
    if (!m) return fail(res, 404, 'Not Found');
    const token = decodeURIComponent(m[1] ?? '');
    const bot = bots.get(token);
    const method = m[2] ?? '';
    if (!bot || revoked.has(token)) return fail(res, 401, 'Unauthorized');
    const params = await readParams(req);
    for (const key of [`${token}/${method}`, method]) {
      const dropping = drops.get(key) ?? 0;
      if (dropping > 0) {
        drops.set(key, dropping - 1);
        req.socket.destroy();
        return;
      }
    }
    const limited = limits.get(method);
    if (limited !== undefined) {
      limits.delete(method);
      return fail(res, 429, `Too Many Requests: retry after ${limited}`, { parameters: { retry_after: limited } });
    }
    switch (method) {
      case 'getMe':
        return reply(res, 200, {
          ok: true,
          result: {
            id: bot.id,
            is_bot: true,
            first_name: bot.firstName,
            username: bot.username,
            can_join_groups: true,
          },
        });
      case 'getUpdates': {
        if (bot.webhook)
          return fail(
            res,
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        // A newer getUpdates wins: the one in flight ends with 409 (someone else polls this bot).
        bot.terminatePoll?.();
        bot.getUpdatesCalls++;
        const offset = Number(params.offset ?? 0);
        // A negative offset reads the last updates without confirming any (Telegram's rule).
        if (offset < 0) return reply(res, 200, { ok: true, result: bot.updates.slice(offset) });
        bot.updates = bot.updates.filter((u) => Number(u.update_id) >= offset);
        bot.polling++;
        bot.maxPolling = Math.max(bot.maxPolling, bot.polling);
        res.once('close', () => bot.polling--);
        if (bot.updates.length === 0 && Number(params.timeout ?? 0) > 0) {
          let terminated = false;
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(t);
              resolve();
            };
            const t = setTimeout(done, Number(params.timeout) * 1000);
            bot.waiters.push(done);
            req.once('close', done);
            bot.terminatePoll = () => {
              terminated = true;
              done();
            };
          });
          bot.terminatePoll = undefined;
          if (terminated)
            return fail(
              res,
              409,
              'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
            );
        }
        return reply(res, 200, { ok: true, result: bot.updates.slice(0, Number(params.limit ?? 100)) });
      }
      case 'setWebhook':
        bot.webhook = { url: String(params.url ?? ''), secret: params.secret_token as string | undefined };
        return reply(res, 200, { ok: true, result: true, description: 'Webhook was set' });
      case 'deleteWebhook':
        bot.webhook = null;
        return reply(res, 200, { ok: true, result: true, description: 'Webhook was deleted' });
      case 'getWebhookInfo':
        return reply(res, 200, {
          ok: true,
          result: {
            url: bot.webhook?.url ?? '',
            has_custom_certificate: false,
            pending_update_count: bot.updates.length,
          },
        });
      case 'sendMessage': {
        const text = String(params.text ?? '');
        const html = String(params.parse_mode ?? '').toUpperCase() === 'HTML';
        if (!text.trim()) return fail(res, 400, 'Bad Request: message text is empty');
        let problem = html ? htmlProblem(text) : undefined;
        if (html && refuseHtml.delete(token)) problem = 'Unsupported start tag "span" at byte offset 0';
        if (problem) return fail(res, 400, `Bad Request: can't parse entities: ${problem}`);
        if (visible(text, html) > 4096) return fail(res, 400, 'Bad Request: message is too long');
        bot.sent.push({ method, params });
        return reply(res, 200, {
          ok: true,
          result: {
            message_id: bot.nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(params.chat_id), type: 'private' },
            text,
          },
        });
      }
      case 'getFile': {
        const file = files.get(String(params.file_id ?? ''));
        if (!file) return fail(res, 400, 'Bad Request: invalid file_id');
        return reply(res, 200, {
          ok: true,
          result: {
            file_id: params.file_id,
            file_unique_id: `u${params.file_id}`,
            file_size: file.bytes.length,
            file_path: file.path,
          },
        });
      }
      case 'sendPhoto':
      case 'sendDocument':
        bot.sent.push({ method, params });
        return reply(res, 200, {
          ok: true,
          result: {
            message_id: bot.nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(params.chat_id), type: 'private' },
          },
        });
      case 'sendChatAction':
      case 'answerCallbackQuery':
      case 'editMessageReplyMarkup':
      case 'deleteMessage':
        bot.sent.push({ method, params });
        return reply(res, 200, { ok: true, result: true });
      default:
        return fail(res, 404, 'Not Found: method not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let seq = 1000;

  return {
    url: `http://127.0.0.1:${port}`,
    addBot(b) {
      // As Telegram: the bot's id is the number before the colon of its token.
      const fromToken = Number(b.token.split(':')[0]);
      const id = b.id ?? (Number.isSafeInteger(fromToken) && fromToken > 0 ? fromToken : ++seq);
      const state: BotState = {
        token: b.token,
        id,
        username: b.username ?? `bot${id}_bot`,
        firstName: b.firstName ?? 'Тестовый бот',
        updates: [],
        nextUpdateId: 1,
        terminatePoll: undefined,
        waiters: [],
        webhook: null,
        sent: [],
        nextMessageId: 1,
        polling: 0,
        maxPolling: 0,
        getUpdatesCalls: 0,
      };
      bots.set(b.token, state);
      return { token: state.token, id, username: state.username, firstName: state.firstName };
    },
    pushUpdate(token, update) {
      const bot = bots.get(token);
      if (!bot) throw new Error('no such bot');
      const updateId = bot.nextUpdateId++;
      bot.updates.push({ update_id: updateId, ...update });
      for (const w of bot.waiters.splice(0)) w();
      return updateId;
    },
    sent: (token, method) => (bots.get(token)?.sent ?? []).filter((c) => !method || c.method === method),
    rateLimitNext: (method, retryAfter) => limits.set(method, retryAfter),
    refuseHtmlNext: (token) => refuseHtml.add(token),
    dropNext: (method, times = 1, token) => drops.set(token ? `${token}/${method}` : method, times),
    revoke(token) {
      revoked.add(token);
      const bot = bots.get(token);
      if (bot) for (const w of bot.waiters.splice(0)) w();
    },
    setWebhook(token, url) {
      const bot = bots.get(token);
      if (!bot) throw new Error('no such bot');
      bot.webhook = { url };
      for (const w of bot.waiters.splice(0)) w();
    },
    webhookOf: (token) => bots.get(token)?.webhook ?? null,
    addFile(token, bytes) {
      if (!bots.has(token)) throw new Error('no such bot');
      const id = `file${++fileSeq}`;
      files.set(id, { bytes, path: `documents/${id}.bin` });
      return id;
    },
    pollStats(token) {
      const bot = bots.get(token);
      return { calls: bot?.getUpdatesCalls ?? 0, maxConcurrent: bot?.maxPolling ?? 0, now: bot?.polling ?? 0 };
    },
    async waitForSent(token, count, method, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const calls = (bots.get(token)?.sent ?? []).filter((c) => !method || c.method === method);
        if (calls.length >= count) return calls;
        if (Date.now() > deadline)
          throw new Error(`bot sent ${calls.length} ${method ?? 'calls'}, expected ${count}: ${JSON.stringify(calls)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const bot of bots.values()) for (const w of bot.waiters.splice(0)) w();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Parameters as bots send them: JSON, a form, or the query string. */
async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json') && body) return { ...query, ...(JSON.parse(body) as Record<string, unknown>) };
  if (type.includes('application/x-www-form-urlencoded'))
    return { ...query, ...Object.fromEntries(new URLSearchParams(body)) };
  return query;
}
