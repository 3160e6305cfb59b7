/**
 * Whether a rule's condition holds the visitor's own quantity: "отменяем за 30 часов" against
 * "При отмене за 48–24 часа возвращаем 50%" (30 is in the range) and not against "более чем за 48
 * часов"; "малому 2 года" against "Детям до 3 лет в парную нельзя". A rule states its bound in
 * figures (the question's numbers are in figures too, see retrieval's quantities), with a unit:
 * the same unit on both sides, or the figure is another quantity's.
 */

/** The units a condition is said in, by the beginning of the word after the figure. */
const UNITS: [RegExp, string][] = [
  [/^(?:час|ч$)/u, 'hour'],
  [/^мин/u, 'minute'],
  [/^(?:дн|день|дня|сут)/u, 'day'],
  [/^недел/u, 'week'],
  [/^(?:месяц|мес$)/u, 'month'],
  [/^(?:лет|год)/u, 'year'],
  [/^(?:кг|кило)/u, 'kg'],
  [/^(?:чел|гост|персон)/u, 'person'],
  [/^км$|^километр/u, 'km'],
];
const unitOf = (word: string) => UNITS.find(([re]) => re.test(word))?.[1];

const FIGURE = String.raw`(\d+(?:[.,]\d+)?)`;
/** A figure, or a range of two, then the unit's word, after the word that bounds it if any. */
const CONDITION = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(от|более|больше|свыше|старше|позднее|позже|после|не\s+менее|не\s+меньше|минимум|менее|меньше|до|не\s+более|не\s+больше|младше|раньше|максимум)\s+)?(?:чем\s+)?(?:за\s+|на\s+)?${FIGURE}(?:\s*(?:[–—-]|до)\s*${FIGURE})?\s*(\p{L}+)`,
  'giu',
);
/** Bounds from below, and those of them that leave the figure itself out ("больше 15 минут"). */
const FROM = /^(?:от|после|не\s+менее|не\s+меньше|минимум)$/u;
const ABOVE = /^(?:более|больше|свыше|старше|позднее|позже)$/u;
/** Bounds from above that leave the figure itself out: "до 3 лет" is under three. */
const BELOW = /^(?:до|менее|меньше|младше|раньше)$/u;

const toNumber = (s: string) => Number(s.replace(',', '.'));

/** A quantity the visitor states: its value, its unit, and the word it was said with ("годика"). */
export interface QuantityAsked {
  value: number;
  unit: string;
  word: string;
}

/** The visitor's quantities with their units ("за 30 часов" → 30 hour). */
export function quantitiesAsked(question: string): QuantityAsked[] {
  const out: QuantityAsked[] = [];
  for (const m of question.toLowerCase().matchAll(new RegExp(`${FIGURE}\\s*(\\p{L}+)`, 'gu'))) {
    const word = m[2] ?? '';
    const unit = unitOf(word);
    if (unit) out.push({ value: toNumber(m[1] ?? ''), unit, word });
  }
  return out;
}

/**
 * How a text's conditions meet the visitor's quantities: 'fits' when one in a unit asked holds the
 * quantity, 'bounds' when the text bounds it only the other way ("Шьём для детей от 3 лет" for a
 * child of two: the rule that says no), else undefined.
 */
export function fitsQuantity(text: string, asked: QuantityAsked[]): 'fits' | 'bounds' | undefined {
  if (asked.length === 0) return undefined;
  let bounds = false;
  for (const m of text.toLowerCase().matchAll(CONDITION)) {
    const unit = unitOf(m[4] ?? '');
    const x = asked.find((a) => a.unit === unit)?.value;
    if (x === undefined) continue;
    const bound = (m[1] ?? '').replace(/\s+/g, ' ');
    const a = toNumber(m[2] ?? '');
    if (m[3] !== undefined) {
      const b = toNumber(m[3]);
      // A range the quantity falls outside is another case's figure, no rule bounding it.
      if (x >= Math.min(a, b) && x <= Math.max(a, b)) return 'fits';
    } else if (bound) {
      if (FROM.test(bound) ? x >= a : ABOVE.test(bound) ? x > a : BELOW.test(bound) ? x < a : x <= a) return 'fits';
      bounds = true;
    } else if (x === a) return 'fits';
  }
  return bounds ? 'bounds' : undefined;
}
