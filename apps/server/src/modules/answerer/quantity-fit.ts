/**
 * Whether a rule's condition holds the visitor's own quantity: "отменяем за 30 часов" against
 * "При отмене за 48–24 часа возвращаем 50%" (30 is in the range) and not against "более чем за 48
 * часов"; "малому 2 года" against "Детям до 3 лет в парную нельзя". A rule states its bound in
 * figures (the question's numbers are in figures too, see retrieval's quantities), with a unit:
 * a measure shared by both sides (a time in minutes, hours, days, weeks; a thing counted by its
 * word, "от 20 мешков"), or the figure is another quantity's.
 */

/**
 * The units a condition is said in, by the beginning of the word after the figure, with the
 * measure they share and their size in its smallest unit: "через неделю" is past "в течение 3
 * дней", "полтора месяца" past "30 дней".
 */
const UNITS: [RegExp, string, number][] = [
  [/^мин(?!ус)/u, 'time', 1],
  [/^(?:час|ч$)/u, 'time', 60],
  [/^(?:дн|день|дня|сут)/u, 'time', 24 * 60],
  [/^недел/u, 'time', 7 * 24 * 60],
  [/^(?:месяц|мес$)/u, 'time', 30 * 24 * 60],
  [/^(?:лет|год)/u, 'time', 365 * 24 * 60],
  [/^(?:кг|кило)/u, 'mass', 1],
  [/^(?:тонн|т$)/u, 'mass', 1000],
  [/^(?:чел|гост|персон|работник|сотрудник)/u, 'people', 1],
  [/^км$|^километр/u, 'distance', 1],
  // A screen's diagonal, written with the inch mark ("от 55\" до 75\"", read by INCH_MARK).
  [/^дюйм/u, 'inch', 1],
  // Visits as a pass counts them, whatever it calls them ("абонемент на 10 раз" is "10 сеансов").
  [/^(?:раз(?:а|ов)?$|сеанс|заняти|посещени|тренировк|урок|визит|процедур)/u, 'visits', 1],
];
/** Words after a figure that are no unit a rule bounds: money, shares, the order of things. */
const NO_UNIT = /^(?:руб|р$|коп|тыс|млн|процент|градус|раз|штук|шт$|ый$|ой$|ий$|ая$|го$|му$|м$|й$|я$|е$|х$)/u;
/** A verb after a figure ("минут 20 ждать"): no unit. */
const VERB_ENDING = /(?:ть|ти|ться|тся|ет|ут|ют|ит|ат|ят|ем|им|ешь|ишь|ете|ите|л|ла|ло|ли)$/u;
/** Another counted thing ("15 мешков" against "от 20 мешков"): the measure is the word's beginning. */
const OWN_UNIT_LETTERS = 4;
function unitOf(word: string): { measure: string; size: number } | undefined {
  const known = UNITS.find(([re]) => re.test(word));
  if (known) return { measure: known[1], size: known[2] };
  if (word.length < OWN_UNIT_LETTERS || NO_UNIT.test(word) || VERB_ENDING.test(word)) return undefined;
  return { measure: `word:${word.slice(0, OWN_UNIT_LETTERS)}`, size: 1 };
}

const FIGURE = String.raw`(\d+(?:[.,]\d+)?)`;
/** The inch mark after a figure ("55\"", "65″"): the word "дюйм" as a rule writes it. */
const INCH_MARK = /(\d)\s*["″”]/gu;
/** A figure, or a range of two, then the unit's word, after the word that bounds it if any. */
const CONDITION = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(от|с|более|больше|свыше|старше|позднее|позже|после|не\s+менее|не\s+меньше|не\s+позднее|не\s+позже|не\s+ранее|минимум|менее|меньше|до|не\s+более|не\s+больше|не\s+дольше|не\s+длиннее|младше|раньше|максимум|в\s+течение|ровно)\s+)?(?:чем\s+)?(?:за\s+|на\s+|через\s+)?${FIGURE}(?:-?(?:го|ого|й|ый|ий|е))?(?:\s*(?:[–—-]|до)\s*${FIGURE})?\s*(\p{L}+)`,
  'giu',
);
/** What follows a figure and its unit to bound it from below ("…до игры и раньше", "и более"). */
const AND_MORE = /^(?:\s+до\s+\p{L}+)?\s+и\s+(?:раньше|ранее|более|больше|дольше|позже|позднее|выше|старше)(?!\p{L})/u;
/** Bounds from below, and those of them that leave the figure itself out ("больше 15 минут"). */
const FROM = /^(?:от|с|после|не\s+менее|не\s+меньше|не\s+позднее|не\s+позже|не\s+ранее|минимум)$/u;
const ABOVE = /^(?:более|больше|свыше|старше|позднее|позже)$/u;
/** Bounds from above that leave the figure itself out: "до 3 лет" is under three. */
const BELOW = /^(?:до|менее|меньше|младше|раньше)$/u;
/** A figure and the word after it; a chat puts the unit first ("минут 20", "часа через 2"). */
const FIGURE_UNIT = new RegExp(String.raw`${FIGURE}\s*(\p{L}+)`, 'gu');
const UNIT_FIGURE = /(?<!\p{L})(\p{L}+)\s+(?:через\s+|на\s+|за\s+)?(\d+(?:[.,]\d+)?)(?![\d.,:])/gu;
/** A unit said without a figure is one of it: "за час", "через неделю", "на сутки". */
const ONE_UNIT =
  /(?<!\p{L})(?:за|через|на|в\s+течение)\s+(час|сутки|суток|день|дня|неделю|недели|месяц|месяца|год|года)(?!\p{L})/gu;

const toNumber = (s: string) => Number(s.replace(',', '.'));
/** A span of the day ("с 22:00 до 08:00", "09:00–18:00"), and a time of day asked ("к 7:30"). */
const CLOCK_SPAN = /(?<![\d.,:])(\d{1,2})[:.](\d{2})\s*(?:[–—-]|до)\s*(\d{1,2})[:.](\d{2})(?!\d|[:.,]\d)/gu;
const CLOCK = /(?<![\d.,:])(\d{1,2}):(\d{2})(?!\d|[:.,]\d)/gu;
const minutesOf = (h: string | undefined, m: string | undefined) => Number(h) * 60 + Number(m);

/** The one time of day a question says ("к 7:30"), in minutes; none, or two, say no time. */
export function clockAsked(question: string): number | undefined {
  const times = [...question.matchAll(CLOCK)].map((m) => minutesOf(m[1], m[2]));
  return times.length === 1 ? times[0] : undefined;
}

/**
 * Whether a text's span of the day holds the time asked (clockAsked; a night rate "с 22:00 до
 * 08:00" for a car wanted at 7:30); the caller asks it only of questions that ask no opening hours.
 */
export function fitsClock(text: string, t: number): boolean {
  for (const m of text.matchAll(CLOCK_SPAN)) {
    const a = minutesOf(m[1], m[2]);
    const b = minutesOf(m[3], m[4]);
    // A span past midnight holds the night's hours on both sides of it.
    if (a <= b ? t >= a && t <= b : t >= a || t <= b) return true;
  }
  return false;
}

/**
 * A time said bare is how long something lasts or is kept ("храним 3 месяца", "бесплатно 30 дней"):
 * it holds a shorter stay of the visitor's, unless it is of another order ("за 3 месяца" is no
 * answer to "на пару часов").
 */
const BARE_SPAN = 4;
/** "В 1901 году", "с 2009 года": a date, no length of time. */
const calendarYear = (figure: string, word: string) => /^(?:год|лет)/u.test(word) && toNumber(figure) >= 100;

/** A quantity the visitor states: its value, its unit, and the word it was said with ("годика"). */
export interface QuantityAsked {
  /** In the smallest unit of its measure (minutes of a time). */
  value: number;
  measure: string;
  word: string;
}

/**
 * A temperature as a visitor says it: "минус 22", "мороз 20", "жара за 30", "-15 градусов", "+5°"
 * (its figure in degrees Celsius, below zero for "минус" and "мороз"); not "минус 10%".
 */
const TEMPERATURE_ASKED =
  /(?<!\p{L})(?:(минус|мороз(?:а|е|ом|ы)?|жар(?:а|у|ой|е|ко|ища)?)\s+(до\s+|за\s+|под\s+)?(\d+)(?!\d|[.,]\d|\s*(?:%|₽|руб|процент))|(?<![\d\p{L}])([−-]|\+)(\d+)\s*(?:°|градус))/u;
/**
 * A temperature a rule states ("ниже −10 °C", "не ниже -10 °C", "мороз сильнее −15 °C", "−18 °C и
 * холоднее", "до −25 °C", "выше +30 °C"): the word bounding it before, the sign, the figure, and
 * the words bounding it after.
 */
const TEMPERATURE_SAID =
  /(?<!\p{L})(?:(не\s+)?(ниже|выше|сильнее|слабее|теплее|холоднее|до)\s+)?(?<![\d\p{L}])([−-]|\+)?\s?(\d+)\s*(?:°\s*[cс]?(?!\p{L}{2})|градус\p{L}*)(\s+и\s+(?:ниже|выше|холоднее|теплее))?/gu;
/** A range of temperatures ("от -15 до -5 °C", "26–28 °C"): a signed figure, then another. */
const TEMPERATURE_RANGE =
  /(?<![\d\p{L}])(?:от\s+)?([−+-]?\d+)\s*(?:°\s*[cс]?)?\s*(?:[–—…]|-(?=\s*[−+-]?\d)|до)\s*([−+-]?\d+)\s*(?:°|градус)/gu;
const signed = (figure: string) => toNumber(figure.replace('−', '-'));
const TEMPERATURE = 'temperature';

/** Whether a rule's temperature (its bound, its value `a`) holds the one asked (`x`). */
function holdsTemperature(x: number, a: number, before: string, not: boolean, after: string): boolean {
  // "Ниже", "сильнее" of a frost, "холоднее": colder than the bound; their opposites warmer.
  const colder = /ниже|холоднее/.test(before) || (before === 'сильнее' && a < 0) || (before === 'слабее' && a > 0);
  const warmer = /выше|теплее/.test(before) || (before === 'сильнее' && a > 0) || (before === 'слабее' && a < 0);
  if (colder || warmer) return not ? (colder ? x >= a : x <= a) : colder ? x < a : x > a;
  // "До −25 °C": from zero down to it; "до +30 °C": up to it.
  if (before === 'до') return a < 0 ? x >= a && x <= 0 : x <= a && x >= 0;
  return /ниже|холоднее/.test(after) ? x <= a : x >= a;
}

/** How a text's temperatures meet the one asked: 'fits', 'bounds', or undefined (none bounds any). */
function fitsTemperature(lower: string, x: number): 'fits' | 'bounds' | undefined {
  let bounds = false;
  for (const m of lower.matchAll(TEMPERATURE_RANGE)) {
    const a = signed(m[1] ?? '');
    const b = signed(m[2] ?? '');
    if (x >= Math.min(a, b) && x <= Math.max(a, b)) return 'fits';
    bounds = true;
  }
  for (const m of lower.replace(TEMPERATURE_RANGE, ' ').matchAll(TEMPERATURE_SAID)) {
    // A figure no word bounds ("бассейн 28 °C", "угол 30°") is no rule of the weather.
    if (!m[2] && !m[5]) continue;
    const a = signed(`${m[3] ?? ''}${m[4] ?? ''}`);
    if (holdsTemperature(x, a, m[2] ?? '', !!m[1], m[5] ?? '')) return 'fits';
    bounds = true;
  }
  return bounds ? 'bounds' : undefined;
}

/** The visitor's quantities in their measures ("за 30 часов" → 1800 minutes of time). */
export function quantitiesAsked(question: string): QuantityAsked[] {
  const out: QuantityAsked[] = [];
  const text = question.toLowerCase();
  const temperature = TEMPERATURE_ASKED.exec(text);
  if (temperature) {
    const below = /^(?:минус|мороз|−|-)/u.test(temperature[1] ?? temperature[4] ?? '');
    // "Жара за 30" is past it.
    const value = toNumber(temperature[3] ?? temperature[5] ?? '') + (temperature[2]?.startsWith('за') ? 0.5 : 0);
    out.push({ value: below ? -value : value, measure: TEMPERATURE, word: temperature[1] ?? 'градус' });
  }
  for (const m of text.matchAll(FIGURE_UNIT)) {
    const word = m[2] ?? '';
    const unit = unitOf(word);
    if (unit && !calendarYear(m[1] ?? '', word))
      out.push({ value: toNumber(m[1] ?? '') * unit.size, measure: unit.measure, word });
  }
  for (const m of text.matchAll(UNIT_FIGURE)) {
    const word = m[1] ?? '';
    const known = UNITS.find(([re]) => re.test(word));
    if (known && !out.some((q) => q.measure === known[1]))
      out.push({ value: toNumber(m[2] ?? '') * known[2], measure: known[1], word });
  }
  for (const m of text.matchAll(ONE_UNIT)) {
    const word = m[1] ?? '';
    const unit = unitOf(word);
    if (unit && !out.some((q) => q.measure === unit.measure))
      out.push({ value: unit.size, measure: unit.measure, word });
  }
  return out;
}

/**
 * A table cell whose column names the unit ("Длительность, мин: 45", "Занятий: 8") read as the
 * quantity said, and exactly ("ровно 45 мин", "ровно 8 занятий": a lesson of 60 minutes is no
 * answer to one of 45): the unit after the column's comma, else its first word.
 */
const UNIT_CELL = /(^|;\s)([^:;]*?)(?:,\s*([^:;,]+))?:\s*(\d+(?:[.,]\d+)?)(?=\s*(?:;|$))/gu;
function cellQuantities(row: string): string {
  return row.replace(UNIT_CELL, (all, start: string, name: string, unit: string | undefined, figure: string) => {
    const word = unit?.trim() || /\p{L}+/u.exec(name)?.[0];
    return word ? `${start}${name}${unit ? `, ${unit}` : ''}: ровно ${figure} ${word}` : all;
  });
}

/**
 * How a text's conditions meet the visitor's quantities: 'fits' when one in a unit asked holds the
 * quantity, 'bounds' when the text bounds it only the other way ("Шьём для детей от 3 лет" for a
 * child of two: the rule that says no), else undefined.
 */
export function fitsQuantity(text: string, asked: QuantityAsked[]): 'fits' | 'bounds' | undefined {
  if (asked.length === 0) return undefined;
  let bounds = false;
  const lower = cellQuantities(text.toLowerCase()).replace(INCH_MARK, '$1 дюйм');
  const temperature = asked.find((q) => q.measure === TEMPERATURE)?.value;
  if (temperature !== undefined) {
    const fit = fitsTemperature(lower, temperature);
    if (fit === 'fits') return fit;
    bounds = fit === 'bounds';
  }
  for (const m of lower.matchAll(CONDITION)) {
    const unit = unitOf(m[4] ?? '');
    const x = unit && asked.find((q) => q.measure === unit.measure)?.value;
    if (!unit || x === undefined || calendarYear(m[2] ?? '', m[4] ?? '')) continue;
    // "за 7 суток до игры и раньше", "3 часа и более": bounded from below after the figure.
    const onward = !m[1] && AND_MORE.test(lower.slice((m.index ?? 0) + m[0].length));
    const bound = onward ? 'от' : (m[1] ?? '').replace(/\s+/g, ' ');
    const a = toNumber(m[2] ?? '') * unit.size;
    if (m[3] !== undefined) {
      const b = toNumber(m[3]) * unit.size;
      // A range the quantity falls outside is another case's figure, no rule bounding it.
      if (x >= Math.min(a, b) && x <= Math.max(a, b)) return 'fits';
    } else if (bound) {
      // A table's cell (cellQuantities) says one quantity, no bound: another one is another row's.
      if (bound === 'ровно') {
        if (x === a) return 'fits';
        continue;
      }
      if (FROM.test(bound) ? x >= a : ABOVE.test(bound) ? x > a : BELOW.test(bound) ? x < a : x <= a) return 'fits';
      bounds = true;
    } else if (unit.measure === 'time' ? x <= a && a <= BARE_SPAN * x : x === a) return 'fits';
  }
  return bounds ? 'bounds' : undefined;
}
