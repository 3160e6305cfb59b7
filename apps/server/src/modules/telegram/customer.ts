import type { Bot } from 'grammy';
import type { Message } from 'grammy/types';
import { scheduled } from '../../lib/in-order';
import {
  appendMessage,
  ENGINE_TEXTS,
  handleIncomingMessage,
  type Outbound,
  saveVisitorPhone,
  storeAttachment,
  telegramVisitor,
  type VisitorRow,
} from '../conversations';
import { loggable } from './client';
import { queueText } from './outbox';
import type { LiveBot, TelegramRuntime } from './runtime';
import { assistantProfile, botOf } from './store';
import { CUSTOMER_TEXTS } from './texts';
import { postForTrainer } from './trainer';

/** Files a customer sends are kept up to this size (as the widget's attachments). */
const FILE_LIMIT = 10 * 1024 * 1024;
/** Telegram shows 'typing…' for 5 seconds; it is renewed while the answer is made. */
const TYPING_RENEW_MS = 4500;

/**
 * The customer bot (spec §2.11, ARCHITECTURE §5): a channel like the widget. A message is
 * converted (the chat becomes the visitor, photos and documents become attachments), goes
 * through the same pipeline as the widget's, and the answer is converted back (Telegram HTML,
 * split below the length limit) and queued. One chat's messages are handled in order.
 */
export function installCustomer(rt: TelegramRuntime, bot: Bot, live: () => LiveBot): void {
  bot.on('message', (c) => scheduled(`tg:${live().row.id}:${c.chat.id}`, () => onMessage(rt, live(), c.msg)));
}

async function onMessage(rt: TelegramRuntime, live: LiveBot, msg: Message): Promise<void> {
  const { ctx } = rt;
  const { row } = live;
  const chat = msg.chat;
  if (chat.type === 'channel' || msg.from?.is_bot) return;
  const group = chat.type !== 'private';
  let text = (msg.text ?? msg.caption ?? '').trim();
  if (group) {
    // In a group the bot speaks only when spoken to: mentioned, or answered.
    const mention = `@${row.username}`;
    const mentioned = text.toLowerCase().includes(mention.toLowerCase());
    const repliedTo = msg.reply_to_message?.from?.id === row.tgBotId;
    const command = /^\/\w+@/.test(text) && text.toLowerCase().split(/\s/)[0]?.endsWith(mention.toLowerCase());
    if (!mentioned && !repliedTo && !command) return;
    // A username is letters, digits and '_': nothing in it to escape for the expression.
    text = text.replace(new RegExp(mention, 'gi'), '').trim();
  }
  const profile = await assistantProfile(ctx.db, row.assistantId);
  if (!profile) return;
  const visitor = await telegramVisitor(
    ctx,
    row.assistantId,
    group
      ? { chatId: String(chat.id), title: 'title' in chat ? chat.title : undefined }
      : {
          chatId: String(chat.id),
          firstName: msg.from?.first_name,
          lastName: msg.from?.last_name,
          username: msg.from?.username,
        },
  );
  const reply = (content: string, replyMarkup?: Parameters<typeof queueText>[1]['replyMarkup']) =>
    queueText(ctx, {
      botId: row.id,
      chatId: chat.id,
      text: content,
      replyMarkup,
      replyTo: group ? msg.message_id : undefined,
    });

  if (/^\/start(?:@\w+)?(?:\s|$)/i.test(text)) {
    await appendMessage(ctx, {
      assistantId: row.assistantId,
      visitorId: visitor.id,
      role: 'bot',
      content: profile.greeting,
      source: 'greeting',
    });
    await reply(
      profile.greeting,
      profile.questions.length > 0
        ? {
            keyboard: profile.questions.map((q) => [{ text: q }]),
            resize_keyboard: true,
            one_time_keyboard: true,
            input_field_placeholder: CUSTOMER_TEXTS.placeholder,
          }
        : { remove_keyboard: true },
    );
    return;
  }

  if (msg.contact) {
    // Only the person's own number (the button sends it); someone else's contact is a message like any other.
    if (!msg.contact.user_id || msg.contact.user_id === msg.from?.id) {
      await saveVisitorPhone(ctx, visitor, msg.contact.phone_number);
      await reply(CUSTOMER_TEXTS.phoneSaved, { remove_keyboard: true });
      return;
    }
    text = [
      text,
      `📇 ${[msg.contact.first_name, msg.contact.last_name].filter(Boolean).join(' ')}: ${msg.contact.phone_number}`,
    ]
      .filter(Boolean)
      .join('\n');
  }

  const attachments = [];
  const file = fileOf(msg);
  if (file) {
    if ((file.size ?? 0) > FILE_LIMIT) await reply(ENGINE_TEXTS.fileTooLarge);
    else {
      const bytes = await download(rt, live, file.fileId);
      if (bytes) attachments.push(await storeAttachment(ctx, visitor, profile.userId, { filename: file.name, bytes }));
    }
  }
  if (!text && attachments.length === 0) {
    if (!file) await reply(CUSTOMER_TEXTS.unsupported);
    return;
  }

  const stopTyping = typing(live, chat.id);
  try {
    const result = await handleIncomingMessage(ctx, {
      assistantId: row.assistantId,
      visitorId: visitor.id,
      channel: 'telegram',
      content: text,
      attachments,
    });
    if (result.answer) {
      await reply(result.answer.content);
      if (result.answer.source !== 'trigger')
        await postForTrainer(rt, row.assistantId, profile, text, result.answer.content).catch((err: unknown) =>
          ctx.log.warn({ err: loggable(err), assistantId: row.assistantId }, 'answer not posted to the trainer'),
        );
    } else if (result.failed) await reply(ENGINE_TEXTS.fallback);
  } finally {
    stopTyping();
  }
}

/** The operator's message or phone request, to the customer's Telegram chat (conversations' channel hook). */
export async function deliverToTelegram(rt: TelegramRuntime, visitor: VisitorRow, outbound: Outbound): Promise<void> {
  if (visitor.channel !== 'telegram' || !visitor.externalId) return;
  const bot = await botOf(rt.ctx.db, visitor.assistantId, 'customer');
  if (!bot?.enabled || !bot.token) {
    rt.ctx.log.warn({ assistantId: visitor.assistantId }, 'operator message not sent: the Telegram bot is off');
    return;
  }
  const chatId = Number(visitor.externalId);
  if (outbound.kind === 'message') {
    await queueText(rt.ctx, { botId: bot.id, chatId, text: outbound.message.content });
    return;
  }
  // A contact button works in private chats only; in a group the number is asked for in words.
  await queueText(rt.ctx, {
    botId: bot.id,
    chatId,
    text: chatId > 0 ? CUSTOMER_TEXTS.phoneRequest : CUSTOMER_TEXTS.phoneRequestGroup,
    replyMarkup:
      chatId > 0
        ? {
            keyboard: [[{ text: CUSTOMER_TEXTS.phoneButton, request_contact: true }]],
            resize_keyboard: true,
            one_time_keyboard: true,
          }
        : undefined,
  });
}

/** Shows 'typing…' in the chat until stopped; a failure only costs the indicator. */
function typing(live: LiveBot, chatId: number): () => void {
  const send = () => void live.raw.sendChatAction(chatId, 'typing').catch(() => undefined);
  send();
  const timer = setInterval(send, TYPING_RENEW_MS);
  return () => clearInterval(timer);
}

interface IncomingFile {
  fileId: string;
  name: string;
  size?: number;
}

/** The largest size of a photo, or a document, with a name to show. */
function fileOf(msg: Message): IncomingFile | undefined {
  const photo = msg.photo?.at(-1);
  if (photo) return { fileId: photo.file_id, name: `photo-${msg.message_id}.jpg`, size: photo.file_size };
  const doc = msg.document;
  if (doc) return { fileId: doc.file_id, name: doc.file_name ?? `file-${msg.message_id}`, size: doc.file_size };
  return undefined;
}

/** A file the customer sent, from the Bot API's file storage (getFile, then its path); undefined when it cannot be had. */
async function download(rt: TelegramRuntime, live: LiveBot, fileId: string): Promise<Buffer | undefined> {
  try {
    const file = await live.raw.getFile(fileId);
    if (!file.file_path || (file.file_size ?? 0) > FILE_LIMIT) return undefined;
    const url = `${rt.ctx.config.TELEGRAM_API_ROOT}/file/bot${live.row.token}/${file.file_path}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`file download answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > FILE_LIMIT ? undefined : bytes;
  } catch (err) {
    rt.ctx.log.warn({ bot: live.row.username, err: loggable(err) }, 'telegram file not downloaded');
    return undefined;
  }
}
