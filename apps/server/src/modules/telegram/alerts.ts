import { and, eq } from 'drizzle-orm';
import type { Bot } from 'grammy';
import type { Message } from 'grammy/types';
import type { AppContext } from '../../core/context';
import { telegramAlertMessages } from '../../infra/db/schema';
import { scheduled } from '../../lib/in-order';
import { appendOperatorMessage, findVisitor, setPaused, visitorDisplayName } from '../conversations';
import { classifyFailure, rawApi, scrubTokens } from './client';
import { escapeAttr } from './format';
import { queueText } from './outbox';
import type { LiveBot, TelegramRuntime } from './runtime';
import { botOf } from './store';
import { ALERT_TEXTS } from './texts';

/** Telegram refuses buttons that open a local or private address ("Wrong HTTP URL"): such a link goes in the text. */
const publicLink = (link: string) => {
  try {
    const { hostname } = new URL(link);
    return (
      !/^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[?::1\]?$)/.test(hostname) &&
      hostname.includes('.')
    );
  } catch {
    return false;
  }
};

/**
 * An alert to the owner's notification chat (notifications module): HTML (already escaped by its
 * maker) with an 'Открыть чат' button to the conversation; where Telegram would refuse the
 * button, the link goes in the text. Errors are thrown to the caller's queue, which retries.
 */
export async function sendTelegramAlert(
  ctx: Pick<AppContext, 'config' | 'db'>,
  alert: { token: string; chatId: number; html: string; link: string; assistantId: string; visitorId?: string },
): Promise<void> {
  const { messageId } = await post(ctx, alert);
  // A reply to this message goes to the conversation (installAlerts): keyed by the bot as
  // Telegram knows it (its getMe id; the number before the token's colon when not registered).
  const tgBotId = (await botOf(ctx.db, alert.assistantId, 'alerts'))?.tgBotId ?? Number(alert.token.split(':')[0]);
  if (alert.visitorId && Number.isSafeInteger(tgBotId))
    await ctx.db
      .insert(telegramAlertMessages)
      .values({ tgBotId, chatId: alert.chatId, messageId, assistantId: alert.assistantId, visitorId: alert.visitorId })
      .onConflictDoUpdate({
        target: [telegramAlertMessages.tgBotId, telegramAlertMessages.chatId, telegramAlertMessages.messageId],
        set: { assistantId: alert.assistantId, visitorId: alert.visitorId },
      });
}

async function post(
  ctx: Pick<AppContext, 'config'>,
  alert: { token: string; chatId: number; html: string; link: string },
): Promise<{ messageId: number }> {
  const api = await rawApi(ctx.config, alert.token);
  const options = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };
  const withLink = `${alert.html}\n\n<a href="${escapeAttr(alert.link)}">Открыть чат</a>`;
  if (!publicLink(alert.link))
    return { messageId: (await api.sendMessage(alert.chatId, withLink, options)).message_id };
  try {
    const sent = await api.sendMessage(alert.chatId, alert.html, {
      ...options,
      reply_markup: { inline_keyboard: [[{ text: 'Открыть чат', url: alert.link }]] },
    });
    return { messageId: sent.message_id };
  } catch (err) {
    const failure = classifyFailure(err);
    if (failure.kind !== 'bad-request' || !/button|url/i.test(failure.description)) throw err;
    return { messageId: (await api.sendMessage(alert.chatId, withLink, options)).message_id };
  }
}

/** A delivery failure as the owner may read it in the tab (Telegram's description without any token, or the error's message). */
export function telegramFailureText(err: unknown): string {
  return scrubTokens(classifyFailure(err).description).slice(0, 500);
}

/**
 * The alerts bot hears the owner: a reply to an alert goes to that conversation as the
 * operator's message (the bot of the conversation pauses, as when the operator writes in the
 * chats screen); '/pause' and '/resume' as a reply stop and restart the bot there. Only the
 * chat the alerts go to is heard.
 */
export function installAlerts(rt: TelegramRuntime, bot: Bot, live: () => LiveBot): void {
  bot.on('message', (c) => scheduled(`tg:${live().row.id}:${c.chat.id}`, () => onOwnerMessage(rt, live(), c.msg)));
}

async function onOwnerMessage(rt: TelegramRuntime, live: LiveBot, msg: Message): Promise<void> {
  const { ctx } = rt;
  const { row } = live;
  if (msg.from?.is_bot) return;
  const say = (text: string) => queueText(ctx, { botId: row.id, chatId: msg.chat.id, text, replyTo: msg.message_id });
  const repliedTo = msg.reply_to_message?.message_id;
  const [target] = repliedTo
    ? await ctx.db
        .select()
        .from(telegramAlertMessages)
        .where(
          and(
            eq(telegramAlertMessages.tgBotId, row.tgBotId),
            eq(telegramAlertMessages.chatId, msg.chat.id),
            eq(telegramAlertMessages.messageId, repliedTo),
          ),
        )
        .limit(1)
    : [];
  const text = (msg.text ?? '').trim();
  if (!target) {
    if (msg.chat.type === 'private' || repliedTo) await say(ALERT_TEXTS.help);
    return;
  }
  const visitor = await findVisitor(ctx.db, target.assistantId, target.visitorId);
  if (!visitor) return void (await say(ALERT_TEXTS.gone));
  const name = visitorDisplayName(visitor);
  if (/^\/pause(?:@\w+)?$/i.test(text)) {
    await setPaused(ctx, visitor.assistantId, visitor.id, true);
    return void (await say(ALERT_TEXTS.paused(name)));
  }
  if (/^\/resume(?:@\w+)?$/i.test(text)) {
    await setPaused(ctx, visitor.assistantId, visitor.id, false);
    return void (await say(ALERT_TEXTS.resumed(name)));
  }
  if (!text) return void (await say(ALERT_TEXTS.textOnly));
  await appendOperatorMessage(ctx, visitor.assistantId, visitor.id, text.slice(0, 4000));
  await say(ALERT_TEXTS.sent(name));
}
