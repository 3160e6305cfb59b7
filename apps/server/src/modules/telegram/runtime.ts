import type { Api, Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { type AppContext, rootContext } from '../../core/context';
import { onAssistantChanged } from '../../core/events';
import { botInfoOf, classifyFailure, createBot, loggable, rawApi } from './client';
import {
  type BotRow,
  botById,
  claimUpdate,
  pruneUpdates,
  releaseUpdate,
  runnableBots,
  setState,
  staleUpdates,
  storeUpdate,
} from './store';

/** A bot this process talks to: its row as last read, and grammY's clients for its token. */
export interface LiveBot {
  row: BotRow & { token: string; tgBotId: number };
  bot: Bot;
  raw: Api;
  readAt: number;
}

/** Installs what a bot does with an update (the customer bot or the trainer); set by the module's start. */
export type Install = (bot: Bot, live: () => LiveBot) => void;

/** Updates a bot receives (everything else Telegram would send is of no use to us). */
export const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

const UPDATE_JOB = 'telegram.update';
const CHANGED_TOPIC = 'telegram:bots';
/** How long a bot's row is trusted before it is read again (every change also clears it at once, through the bus). */
const ROW_TTL_MS = 5000;
/** A stored update not processed after this long lost its job (a process died): it is queued again. */
const STALE_UPDATE_MS = 60_000;

interface Poller {
  token: string;
  abort: AbortController;
  done: Promise<void>;
}

/**
 * The Telegram side of one process: the bots it has clients for, the long pollers it runs (one
 * per bot across all instances, by advisory lock; only without a webhook), and the queue job
 * that processes stored updates. One per app context.
 */
export class TelegramRuntime {
  private readonly live = new Map<string, LiveBot>();
  private readonly pollers = new Map<string, Poller>();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>)[] = [];
  private stopLocksLost: (() => void) | undefined;
  private reconciling: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    readonly ctx: AppContext,
    private readonly install: Install,
  ) {}

  /** Webhook mode: Telegram posts updates to PUBLIC_URL, which must be https. */
  get webhookMode(): boolean {
    return this.ctx.config.publicUrl.startsWith('https://');
  }

  webhookUrl(botId: string): string {
    return `${this.ctx.config.publicUrl}/api/telegram/webhook/${botId}`;
  }

  async start(): Promise<void> {
    this.ctx.queue.process(UPDATE_JOB, (data) => this.processUpdate(data as { tgBotId: number; updateId: number }));
    this.unsubscribe.push(
      await this.ctx.bus.subscribe(CHANGED_TOPIC, (payload) => {
        const { botId } = payload as { botId?: string };
        if (botId) this.live.delete(botId);
        this.reconcile();
      }),
      // A deleted assistant takes its bots with it (cascade): their pollers stop now, not at the next round.
      await onAssistantChanged(this.ctx, () => this.reconcile()),
    );
    this.stopLocksLost = this.ctx.database.locks.onLost(() => {
      this.ctx.log.warn('telegram pollers lost their locks; they stop and are taken again');
      for (const botId of [...this.pollers.keys()]) void this.stopPoller(botId, false);
      this.reconcile();
    });
    this.timer = setInterval(() => this.reconcile(), this.ctx.config.TELEGRAM_RECONCILE_MS);
    this.timer.unref();
    if (this.webhookMode)
      this.reconciling = this.ensureWebhooks().catch((err: unknown) =>
        this.ctx.log.warn({ err: loggable(err) }, 'telegram webhooks not checked'),
      );
    this.reconcile();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.stopLocksLost?.();
    await Promise.all(this.unsubscribe.map((u) => u().catch(() => undefined)));
    await this.reconciling;
    await Promise.all([...this.pollers.keys()].map((id) => this.stopPoller(id)));
  }

  /** Every instance hears that a bot changed (registered, switched, rebound) and acts on it. */
  async changed(botId: string): Promise<void> {
    this.live.delete(botId);
    await this.ctx.bus.publish(CHANGED_TOPIC, { botId });
  }

  /** The bot's clients, for its current token; undefined when it is gone, off or unregistered. */
  async botFor(botId: string): Promise<LiveBot | undefined> {
    const known = this.live.get(botId);
    if (known && Date.now() - known.readAt < ROW_TTL_MS) return known;
    const row = await botById(this.ctx.db, botId);
    if (!row?.token || !row.tgBotId || !row.username) {
      this.live.delete(botId);
      return undefined;
    }
    const fresh = { ...row, token: row.token, tgBotId: row.tgBotId };
    if (known && known.row.token === row.token && known.row.role === row.role) {
      known.row = fresh;
      known.readAt = Date.now();
      return known;
    }
    const info = botInfoOf({ id: row.tgBotId, username: row.username, firstName: row.firstName ?? row.username });
    const bot = await createBot(this.ctx.config, row.token, info);
    const live: LiveBot = { row: fresh, bot, raw: await rawApi(this.ctx.config, row.token), readAt: Date.now() };
    // The row is refreshed in place (above): the handlers always read the latest one.
    this.install(bot, () => live);
    this.live.set(botId, live);
    return live;
  }

  /**
   * Stores an update and queues its processing; true when it was new. Telegram's delivery is
   * acknowledged only after this (the next getUpdates offset, the webhook's 200), so an update
   * is never lost between Telegram and us.
   */
  async accept(bot: Pick<BotRow, 'id' | 'tgBotId'>, update: Update): Promise<boolean> {
    const fresh = await storeUpdate(
      this.ctx.db,
      bot,
      update as unknown as Record<string, unknown> & { update_id: number },
    );
    if (fresh)
      await this.ctx.queue.add(UPDATE_JOB, { tgBotId: bot.tgBotId, updateId: update.update_id }, { attempts: 5 });
    return fresh;
  }

  private async processUpdate({ tgBotId, updateId }: { tgBotId: number; updateId: number }): Promise<void> {
    const claimed = await claimUpdate(this.ctx.db, tgBotId, updateId);
    if (!claimed) return;
    const live = await this.botFor(claimed.botId);
    if (!live?.row.enabled) return;
    try {
      await live.bot.handleUpdate(claimed.payload as unknown as Update);
    } catch (err) {
      // Nothing of it was stored yet, or storing failed: the queue tries again.
      await releaseUpdate(this.ctx.db, tgBotId, updateId).catch(() => undefined);
      throw err;
    }
  }

  /** Runs reconciliation after the one in flight (never two at once). */
  reconcile(): void {
    if (this.closed) return;
    this.reconciling = this.reconciling
      .then(() => this.reconcileNow())
      .catch((err: unknown) => this.ctx.log.warn({ err: loggable(err) }, 'telegram reconciliation failed'));
  }

  /** Pollers for the bots that should be polled and that nobody polls; stops those that should not; requeues lost updates. */
  private async reconcileNow(): Promise<void> {
    if (this.closed) return;
    const rows = await runnableBots(this.ctx.db);
    const wanted = new Map(rows.map((r) => [r.id, r]));
    for (const [botId, poller] of this.pollers) {
      const row = wanted.get(botId);
      if (!row || row.token !== poller.token || this.webhookMode) await this.stopPoller(botId);
    }
    if (!this.webhookMode) {
      for (const row of rows) {
        if (this.closed || this.pollers.has(row.id) || !row.token || !row.tgBotId) continue;
        if (!(await this.ctx.database.locks.tryLock(lockKey(row.tgBotId)))) continue;
        if (this.closed) {
          await this.ctx.database.locks.unlock(lockKey(row.tgBotId));
          return;
        }
        this.startPoller(row as LiveBot['row']);
      }
    }
    const stale = await staleUpdates(this.ctx.db, new Date(Date.now() - STALE_UPDATE_MS));
    for (const u of stale) await this.ctx.queue.add(UPDATE_JOB, u, { attempts: 5 });
    await pruneUpdates(this.ctx.db, new Date(Date.now() - 24 * 3600_000));
  }

  private startPoller(row: LiveBot['row']): void {
    const abort = new AbortController();
    const done = this.poll(row, abort.signal)
      .catch((err: unknown) => this.ctx.log.error({ err: loggable(err), bot: row.username }, 'telegram poller failed'))
      .finally(async () => {
        if (this.pollers.get(row.id)?.abort === abort) this.pollers.delete(row.id);
        await this.ctx.database.locks.unlock(lockKey(row.tgBotId)).catch(() => undefined);
      });
    this.pollers.set(row.id, { token: row.token, abort, done });
  }

  private async stopPoller(botId: string, unlock = true): Promise<void> {
    const poller = this.pollers.get(botId);
    if (!poller) return;
    this.pollers.delete(botId);
    poller.abort.abort();
    if (unlock) await poller.done;
  }

  /** Deletes the bot's webhook if it is one of ours; true when it did. */
  private async dropOwnWebhook(api: Api, botId: string): Promise<boolean> {
    const info = await api.getWebhookInfo().catch(() => undefined);
    if (!info?.url || !isOwnWebhook(info.url, botId)) return false;
    await api.deleteWebhook().catch(() => undefined);
    return true;
  }

  /**
   * Webhook mode: every bot that should run has our webhook (PUBLIC_URL may have changed since
   * it was registered: set again); a bot whose webhook another service took shows it in the tab.
   * Once per start, by any instance (setting the same webhook twice is harmless).
   */
  private async ensureWebhooks(): Promise<void> {
    for (const row of await runnableBots(this.ctx.db)) {
      if (!row.token || !row.webhookSecret) continue;
      const api = await rawApi(this.ctx.config, row.token);
      try {
        const info = await api.getWebhookInfo();
        const ours = this.webhookUrl(row.id);
        if (info.url === ours) continue;
        if (info.url && !isOwnWebhook(info.url, row.id)) {
          await setState(this.ctx.db, row.id, row.token, 'webhook');
          continue;
        }
        await api.setWebhook(ours, { secret_token: row.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
      } catch (err) {
        const failure = classifyFailure(err);
        if (failure.kind === 'unauthorized') await setState(this.ctx.db, row.id, row.token, 'unauthorized');
        else this.ctx.log.warn({ bot: row.username, err: loggable(err) }, 'telegram webhook not checked');
      }
    }
  }

  /** Stops this process's poller of the bot, if it runs one, and waits until it has stopped. */
  async stopPolling(botId: string): Promise<void> {
    await this.stopPoller(botId);
  }

  /** Is this process polling the bot? (Tests and the bench ask.) */
  polling(botId: string): boolean {
    return this.pollers.has(botId);
  }

  /**
   * Long polling (embedded mode): getUpdates, store each update, then ask for the next ones
   * (which acknowledges these). A 409 (someone else polls this bot, or a webhook was set) or a
   * 401 (token revoked) is the bot's state from now on, shown in the integration tab, and
   * stops the poller until the owner acts; anything else is retried with a growing pause.
   */
  private async poll(row: LiveBot['row'], signal: AbortSignal): Promise<void> {
    const api = await rawApi(this.ctx.config, row.token);
    const timeout = this.ctx.config.TELEGRAM_POLL_TIMEOUT_S;
    let offset = 0;
    let pause = 500;
    this.ctx.log.info({ bot: row.username }, 'telegram poller started');
    while (!signal.aborted) {
      try {
        const updates = await api.getUpdates(
          { offset, timeout, allowed_updates: [...ALLOWED_UPDATES] },
          // grammY's Node build types the signal with the abort-controller package's class.
          signal as Parameters<Api['getUpdates']>[1],
        );
        for (const update of updates) await this.accept(row, update);
        const last = updates.at(-1);
        if (last) offset = last.update_id + 1;
        pause = 500;
      } catch (err) {
        if (signal.aborted) break;
        const failure = classifyFailure(err);
        // Our own webhook, left from a run with an https PUBLIC_URL: removed, and polling goes on.
        if (failure.kind === 'webhook' && (await this.dropOwnWebhook(api, row.id))) continue;
        if (failure.kind === 'unauthorized' || failure.kind === 'conflict' || failure.kind === 'webhook') {
          this.ctx.log.warn({ bot: row.username, kind: failure.kind }, 'telegram stopped the poller');
          await setState(this.ctx.db, row.id, row.token, failure.kind);
          await this.changed(row.id);
          break;
        }
        const wait = failure.kind === 'rate' ? (failure.retryAfter ?? 1) * 1000 : pause;
        this.ctx.log.warn({ bot: row.username, err: loggable(err), waitMs: wait }, 'telegram poll failed; retrying');
        await sleep(wait, signal);
        pause = Math.min(pause * 2, 30_000);
      }
    }
    this.ctx.log.info({ bot: row.username }, 'telegram poller stopped');
  }
}

/** A webhook URL of ours for this bot, whatever PUBLIC_URL was when it was set. */
const isOwnWebhook = (url: string, botId: string) => url.endsWith(`/api/telegram/webhook/${botId}`);

const lockKey = (tgBotId: number) => `telegram-poller:${tgBotId}`;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const runtimes = new WeakMap<object, TelegramRuntime>();

export function setRuntime(ctx: AppContext, runtime: TelegramRuntime): void {
  runtimes.set(ctx, runtime);
}

export function runtimeOf(ctx: AppContext): TelegramRuntime {
  const rt = runtimes.get(rootContext(ctx));
  if (!rt) throw new Error('the telegram module is not started');
  return rt;
}
