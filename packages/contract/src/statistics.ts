import { z } from 'zod';

/**
 * Statistics of the current month (spec §2.14, §3 "Statistics result", §7, §8): the month's
 * messages of the owner's assistants, and their analysis in the six fields of the spec.
 */

/** GET /api/assistant/this-month-messages: one message of the month ('user' is the visitor). */
export const MonthMessage = z.object({
  id: z.uuid(),
  assistantId: z.uuid(),
  visitorId: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
});
export type MonthMessage = z.infer<typeof MonthMessage>;
export const MonthMessageList = z.array(MonthMessage);

/** Spec §3 "Statistics result". */
export const StatisticsResult = z.object({
  mostPopularQuestion: z.string(),
  hardestQuestion: z.string(),
  mostEffectivelySolved: z.string(),
  totalRequests: z.number().int(),
  top3Topics: z.array(z.string()).max(3),
  averageResponseLength: z.number(),
});
export type StatisticsResult = z.infer<typeof StatisticsResult>;

/** A calendar month, Moscow time: 'ГГГГ-ММ'. */
export const StatisticsMonth = z
  .string()
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Месяц указывается в виде ГГГГ-ММ, например 2026-11');

/**
 * POST /api/statistics/analysis: the analysis of a month (the current one when none is given),
 * of one assistant or (none given) all of the owner's.
 */
export const StatisticsRequest = z.object({
  assistantId: z.uuid('Неверный идентификатор ассистента').optional(),
  month: StatisticsMonth.optional(),
});
export type StatisticsRequest = z.infer<typeof StatisticsRequest>;

/** The query of GET /api/statistics/overview and /api/statistics/export: the same filters. */
export const StatisticsQuery = StatisticsRequest;
export type StatisticsQuery = StatisticsRequest;

/** The month's figures, all counted in SQL. A conversation is a visitor who wrote in the month. */
export const MonthFigures = z.object({
  conversations: z.number().int(),
  /** The visitors' messages (spec 'totalRequests'). */
  visitorMessages: z.number().int(),
  /** Conversations with no hand-off of any kind and no operator message. */
  resolvedByBot: z.number().int(),
  /** resolvedByBot / conversations, 0..1; null without conversations. */
  resolvedShare: z.number().nullable(),
  /** Conversations handed to a person, by the first reason each had. */
  handoffs: z.object({
    total: z.number().int(),
    /** A trigger that notifies the owner or stops the bot fired. */
    trigger: z.number().int(),
    /** The bot found no answer. */
    noAnswer: z.number().int(),
    /** The visitor asked for a person. */
    visitorAsked: z.number().int(),
  }),
  /** Conversations an operator wrote in. */
  operated: z.number().int(),
  /** Median seconds from a hand-off to the operator's first message after it; null when none. */
  operatorFirstResponseSec: z.number().nullable(),
  /** Conversations whose visitor left a phone. */
  phones: z.number().int(),
  /** Conversations by channel. */
  channels: z.object({ widget: z.number().int(), telegram: z.number().int() }),
  /** The visitors' messages by hour of the day, Moscow time (24 numbers). */
  hours: z.array(z.number().int()).length(24),
  /** The bot's answers: their count and average length in characters. */
  botAnswers: z.number().int(),
  averageResponseLength: z.number(),
});
export type MonthFigures = z.infer<typeof MonthFigures>;

/** One day of the month (Moscow): conversations with a visitor message that day, and hand-offs. */
export const StatisticsDay = z.object({
  date: z.string(),
  conversations: z.number().int(),
  handoffs: z.number().int(),
});
export type StatisticsDay = z.infer<typeof StatisticsDay>;

/** A group of similar questions of the month. */
export const StatisticsTopic = z.object({
  /** The group's most typical question. */
  name: z.string(),
  /** A word for the topic. */
  word: z.string(),
  size: z.number().int(),
  handedOff: z.number().int(),
  answered: z.number().int(),
  /** Up to three other wordings of the group. */
  examples: z.array(z.string()),
});
export type StatisticsTopic = z.infer<typeof StatisticsTopic>;

/** A question the bot handed off and nobody has taught it since (no corrected answer for that wording). */
export const UnansweredQuestion = z.object({
  assistantId: z.uuid(),
  assistantName: z.string(),
  question: z.string(),
  /** How often it was asked in the month. */
  count: z.number().int(),
  lastAskedAt: z.string(),
  /** The conversation where it was last asked (to open it in the chats screen). */
  visitorId: z.uuid(),
});
export type UnansweredQuestion = z.infer<typeof UnansweredQuestion>;

/** GET /api/statistics/overview: everything of the month's screen but the analysis. */
export const StatisticsOverview = z.object({
  month: StatisticsMonth,
  assistantId: z.uuid().nullable(),
  figures: MonthFigures,
  /** The same figures of the month before, for comparison. */
  previous: MonthFigures,
  daily: z.array(StatisticsDay),
  topics: z.array(StatisticsTopic),
  unanswered: z.array(UnansweredQuestion),
});
export type StatisticsOverview = z.infer<typeof StatisticsOverview>;

/** The most topics and unanswered questions the overview lists. */
export const STATISTICS_LIMITS = { topics: 50, unanswered: 100, examples: 3 } as const;

/** The screen's texts, word for word where the spec has them (§2.14, §8). */
export const STATISTICS_TEXTS = {
  title: 'Статистика за текущий месяц',
  refresh: 'Обновить статистику',
  loading: 'Загрузка...',
  result: 'Результат анализа',
  mostPopularQuestion: 'Самый популярный вопрос',
  hardestQuestion: 'Самый сложный вопрос',
  mostEffectivelySolved: 'Решено эффективнее всего',
  totalRequests: 'Всего запросов',
  top3Topics: 'Топ-3 темы',
  averageResponseLength: 'Средняя длина ответа',
  fetchFailed: 'Не удалось получить сообщения: ',
  assistantFailed: 'Ошибка ассистента: ',
  invalidJson: 'Невалидный JSON от ассистента',
  failed: 'Произошла ошибка',
  /** A field the month has nothing for. */
  none: '—',
} as const;
