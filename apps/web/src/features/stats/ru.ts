import { STATISTICS_TEXTS } from '@otklik/contract';

/**
 * Texts of the statistics screen (spec §2.14, §8). The spec's own words come from the contract
 * word for word; the few below are ours.
 */
export const STATS_TEXTS = {
  ...STATISTICS_TEXTS,
  messagesCount: (count: string) => `Сообщений за месяц: ${count}`,
  /** After the average response length. */
  characters: ' симв.',
  analysing: 'Анализируем сообщения за месяц...',
  empty: 'Результата пока нет. Нажмите «Обновить статистику», чтобы проанализировать сообщения за месяц.',
} as const;
