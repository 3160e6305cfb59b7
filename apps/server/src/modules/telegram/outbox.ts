import type { InlineKeyboardMarkup, ReplyKeyboardMarkup, ReplyKeyboardRemove } from 'grammy/types';
import type { AppContext } from '../../core/context';
import { classifyFailure, loggable } from './client';
import { telegramMessages } from './format';
import type { TelegramRuntime } from './runtime';
import { setState } from './store';

export type ReplyMarkup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | { force_reply: true };

/** A message to a chat, queued: Telegram may be down, and nothing the bot says is lost. */
export interface SendJob {
  botId: string;
  chatId: number;
  /** Telegram HTML, each below the 4,096-character limit, sent in order. */
  pieces: string[];
  /** On the last piece: a keyboard (suggested questions, the contact button, 'Верно' / 'Неверно'). */
  replyMarkup?: ReplyMarkup;
  /** In a group: the message this one answers. */
  replyTo?: number;
}

const SEND_JOB = 'telegram.send';
/** About two minutes of retries with a doubling pause; BullMQ keeps them across restarts. */
const SEND_ATTEMPTS = 10;

/** Queues an answer or a note for a chat: the text (markdown links and bold kept) as HTML pieces. */
export async function queueText(
  ctx: Pick<AppContext, 'queue'>,
  job: Omit<SendJob, 'pieces'> & { text: string },
): Promise<void> {
  const { text, ...rest } = job;
  const pieces = telegramMessages(text);
  if (pieces.length === 0) return;
  await ctx.queue.add(SEND_JOB, { ...rest, pieces } satisfies SendJob, { attempts: SEND_ATTEMPTS });
}

export function registerSendJob(rt: TelegramRuntime): void {
  rt.ctx.queue.process(SEND_JOB, (data) => send(rt, data as SendJob));
}

/**
 * Sends the pieces in order. Telegram refusing the HTML sends that piece as plain text; a
 * person who blocked the bot or a revoked token drops the message (logged; the token's state
 * shows in the tab); a network failure or 5xx is retried by the queue: the pieces already sent
 * are not sent twice (the rest goes on as a new job).
 */
async function send(rt: TelegramRuntime, job: SendJob): Promise<void> {
  const live = await rt.botFor(job.botId);
  if (!live?.row.enabled) {
    rt.ctx.log.info({ botId: job.botId }, 'telegram message dropped: the bot is off or unregistered');
    return;
  }
  const api = live.bot.api;
  for (const [i, html] of job.pieces.entries()) {
    const last = i === job.pieces.length - 1;
    const options = {
      link_preview_options: { is_disabled: true },
      ...(last && job.replyMarkup ? { reply_markup: job.replyMarkup } : {}),
      ...(i === 0 && job.replyTo
        ? { reply_parameters: { message_id: job.replyTo, allow_sending_without_reply: true } }
        : {}),
    };
    try {
      try {
        await api.sendMessage(job.chatId, html, { ...options, parse_mode: 'HTML' });
      } catch (err) {
        if (classifyFailure(err).kind !== 'parse') throw err;
        await api.sendMessage(job.chatId, htmlToPlain(html), options);
      }
    } catch (err) {
      const failure = classifyFailure(err);
      if (failure.kind === 'unauthorized') {
        await setState(rt.ctx.db, live.row.id, live.row.token, 'unauthorized');
        await rt.changed(live.row.id);
      }
      if (failure.kind !== 'network' && failure.kind !== 'rate') {
        rt.ctx.log.warn({ bot: live.row.username, err: loggable(err) }, 'telegram message not sent');
        return;
      }
      if (i === 0) throw err;
      await rt.ctx.queue.add(
        SEND_JOB,
        { ...job, pieces: job.pieces.slice(i), replyTo: undefined },
        { attempts: SEND_ATTEMPTS },
      );
      return;
    }
  }
}

/** The text of an HTML piece, for a chat that would not take its markup. */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<a href="([^"]*)">([^<]*)<\/a>/g, (_m, href: string, label: string) => `${label} (${href})`)
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
