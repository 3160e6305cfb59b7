import { STATS_TEXTS as T } from '../ru';

const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

export const formatNumber = (value: number): string => numberFormat.format(value);

/** A text field the month has nothing for shows a dash. */
export const orDash = (text: string): string => text.trim() || T.none;

/** Spec §2.14: the topics joined with ', ', a dash when there are none. */
export const formatTopics = (topics: readonly string[]): string => orDash(topics.filter((t) => t.trim()).join(', '));

export const formatLength = (value: number): string => formatNumber(value) + T.characters;

const percentFormat = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0 });

export const formatPercent = (share: number | null): string => (share === null ? T.none : percentFormat.format(share));

/** A duration in seconds as an owner reads it: '45 с', '3 мин', '1 ч 20 мин'. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return T.none;
  if (seconds < 60) return `${Math.round(seconds)} с`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} ч ${rest} мин` : `${hours} ч`;
}

/**
 * The change against the month before: '+25 %', '−10 %', or for shares in percentage points
 * ('+5 п. п.'); null when there is nothing to compare with.
 */
export function formatChange(
  current: number,
  previous: number,
  points = false,
): { text: string; direction: 'up' | 'down' | 'same' } | null {
  if (!points && previous === 0) return null;
  const change = Math.round(points ? (current - previous) * 100 : ((current - previous) / previous) * 100);
  const unit = points ? ' п. п.' : ' %';
  if (change === 0) return { text: `0${unit}`, direction: 'same' };
  return { text: `${change > 0 ? '+' : '−'}${Math.abs(change)}${unit}`, direction: change > 0 ? 'up' : 'down' };
}

const monthFormat = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'ноябрь 2026' for '2026-11'. */
export function formatMonth(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const text = monthFormat.format(new Date(Date.UTC(year, m - 1, 15))).replace(/\s*г\.$/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The current month in Moscow ('ГГГГ-ММ'), as the server counts it, and the eleven before it. */
export function recentMonths(now = new Date(), count = 12): string[] {
  const moscow = new Date(now.getTime() + 3 * 60 * 60 * 1000);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth() - i, 1)).toISOString().slice(0, 7),
  );
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** '3 ноября' for '2026-11-03'. */
export const formatDay = (date: string): string => dayFormat.format(new Date(`${date}T12:00:00Z`));
