import type { Bot, Context } from 'grammy';
import type { Chat, Message, User } from 'grammy/types';
import { scheduled } from '../../lib/in-order';
import { createAnswer } from '../answers';
import { queueText } from './outbox';
import type { LiveBot, TelegramRuntime } from './runtime';
import { assistantProfile, botOf, createPost, movePost, postAwaiting, postOf, updateBot } from './store';
import { TRAINER_TEXTS } from './texts';

/**
 * The trainer bot (spec §1, §2.11): every answer the customer bot gives is posted to the
 * trainer chat with 'Верно' / 'Неверно'. 'Верно' stores it as a corrected answer that is right;
 * 'Неверно' asks for the right answer (a forced reply) and stores that, synonyms generated, so
 * the customer bot answers with it from the next question on. Only the bound chat trains: it
 * is bound by the owner's one-time link or, at registration, as the chat that last wrote.
 */
export function installTrainer(rt: TelegramRuntime, bot: Bot, live: () => LiveBot): void {
  bot.on('callback_query:data', (c) => scheduled(`tg:${live().row.id}:${c.chat?.id}`, () => onButton(rt, live(), c)));
  bot.on('message', (c) => scheduled(`tg:${live().row.id}:${c.chat.id}`, () => onMessage(rt, live(), c.msg)));
}

/** Posts an answer of the customer bot for a check, when the assistant has a trainer with a bound chat. */
export async function postForTrainer(
  rt: TelegramRuntime,
  assistantId: string,
  profile: { name: string },
  question: string,
  answer: string,
): Promise<void> {
  if (!question.trim()) return;
  const trainer = await botOf(rt.ctx.db, assistantId, 'trainer');
  if (!trainer?.enabled || !trainer.token || !trainer.trainerChatId || trainer.state !== 'connected') return;
  const post = await createPost(rt.ctx.db, { assistantId, question, answer });
  await queueText(rt.ctx, {
    botId: trainer.id,
    chatId: trainer.trainerChatId,
    text: TRAINER_TEXTS.post(profile.name, question, answer),
    replyMarkup: {
      inline_keyboard: [
        [
          { text: TRAINER_TEXTS.correct, callback_data: `ok:${post.id}` },
          { text: TRAINER_TEXTS.wrong, callback_data: `no:${post.id}` },
        ],
      ],
    },
  });
}

async function onButton(rt: TelegramRuntime, live: LiveBot, c: Context): Promise<void> {
  const { row } = live;
  const query = c.callbackQuery;
  const message = query?.message;
  if (!query || !message) return;
  const answerQuery = (text?: string) => c.answerCallbackQuery(text ? { text } : undefined).catch(() => undefined);
  const m = /^(ok|no):([0-9a-f-]{36})$/.exec(query.data ?? '');
  if (!m) return void (await answerQuery());
  if (message.chat.id !== row.trainerChatId) return void (await answerQuery(TRAINER_TEXTS.notThisChat));
  const post = await postOf(rt.ctx.db, row.assistantId, m[2] ?? '');
  if (!post) return void (await answerQuery(TRAINER_TEXTS.postGone));
  const mark = (text: string) =>
    c.api
      .editMessageReplyMarkup(message.chat.id, message.message_id, {
        reply_markup: { inline_keyboard: [[{ text, callback_data: 'done' }]] },
      })
      .catch(() => undefined);

  if (m[1] === 'ok') {
    const moved = await movePost(rt.ctx.db, post.id, ['posted', 'awaiting'], { status: 'correct' });
    if (!moved) return void (await answerQuery(TRAINER_TEXTS.alreadyChecked));
    await saveAnswer(rt, row.assistantId, post.question, post.answer, post.answer, true);
    await answerQuery(TRAINER_TEXTS.savedCorrect);
    await mark(TRAINER_TEXTS.markedCorrect);
    return;
  }
  if (post.status !== 'posted') return void (await answerQuery(TRAINER_TEXTS.alreadyChecked));
  const prompt = await c.api.sendMessage(message.chat.id, TRAINER_TEXTS.prompt(post.question), {
    reply_markup: { force_reply: true, input_field_placeholder: TRAINER_TEXTS.promptPlaceholder },
    reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
  });
  const moved = await movePost(rt.ctx.db, post.id, ['posted'], {
    status: 'awaiting',
    promptMessageId: prompt.message_id,
  });
  await answerQuery(moved ? TRAINER_TEXTS.askCorrect : TRAINER_TEXTS.alreadyChecked);
  if (moved) await mark(TRAINER_TEXTS.awaitingCorrection);
}

async function onMessage(rt: TelegramRuntime, live: LiveBot, msg: Message): Promise<void> {
  const { ctx } = rt;
  const { row } = live;
  if (msg.from?.is_bot) return;
  const text = (msg.text ?? '').trim();
  const say = (content: string) => queueText(ctx, { botId: row.id, chatId: msg.chat.id, text: content });
  const start = /^\/start(?:@\w+)?\s+(\S+)/.exec(text);
  if (start && row.linkCode && start[1] === row.linkCode) {
    const title = chatTitle(msg.chat, msg.from);
    await updateBot(ctx.db, row.id, {
      trainerChatId: msg.chat.id,
      trainerChatTitle: title,
      linkCode: null,
      state: 'connected',
    });
    await rt.changed(row.id);
    const profile = await assistantProfile(ctx.db, row.assistantId);
    await say(TRAINER_TEXTS.bound(profile?.name ?? ''));
    return;
  }
  if (msg.chat.id !== row.trainerChatId) {
    if (msg.chat.type === 'private') await say(TRAINER_TEXTS.notBound);
    return;
  }
  const repliedTo = msg.reply_to_message?.message_id;
  const post = repliedTo ? await postAwaiting(ctx.db, row.assistantId, repliedTo) : undefined;
  if (post && text) {
    const moved = await movePost(ctx.db, post.id, ['awaiting'], { status: 'corrected' });
    if (moved) {
      await saveAnswer(rt, row.assistantId, post.question, post.answer, text, false);
      await say(TRAINER_TEXTS.savedCorrection);
    }
    return;
  }
  await say(TRAINER_TEXTS.help);
}

async function saveAnswer(
  rt: TelegramRuntime,
  assistantId: string,
  question: string,
  originalAnswer: string,
  correctAnswer: string,
  isCorrect: boolean,
): Promise<void> {
  const profile = await assistantProfile(rt.ctx.db, assistantId);
  if (!profile) return;
  await createAnswer(rt.ctx, profile.userId, assistantId, {
    question,
    originalAnswer,
    correctAnswer,
    synonyms: '',
    isCorrect,
  });
}

/** Who a chat is, as the owner reads it in the tab: a person's name (and @username), or a group's title. */
export function chatTitle(chat: Chat, from?: User): string {
  if ('title' in chat && chat.title) return chat.title;
  const person = from ?? (chat as Chat.PrivateChat);
  const name = [person.first_name, person.last_name].filter(Boolean).join(' ');
  const username = person.username ? `@${person.username}` : '';
  return [name, username && name ? `(${username})` : username].filter(Boolean).join(' ') || String(chat.id);
}
