/**
 * A timetable's rows as a visitor picks them: by the time of day ("с утра", "вечером", "после
 * 20:00", "освобождаюсь к восьми", "к 7:30") and by the days ("по субботам", "в будни"). The
 * question's times are figures already (quantities.ts: "к половине восьмого" is "к 7:30",
 * "восьми вечера" is "20:00").
 */

/** A time of day asked about: minutes from midnight in [from, to], and how the head says it. */
export interface TimeWanted {
  from: number;
  to: number;
  said: string;
}

const hm = (h: string | undefined, m: string | undefined) => Number(h ?? 0) * 60 + Number(m ?? 0);
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Said of the evening: an hour without its part of the day ("освобождаюсь к 8") is then p.m. */
const EVENING = /(?<!\p{L})(?:вечер\p{L}*|допоздна|после\s+работы|по\s+вечерам)(?!\p{L})/u;
/** Said of the night ("ночное", "ночью", "ночной сеанс"). */
const NIGHT = /(?<!\p{L})(?:ночн\p{L}*|ночью|по\s+ночам)(?!\p{L})/u;
/** The parts of the day, as said. */
const DAY_PARTS: [RegExp, number, number, string][] = [
  [/(?<!\p{L})(?:с\s+утра|утром|утренн\p{L}*|по\s+утрам|до\s+работы)(?!\p{L})/u, 0, 12 * 60, 'утром'],
  [/(?<!\p{L})(?:дн[её]м|в\s+обед|обеденн\p{L}*)(?!\p{L})/u, 11 * 60, 17 * 60, 'днём'],
  [EVENING, 17 * 60, 24 * 60, 'вечером'],
  [NIGHT, 21 * 60, 24 * 60, 'ночью'],
];
/** A time the visitor is free from: "раньше 20:00 не освобождаюсь", "освобождаюсь к 8", "после 19:00". */
const NOT_FREE_BEFORE =
  /(?<!\p{L})(?:раньше|до)\s+(\d{1,2})(?::(\d{2}))?(?!\d)[^.?!]{0,20}?не\s+(?:освобожда|успева|могу)/u;
const FREE_FROM =
  /(?<!\p{L})(?:освобожда\p{L}*|заканчиваю|заканчиваем|освобожусь)\s+(?:(?:к|в|около|часам\s+к|только\s+к)\s+)?(\d{1,2})(?::(\d{2}))?(?!\d)/u;
/**
 * Busy until a time ("работаю до 6", "учусь до 15:30", "на работе до 7"): free from it. An hour
 * said alone is p.m. ("до 6" is 18:00); one said with minutes is as said ("до 8 утра" is "до 8:00"
 * by then, quantities.ts). Not a date ("до 15 числа", "до 31 декабря").
 */
export const BUSY_UNTIL =
  /(?<!\p{L})(?:работаю|работаем|учусь|учимся|занят|занята|заняты|на\s+работе)\s+(?:каждый\s+день\s+|обычно\s+|часов\s+)?до\s+([01]?\d|2[0-4])(?::([0-5]\d))?(?![\d:]|[.,]\d)(?!\s*(?:-?го|числ|январ|феврал|март|апрел|ма[яй]|июн|июл|август|сентябр|октябр|ноябр|декабр))/u;
const AFTER = /(?<!\p{L})(?:после|позже|позднее|не\s+раньше)\s+(\d{1,2}):(\d{2})/u;
/** "Попозже чем в 11", "позже 9": an hour without minutes, p.m. when said of the evening or the night. */
const LATER_THAN = /(?<!\p{L})(?:по)?(?:позже|позднее)\s+(?:чем\s+)?(?:в\s+)?(\d{1,2})(?::(\d{2}))?(?!\d)/u;
const BEFORE = /(?<!\p{L}|не\s)(?:до|раньше|не\s+позже|не\s+позднее)\s+(\d{1,2}):(\d{2})/u;
/** A time of its own ("к 7:30", "на 19:00", "в 10:00"): the rows at that time. */
const AT = /(?<!\p{L})(?:к|на|в|во)\s+(\d{1,2}):(\d{2})/u;

/** The time of day a question picks rows by, or undefined. */
export function timeWanted(question: string): TimeWanted | undefined {
  const q = question.toLowerCase();
  const evening = EVENING.test(q) || NIGHT.test(q);
  // "к 8" said of the evening is 20:00.
  const hour = (h: string | undefined, m: string | undefined) => {
    const t = hm(h, m);
    return evening && t < 12 * 60 && m === undefined ? t + 12 * 60 : t;
  };
  const free = NOT_FREE_BEFORE.exec(q) ?? FREE_FROM.exec(q);
  if (free) {
    const from = hour(free[1], free[2]);
    return { from, to: 24 * 60, said: `после ${clock(from)}` };
  }
  const busy = BUSY_UNTIL.exec(q);
  if (busy) {
    const t = hm(busy[1], busy[2]);
    const from = t < 12 * 60 && busy[2] === undefined ? t + 12 * 60 : t;
    return { from, to: 24 * 60, said: `после ${clock(from)}` };
  }
  const after = AFTER.exec(q);
  if (after) {
    const from = hm(after[1], after[2]);
    return { from, to: 24 * 60, said: `после ${clock(from)}` };
  }
  const later = LATER_THAN.exec(q);
  if (later) {
    // "Попозже чем в 11" of the evening or the night is 23:00, and "позже 9" alone is too.
    const t = hm(later[1], later[2]);
    const from = t < 12 * 60 && (evening || later[2] === undefined) ? t + 12 * 60 : t;
    return { from, to: 24 * 60, said: `после ${clock(from)}` };
  }
  const before = BEFORE.exec(q);
  if (before) return { from: 0, to: hm(before[1], before[2]), said: `до ${clock(hm(before[1], before[2]))}` };
  const at = AT.exec(q);
  if (at) return { from: hm(at[1], at[2]), to: hm(at[1], at[2]), said: `в ${clock(hm(at[1], at[2]))}` };
  for (const [re, from, to, said] of DAY_PARTS) if (re.test(q)) return { from, to, said };
  return undefined;
}

/** The stems of the words of a time of day: the filter's own when one is asked. */
export const TIME_OWN_STEM =
  /^(?:утр|утрен|дн|обед|обеден|вечер|вечерн|допоздн|посл|позж|поздн|раньш|освобожда|освобож|заканчива|работ|попозж|пораньш)/;

/**
 * The stems of the days of the week as a question says them ("по выходным", "в среду"), the
 * stems of a timetable's filter (not "средство": "сред" stands alone).
 */
export const DAY_STEM = /^(?:понедельн|вторник|сред[ауые]?$|четверг|пятниц|суббот|воскрес|будн|выходн)/;

const DAYS = ['понедельник', 'вторник', 'сред', 'четверг', 'пятниц', 'суббот', 'воскресень'];
const SHORT_DAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];
/** The days a cell names ("Суббота", "пн, ср, пт", "пн–пт", "ежедневно"), 0 for Monday. */
export function weekdaysOf(cell: string): number[] {
  const c = cell.toLowerCase().replace(/ё/g, 'е');
  if (/ежедневно|каждый\s+день/.test(c)) return [0, 1, 2, 3, 4, 5, 6];
  const found = new Set<number>();
  const at = (word: string) => {
    const i = DAYS.findIndex((d) => word.startsWith(d.slice(0, 4)) || word.startsWith(d));
    return i >= 0 ? i : SHORT_DAYS.indexOf(word);
  };
  const words = c.match(/\p{L}+|[–—-]/gu) ?? [];
  words.forEach((w, i) => {
    const d = at(w);
    if (d < 0) return;
    found.add(d);
    // "пн–пт": the days between.
    const end = words[i + 1] && /^[–—-]$/.test(words[i + 1] ?? '') ? at(words[i + 2] ?? '') : -1;
    for (let x = d + 1; x <= end; x++) found.add(x);
  });
  if (/будн/.test(c)) for (const d of [0, 1, 2, 3, 4]) found.add(d);
  if (/выходн/.test(c)) for (const d of [5, 6]) found.add(d);
  return [...found].sort();
}

/** The days of the week as a text says them in full ("в среду", "по субботам", "в будни"): a pattern's source. */
export const WEEKDAY_WORD = String.raw`понедельник\p{L}*|вторник\p{L}*|сред(?:а|у|ы|ам|е)(?!\p{L})|четверг\p{L}*|пятниц\p{L}*|суббот\p{L}*|воскресень\p{L}*|будн\p{L}*|выходн\p{L}*`;

const DAYS_ASKED = new RegExp(String.raw`(?<!\p{L})(?:по|в|во|на|каждую|каждый|каждое)\s+(${WEEKDAY_WORD})`, 'u');

/** The days a question asks ("по субботам", "в среду", "в будни", "на выходных"), or undefined. */
export function daysWanted(question: string): { days: number[]; said: string } | undefined {
  const q = question.toLowerCase().replace(/ё/g, 'е');
  const m = DAYS_ASKED.exec(q);
  if (!m?.[1]) return undefined;
  const days = weekdaysOf(m[1]);
  return days.length ? { days, said: m[0] } : undefined;
}

/** The first time of a cell ("19:30", "с 10:00 до 11:00", "10.00") in minutes, or undefined. */
export function timeOf(cell: string): number | undefined {
  const m = /(?<!\d)(\d{1,2})[:.](\d{2})(?!\d)/.exec(cell);
  if (!m) return undefined;
  const t = hm(m[1], m[2]);
  return t <= 24 * 60 ? t : undefined;
}

/**
 * Of price columns by the day and the hour ("Пн–пт, начало до 17:00, ₽", "Пн–пт, начало с 17:00,
 * ₽", "Сб–вс и праздники, ₽"), the one for the days and the time of day asked, when it is one.
 */
export function columnForWhen(
  columns: string[],
  when: TimeWanted | undefined,
  days: number[] | undefined,
): string | undefined {
  if (columns.length < 2 || (!when && !days)) return undefined;
  const scored = columns.map((c) => {
    let score = 0;
    const own = weekdaysOf(c);
    if (days && own.length) score += days.some((d) => own.includes(d)) ? 1 : -1;
    const lower = c.toLowerCase();
    const upTo = /(?<!\p{L})до\s+(\d{1,2})[:.](\d{2})/u.exec(lower);
    const from = /(?<!\p{L})(?:с|после|от)\s+(\d{1,2})[:.](\d{2})/u.exec(lower);
    if (when && (upTo || from)) {
      const lo = from ? hm(from[1], from[2]) : 0;
      const hi = upTo ? hm(upTo[1], upTo[2]) : 24 * 60;
      score += when.from < hi && when.to >= lo ? 1 : -1;
    }
    return { c, score };
  });
  const top = Math.max(...scored.map((x) => x.score));
  const best = scored.filter((x) => x.score === top);
  return top > 0 && best.length === 1 ? best[0]?.c : undefined;
}
