import { randomBytes } from 'node:crypto';
import {
  TELEGRAM_TEXTS as T,
  TELEGRAM_TOKEN_PATTERN,
  type TelegramBotReply,
  type TelegramIntegration,
} from '@otklik/contract';
import type { Api } from 'grammy';
import type { AppContext } from '../../core/context';
import { AppError, badRequest, conflict } from '../../core/errors';
import { requireOwnedAssistant } from '../../core/ownership';
import type { Executor } from '../../infra/db';
import { classifyFailure, loggable, maskToken, rawApi } from './client';
import { ALLOWED_UPDATES, runtimeOf } from './runtime';
import {
  type BotRow,
  botOf,
  botsOfAssistant,
  forgetBot,
  holderOf,
  runnableBots,
  saveNotificationChat,
  setEnabled,
  updateBot,
} from './store';
import { chatTitle } from './trainer';

/** The bots of an assistant as the integration tab shows them (the token masked). */
export async function telegramIntegrations(db: Executor, assistantId: string): Promise<TelegramIntegration[]> {
  return (await botsOfAssistant(db, assistantId)).map(present);
}

export function present(row: BotRow): TelegramIntegration {
  return {
    enableTelegram: row.enabled,
    telegramToken: maskToken(row.token),
    isTgTrainer: row.role === 'trainer',
    username: row.username,
    state: row.token ? row.state : null,
    previousWebhook: row.previousWebhook,
    trainerChat: row.trainerChatTitle,
    bindLink:
      row.role === 'trainer' && row.linkCode && row.username
        ? `https://t.me/${row.username}?start=${row.linkCode}`
        : null,
  };
}

function checkToken(token: string): string {
  const trimmed = token.trim();
  if (!trimmed) throw badRequest(T.tokenRequired);
  if (!TELEGRAM_TOKEN_PATTERN.test(trimmed)) throw badRequest(T.tokenMalformed);
  return trimmed;
}

/** A Telegram call of a request: its failure is the owner's Russian message, never a 500. */
async function ask<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (err) {
    const failure = classifyFailure(err);
    if (failure.kind === 'unauthorized') throw badRequest(T.tokenRejected);
    if (failure.kind === 'network' || failure.kind === 'rate') throw new AppError(502, T.telegramDown);
    throw badRequest(`${T.telegramDown} (${loggable(err).description})`);
  }
}

/**
 * POST /telegram/registerBot (spec §4, §7): the token is checked with getMe; a bot serving
 * another assistant is refused; a webhook set by another service is noted and taken over. The
 * trainer bot is bound to the chat that last wrote to it (getUpdates) or, failing that, waits
 * for its one-time link and the reply is the spec's 'chatId is null' error.
 */
export async function registerBot(
  ctx: AppContext,
  userId: string,
  input: { telegramToken: string; assistantId: string; isTgTrainer: boolean },
): Promise<TelegramBotReply> {
  const token = checkToken(input.telegramToken);
  const assistant = await requireOwnedAssistant(ctx.db, userId, input.assistantId);
  const row = await botOf(ctx.db, assistant.id, input.isTgTrainer ? 'trainer' : 'customer');
  if (!row?.enabled) throw conflict(T.switchOff);
  const rt = runtimeOf(ctx);
  const api = await rawApi(ctx.config, token);
  const me = await ask(() => api.getMe());
  const holder = await holderOf(ctx.db, me.id, row.id);
  if (holder) {
    if (holder.assistantId === assistant.id) throw conflict(T.tokenIsOtherRole);
    if (holder.enabled) throw conflict(T.tokenTaken);
    // Switched off elsewhere: the bot is free to serve this assistant.
    await forgetBot(ctx.db, holder.id);
    await rt.changed(holder.id);
  }
  // Our poller of the previous token stops before the new one is asked for updates.
  await updateBot(ctx.db, row.id, { state: null });
  await rt.changed(row.id);
  await rt.stopPolling(row.id);

  // Before taking the bot over: whose webhook does it have? (Without an answer we go on as if none.)
  const info = await api.getWebhookInfo().catch((err: unknown) => {
    ctx.log.warn({ err: loggable(err), bot: me.username }, 'telegram webhook info not read');
    return { url: '' };
  });
  const ours = rt.webhookUrl(row.id);
  const previousWebhook = info.url && info.url !== ours ? info.url : row.tgBotId === me.id ? row.previousWebhook : null;
  if (info.url && !rt.webhookMode) await ask(() => api.deleteWebhook());

  let trainerChat: { id: number; title: string } | undefined;
  if (input.isTgTrainer) {
    if (info.url && rt.webhookMode) await ask(() => api.deleteWebhook());
    trainerChat = await latestChat(api);
  }
  const webhookSecret = randomBytes(24).toString('base64url');
  if (rt.webhookMode)
    await ask(() =>
      api.setWebhook(ours, {
        secret_token: webhookSecret,
        allowed_updates: [...ALLOWED_UPDATES],
        drop_pending_updates: false,
      }),
    );
  const waiting = input.isTgTrainer && !trainerChat;
  const saved = await updateBot(ctx.db, row.id, {
    token,
    tgBotId: me.id,
    username: me.username,
    firstName: me.first_name,
    state: waiting ? 'awaiting_chat' : 'connected',
    previousWebhook,
    webhookSecret,
    trainerChatId: trainerChat?.id ?? null,
    trainerChatTitle: trainerChat?.title ?? null,
    linkCode: waiting ? randomBytes(12).toString('base64url') : null,
  });
  await rt.changed(row.id);
  if (!saved) throw conflict(T.switchOff);
  ctx.log.info({ assistantId: assistant.id, bot: me.username, trainer: input.isTgTrainer }, 'telegram bot registered');
  if (waiting) throw badRequest(T.chatNotFound);
  return {
    message: trainerChat ? T.trainerRegistered(me.username, trainerChat.title) : T.registered(me.username),
    integration: present(saved),
  };
}

/** The chat that last wrote to the bot, from the updates Telegram still holds (the spec's flow). */
async function latestChat(api: Api): Promise<{ id: number; title: string } | undefined> {
  const updates = await ask(() => api.getUpdates({ timeout: 0, limit: 100 }));
  for (const update of [...updates].reverse()) {
    const message = update.message ?? update.callback_query?.message;
    if (message && 'chat' in message)
      return {
        id: message.chat.id,
        title: chatTitle(message.chat, update.message?.from ?? update.callback_query?.from),
      };
  }
  return undefined;
}

/**
 * POST /telegram/toggle-telegram/{id}?enable=&trainer= (spec §4: turning it off disables the
 * integration; on again, a registered bot resumes, its earlier trouble forgotten).
 */
export async function toggleBot(
  ctx: AppContext,
  userId: string,
  assistantId: string,
  enable: boolean,
  trainer: boolean,
): Promise<TelegramBotReply> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const rt = runtimeOf(ctx);
  let row = await setEnabled(ctx.db, assistantId, trainer ? 'trainer' : 'customer', enable);
  if (row.token) {
    const api = await rawApi(ctx.config, row.token);
    if (enable) {
      const state = row.role === 'trainer' && !row.trainerChatId ? 'awaiting_chat' : 'connected';
      row = (await updateBot(ctx.db, row.id, { state })) ?? row;
      if (rt.webhookMode && row.webhookSecret) {
        const secret = row.webhookSecret;
        await api
          .setWebhook(rt.webhookUrl(row.id), { secret_token: secret, allowed_updates: [...ALLOWED_UPDATES] })
          .catch((err: unknown) => ctx.log.warn({ err: loggable(err) }, 'telegram webhook not set'));
      }
    } else if (rt.webhookMode)
      await api
        .deleteWebhook()
        .catch((err: unknown) => ctx.log.warn({ err: loggable(err) }, 'telegram webhook not deleted'));
  }
  await rt.changed(row.id);
  const message = trainer ? (enable ? T.trainerEnabled : T.trainerDisabled) : enable ? T.enabled : T.disabled;
  return { message, integration: present(row) };
}

/**
 * GET telegram/{token}/assistant/{id} (spec §7): the chat for the owner's notifications, found
 * as the chat that last wrote to the bot, stored in the assistant's notification settings.
 * Always a {message}; a failure's text contains 'ошибка' (that is how the spec's client tells).
 */
export async function findNotificationChat(
  ctx: AppContext,
  userId: string,
  rawToken: string,
  assistantId: string,
): Promise<{ message: string }> {
  const token = checkToken(rawToken);
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const api = await rawApi(ctx.config, token);
  const rt = runtimeOf(ctx);
  let paused: BotRow[] = [];
  let rebound: string | undefined;
  try {
    const me = await api.getMe();
    const bots = await runnableBots(ctx.db);
    if (bots.some((b) => b.tgBotId === me.id && b.role !== 'alerts')) return { message: T.chatIdBusy };
    // The bot may already carry alerts (of this or another assistant): its poller rests while
    // its updates are read here, or Telegram would end one of the two requests with a 409.
    paused = bots.filter((b) => b.tgBotId === me.id);
    for (const b of paused) {
      await updateBot(ctx.db, b.id, { state: null });
      await rt.changed(b.id);
      await rt.stopPolling(b.id);
    }
    // Updates cannot be read while the bot has a webhook (ours from an https run, or another's).
    const hook = await api.getWebhookInfo().catch(() => ({ url: '' }));
    if (hook.url) await api.deleteWebhook();
    const chat = await latestChat(api);
    if (!chat) return { message: T.chatIdNotFound };
    const enabled = await saveNotificationChat(ctx, assistantId, {
      telegramToken: token,
      chatId: chat.id,
      chatTitle: chat.title,
    });
    // The alerts bot hears the owner too (polled, or by webhook with an https PUBLIC_URL): the
    // owner's replies to alerts go to the conversations.
    const alerts = await setEnabled(ctx.db, assistantId, 'alerts', enabled);
    const webhookSecret = randomBytes(24).toString('base64url');
    if (rt.webhookMode)
      await api.setWebhook(rt.webhookUrl(alerts.id), {
        secret_token: webhookSecret,
        allowed_updates: [...ALLOWED_UPDATES],
      });
    await updateBot(ctx.db, alerts.id, {
      token,
      tgBotId: me.id,
      username: me.username,
      firstName: me.first_name,
      state: 'connected',
      webhookSecret,
      trainerChatId: chat.id,
      trainerChatTitle: chat.title,
    });
    await rt.changed(alerts.id);
    rebound = alerts.id;
    return { message: T.chatIdFound(chat.title) };
  } catch (err) {
    const failure = err instanceof AppError ? undefined : classifyFailure(err);
    if (failure?.kind === 'unauthorized' || (err instanceof AppError && err.message === T.tokenRejected))
      return { message: T.chatIdTokenRejected };
    ctx.log.warn({ err: err instanceof AppError ? err.message : loggable(err) }, 'notification chat not found');
    return { message: T.chatIdTelegramDown };
  } finally {
    // The pollers that rested start again (this assistant's own alerts bot, if it was just
    // bound again, is already running with its new chat).
    for (const b of paused) {
      if (b.id === rebound) continue;
      await updateBot(ctx.db, b.id, { state: 'connected' }).catch(() => undefined);
      await rt.changed(b.id).catch(() => undefined);
    }
  }
}

/** The notifications' Telegram switch: the alerts bot is polled while it is on. */
export async function setAlertsBotEnabled(ctx: AppContext, assistantId: string, enabled: boolean): Promise<void> {
  const row = await botOf(ctx.db, assistantId, 'alerts');
  if (!row) return;
  await updateBot(ctx.db, row.id, { enabled });
  await runtimeOf(ctx).changed(row.id);
}
