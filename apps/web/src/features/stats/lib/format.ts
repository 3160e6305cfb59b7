import { STATS_TEXTS as T } from '../ru';

const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

export const formatNumber = (value: number): string => numberFormat.format(value);

/** A text field the month has nothing for shows a dash. */
export const orDash = (text: string): string => text.trim() || T.none;

/** Spec §2.14: the topics joined with ', ', a dash when there are none. */
export const formatTopics = (topics: readonly string[]): string => orDash(topics.filter((t) => t.trim()).join(', '));

export const formatLength = (value: number): string => formatNumber(value) + T.characters;
