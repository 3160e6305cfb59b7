/**
 * Times, numbers and units as customers say them ("к половине седьмого вечера", "полкило",
 * "трое суток", "двести рублей") rewritten the way documents write them ("18:30", "0,5 кг",
 * "3 суток", "200 рублей"), and each quantity's equivalents in other units ("72 часа"), so a
 * question finds the passage that states the fact in figures.
 *
 * Written by hand: the npm packages for Russian numerals go the other way (number → words), and
 * a parser of spelled-out numbers is a small closed vocabulary (about 40 stems and their cases).
 */

/** Value of every form of a Russian cardinal (ё written е). */
const CARDINALS = new Map<string, number>();
const addForms = (value: number, ...forms: string[]) => {
  for (const f of forms) CARDINALS.set(f, value);
};
/** Numerals declined like "пять": пять, пяти, пятью. */
const soft = (value: number, base: string) => addForms(value, base, `${base.slice(0, -1)}и`, `${base}ю`);

addForms(1, 'один', 'одна', 'одно', 'одного', 'одной', 'одному', 'одним', 'одну');
// "Через пару недель", "пару дней": two, as said.
addForms(2, 'два', 'две', 'двух', 'двум', 'двумя', 'двое', 'двоих', 'пару');
addForms(3, 'три', 'трех', 'трем', 'тремя', 'трое', 'троих');
addForms(4, 'четыре', 'четырех', 'четырем', 'четырьмя', 'четверо', 'четверых');
addForms(5, 'пятеро', 'пятерых');
addForms(6, 'шестеро', 'шестерых');
addForms(7, 'семеро', 'семерых');
addForms(8, 'восьми');
soft(5, 'пять');
soft(6, 'шесть');
soft(7, 'семь');
// "На всю семью": the family, far more often than "семью семь".
CARDINALS.delete('семью');
addForms(8, 'восемь', 'восемью');
soft(9, 'девять');
soft(10, 'десять');
const TEENS = ['одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать'];
for (const [i, w] of [...TEENS, 'семнадцать', 'восемнадцать', 'девятнадцать'].entries()) soft(11 + i, w);
soft(20, 'двадцать');
soft(30, 'тридцать');
addForms(40, 'сорок', 'сорока');
addForms(50, 'пятьдесят', 'пятидесяти', 'полста');
addForms(60, 'шестьдесят', 'шестидесяти');
addForms(70, 'семьдесят', 'семидесяти');
addForms(80, 'восемьдесят', 'восьмидесяти');
addForms(90, 'девяносто', 'девяноста');
addForms(100, 'сто', 'ста');
addForms(200, 'двести', 'двухсот', 'двумстам');
addForms(300, 'триста', 'трехсот', 'тремстам');
addForms(400, 'четыреста', 'четырехсот');
addForms(500, 'пятьсот', 'пятисот');
addForms(600, 'шестьсот', 'шестисот');
addForms(700, 'семьсот', 'семисот');
addForms(800, 'восемьсот', 'восьмисот');
addForms(900, 'девятьсот', 'девятисот');
addForms(1.5, 'полтора', 'полторы', 'полутора');
addForms(12, 'дюжина', 'дюжину', 'дюжины', 'дюжиной');

/** Units said fondly ("за недельку", "часик", "пару деньков"), as documents write them. */
const FOND_UNITS = new Map([
  ['недельку', 'неделю'],
  ['недельки', 'недели'],
  ['недельке', 'неделе'],
  ['денек', 'день'],
  ['денька', 'дня'],
  ['деньков', 'дней'],
  ['часик', 'час'],
  ['часика', 'часа'],
  ['часиков', 'часов'],
  ['минутку', 'минуту'],
  ['минутки', 'минуты'],
  ['минуток', 'минут'],
  // A child's age as parents say it: "сыну три годика".
  ['годик', 'год'],
  ['годика', 'года'],
  ['годиков', 'лет'],
  ['годикам', 'годам'],
  ['годику', 'году'],
  // Money as a chat says it: "за пятихатку" is 500 roubles.
  ['пятихатка', '500 рублей'],
  ['пятихатку', '500 рублей'],
  ['пятихатки', '500 рублей'],
]);
/** Roubles shortened after a figure, as chats write them (a sentence's full stop kept). */
const ROUBLES = /(\d)\s*(?:р|руб|рэ)(?:\.(?=\s*[\p{Ll}\d])|(?!\p{L}))/gu;
/** "Пара месяцев", "парочка дней": two, before a unit of time (a "пара обуви" is one pair). */
const PAIR = /^(?:пара|пары|парой|парочка|парочку|парочки)$/;
const TIME_UNIT = /^(?:минут|час|дн|дней|ден|сут|недел|месяц|лет|год)/;

/** "Тысяч", and as said in a chat: "тыщ", "тыщи" ("две тыщи"), "косарь" ("два косаря"). */
const THOUSAND = /^(?:тысяч|тыщ|косар)/;
/** "Тысяч", "тыщ": thousands, never one ("тысяч пятнадцать" is about 15000, not 1015). */
const MANY_THOUSANDS = /^(?:тысяч|тыщ)$/;
const MILLION = /^миллион/;

/** Ordinals in the genitive, as hours are named ("половина седьмого", "четверть восьмого"). */
const HOUR_ORDINALS = [
  'первого',
  'второго',
  'третьего',
  'четвертого',
  'пятого',
  'шестого',
  'седьмого',
  'восьмого',
  'девятого',
  'десятого',
  'одиннадцатого',
  'двенадцатого',
];

/** "пол-" quantities: the half of a unit, written in the unit below. */
const HALVES: [RegExp, string][] = [
  [/^пол-?часа$|^пол-?часика$/, '30 минут'],
  [/^пол-?кило(?:грамма)?$/, '500 г'],
  [/^пол-?литра$/, '500 мл'],
  [/^пол-?года$/, '6 месяцев'],
  [/^пол-?метра$/, '50 см'],
  [/^пол-?суток$/, '12 часов'],
  [/^пол-?дня$/, '12 часов'],
  [/^полдень$|^полудня$/, '12:00'],
  [/^полночь$|^полуночи$/, '0:00'],
];

/**
 * A unit said before its number, which makes it approximate ("часика на два", "минут двадцать",
 * "тыщи три"): the unit as documents write it after the number ('' for a thousand, a multiplier).
 */
const UNIT_FIRST: [RegExp, string][] = [
  [/^час(?:а|ов|ик|ика|иков)$/, 'часа'],
  [/^минут(?:к[иау]|ок)?$/, 'минут'],
  [/^дн(?:я|ей)$|^денька$|^деньков$/, 'дней'],
  [/^недел[иь]$/, 'недели'],
  [/^месяц(?:а|ев)$/, 'месяца'],
  [/^год(?:а|ик|ика|иков)$/, 'года'],
  // "тыщи три", "тысяч на семь", not "тысячу пятьсот" (a number that begins with a thousand).
  [/^(?:тыщ|тысяч)и?$/, ''],
  [/^рубл(?:я|ей)$/, 'рублей'],
  [/^километр(?:а|ов)$/, 'км'],
];
const APPROXIMATE_PREPOSITION = /^(?:на|в|за|через|до|после|около)$/;

/** Days of a month as ordinals ("тридцать первого декабря", "к восьмому марта"), by their stem. */
const DAY_ORDINALS: [RegExp, number][] = [
  [/^перв(?:ое|ого|ому|ым)$/, 1],
  [/^втор(?:ое|ого|ому|ым)$/, 2],
  [/^треть(?:е|его|ему|им)$/, 3],
  ...[
    'четверт',
    'пят',
    'шест',
    'седьм',
    'восьм',
    'девят',
    'десят',
    'одиннадцат',
    'двенадцат',
    'тринадцат',
    'четырнадцат',
    'пятнадцат',
    'шестнадцат',
    'семнадцат',
    'восемнадцат',
    'девятнадцат',
    'двадцат',
  ].map((stem, i): [RegExp, number] => [new RegExp(`^${stem}(?:ое|ого|ому|ым)$`), i + 4]),
  [/^тридцат(?:ое|ого|ому|ым)$/, 30],
];
/** The months, January first, as a word or its stem begins ("апреле", "апрел"; "мая", "ма"). */
const MONTHS = [
  /^январ/,
  /^феврал/,
  /^март/,
  /^апрел/,
  /^ма(?:[яйе]|$)/,
  /^июн/,
  /^июл/,
  /^август/,
  /^сентябр/,
  /^октябр/,
  /^ноябр/,
  /^декабр/,
];
/** The month (1–12) a word or a stem names, or undefined. */
export function monthOf(word: string): number | undefined {
  const i = MONTHS.findIndex((re) => re.test(word));
  return i >= 0 ? i + 1 : undefined;
}
const dayOrdinal = (w: string | undefined) => (w ? DAY_ORDINALS.find(([re]) => re.test(w))?.[1] : undefined);

const PART_OF_DAY = /^(утра|дня|вечера|ночи)$/;
/**
 * "На 2 дня", "2 ночи в домике", "аренда 3 дня": days and nights counted. A time of day is said
 * after a word of time ("в 2 дня", "до 2 ночи", "с 10 утра") or with "часа" ("2 часа дня").
 */
const COUNTED_PART = /^(?:дня|ночи)$/;
const AT_TIME = /^(?:в|во|к|до|с|со|после|около|между|часам|часу)$/;
const timeOfDay = (before: string | undefined, hours: number, part: string) =>
  hours > 0 || !COUNTED_PART.test(part) || AT_TIME.test(before ?? '');
/** Minutes of "без пяти", "без четверти", "без двадцати" (before the hour). */
const MINUTES_BEFORE = new Map([
  ['пяти', 5],
  ['десяти', 10],
  ['четверти', 15],
  ['пятнадцати', 15],
  ['двадцати', 20],
]);
/** "минут", "минуты" between minutes and the hour they pass ("двадцать минут восьмого"). */
const MINUTES = /^минут[ыа]?$/;
/** "часа", "часам", "часов" between a number and the part of the day ("к двум часам дня"). */
const HOURS = /^час(?:а|ам|ов)?$/;
/** How many come together: "вдвоем" 2 … "вшестером" 6. */
const TOGETHER = ['вдвоем', 'втроем', 'вчетвером', 'впятером', 'вшестером'];
/** Flats by their rooms, as said ("двушка", "трёхкомнатная") and as price lists count them ("2-комнатная"). */
const ROOMS: [RegExp, number][] = [
  [/^(?:однушк|однокомнатн)/, 1],
  [/^(?:двушк|двухкомнатн)/, 2],
  [/^(?:трешк|трехкомнатн)/, 3],
  [/^(?:четырешк|четырехкомнатн)/, 4],
];

/** 24-hour time of "N утра/дня/вечера/ночи". */
function clock(hour: number, minutes: number, part: string | undefined): string {
  let h = hour;
  if ((part === 'вечера' || (part === 'дня' && hour < 8)) && h < 12) h += 12;
  // "В 11 ночи", "в пол двенадцатого ночи" are late in the evening; "в 2 ночи", "в 12 ночи" after midnight.
  if (part === 'ночи' && h >= 9 && h < 12) h += 12;
  if (part === 'ночи' && h === 12) h = 0;
  return `${h}:${String(minutes).padStart(2, '0')}`;
}

interface Token {
  word: string;
  /** The token's text with the spacing before it, as written. */
  raw: string;
}

const norm = (w: string) => w.toLowerCase().replace(/ё/g, 'е');

/** A figure with a case ending ("31го", "3-го", "17-х", "5ти", "1й"); not "2м", which may be metres. */
const ORDINAL_FIGURE = /^(\d{1,4})-?(?:го|ого|ому|ему|ой|ое|ом|ый|ий|й|х|ти|ми)$/u;

/** Spelled-out numbers and times in a question replaced by figures. */
export function normalizeQuantities(said: string): string {
  // "500 р", "500р", "300 руб.": roubles, as documents write them (a lone "р" names nothing).
  const text = said.replace(ROUBLES, '$1 рублей');
  const tokens: Token[] = [];
  const re = /(\s*)([\p{L}\p{N}]+(?:[-:.,][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]+)/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) tokens.push({ word: norm(m[2] ?? ''), raw: m[0] });
  const out: string[] = [];
  const space = (t: Token | undefined) => (t && /^\s/.test(t.raw) ? ' ' : '');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const w = t.word;
    const next = tokens[i + 1]?.word;
    const after = tokens[i + 2]?.word;
    // A figure with its case ending glued on ("31го", "3-го числа", "на 17-х", "5ти"): the figure.
    const glued = ORDINAL_FIGURE.exec(w)?.[1];
    if (glued) {
      out.push(`${space(t)}${glued}`);
      continue;
    }
    // "половина/половине седьмого (вечера)" → 18:30; "четверть восьмого" → 7:15.
    const halfOrQuarter = /^(?:половин[аеуы]|пол)$/.test(w) ? 30 : /^четверт[ьи]$/.test(w) ? 15 : 0;
    const ordinal = next ? HOUR_ORDINALS.indexOf(next) : -1;
    // "полдевятого (вечера)" in one word → 20:30.
    const joined = /^пол-?(.+)$/.exec(w)?.[1];
    const joinedOrdinal = joined ? HOUR_ORDINALS.indexOf(joined) : -1;
    const fond = FOND_UNITS.get(w);
    // ("часика на два" is read below, a unit before its number.)
    const numberAfter =
      CARDINALS.has(next ?? '') || (APPROXIMATE_PREPOSITION.test(next ?? '') && CARDINALS.has(after ?? ''));
    if (fond && !numberAfter) {
      out.push(`${space(t)}${fond}`);
      continue;
    }
    if (PAIR.test(w) && TIME_UNIT.test(FOND_UNITS.get(next ?? '') ?? next ?? '')) {
      out.push(`${space(t)}2`);
      continue;
    }
    // "за четверть часа" → "за 15 минут".
    if (w === 'четверть' && /^час(?:а|ика)$/.test(next ?? '')) {
      out.push(`${space(t)}15 минут`);
      i++;
      continue;
    }
    if (joinedOrdinal >= 0) {
      const part = next && PART_OF_DAY.test(next) ? next : undefined;
      out.push(`${space(t)}${clock(joinedOrdinal === 0 ? 12 : joinedOrdinal, 30, part)}`);
      if (part) i++;
      continue;
    }
    if (halfOrQuarter && ordinal >= 0) {
      const part = after && PART_OF_DAY.test(after) ? after : undefined;
      out.push(`${space(t)}${clock(ordinal === 0 ? 12 : ordinal, halfOrQuarter, part)}`);
      i += part ? 2 : 1;
      continue;
    }
    // "двадцать минут восьмого (вечера)", "в 5 минут седьмого" → 19:20, 6:05: minutes past the hour
    // before the one named ("двадцать пять" in two words), said at a time ("в", "к", "до") or with the
    // part of the day; not "опоздать на 15 минут первого занятия", "пропущу 15 минут первого?".
    const twoWords = CARDINALS.has(w) && CARDINALS.has(next ?? '') ? 1 : 0;
    const past = twoWords
      ? (CARDINALS.get(w) ?? 0) + (CARDINALS.get(next ?? '') ?? 0)
      : (CARDINALS.get(w) ?? (/^\d{1,2}$/.test(w) ? Number(w) : undefined));
    const pastOrdinal = HOUR_ORDINALS.indexOf(tokens[i + 2 + twoWords]?.word ?? '');
    if (
      past !== undefined &&
      Number.isInteger(past) &&
      past >= 1 &&
      past < 60 &&
      MINUTES.test(tokens[i + 1 + twoWords]?.word ?? '') &&
      pastOrdinal >= 0 &&
      (AT_TIME.test(tokens[i - 1]?.word ?? '') || PART_OF_DAY.test(tokens[i + 3 + twoWords]?.word ?? ''))
    ) {
      const part = tokens[i + 3 + twoWords]?.word;
      const partOfDay = part && PART_OF_DAY.test(part) ? part : undefined;
      out.push(`${space(t)}${clock(pastOrdinal === 0 ? 12 : pastOrdinal, past, partOfDay)}`);
      i += 2 + twoWords + (partOfDay ? 1 : 0);
      continue;
    }
    // "без двадцати восемь вечера", "без четверти девять" → 19:40, 8:45.
    const before = w === 'без' ? MINUTES_BEFORE.get(next ?? '') : undefined;
    const hourWord = tokens[i + 2]?.word ?? '';
    const hour =
      hourWord === 'час' ? 1 : (CARDINALS.get(hourWord) ?? (/^\d{1,2}$/.test(hourWord) ? Number(hourWord) : undefined));
    if (before && hour !== undefined && Number.isInteger(hour) && hour >= 1 && hour <= 12) {
      const part = tokens[i + 3]?.word;
      const partOfDay = part && PART_OF_DAY.test(part) ? part : undefined;
      out.push(`${space(t)}${clock(hour === 1 ? 12 : hour - 1, 60 - before, partOfDay)}`);
      i += partOfDay ? 3 : 2;
      continue;
    }
    // "тридцать первого декабря" → "31 декабря".
    const tens = (w === 'двадцать' || w === 'тридцать') && dayOrdinal(next) !== undefined ? 1 : 0;
    const day = tens ? (w === 'двадцать' ? 20 : 30) + (dayOrdinal(next) ?? 0) : dayOrdinal(w);
    if (day !== undefined && day <= 31 && monthOf(tokens[i + 1 + tens]?.word ?? '') !== undefined) {
      out.push(`${space(t)}${day}`);
      i += tens;
      continue;
    }
    // "часика на два" → "на 2 часа", "минут двадцать" → "20 минут", "тыщи три" → "3000".
    const previous = tokens[i - 1]?.word ?? '';
    const unitFirst =
      /^\d/.test(previous) || CARDINALS.has(previous) ? undefined : UNIT_FIRST.find(([re]) => re.test(w));
    if (unitFirst) {
      const prep = next && APPROXIMATE_PREPOSITION.test(next) ? next : undefined;
      const numeral = tokens[i + (prep ? 2 : 1)]?.word ?? '';
      // In words or in figures: "тыщ на 8", "минут 20".
      const n = CARDINALS.get(numeral) ?? (/^\d{1,3}$/.test(numeral) ? Number(numeral) : undefined);
      const following = tokens[i + (prep ? 3 : 2)]?.word ?? '';
      // "часов в семь вечера" names a time of day, not a duration.
      const hourOfDay = /^час/.test(w) && (PART_OF_DAY.test(following) || /^(?:в|к|до|после|около)$/.test(prep ?? ''));
      if (
        n !== undefined &&
        !hourOfDay &&
        (unitFirst[1] || n < 10 || MANY_THOUSANDS.test(w)) &&
        CARDINALS.get(following) === undefined &&
        // "рублей 1 500": the figure is the first group of a number.
        !/^\d/.test(following) &&
        !/^(?:с$|тыщ|тысяч)/.test(following)
      ) {
        const said = unitFirst[1] ? `${n} ${unitFirst[1]}` : String(n * 1000);
        out.push(`${space(t)}${prep ? `${prep} ` : ''}${said}`.replace(/(\d)\.(\d)/, '$1,$2'));
        i += prep ? 2 : 1;
        continue;
      }
    }
    // "пять-десять минут", "два-три часа": a range in words, as documents write it in figures.
    const range = /^(\p{L}+)-(\p{L}+)$/u.exec(w);
    const from = CARDINALS.get(range?.[1] ?? '');
    const to = CARDINALS.get(range?.[2] ?? '');
    if (from !== undefined && to !== undefined && Number.isInteger(from) && Number.isInteger(to) && from < to) {
      out.push(`${space(t)}${from}-${to}`);
      continue;
    }
    const half = HALVES.find(([h]) => h.test(w));
    if (half) {
      out.push(`${space(t)}${half[1]}`);
      continue;
    }
    // "до тыщи", "за тысячу", "тыщу двести": a thousand said without a numeral, after a word of
    // comparison or before the rest of the number.
    if (
      THOUSAND.test(w) &&
      !MANY_THOUSANDS.test(w) &&
      !/^\d/.test(tokens[i - 1]?.word ?? '') &&
      !CARDINALS.has(tokens[i - 1]?.word ?? '')
    ) {
      let rest = 0;
      let j = i + 1;
      for (let n = CARDINALS.get(tokens[j]?.word ?? ''); n !== undefined && n < 1000 && Number.isInteger(n); ) {
        rest += n;
        j++;
        n = CARDINALS.get(tokens[j]?.word ?? '');
      }
      if (
        rest > 0 ||
        /^(?:до|за|от|около|меньше|больше|дешевле|дороже|чем|в|пределах|примерно|где-то)$/.test(
          tokens[i - 1]?.word ?? '',
        )
      ) {
        out.push(`${space(t)}${1000 + rest}`);
        i = j - 1;
        continue;
      }
    }
    // A run of numeral words (or figures): "сто десять", "пять тысяч", "полторы тысячи".
    let value = 0;
    let current = 0;
    let j = i;
    let numeric = false;
    let halved = false;
    for (; j < tokens.length; j++) {
      const x = (tokens[j] as Token).word;
      const n = CARDINALS.get(x) ?? (/^\d+$/.test(x) && !numeric ? Number(x) : undefined);
      if (n !== undefined && !(n >= 100 && current % 100 > 0) && !(n < 10 && current % 10 > 0)) {
        current += n;
        numeric = true;
      } else if (numeric && x === 'с' && tokens[j + 1]?.word === 'половиной' && Number.isInteger(current) && current) {
        // "три с половиной тыщи", "два с половиной часа".
        current += 0.5;
        halved = true;
        j++;
      } else if (numeric && THOUSAND.test(x)) {
        value += (current || 1) * 1000;
        current = 0;
      } else if (numeric && MILLION.test(x)) {
        value += (current || 1) * 1_000_000;
        current = 0;
      } else break;
    }
    // A figure with its multiplier stays as written ("66 миллионов лет", "5 тысяч"): documents
    // write it so; only numbers said in words become figures.
    const spelled = numeric && (halved || (!/^\d+$/.test(w) && tokens.slice(i, j).some((x) => !/^\d+$/.test(x.word))));
    if (spelled) {
      const n = value + current;
      const number = Number.isInteger(n) ? String(n) : String(n).replace('.', ',');
      const unit = tokens[j]?.word;
      // "в десять вечера", "к двум часам дня" → 22:00, 14:00.
      const hours = unit && HOURS.test(unit) ? 1 : 0;
      const part = tokens[j + hours]?.word;
      if (
        part &&
        PART_OF_DAY.test(part) &&
        n <= 12 &&
        Number.isInteger(n) &&
        timeOfDay(tokens[i - 1]?.word, hours, part)
      ) {
        out.push(`${space(t)}${clock(n, 0, part)}`);
        i = j + hours;
      } else {
        out.push(`${space(t)}${number}`);
        i = j - 1;
      }
      continue;
    }
    // "в 7 вечера", "в 2 часа дня" → 19:00, 14:00.
    const hours = next && HOURS.test(next) ? 1 : 0;
    const part = tokens[i + 1 + hours]?.word;
    if (
      /^\d{1,2}$/.test(w) &&
      part &&
      PART_OF_DAY.test(part) &&
      Number(w) <= 12 &&
      timeOfDay(tokens[i - 1]?.word, hours, part)
    ) {
      out.push(`${space(t)}${clock(Number(w), 0, part)}`);
      i += 1 + hours;
      continue;
    }
    // "в 7:20 вечера", "к 8.30 утра" → 19:20, 8:30.
    const hhmm = /^(\d{1,2})[:.]([0-5]\d)$/.exec(w);
    if (hhmm && Number(hhmm[1]) <= 12 && next && PART_OF_DAY.test(next)) {
      out.push(`${space(t)}${clock(Number(hhmm[1]), Number(hhmm[2]), next)}`);
      i++;
      continue;
    }
    // "в час дня", "до часу ночи": one o'clock.
    if (/^час[уа]?$/.test(w) && next && PART_OF_DAY.test(next)) {
      out.push(`${space(t)}${clock(1, 0, next)}`);
      i++;
      continue;
    }
    // "двушка", "трёхкомнатная" → "2-комнатная", "3-комнатная".
    const rooms = ROOMS.find(([re]) => re.test(w));
    if (rooms) {
      out.push(`${space(t)}${rooms[1]}-комнатная`);
      continue;
    }
    // "едем вчетвером": for four, as a table of places counts them ("на 4").
    const together = TOGETHER.indexOf(w);
    if (together >= 0) {
      out.push(`${space(t)}на ${together + 2}`);
      continue;
    }
    // "двенадцатилетний", "12-летний", "для трёхлеток" → "12 лет", "3 лет".
    const years = /^(.+?)-?лет(?:н|к|ок)\p{L}*$/u.exec(w);
    const age = years?.[1] ? (/^\d+$/.test(years[1]) ? Number(years[1]) : CARDINALS.get(years[1])) : undefined;
    // Ages of children and teenagers ("двенадцатилетний"); "Тридцатилетняя война" is a name.
    if (age !== undefined && age <= 18) {
      out.push(`${space(t)}${String(age).replace('.', ',')} лет`);
      continue;
    }
    out.push(t.raw);
  }
  return ageWithoutYears(out.join(''));
}

const TURNS = 'исполн(?:яется|илось|ится|ился|илась)';
/** "15 исполняется", and "исполнилось 9" not followed by its unit ("лет", "месяцев"…). */
const AGE_BEFORE = new RegExp(String.raw`(?<![\d:.,])(\d{1,2})(\s+)(${TURNS})(?!\p{L})`, 'giu');
const AGE_AFTER = new RegExp(
  String.raw`(?<!\p{L})(${TURNS})(\s+)(\d{1,2})(?!\d|[:.,]\d|\s*(?:лет|год|месяц|мес|недел|дн|час|\d))`,
  'giu',
);

/**
 * A child's age said with "исполняется" and no unit ("сыну 15 исполняется", "ей исполнилось
 * семь"): years, as the rules and tables write ages ("15 лет").
 */
function ageWithoutYears(text: string): string {
  const young = (n: string) => Number(n) >= 1 && Number(n) <= 18;
  return text
    .replace(AGE_BEFORE, (m, n: string, space: string, verb: string) => (young(n) ? `${n} лет${space}${verb}` : m))
    .replace(AGE_AFTER, (m, verb: string, space: string, n: string) => (young(n) ? `${verb}${space}${n} лет` : m));
}

/** A quantity of a question and what it equals in other units. */
export interface QuantityEquivalent {
  number: string;
  unit: string;
  equals: { number: string; unit: string }[];
}

const UNITS: { unit: RegExp; to: { factor: number; unit: string; when?: (n: number) => boolean }[] }[] = [
  {
    unit: /^(?:сут(?:ки|ок|кам|ками)?)$/,
    to: [
      { factor: 24, unit: 'часов' },
      { factor: 1, unit: 'дней' },
    ],
  },
  {
    unit: /^(?:дн(?:я|ей|ям)|день)$/,
    to: [
      { factor: 24, unit: 'часов', when: (n) => n <= 5 },
      { factor: 1, unit: 'суток' },
    ],
  },
  { unit: /^недел/, to: [{ factor: 7, unit: 'дней' }] },
  {
    unit: /^час(?:а|ов|ам)?$/,
    to: [
      { factor: 60, unit: 'минут', when: (n) => n <= 3 },
      { factor: 1 / 24, unit: 'суток', when: (n) => n % 24 === 0 },
    ],
  },
  { unit: /^минут/, to: [{ factor: 1 / 60, unit: 'час', when: (n) => n % 60 === 0 }] },
  { unit: /^(?:год|года|лет)$/, to: [{ factor: 12, unit: 'месяцев', when: (n) => n <= 3 }] },
  {
    unit: /^месяц/,
    to: [
      { factor: 1 / 12, unit: 'год', when: (n) => n % 12 === 0 },
      { factor: 30, unit: 'дней', when: (n) => n <= 2 },
    ],
  },
  { unit: /^(?:кг|килограмм\p{L}*|кило)$/u, to: [{ factor: 1000, unit: 'г', when: (n) => n <= 5 }] },
  { unit: /^(?:г|гр|грамм\p{L}*)$/u, to: [{ factor: 1 / 1000, unit: 'кг', when: (n) => n >= 100 }] },
  { unit: /^(?:л|литр\p{L}*)$/u, to: [{ factor: 1000, unit: 'мл', when: (n) => n <= 5 }] },
  { unit: /^(?:мл|миллилитр\p{L}*)$/u, to: [{ factor: 1 / 1000, unit: 'л', when: (n) => n >= 100 }] },
];

const figure = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100).replace('.', ','));

/** The quantities of a normalised text ("3 суток") with their equivalents ("72 часов", "3 дней"). */
export function quantityEquivalents(normalized: string): QuantityEquivalent[] {
  const found: QuantityEquivalent[] = [];
  // A unit without a number after "за", "через", "на", "в течение" is one of it ("за час").
  const text = normalized.replace(
    /(?<!\p{L})(за|через|на|течение)\s+(час|сутки|неделю|месяц|год)(?!\p{L})/giu,
    (_, p: string, u: string) => `${p} 1 ${u}`,
  );
  const re = /(\d+(?:[.,]\d+)?)\s*([\p{L}]+)/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const number = m[1] ?? '';
    const unit = norm(m[2] ?? '');
    const n = Number(number.replace(',', '.'));
    const rule = UNITS.find((u) => u.unit.test(unit));
    if (!rule || !Number.isFinite(n)) continue;
    const equals = rule.to
      .filter((c) => !c.when || c.when(n))
      .map((c) => ({ number: figure(n * c.factor), unit: c.unit }))
      .filter((e) => e.number !== '0');
    if (equals.length) found.push({ number, unit: m[2] ?? unit, equals });
  }
  return found;
}
