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

/** POST /api/statistics/analysis: the analysis of this month, of one assistant or (none given) all of the owner's. */
export const StatisticsRequest = z.object({ assistantId: z.uuid().optional() });
export type StatisticsRequest = z.infer<typeof StatisticsRequest>;

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
