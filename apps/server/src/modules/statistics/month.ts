/**
 * Months as the owners live them: Moscow time, which has kept UTC+3 all year since 2014, so a
 * month's bounds are fixed instants and the messages' (assistant, created_at) index serves them.
 */
export const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

export interface MonthRange {
  /** 'ГГГГ-ММ'. */
  month: string;
  start: Date;
  end: Date;
}

/** The current month in Moscow, 'ГГГГ-ММ'. */
export function currentMonth(now = new Date()): string {
  return new Date(now.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month's first instant and the next month's, Moscow time. */
export function monthRange(month: string): MonthRange {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const start = new Date(Date.UTC(year, m - 1, 1) - MOSCOW_OFFSET_MS);
  const end = new Date(Date.UTC(year, m, 1) - MOSCOW_OFFSET_MS);
  return { month, start, end };
}

/** The month before, 'ГГГГ-ММ'. */
export function previousMonth(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 2, 1)).toISOString().slice(0, 7);
}

/** The days of the month, 'ГГГГ-ММ-ДД'. */
/** The Moscow date 'ГГГГ-ММ-ДД' of a day number (days since 1970-01-01, Moscow time). */
export const moscowDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

export function monthDays(month: string): string[] {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** 'ноябрь 2026'. */
export function monthName(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, m - 1, 15)))
    .replace(/\s*г\.$/, '');
}
