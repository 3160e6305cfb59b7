import { z } from 'zod';
import { Id } from './common';

/**
 * The messaging-app (Telegram) integration of spec §2.11, §4, §5, §7, §8: the customer bot that
 * answers as the widget does, and the trainer bot that posts each answer for a 'Верно' /
 * 'Неверно' check. The calls are the spec's own; the replies carry the bot's state as the
 * integration tab shows it.
 */

/** What the bot is doing now, as the integration tab shows it. */
export const TELEGRAM_BOT_STATES = ['connected', 'awaiting_chat', 'conflict', 'webhook', 'unauthorized'] as const;
export type TelegramBotState = (typeof TELEGRAM_BOT_STATES)[number];

/**
 * One bot of an assistant: the spec's {enableTelegram, telegramToken, isTgTrainer} (the token
 * masked, never whole) and what the tab needs besides.
 */
export const TelegramIntegration = z.object({
  enableTelegram: z.boolean(),
  /** Masked: the bot's number and the last 4 characters (`123456789:…wxyz`); null before registration. */
  telegramToken: z.string().nullable(),
  isTgTrainer: z.boolean(),
  /** The bot's @username without the @; null before registration. */
  username: z.string().nullable(),
  /** null: the switch is on (or off) and no bot is registered yet. */
  state: z.enum(TELEGRAM_BOT_STATES).nullable(),
  /** A webhook of another service the bot had when we took it over (its address), else null. */
  previousWebhook: z.string().nullable(),
  /** Trainer bot: the display name of the bound chat (who trains), else null. */
  trainerChat: z.string().nullable(),
  /** Trainer bot without a bound chat: the one-time link `https://t.me/<bot>?start=<code>`. */
  bindLink: z.string().nullable(),
});
export type TelegramIntegration = z.infer<typeof TelegramIntegration>;

/** A token as @BotFather gives it: the bot's number, a colon and the secret part. */
export const TELEGRAM_TOKEN_PATTERN = /^\d{1,20}:[A-Za-z0-9_-]{1,100}$/;

/** POST /telegram/registerBot (spec §7). */
export const RegisterBotRequest = z.object({
  /** Checked by the server (empty: 'Введите токен бота'), so a missing one reads the same. */
  telegramToken: z.string().max(200, 'Это не похоже на токен бота: он слишком длинный').default(''),
  assistantId: Id,
  isTgTrainer: z.boolean().default(false),
});
export type RegisterBotRequest = z.infer<typeof RegisterBotRequest>;

/** POST /telegram/toggle-telegram/{id}?enable=&trainer= (spec §7). */
export const ToggleBotQuery = z.object({
  enable: z.enum(['true', 'false'], { message: 'enable: ожидается true или false' }).transform((v) => v === 'true'),
  trainer: z
    .enum(['true', 'false'], { message: 'trainer: ожидается true или false' })
    .default('false')
    .transform((v) => v === 'true'),
});

/** The reply of registerBot and toggle-telegram: a message for the user and the bot as it now is. */
export const TelegramBotReply = z.object({
  message: z.string(),
  integration: TelegramIntegration,
});
export type TelegramBotReply = z.infer<typeof TelegramBotReply>;

/** GET telegram/{token}/assistant/{id} (spec §7): a text; an error's text contains 'ошибка'. */
export const TelegramChatIdReply = z.object({ message: z.string() });
export type TelegramChatIdReply = z.infer<typeof TelegramChatIdReply>;

/** The server's texts (errors contain what the spec's client looks for: 'ошибка', 'chatId is null'). */
export const TELEGRAM_TEXTS = {
  tokenRequired: 'Введите токен бота',
  tokenMalformed: 'Это не похоже на токен бота. Скопируйте его из @BotFather целиком: цифры, двоеточие и буквы.',
  tokenRejected: 'Телеграм не принял токен: ошибка авторизации. Проверьте токен в @BotFather или выпустите новый.',
  telegramDown: 'Телеграм сейчас не отвечает (ошибка соединения). Попробуйте ещё раз через минуту.',
  switchOff: 'Сначала включите интеграцию с Телеграмом переключателем, затем подключите бота.',
  tokenTaken:
    'Этот бот уже подключён к другому ассистенту. Создайте для этого ассистента отдельного бота в @BotFather.',
  tokenIsOtherRole: 'Этот бот уже работает у этого ассистента в другой роли. Для бота-тренера нужен отдельный бот.',
  chatNotFound:
    'chatId is null: боту-тренеру ещё никто не написал. Напишите ему любое сообщение и нажмите «Интегрировать» снова или откройте ссылку привязки.',
  registered: (username: string) => `Бот @${username} подключён: ассистент отвечает в Телеграме.`,
  trainerRegistered: (username: string, chat: string) =>
    `Бот-тренер @${username} подключён. Ответы для проверки приходят в чат «${chat}».`,
  enabled: 'Интеграция с Телеграмом включена',
  disabled: 'Интеграция с Телеграмом выключена: бот больше не отвечает',
  trainerEnabled: 'Бот-тренер включён',
  trainerDisabled: 'Бот-тренер выключен',
  chatIdFound: (chat: string) => `Чат «${chat}» найден: уведомления будут приходить туда.`,
  chatIdNotFound:
    'Произошла ошибка: чат не найден. Напишите боту любое сообщение в личном чате (в группе отключите Group Privacy в @BotFather) и попробуйте снова.',
  chatIdTokenRejected: 'Произошла ошибка: Телеграм не принял токен. Проверьте токен в @BotFather.',
  chatIdTelegramDown: 'Произошла ошибка: Телеграм не отвечает. Попробуйте ещё раз через минуту.',
  chatIdBusy:
    'Произошла ошибка: этот бот уже работает как бот ассистента, чат через него не найти. Для уведомлений создайте отдельного бота.',
  webhookForbidden: 'Неверный секретный токен',
} as const;
