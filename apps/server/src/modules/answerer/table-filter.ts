/**
 * Questions that filter a table ("в каких блюдах есть орехи", "что стоит меньше 300 рублей"):
 * ingestion keeps each row with its header's names ("Блюдо: Пахлава; Цена, руб.: 260; Орехи: да"),
 * so the rows of the retrieved passages are records again, and a question that names a column and
 * a value (a yes/no column, or a number with a comparison) selects the rows that hold it, as does a
 * list question naming a value of a category column ("какие процедуры делает косметолог").
 */

import { lru } from '../../lib/lru';
import { monthOf } from '../retrieval';
import { BUSY_UNTIL, columnForWhen, daysWanted, TIME_OWN_STEM, timeOf, timeWanted, weekdaysOf } from './timetable';

export interface TableRow {
  /** The row as the passage holds it. */
  text: string;
  /** Column name → value, in the header's order. */
  cells: [string, string][];
  /** The table it belongs to: its column names. */
  table: string;
}

/** A unit of a passage that is a table row ("Колонка: значение; Колонка: значение"), else undefined. */
export function parseRow(text: string): TableRow | undefined {
  if (!text.includes(': ') || !text.includes('; ')) return undefined;
  const cells: [string, string][] = [];
  let joined = false;
  for (const part of text.split('; ')) {
    const at = part.indexOf(': ');
    const last = cells[cells.length - 1];
    // A cell's own "; " ("Примечание: банкетный зал; залог 5 000 руб."): the part goes on its value.
    if (at <= 0 && last) {
      last[1] = `${last[1]}; ${part.trim()}`;
      joined = true;
    } else if (at <= 0) return undefined;
    else cells.push([part.slice(0, at).trim(), part.slice(at + 2).trim()]);
  }
  // A part joined to a cell makes a row only of a record of several columns, not of prose
  // ("Режим работы: пн–пт 9–21; сб: 10–18; вс — выходной").
  if (joined && cells.length < 3) return undefined;
  if (cells.length < 2) return undefined;
  return { text, cells, table: cells.map(([name]) => name).join('|') };
}

/**
 * The rows of one section of a file with the cells their sheet left empty: the parser writes no
 * empty cell ("Примечание"), and such a row would look like another table's. A row whose columns
 * are all among a wider row's with the same first column gets that row's columns, '' where it had none.
 */
export function completeRows(rows: TableRow[]): TableRow[] {
  const widest = new Map<string, string[]>();
  for (const r of rows) {
    const columns = r.cells.map(([name]) => name);
    const first = columns[0] ?? '';
    if (columns.length > (widest.get(first)?.length ?? 0)) widest.set(first, columns);
  }
  return rows.map((r) => {
    const columns = widest.get(r.cells[0]?.[0] ?? '');
    if (!columns || columns.length === r.cells.length || !r.cells.every(([name]) => columns.includes(name))) return r;
    const cells = columns.map((c): [string, string] => [c, r.cells.find(([name]) => name === c)?.[1] ?? '']);
    return { text: r.text, cells, table: columns.join('|') };
  });
}

/** A yes/no cell, bare or with a remark ("нет, общий санблок в 60 м", "да (по записи)"). */
const YES = /^(?:да|есть|\+|✓|✔|v|yes)(?:$|\s*[,;(]|\s+[—–-]\s)/i;
const NO = /^(?:(?:нет|no)(?:$|\s*[,;(]|\s+[—–-]\s)|(?:-|—|–|x|×)$)/i;

/** The number of a cell ("от 3 500", "1 200 ₽", "0,5"), or undefined when it is not one. */
export function cellNumber(value: string): number | undefined {
  const m = /^(?:от|до|около)?\s*(\d[\d\s\u00a0]*(?:[.,]\d+)?)\s*(?:₽|руб\.?|р\.|%|[\p{L}.]{0,6})?$/iu.exec(
    value.trim(),
  );
  if (!m?.[1]) return undefined;
  const n = Number(m[1].replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** A cell's first figure, of a range too ("от 2", "2–3"): the figure is the first group. */
const FIGURE_CELL = String.raw`^(?:от|до|около)?\s*(\d+(?:[.,]\d+)?)\s*(?:[–-]\s*\d+(?:[.,]\d+)?\s*)?`;
/** Days said of which kind before their unit ("3 рабочих дня", "от 10 календарных дней"). */
const DAYS_KIND = String.raw`(?:(?:рабоч|календарн)\p{L}*\s+)?`;
const MINUTES_CELL = new RegExp(
  FIGURE_CELL + String.raw`${DAYS_KIND}(ч|час\p{L}*|мин\p{L}*|дн\p{L}*|день|сут\p{L}*)\.?(?:\s*(\d+)\s*мин\p{L}*\.?)?$`,
  'iu',
);
/** A duration's unit in minutes: an hour's, a day's (days of work: "Срок: 2 дня"), else a minute. */
const unitMinutes = (unit: string) => (/^ч/i.test(unit) ? 60 : /^(?:д|с)/i.test(unit) ? 1440 : 1);
/** A term, its unit said or its column's, and what the cell says after it ("5 лет от пожелтения"). */
const MONTHS_CELL = new RegExp(FIGURE_CELL + String.raw`(?:(год\p{L}*|лет|мес\p{L}*)\.?(?:[\s,:;(—–-].*)?|\.?)$`, 'iu');

/**
 * A duration cell in minutes ("40 мин", "1 час", "1,5 часа", "1 ч 30 мин", "2–3 часа": its first
 * figure), or undefined when it is not one.
 */
export function cellMinutes(value: string, column = ''): number | undefined {
  const m = MINUTES_CELL.exec(value.trim());
  if (m?.[1] && m[2]) return Number(m[1].replace(',', '.')) * unitMinutes(m[2]) + Number(m[3] ?? 0);
  // A figure alone under a column that says the unit ("Срок, дней: 3", "Длительность, мин: 40").
  const unit = COLUMN_UNIT.exec(column)?.[1];
  if (!unit) return undefined;
  const n = cellNumber(value);
  return n === undefined ? undefined : n * unitMinutes(unit);
}
/** The unit of a duration a column's name says ("Срок, дней", "Время, мин", "Длительность (ч)"). */
const COLUMN_UNIT = /(?<!\p{L})(мин|час|ч|дн|день|дней|сут)\p{L}*\.?\)?$/iu;

/**
 * A term cell in months ("24" under "Гарантия, мес", "2 года", "6 мес.", "1 год" under "Срок, лет":
 * its first figure), or undefined when neither the cell nor its column says the unit.
 */
export function cellMonths(value: string, column: string): number | undefined {
  const m = MONTHS_CELL.exec(value.trim());
  if (!m?.[1]) return undefined;
  const unit = m[2] ?? /(?<!\p{L})(мес|лет|год)/iu.exec(column)?.[1];
  if (!unit) return undefined;
  const n = Number(m[1].replace(',', '.'));
  return /^мес/i.test(unit) ? n : n * 12;
}

interface Comparison {
  op: '<' | '<=' | '>' | '>=';
  value: number;
  /** Set when the question compares a duration ("дольше 2 часов"): `value` is then in minutes. */
  minutes?: boolean;
  /** Set when the question compares a term ("гарантия больше 2 лет"): `value` is then in months. */
  months?: boolean;
  /** Set when the question compares money ("дешевле 200", "до 3000 рублей"): a price column's, then. */
  money?: boolean;
  /**
   * Set when the question says an order's amount ("если закажу на 8000"): the rows whose threshold
   * ("Бесплатно от, ₽: 5 000", "Минимальный заказ") it reaches.
   */
  threshold?: boolean;
  /** The words as asked, shown in the answer. */
  said: string;
}

/** A column of the fewest people taken: "Минимум гостей", "Мин. человек". */
const MINIMUM_COLUMN = /минимум|минимальн|(?<!\p{L})мин\./iu;

/** No places left, as asked: "мест нет", "нет свободных мест", "не осталось мест". */
const NO_PLACES =
  /(?<!\p{L})(?<!почти\s+)(?:мест(?:а)?\s+(?:уже\s+|совсем\s+|вообще\s+|свободных\s+)*нет|нет\s+(?:уже\s+|совсем\s+|вообще\s+)*(?:свободных\s+)?мест|(?:не\s+осталось|закончились|кончились)\s+(?:свободных\s+)?мест(?:а)?)(?!\p{L})/iu;

/** A comparison with a unit said without a figure: "больше года", "меньше месяца", "дольше часа". */
const ONE_UNIT =
  /(?<!\p{L})((?:не\s+)?(?:меньше|менее|больше|более|свыше|дольше|короче|быстрее)\s+(?:чем\s+)?)(года|месяца|часа)(?!\p{L})/giu;

/** Words of a question asking about money ("подешевле", "до тыщи", "почём"). */
export const PRICE_WORDS = /недорог|дешев|дешёв|бюджетн|тыс|тыщ|руб|₽|стои|цен|почем|почём/iu;

/**
 * "дешевле 300", "не дороже 500", "от 1000", "больше 2 000" in a question whose numbers are figures
 * (quantities.ts writes "двух тысяч" as 2000), and "меньше тысячи", whose thousand has no figure.
 */
export function comparisonOf(asked: string): Comparison | undefined {
  // "Где мест уже нет?", "на какие не осталось мест": a count of places of 0 ("почти не осталось
  // мест, меньше пяти" asks the count it says).
  if (NO_PLACES.test(asked)) return { op: '<=', value: 0, said: '0' };
  // "гарантия больше года", "дольше часа": one of the unit ("до часа" is a time of day, not here).
  // "Работаю до 6": the visitor's own hours (timetable.ts), no bound of a column.
  const question = asked.replace(ONE_UNIT, '$11 $2').replace(BUSY_UNTIL, ' ');
  // "Чтоб в 4 тыщи уложиться", "уложиться в 3000", "в 1500 уложитесь?": at most that money.
  const fit =
    /(?<!\p{L})(?:уложит\p{L}*|уложим\p{L}*|уложусь)\s+в\s+(\d[\d\s]*?)\s*((?:тыс|тысяч|тыщ)\p{L}*\.?)?(?=[\s,.!?]|$)|(?<!\p{L})в\s+(\d[\d\s]*?)\s*((?:тыс|тысяч|тыщ)\p{L}*\.?)?\s+(?:уложит|уложим|уложусь)\p{L}*/iu.exec(
      question,
    );
  if (fit) {
    const figure = fit[1] ?? fit[3] ?? '';
    const thousands = fit[2] ?? fit[4];
    const value = Number(figure.replace(/\s/g, '')) * (thousands ? 1000 : 1);
    if (value > 0) return { op: '<=', value, said: `до ${value}`, money: true };
  }
  const m =
    /(?<!\p{L})(не\s+)?(дешевле|меньше|менее|ниже|до|в\s+пределах|максимум|быстрее|короче|дороже|больше|более|свыше|выше|от|дольше|длиннее)\s+(?:чем\s+)?(?:за\s+)?(\d[\d\s]*(?:[.,]\d+)?|(?:тысяч|тыщ)\p{L}*)/iu.exec(
      question,
    );
  if (!m?.[2] || !m[3]) {
    // "Что делаете за 5 минут?", "какой ремонт за 1 день": done within that time, asked which (not
    // "за 2 часа до начала", a time before; not a cancellation's "отменим за двое суток" nor a
    // price's "3 000 за полчаса").
    if (!WHICH.test(question)) return undefined;
    const order = ORDER_AMOUNT.exec(question);
    if (order?.[1]) {
      const value = Number(order[1].replace(/\s/g, ''));
      if (value > 0) return { op: '<=', value, money: true, threshold: true, said: `заказ на ${value}` };
    }
    const within = NOT_WITHIN.test(question) ? null : WITHIN.exec(question);
    if (within?.[1] && within[2]) {
      const value = Number(within[1].replace(',', '.'));
      return { op: '<=', value: value * unitMinutes(within[2]), minutes: true, said: within[0] };
    }
    return undefined;
  }
  const after = question.slice((m.index ?? 0) + m[0].length);
  // "до 5 тысяч": the multiplier is said too (its word is the comparison's, not the table's).
  const multiplier = /^\s*(?:тыс|тысяч|тыщ)\p{L}*\.?/iu.exec(after)?.[0] ?? '';
  const value = /^\p{L}/u.test(m[3])
    ? 1000
    : Number(m[3].replace(/\s/g, '').replace(',', '.')) * (multiplier ? 1000 : 1);
  const word = m[2].toLowerCase().replace(/\s+/g, ' ');
  // "в пределах 4 тысяч", "максимум 3000": at most.
  const atMost = word === 'в пределах' || word === 'максимум';
  const below = atMost || /^(?:дешевле|меньше|менее|ниже|до|быстрее|короче)$/.test(word);
  const inclusive = atMost || word === 'до' || word === 'от' || Boolean(m[1]);
  let op: Comparison['op'] = below ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>';
  // "не дороже 500" is "at most 500", "не меньше 3" is "at least 3".
  if (m[1]) op = below ? '>=' : '<=';
  // "дольше 2 часов", "меньше 30 минут": a duration, compared in minutes.
  const unit = multiplier ? undefined : DURATION_AFTER.exec(after);
  if (unit?.[1] && /^\d/.test(m[3])) {
    const said = `${m[0]}${UNIT_WORDS.exec(after)?.[0] ?? ''}`.trim();
    // "гарантия больше 2 лет", "дольше полугода": a term, compared in months.
    if (/^(?:лет|год|мес)/i.test(unit[1]))
      return { op, value: /^мес/i.test(unit[1]) ? value : value * 12, months: true, said };
    return { op, value: value * unitMinutes(unit[1]), minutes: true, said };
  }
  // "Какой мёд подешевле, чтоб до 600 за пол кило?": money, however far from the figure it is said.
  const money =
    /^(?:дешевле|дороже)$/.test(word) ||
    /^\s*(?:тыс\p{L}*\.?\s*)?(?:руб|р(?!\p{L})|₽)/iu.test(after) ||
    PRICE_WORDS.test(question);
  return { op, value, said: `${m[0]}${multiplier}`.trim(), ...(money ? { money } : {}) };
}

/** The unit of a duration after a compared figure ("дольше 2 часов", "быстрее 3 рабочих дней"). */
const DURATION_AFTER = new RegExp(
  String.raw`^\s*${DAYS_KIND}(ч(?!\p{L})|час|мин|лет(?!\p{L})|год|мес|дн|день|сут)`,
  'iu',
);
/** The words of that unit, shown with the figure ("быстрее 2 рабочих дней"). */
const UNIT_WORDS = new RegExp(String.raw`^\s*${DAYS_KIND}\p{L}+`, 'u');
/** An order's amount said ("закажу на 8000", "если заказ на 3000", "покупка на 5 000"). */
const ORDER_AMOUNT =
  /(?<!\p{L})(?:заказ\p{L}*|закаж\p{L}*|покупк\p{L}*|куплю|покупаю|чек)\s+(?:\p{L}+\s+)?на\s+(\d{1,3}(?:\s\d{3})+|\d+)(?![\d\s]*\d)(?!\s*(?:тыс|тыщ|час|мин|дн|день|сут|недел|месяц|год|лет|чел|гост|персон|шт|штук|кг|г(?!\p{L})|л(?!\p{L})|м(?!\p{L})))/iu;
/** A column of a threshold of money an amount reaches: "Бесплатно от, ₽", "Минимальный заказ" (not "Гостей от"). */
const THRESHOLD_COLUMN = /^(?=.*(?:₽|руб|заказ|сумм|бесплатн))(?=.*(?:(?<!\p{L})от(?!\p{L})|минимальн|минимум))/iu;
/** A question asking which: a duration said with "за" ("за 5 минут") is then a bound of the rows' time. */
const WHICH = /(?<!\p{L})(?:как(?:ой|ая|ое|ие|их|им|ую)|что|чего)(?!\p{L})/iu;
/** "За 5 минут", "за 1 день": a duration said with "за", not followed by "до" (a time before). */
const WITHIN =
  /(?<!\p{L})за\s+(\d+(?:[.,]\d+)?)\s*(ч(?!\p{L})|час\p{L}*|мин\p{L}*|дн\p{L}*|день|сут\p{L}*)(?!\p{L})(?!\s+до(?!\p{L}))/iu;
/** Words of a time before (a cancellation's) or of a price: "за 2 суток" is no time to do a thing then. */
const NOT_WITHIN =
  /отмен|перен[еоё]с|предупре|стои|цен[аыуе]|почем|почём|руб(?!\p{L})|рубл|тыщ|тыс|₽|аренд|прокат|входит|включ/iu;

/** A question asking for a list ("какие", "что из", "в каких"), which a category value can answer. */
const LIST_QUESTION =
  /(?<!\p{L})(?:какие|каких|каким|какими|что\s+(?:у\s+вас\s+)?(?:есть\s+)?из|из\s+(?:\p{L}+\s+){1,3}что|что\s+(?:у\s+вас\s+)?(?:на\s+(?:этой\s+)?неделе\s+|сегодня\s+|завтра\s+)?(?:есть\s+)?(?:с|со|без)\s+\p{L}{4,}|что-?нибудь|перечисл)/iu;
/** Whether the words of a question may name rows by their other cells: a list or a superlative question. */
export const describesRows = (question: string): boolean => LIST_QUESTION.test(question) || asksSuperlative(question);

/** A column of prices: what a comparison of money is first about, and shown beside the rows listed. */
const PRICE_COLUMN = /цен|стоим|руб|₽|прайс/i;
/** A price cell saying it costs nothing. */
const FREE = /^(?:бесплатн\p{L}*|0(?:\s*(?:₽|руб\.?))?)$/iu;
/** A cell that is a figure, or begins with one said with words ("2100 за пару", "от 900"). */
const saysFigure = (value: string) => cellNumber(value) !== undefined || /^(?:от\s+)?\d/.test(value);

/** More rows than this named by a word of a question that is not a list question: see filterTable. */
const MANY_NAMED = 2;

/** The score of the rows a list question's word names: below a filter the question also names. */
const ROWS_OF_WORD = 0.6;

/** A question asking what there is, or where to go ("что у вас есть для…", "куда можно ходить"). */
const AVAILABLE = /(?<!\p{L})(?:что|куда|есть)(?!\p{L})/u;

/**
 * How many come, as a question counts them ("нас будет человек 11", "нас 11 человек", "компанией
 * из 8", "нас 7, …"; not "у нас 2 ребёнка", "нас 2 взрослых и 3 детей").
 */
const PEOPLE_COUNT =
  /(?<!\p{L})(?:человек|гостей|персон)\s+(\d{1,3})(?!\d)|(?<![\d,])(\d{1,3})\s+(?:человек|гост\p{L}*|персон\p{L}*)|компани\p{L}*\s+(?:из\s+)?(\d{1,3})(?!\d)|(?<!\p{L})(?:мы|нас|приезжаем|приедем|придем|придём)\s+(?:будет\s+)?(?:на\s+|(?=\d{1,2}\s*(?:[,.!?;]|$)))(\d{1,2})(?!\d|[,.]\d)(?!\s*(?:₽|руб|%|час|мин|дн|ноч|сут|недел|месяц|год|лет))/u;
/** The stems of the company's noun ("человек 11"): the filter's own words when a company is counted. */
const PEOPLE_STEM = /^(?:человек|гост|персон)/;
/** Adults and children counted apart ("2 взрослых и 3 детей", "двое взрослых и ребёнок"): the company is their sum. */
const ADULTS_AND_CHILDREN =
  /(?<!\d)(\d{1,2})\s+взросл\p{L}*\s+(?:и|\+|плюс)\s+(?:(\d{1,2})\s+)?(?:дет\p{L}*|ребен\p{L}*|ребён\p{L}*|малыш\p{L}*)/u;
export const peopleOf = (question: string): number | undefined => {
  const family = ADULTS_AND_CHILDREN.exec(question);
  if (family) return Number(family[1]) + Number(family[2] ?? 1);
  const m = PEOPLE_COUNT.exec(question);
  const n = m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4];
  return n ? Number(n) : undefined;
};
/** How many a cell of capacity takes: "до 12 человек", "12 мест", "12". */
export const capacityOf = (value: string): number | undefined => {
  const m = /^(?:до\s*)?(\d{1,3})(?:\s*(?:человек|чел\.?|мест\p{L}*|гост\p{L}*|персон\p{L}*))?$/iu.exec(value.trim());
  return m?.[1] ? Number(m[1]) : undefined;
};

/**
 * "Самая дешёвая", "дороже всего", "самая большая", "самый лёгкий": the lowest or highest price,
 * capacity or weight asked for.
 */
const SUPERLATIVE =
  /(?<!\p{L})(?:сам(?:ый|ая|ое|ые|ую|ого|ой|ых|ым|ыми)\s+(дешев|недорог|бюджетн|дорог|больш|вместительн|просторн|маленьк|легк|тяжел)\p{L}*|(дешевле|дороже|больше|меньше|легче|тяжелее)\s+всего)(?!\p{L})/u;
/** The stems of a superlative's words ("дешёвая", "дорогой"): the filter's own when one is asked. */
const SUPERLATIVE_STEM =
  /^(?:сам|дешев|недорог|бюджетн|дорог|дорож|больш|вместительн|просторн|маленьк|меньш|легк(?!ов)|легч|тяжел)/;
/** A column of weights ("Вес, кг", "Масса"), which "самый лёгкий" asks of. */
const WEIGHT_COLUMN = /(?<!\p{L})(?:вес|масс[аы]?)(?!\p{L})/iu;
const asksSuperlative = (question: string): boolean => superlativeOf(question) !== undefined;
function superlativeOf(
  question: string,
): { of: 'price' | 'capacity' | 'weight'; lowest: boolean; said: string } | undefined {
  const m = SUPERLATIVE.exec(question.replace(/ё/g, 'е'));
  const word = m?.[1] ?? m?.[2];
  if (!m || !word) return undefined;
  if (/^(?:легк|легче|тяжел)/.test(word)) return { of: 'weight', lowest: !word.startsWith('тяжел'), said: m[0] };
  // "Что стоит меньше всего": a price, though "меньше" alone is of a size.
  // Not "платформа", nor the "цен" of "процент".
  const priced =
    /^(?:дешев|недорог|бюджетн|дорог|дешевле|дороже)/.test(word) || /стои|(?<!про)цен|плат(?!форм)/u.test(question);
  const of = priced ? 'price' : 'capacity';
  return { of, lowest: /^(?:дешев|недорог|бюджетн|маленьк|меньше)/.test(word), said: m[0] };
}

/** A cell of money or a share ("500 ₽", "15 %", "от 300 руб."). */
const MONEY_OR_SHARE = /^(?:от\s+|до\s+|[−-]\s*)?\d[\d\s.,]*\s*(?:%|₽|руб)/iu;
/** What the rows' column named by a list question's word adds to how much the question is about a table. */
const LISTED_AS_BONUS = 0.05;
/** The words a list question lists by: the one or two after "какие", "что из" ("какое защитное покрытие"). */
export const LISTED_WORDS =
  /(?<!\p{L})(?:какие|каких|какой|какая|какое|какую|что\s+(?:у\s+вас\s+)?(?:есть\s+)?из)\s+(?:(?:у\s+вас|есть)\s+)*(\p{L}+)(?:\s+(\p{L}+))?/u;
/** Of price lists named alike, the longer wins ("что есть до тыщи?": the catalogue, not the delivery zones). */
const LONGER_TABLE = 0.0001;
/** Words of cheapness, said with a price compared ("недорогое до тыщи"). */
const CHEAP_STEM = /^(?:дешев|недорог|бюджетн)/;
/** What an age or a company narrowing the rows adds to the score of the filter it narrows. */
const NARROWED_BONUS = 0.1;

/** A question asking at what time ("во сколько", "когда", "со скольки"). */
const TIME_QUESTION = /(?<!\p{L})(?:во\s+сколько|со\s+скольки|когда)(?!\p{L})/u;
/** The days asked of the rows listed ("какие группы и в какие дни?"). */
const DAYS_QUESTION = /(?<!\p{L})(?:в\s+какие\s+дни|по\s+каким\s+дням|в\s+какое\s+время)(?!\p{L})/u;
/** A timetable's column of times ("Время", "Начало"). */
const TIME_COLUMN = /^(?:время|начало)/iu;
/** A question of a time, a number or a price, which a yes/no column does not answer. */
const AMOUNT_QUESTION =
  /(?<!\p{L})(?:во\s+сколько|до\s+скольки|со\s+скольки|сколько|насколько|когда|почем|почём)(?!\p{L})/u;

/** A question asking what something costs. */
const PRICE_QUESTION =
  /(?<!\p{L})(?:почем|почём|цен[аыуе]|стоимост\p{L}*|сколько\s+(?:\p{L}+\s+){0,2}?(?:стои|будет\s+стоить|обойд|обход)\p{L}*|стоят)(?!\p{L})/u;

/** How many days a question rents for ("на 2 недели", "на 5 дней", "на месяц"). */
function daysOf(question: string): number | undefined {
  const m = /(?<!\p{L})(?:на|за)\s+(?:(\d{1,3})\s+)?(дн|день|дня|дней|сут|недел|месяц)\p{L}*/u.exec(question);
  if (!m) return undefined;
  const n = Number(m[1] ?? 1);
  const unit = m[2] ?? '';
  return unit === 'недел' ? n * 7 : unit === 'месяц' ? n * 30 : n;
}
/**
 * Of the price columns by rental length ("Сутки при аренде 1–3 дня", "4–7 дней", "от 8 дней"),
 * the one whose range holds the days asked.
 */
function byLength(columns: string[], days: number | undefined): string | undefined {
  if (days === undefined || columns.length < 2) return undefined;
  return columns.find((c) => {
    const range = /(\d+)\s*[–—-]\s*(\d+)\s*(?:дн|день|дня|дней|сут)/u.exec(c);
    if (range) return days >= Number(range[1]) && days <= Number(range[2]);
    const from = /(?:от\s*(\d+)|(\d+)\s*\+|(\d+)\s*(?:дн\p{L}*|сут\p{L}*)\s+и\s+(?:более|больше|дольше))/u.exec(c);
    if (from) return days >= Number(from[1] ?? from[2] ?? from[3]);
    const upTo = /до\s*(\d+)\s*(?:дн|день|дня|дней|сут)/u.exec(c);
    return upTo ? days <= Number(upTo[1]) : false;
  });
}

/** A column of money, though it names guests ("Доплата за гостя"): no capacity. */
// Not "Платформа".
const MONEY_COLUMN = new RegExp(`${PRICE_COLUMN.source}|плат(?!форм)`, 'i');

/** A column counting people: places, guests, persons. */
export const PEOPLE = /мест|чел|гост|персон|вмест|взросл/i;

/**
 * The number of people or things a list or "is there" question asks a row for ("номер на 3
 * есть?", "какие столики для 6"; quantities.ts wrote "на троих" as "на 3"), not a price's.
 */
function countOf(question: string, listed: boolean): number | undefined {
  // "Есть…?", "бывают…?", and "в какой номер мы влезем / поместимся", which asks for a row that takes them.
  if (
    !listed &&
    !/(?<!\p{L})(?:есть|имеется|имеются|бывают|влез\p{L}*|помест\p{L}*|уместим\p{L}*)(?!\p{L})/u.test(question)
  )
    return undefined;
  if (AMOUNT_QUESTION.test(question) || /стои|цен[аыуе]/u.test(question)) return undefined;
  const m =
    /(?<!\p{L})(?:на|для)\s+(\d{1,2})(?!\d|[,.]\d)(?!\s*(?:₽|руб|р\.|%|час|мин|дн|ноч|сут|недел|месяц|год|лет|км|м(?!\p{L})|кг|г(?!\p{L})|л(?!\p{L})))/iu.exec(
      question,
    );
  return m?.[1] ? Number(m[1]) : undefined;
}

/** A child's age in a question ("сыну 3 года", "для 5 лет": quantities.ts writes "трёхлеток" so). */
const AGE = /(?<![\d,])(\d{1,2}(?:,5)?)\s*(?:год|года|лет)(?!\p{L})/u;
/** The stems of an age's years ("года", "лет"): the filter's own words when an age is named. */
const AGE_STEM = /^(?:год|лет)$/;
/**
 * Whether a stem is the years of an age the question names ("сын (6 лет)"): it names no column
 * ("Проводится летом" stems to "лет" too).
 */
export const ageYears = (question: string) => (stem: string) => AGE.test(question) && AGE_STEM.test(stem);
/** Whose age it is ("дочке 8 лет", "сыну 5"): the filter's own words too. */
const CHILD_STEM = /^(?:доч|дочк|дочер|сын|ребен|ребенк|малыш|внук|внучк|дет)$/;
/** What a timetable lists, as asked ("занятия по субботам", "группа вечером"): its own words. */
const CLASS_STEM = /^(?:заняти|занят|групп|урок|тренировк|секци|кружк|курс)$/;
const ageOf = (question: string): number | undefined => {
  const m = AGE.exec(question);
  return m?.[1] ? Number(m[1].replace(',', '.')) : undefined;
};

/** The ages a cell gives ("3–4 года", "1,5–3 года", "от 7 лет", "7+", "до 3 лет"), both ends included. */
function ageRange(value: string): [number, number] | undefined {
  const n = (x: string | undefined) => Number((x ?? '').replace(',', '.'));
  const range =
    /(\d+(?:,\d+)?)\s*[–—-]\s*(\d+(?:,\d+)?)\s*(?:год|лет)/u.exec(value) ??
    /(?<!\p{L})(?:от|с)\s*(\d+(?:,\d+)?)\s*(?:\p{L}+\s+)?до\s*(\d+(?:,\d+)?)\s*(?:год|лет)/u.exec(value);
  if (range) return [n(range[1]), n(range[2])];
  const from = /(?<!\p{L})(?:от|с)\s*(\d+(?:,\d+)?)\s*(?:год|лет)|(\d+)\s*\+/u.exec(value);
  if (from) return [n(from[1] ?? from[2]), Number.POSITIVE_INFINITY];
  const upTo = /(?<!\p{L})до\s*(\d+(?:,\d+)?)\s*(?:год|лет)/u.exec(value);
  return upTo ? [0, n(upTo[1])] : undefined;
}

/** "3 года", "5 лет": an age as a head of the rows listed. */
const years = (age: number) => {
  const last = Math.floor(age) % 10;
  const teen = Math.floor(age) % 100 >= 11 && Math.floor(age) % 100 <= 14;
  const word = !Number.isInteger(age) ? 'года' : teen || last === 0 || last >= 5 ? 'лет' : last === 1 ? 'год' : 'года';
  return `${String(age).replace('.', ',')} ${word}`;
};

/** "Кто в воскресенье стрижёт?": the people of a timetable asked by the day. */
const WHO_ASKS = /(?<!\p{L})кто(?!\p{L})/u;
/** A question asking what a timetable has, or when: "что есть…", "какие…", "во сколько", "кто…" (not "до скольки вы открыты"). */
const timetableQuestion = (question: string, listed: boolean): boolean =>
  (listed || AVAILABLE.test(question) || TIME_QUESTION.test(question) || WHO_ASKS.test(question)) &&
  !/до\s+скольки|со\s+скольки/u.test(question);

/**
 * Whether a question may filter a table: a comparison with a number, a time of day or days asked
 * of a timetable, a list or count question, an age, a company, a superlative.
 */
export const filtersTable = (question: string): boolean =>
  comparisonOf(question) !== undefined ||
  ((timeWanted(question) !== undefined || daysWanted(question) !== undefined) &&
    timetableQuestion(question, LIST_QUESTION.test(question))) ||
  LIST_QUESTION.test(question) ||
  countOf(question, false) !== undefined ||
  AGE.test(question) ||
  PEOPLE_COUNT.test(question) ||
  asksSuperlative(question);

/** Lines said once each, in their order (two groups of one course list it once). */
const distinct = (lines: string[]): string[] => lines.filter((x, i, all) => all.indexOf(x) === i);

/** Rows grouped by their table (its column names), each row once. */
function byTable(rows: TableRow[]): TableRow[][] {
  const tables = new Map<string, TableRow[]>();
  for (const row of rows) {
    const list = tables.get(row.table) ?? [];
    if (!list.some((r) => r.text === row.text)) list.push(row);
    tables.set(row.table, list);
  }
  return [...tables.values()];
}

/** A cell's values: "кошки и собаки" and "чума, гепатит, бешенство" hold several of a category. */
const itemsOf = (value: string): string[] =>
  value
    .split(/\s*[,;/]\s*|\s+(?:и|или)\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !DASH.test(s));
/** A cell saying "none" with a dash, and the share of a named category column's cells that may. */
const DASH = /^\s*[—–-]\s*$/;
const DASH_SHARE = 0.25;

/** The cell of `column` in a row, '' when the row has none. */
const cellOf = (row: TableRow, column: string) => row.cells.find(([n]) => n === column)?.[1] ?? '';

/** A value named by a word of its own (its stem or another form of it). */
const OWN_VALUE = 0.9;

/** A category column has at most this share of kinds among its values (the rest are repeats). */
const CATEGORY_SHARE = 0.6;

/** The share of a column's values that differ. */
function distinctShare(rows: TableRow[], column: string): number {
  const values = rows.map((r) => cellOf(r, column));
  return values.length ? new Set(values).size / values.length : 0;
}

/** The share of a column of names whose cells may be figures alone. */
const FIGURE_NAMES = 0.2;

/**
 * The column that names a row: the first, unless its values repeat (a category first, as in
 * "Категория: Верхняя одежда; Услуга: Пальто шерстяное") or are codes ("Артикул: SP-101;
 * Модель: Stels Navigator 300"), and a later column of words has a value of its own in most rows.
 * A column of words may name a few rows by a figure (a window profile "Система: 88" among
 * "Geneo" and "Softline 82"): no yes or no, and figures alone in at most a fifth of its rows.
 */
function nameColumn(rows: TableRow[]): string {
  const columns = rows[0]?.cells.map(([name]) => name) ?? [];
  const first = columns[0] ?? '';
  if (rows.length < 3 || (distinctShare(rows, first) > CATEGORY_SHARE && !datesFirst(rows) && !codesFirst(rows, first)))
    return first;
  const words = (c: string) =>
    rows.every((r) => {
      const v = cellOf(r, c);
      return !YES.test(v) && !NO.test(v);
    }) && rows.filter((r) => cellNumber(cellOf(r, c)) !== undefined).length <= rows.length * FIGURE_NAMES;
  const named = columns.slice(1).find((c) => distinctShare(rows, c) > CATEGORY_SHARE && words(c));
  if (named || !codesFirst(rows, first)) return named ?? first;
  // Codes first and each name in several rows (a pizza in three sizes, "P01-25", "P01-30"): the
  // column of words whose values repeat least names them.
  let most: string | undefined;
  for (const c of columns.slice(1))
    if (words(c) && (!most || distinctShare(rows, c) > distinctShare(rows, most))) most = c;
  return most && distinctShare(rows, most) > 1 / rows.length ? most : first;
}

/** A code's column by its name ("Артикул", "Код товара", "№") or a code of figures and capitals ("SP-101", "W 75/3"). */
const CODE_COLUMN = /^(?:артикул|арт\.|код|№|sku|id)(?!\p{L})/iu;
const CODE_CELL = /^(?=.*\d)[\p{Lu}\d][\p{Lu}\d\s./-]*$/u;

/** Whether a table's first column holds codes (an article number): its rows are named by a later column. */
function codesFirst(rows: TableRow[], first: string): boolean {
  return (
    CODE_COLUMN.test(first) || rows.filter((r) => CODE_CELL.test(cellOf(r, first).trim())).length >= rows.length * 0.8
  );
}

/** A date as a timetable writes it: "05.04.2025", "5.04", "5 декабря 2025". */
const DATE_CELL = /^\d{1,2}(?:[./](\d{1,2})(?:[./]\d{2,4})?|\s+(\p{L}+)(?:\s+\d{4})?)$/u;

/** The month of a cell that is a date ("05.04.2025" → 4, "5 декабря" → 12), else undefined. */
function monthOfDate(cell: string): number | undefined {
  const m = DATE_CELL.exec(cell.trim());
  if (!m) return undefined;
  if (!m[1]) return monthOf((m[2] ?? '').toLowerCase());
  // "18.30" and "12.50" are a time and a price, no date.
  const month = Number(m[1]);
  return month >= 1 && month <= 12 ? month : undefined;
}

/** Whether a column holds dates in most rows (a timetable's "Дата", a course's "Начало"). */
const holdsDates = (rows: TableRow[], column: string): boolean =>
  rows.filter((r) => monthOfDate(cellOf(r, column)) !== undefined).length >= rows.length * 0.8;

/** Whether a table's first column holds dates (a timetable by date): its rows are named by a later column. */
function datesFirst(rows: TableRow[]): boolean {
  return rows.length >= 3 && holdsDates(rows, rows[0]?.cells[0]?.[0] ?? '');
}

/** A timetable by date holding the month asked is the table asked about, more than one without dates. */
const MONTH_BONUS = 0.1;

/** A row's name as an answer lists it: a timetable's date before the name of what is on it. */
function rowLabel(rows: TableRow[], nameOf: string, dated: boolean): (r: TableRow) => string {
  const columns = rows[0]?.cells.map(([c]) => c) ?? [];
  const first = columns[0] ?? '';
  if (dated && first !== nameOf) return (r) => `${cellOf(r, first)}, ${cellOf(r, nameOf)}`;
  // A name that repeats (a brand: "Бренд: Royal Canin; Корм: Kitten") is told apart by the next
  // column of words that does.
  const names = rows.map((r) => cellOf(r, nameOf));
  const next = columns[columns.indexOf(nameOf) + 1];
  const apart =
    new Set(names).size < names.length &&
    next !== undefined &&
    distinctShare(rows, next) > distinctShare(rows, nameOf) &&
    rows.every((r) => {
      const v = cellOf(r, next);
      return v !== '' && cellNumber(v) === undefined && !YES.test(v) && !NO.test(v) && v.length <= 60;
    });
  return apart ? (r) => `${cellOf(r, nameOf)} ${cellOf(r, next)}` : (r) => cellOf(r, nameOf);
}

/** The name of each row (see nameColumn), read table by table. */
export function rowNamesOf(rows: TableRow[]): Map<TableRow, string> {
  const columnOf = new Map(byTable(rows).map((table) => [table[0]?.table, nameColumn(table)]));
  return new Map(rows.map((r) => [r, cellOf(r, columnOf.get(r.table) ?? '')]));
}

/**
 * A column after the first whose values are words repeated across rows (at least two kinds, at
 * most CATEGORY_SHARE of the values; not numbers, not yes/no), a cell holding one or a list of
 * them: a category such as "Мастер", "Тип" or "От чего".
 */
function categoryColumns(rows: TableRow[]): { column: string; dashed: boolean }[] {
  const name = nameColumn(rows);
  const columns = rows[0]?.cells.map(([column]) => column).filter((column) => column !== name) ?? [];
  return columns.flatMap((column) => {
    const values = rows.map((r) => cellOf(r, column));
    const items = values.flatMap(itemsOf);
    const kinds = new Set(items);
    // A dash says the row has none ("Аллергены: —" of a drink); a column of mostly dashes is notes.
    const dashes = values.filter((v) => DASH.test(v)).length;
    const category =
      rows.length >= 3 &&
      dashes <= rows.length * DASH_SHARE &&
      kinds.size >= 2 &&
      kinds.size <= items.length * CATEGORY_SHARE &&
      items.every((v) => cellNumber(v) === undefined && !YES.test(v) && !NO.test(v) && v.length <= 40);
    return category ? [{ column, dashed: dashes > 0 }] : [];
  });
}

/** The values of a table's category columns: `plain`, of those no row of which says "—"; `dashed`, of the others. */
export interface CategoryValues {
  plain: readonly string[];
  /** Of a column some of whose rows say "—": a category only when the question names the column. */
  dashed: readonly string[];
}

/**
 * The values of the category columns of these rows' tables (the stems of both kinds are wanted).
 * Asked of the same rows by message after message: kept for the last sets of rows seen (reading
 * every cell of every column again was a tenth of what a message allocated).
 */
export function categoryValues(rows: TableRow[]): CategoryValues {
  if (rows.length < 3) return NO_VALUES;
  const key = rows.map((r) => r.text).join('\n');
  const kept = valuesCache.get(key);
  if (kept) return kept;
  const plain = new Set<string>();
  const dashed = new Set<string>();
  for (const table of byTable(rows))
    for (const c of categoryColumns(table))
      for (const r of table) for (const v of itemsOf(cellOf(r, c.column))) (c.dashed ? dashed : plain).add(v);
  const values = { plain: [...plain], dashed: [...dashed].filter((v) => !plain.has(v)) };
  valuesCache.set(key, values);
  return values;
}

const NO_VALUES: CategoryValues = { plain: [], dashed: [] };
const valuesCache = lru<string, CategoryValues>(200);

/**
 * Whether a column's numbers are of the size compared with: "до 5 тысяч в месяц" is about the
 * price per month (thousands), not the lessons per month (8), though the question names both.
 */
function comparable(numbers: (number | undefined)[], value: number): boolean {
  const known = numbers.filter((n): n is number => n !== undefined).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)];
  // None left ("мест нет"): any count compares with it.
  if (value === 0) return median !== undefined;
  return median !== undefined && median * 20 >= value && median <= value * 20;
}

const holds = (n: number, c: Comparison) =>
  c.op === '<' ? n < c.value : c.op === '<=' ? n <= c.value : c.op === '>' ? n > c.value : n >= c.value;

/** Words that say a column's value is wanted absent ("без орехов", "неострое", "аллергия на орехи"). */
const ABSENT = /(?<!\p{L})(?:(?:без|не)\s*|(?:нет|аллерги\p{L}*\s+на|непереносимост\p{L}*)\s+)$/iu;
/** The stems of ABSENT's words that are no word of a table ("аллергия на"): the filter's own. */
const ABSENT_STEM = /^(?:аллерг|непереносим)/;

/** "На этой неделе", "на неделе": the whole of a week's sheet. */
const THIS_WEEK = /(?<!\p{L})на\s+(?:этой\s+|текущей\s+|всей\s+)?неделе(?!\p{L})/u;
const WEEK_STEM = /^недел/;

/** A timetable's column of days ("Дни: сб, вс"): the one whose cells name weekdays in half the rows or more. */
export function dayColumnOf(rows: TableRow[], except?: string): string | undefined {
  const columns = [...new Set(rows.flatMap((r) => r.cells.map(([name]) => name)))];
  return columns.find(
    (c) => c !== except && rows.filter((r) => weekdaysOf(cellOf(r, c)).length > 0).length >= rows.length / 2,
  );
}

/**
 * The stems a question's filter says in words of its own, which name no column, no row and no
 * category's value: "аллергия на" (what a yes/no column must not have), the years of an age ("3
 * года"), the company's "человек", a superlative's "самая дешёвая".
 */
export function filterOwnStem(question: string): (stem: string) => boolean {
  const own = [ABSENT_STEM];
  if (AGE.test(question)) own.push(AGE_STEM, CHILD_STEM);
  if (PEOPLE_COUNT.test(question)) own.push(PEOPLE_STEM);
  if (asksSuperlative(question)) own.push(SUPERLATIVE_STEM);
  // "Что-нибудь недорогое, до тыщи?": the cheapness is the comparison's.
  else if (comparisonOf(question)) own.push(CHEAP_STEM);
  if (timeWanted(question) || daysWanted(question)) own.push(TIME_OWN_STEM, CLASS_STEM);
  // "Что на этой неделе с орехами?": the whole week's sheet, no day of it.
  if (THIS_WEEK.test(question)) own.push(WEEK_STEM);
  return (stem) => own.some((re) => re.test(stem));
}
/**
 * Whether the question says the opposite of a column's word in "без-"/"бес-" ("платное" of
 * "Пробное бесплатно", "с сахаром" is not read so: only the word without its prefix), or says a
 * word of the column after "не" ("пробное не бесплатное").
 */
function saysOpposite(column: string, question: string): boolean {
  const words = (question.toLowerCase().match(/\p{L}+/gu) ?? []).map((w) => w.replace(/ё/g, 'е'));
  const negated = letterWords(column, 4).some((c) =>
    words.some((q, i) => words[i - 1] === 'не' && q.startsWith(c.slice(0, Math.min(5, c.length - 1)))),
  );
  if (negated) return true;
  return (column.toLowerCase().match(/(?<!\p{L})бе[сз](\p{L}{4,})/gu) ?? []).some((w) => {
    const root = w.slice(3, 8);
    // "без глютена" of "Безглютеновое" says the same, not the opposite.
    return words.some((q, i) => q.startsWith(root) && !/^(?:без|бес|не)$/.test(words[i - 1] ?? ''));
  });
}

/** A text's words of letters (of `min` letters or more), lower-cased and with "ё" as "е", as cells are read against stems. */
export const letterWords = (text: string, min = 1): string[] =>
  (
    text
      .toLowerCase()
      .replace(/ё/g, 'е')
      .match(/\p{L}+/gu) ?? []
  ).filter((w) => w.length >= min);

/** A text's words of three letters or more, by their first four ("стрижет" and "Стрижёт" alike). */
const saidWords = (text: string): string[] => letterWords(text, 3).map((w) => w.slice(0, 4));

/** A column of one day of the week ("Пн", "Вторник"), as a week's schedule has seven. */
const DAY_COLUMN =
  /^\s*(?:пн|вт|ср|чт|пт|сб|вс|понедельник|вторник|среда|четверг|пятница|суббота|воскресенье)\.?\s*$/iu;
/** How surely a day asked filters a week's schedule: over a column named in full ("кто … стрижёт" of "Стрижёт детей"). */
const WEEK_DAY = 1.05;

/** A column that says an absence: "Без глютена", "Не содержит сахара". */
const ABSENT_COLUMN = /^\s*(?:без|не)(?!\p{L})/iu;
/** A column whose one word says the absence ("Беззерновой", "Бесплатно"). */
const FUSED_ABSENT = /^\s*бе[сз]\p{L}{3,}/iu;

export interface FilterInput {
  rows: TableRow[];
  /** Where a word of the question naming a column stands (its own words, synonyms or roots), -1 if none. */
  columnSaidAt?: (column: string) => number;
  /** The question with its numbers in figures, lower-cased. */
  question: string;
  /** How well the question names a column, 0–1 (stems, synonyms and roots of the question's words). */
  namesColumn: (column: string) => number;
  /** How well the question names a row by its first cell, 0–1, leaving out the words that name a column or a category. */
  namesRow: (row: TableRow) => number;
  /**
   * Whether a word of the question that may name a row is said in the row's other cells ("для
   * водителей" of "Назначение: для водителей…", "пионов" of "Состав: 5 роз, 2 пиона…").
   */
  describesRow?: (row: TableRow) => boolean;
  /** Where in the question the column's word is, or -1 (for "без <столбец>"). */
  columnAt: (column: string) => number;
  /** How much of the question the table's column names explain, 0–1: which of two tables is meant. */
  aboutTable: (columns: string[]) => number;
  /**
   * Whether the word a list question lists by ("какие столешницы", "что из доп услуг") names the
   * column of the rows' names ("Столешницы и фартуки"): the table is of those things.
   */
  listedAs?: (column: string) => boolean;
  /**
   * How well each word of the question names a value of a category column, 0–1 (the words in one
   * order for every value): two words naming two values of a column ("из хирургии и имплантации")
   * ask for either.
   */
  valueWords: (value: string) => number[];
  /**
   * Per word of the question (in valueWords' order), whether it names the value only as a
   * compound's later part ("велосипеды" of "электровелосипед").
   */
  partWords?: (value: string) => boolean[];
  maxChars: number;
}

/**
 * The answer to a question that filters a table, or undefined when the question does not filter
 * one: the rows of the best matching table whose yes/no column named by the question says yes
 * (no, for "без …"), or whose numeric column satisfies the question's comparison.
 */
export function filterTable(input: FilterInput): string | undefined {
  const comparison = comparisonOf(input.question);
  const listed = LIST_QUESTION.test(input.question);
  const count = countOf(input.question, listed);
  const asksAmount = AMOUNT_QUESTION.test(input.question);
  const asksPrice = PRICE_QUESTION.test(input.question);
  const age = ageOf(input.question);
  const people = peopleOf(input.question);
  const extreme = superlativeOf(input.question);
  // The time of day and the days asked (a timetable's rows, a price column by the hour).
  const timeAsked = timeWanted(input.question);
  const daysAsked = daysWanted(input.question);
  // The question's figures other than the comparison's and the count's (see holdsFigures below).
  const figures = (input.question.match(/\d+(?::\d+)?/g) ?? []).filter(
    (f) => Number(f) !== comparison?.value && Number(f) !== count,
  );
  // A month named ("что есть в апреле"): a timetable by date keeps that month's rows.
  const month = (input.question.match(/\p{L}+/gu) ?? []).map(monthOf).find((m) => m !== undefined);
  let best: { score: number; answer: string } | undefined;
  for (const table of byTable(input.rows)) {
    if (table.length < 3) continue;
    const columns = table[0]?.cells.map(([name]) => name) ?? [];
    const nameOf = nameColumn(table);
    const dated = datesFirst(table);
    const label = rowLabel(table, nameOf, dated);
    const ofMonth =
      month !== undefined && dated ? table.filter((r) => monthOfDate(r.cells[0]?.[1] ?? '') === month) : undefined;
    if (ofMonth?.length === 0) continue;
    const rows = ofMonth ?? table;
    // The columns other than the rows' names.
    const others = columns.filter((c) => c !== nameOf);
    const about =
      0.3 * input.aboutTable(columns) + (ofMonth ? MONTH_BONUS : 0) + (input.listedAs?.(nameOf) ? LISTED_AS_BONUS : 0);
    const valuesOf = (c: string) => rows.map((r) => cellOf(r, c));
    // A question about one row ("есть орехи в сырниках?") is answered by that row, not filtered;
    // a list question whose word names several rows ("какие коронки", of "Коронка
    // металлокерамическая", "Коронка E.max"…) asks for those rows.
    // A word naming many rows ("почистить" of "Чистка ковра", "Чистка кроссовок"…) outside a
    // list question is the trade's own word, not a row asked about.
    const named = rows.filter((r) => input.namesRow(r) >= 0.65);
    // A list question's word said in a row's other cells names that row too ("какие линзы для
    // водителей" of "Назначение: для водителей", "что из пионов" of "Состав: …2 пиона").
    const namedSet = new Set(named);
    const namedRows = listed
      ? rows.filter((r) => namedSet.has(r) || input.describesRow?.(r))
      : named.length <= MANY_NAMED
        ? named
        : [];
    const rowsOfWord = listed && namedRows.length >= 2;
    // A list question comparing ("что из доп услуг дешевле 300?") lists rows, whatever one row its
    // word names ("Мытьё дополнительной створки").
    const aboutRow = namedRows.length > 0 && !rowsOfWord && !(listed && comparison);
    // "Какие курсы на автомате и почём?": the rows listed with their prices.
    const moneyColumns = others.filter((c) => PRICE_COLUMN.test(c));
    const priceColumns = asksPrice ? moneyColumns : [];
    // The column of the rental length, or of the days and the hour, asked.
    const whenColumn = columnForWhen(moneyColumns, timeAsked, daysAsked?.days);
    const priceColumn =
      byLength(priceColumns, daysOf(input.question)) ?? (asksPrice ? whenColumn : undefined) ?? priceColumns[0];
    // A list whose values are the price column's names it after the filter's head.
    const priced = (head: string) => (priceColumn ? `${head}; ${priceColumn}:` : head);
    /** Each row with its cell of a column whatever it says (days, times), each line once. */
    const withValues = (picked: TableRow[], column: string) =>
      distinct(picked.map((r) => `${label(r)} — ${cellOf(r, column)}`));
    const list = (picked: TableRow[], column: string) =>
      picked.map((r) => {
        const name = label(r);
        const value = cellOf(r, column || priceColumn || '');
        return value && (saysFigure(value) || FREE.test(value)) ? `${name} — ${value}` : name;
      });
    // A column some of whose rows say "—" ("Аллергены: —" of a drink) is a category when the
    // question names it ("аллергия на орехи"); unnamed, it is more often notes.
    const categories = categoryColumns(rows)
      .filter((c) => !c.dashed || input.namesColumn(c.column) >= 0.65)
      .map((c) => c.column);
    /** Category columns the question names a value of ("для кошек", "от лептоспироза"). */
    const valued: { column: string; values: string[]; score: number; own: Set<number> }[] = [];
    for (const column of others) {
      // A day's column of a week's schedule holds hours and "выходной", which "в воскресенье" names
      // through its synonym; the day asked is read by the schedule's own filter below.
      if (aboutRow || !categories.includes(column) || DAY_COLUMN.test(column)) continue;
      const items = [...new Set(valuesOf(column).flatMap(itemsOf))];
      const byWord = items.map(input.valueWords);
      // Each word's values: those it names best ("роллы" of "Роллы" and "Запечённые роллы"), none
      // when it names every value alike.
      const chosen = new Map<string, number>();
      /** The words naming values of this column by their own word (not a synonym). */
      const own = new Set<number>();
      /** The values only a compound's later part names. */
      const byPart = new Set(items);
      for (let w = 0; w < (byWord[0]?.length ?? 0); w++) {
        const scored = items.map((v, i) => ({ v, s: byWord[i]?.[w] ?? 0 }));
        const top = Math.max(0, ...scored.map((x) => x.s));
        const tops = scored.filter((x) => x.s === top);
        if (top >= 0.65 && tops.length < items.length) {
          if (top >= OWN_VALUE) own.add(w);
          for (const { v } of tops) {
            chosen.set(v, Math.max(chosen.get(v) ?? 0, top));
            if (!input.partWords?.(v)[w]) byPart.delete(v);
          }
        }
      }
      // A value named by its own word leaves out those a compound's part names ("горные
      // велосипеды": "горный", not "электровелосипед").
      const strongest = Math.max(0, ...chosen.values());
      const values = [...chosen.keys()].filter((v) => strongest < OWN_VALUE || !byPart.has(v));
      if (values.length) valued.push({ column, values, score: strongest, own });
    }
    // The rows holding a value of every column named; a word naming values of several columns by
    // itself ("орехи" of "Состав: грецкий орех" and of "Аллергены: орехи (фундук)") keeps a row
    // holding one in any of them.
    const inColumn = (r: TableRow, c: (typeof valued)[number]) =>
      itemsOf(cellOf(r, c.column)).some((v) => c.values.includes(v));
    const eitherOf = [...new Set(valued.flatMap((c) => [...c.own]))]
      .map((w) => valued.filter((c) => c.own.has(w)))
      .filter((group) => group.length >= 2);
    const ofValues = (r: TableRow) =>
      valued.every((c) => eitherOf.some((group) => group.includes(c)) || inColumn(r, c)) &&
      eitherOf.every((group) => group.some((c) => inColumn(r, c)));
    // A value named only through a synonym ("блюда" of "Перекус", through "перекусить") that no row
    // holds with a value named in its own words ("без глютена") filters nothing (the own words'
    // groups stay as they are: they hold only values named in own words).
    const ownValued = valued.filter((c) => c.own.size > 0);
    if (ownValued.length > 0 && ownValued.length < valued.length && !rows.some(ofValues))
      valued.splice(0, valued.length, ...ownValued);
    const headOf = (c: { column: string; values: string[] }) => `${c.column}: ${c.values.join(', ')}`;
    // A value named with a yes/no column or a comparison narrows them: "какие торты без глютена",
    // "какие капкейки дешевле 300" (the rows of that category only, when it has any).
    const inValues = rows.filter(ofValues);
    const byValues = valued.length > 0 && inValues.length > 0;
    const inWord = (byValues ? inValues : rows).filter((r) => !rowsOfWord || namedRows.includes(r));
    const narrowed = byValues || (rowsOfWord && inWord.length > 0);
    const base = narrowed ? inWord : rows;
    const valuesHead = byValues ? `${valued.map(headOf).join(', ')}, ` : '';
    // Narrowed, a filter says more than the value alone (which lists the whole category).
    const valueScore = byValues
      ? Math.max(0, ...valued.map((c) => c.score)) + about + 0.05 * (valued.length - 1)
      : ROWS_OF_WORD + about;
    const narrowedScore = (own: number) => (narrowed ? Math.max(own, valueScore) + 0.05 : own);
    /** The yes/no columns the question names, each with the rows it picks. */
    const yesNoNamed: { column: string; yes: boolean; picked: TableRow[]; score: number; named: number; at: number }[] =
      [];
    /** The columns compared, each with the rows it picks. */
    const compared: { column: string; picked: TableRow[]; score: number }[] = [];
    // Wanted absent ("без орехов") from a column of presence ("Орехи"): its "нет"; from a column of
    // absence ("Без глютена"): its "да", as is the presence asked of the latter. Said after it
    // too: "в каких домиках удобств внутри нет?", "на какие работы гарантии нет?".
    const absentSaid = (column: string) => {
      const at = input.columnAt(column);
      const said = input.columnSaidAt?.(column) ?? at;
      const absent =
        (at > 0 && ABSENT.test(input.question.slice(0, at))) ||
        // ("без зерна" of a column "Беззерновой" is its own word, not a "без" before it).
        (said > 0 && !FUSED_ABSENT.test(column) && ABSENT.test(input.question.slice(0, said))) ||
        (said >= 0 && /^[^?.!;]*?(?<!\p{L})нет(?!\p{L})/u.test(input.question.slice(said)));
      return { absent, said };
    };
    for (const column of others) {
      const values = valuesOf(column);
      const score = input.namesColumn(column);
      const yesNo = values.every((v) => YES.test(v) || NO.test(v) || v === '') && values.some((v) => YES.test(v));
      // "В каких блюдах есть орехи", "что у вас из острого"; "во сколько завтрак" names the column
      // but asks a time.
      // Not a list question ("можно ли к вам с кошкой?"), it must name the column by its own word:
      // through a synonym ("кошка" of "Можно с собакой") the rows it picks answer another question.
      if (!asksAmount && yesNo && score >= (listed ? 0.65 : OWN_VALUE) && !aboutRow) {
        const { absent, said } = absentSaid(column);
        // "Какие занятия с платным пробным" of a column "Пробное бесплатно": its "нет".
        const yes = absent === ABSENT_COLUMN.test(column) && !saysOpposite(column, input.question);
        const picked = base.filter((r) => {
          const v = cellOf(r, column);
          return yes ? YES.test(v) : NO.test(v) || v === '';
        });
        if (picked.length === 0) continue;
        const head = `${valuesHead}${column}: ${yes ? 'да' : 'нет'}`;
        const answer = compose(priced(head), list(picked, ''), input.maxChars);
        const yesNoScore = narrowedScore(score + about);
        if (!best || yesNoScore > best.score) best = { score: yesNoScore, answer };
        yesNoNamed.push({ column, yes, picked, score: yesNoScore, named: score, at: said });
      }
      // A column of figures that some rows leave out ("На развес, руб. за кг: —"): a list question
      // naming it ("какой корм можно купить на вес") asks for the rows that have one, or asking it
      // absent ("на какие работы гарантии нет"), for those that have none.
      const none = (v: string) => v === '' || NO.test(v);
      const given = values.filter((v) => !none(v));
      if (
        listed &&
        !comparison &&
        !asksAmount &&
        !aboutRow &&
        score >= 0.65 &&
        !input.listedAs?.(column) &&
        given.length >= 2 &&
        given.length < values.length &&
        given.every(saysFigure)
      ) {
        const { absent } = absentSaid(column);
        const picked = base.filter((r) => none(cellOf(r, column)) === absent);
        const presenceScore = narrowedScore(score + about);
        if (picked.length > 0 && (!best || presenceScore > best.score))
          best = {
            score: presenceScore,
            answer: absent
              ? compose(`${valuesHead}${column}: нет`, list(picked, ''), input.maxChars)
              : compose(`${valuesHead}${column}:`, list(picked, column), input.maxChars),
          };
      }
      // A price of "бесплатно" is 0 ("что до тысячи" lists the free consultation too).
      const numbers = base.map((r) => {
        const cell = cellOf(r, column);
        if (comparison?.minutes) return cellMinutes(cell, column);
        if (comparison?.months) return cellMonths(cell, column);
        return PRICE_COLUMN.test(column) && FREE.test(cell) ? 0 : cellNumber(cell);
      });
      // Money compared: a price column's ("дешевле 200" is no weight of 110 g), when the table has one.
      const otherThanMoney = comparison?.threshold
        ? !THRESHOLD_COLUMN.test(column)
        : comparison?.money && !PRICE_COLUMN.test(column) && others.some((c) => PRICE_COLUMN.test(c));
      if (
        comparison &&
        !otherThanMoney &&
        numbers.filter((n) => n !== undefined).length >= base.length / 2 &&
        !aboutRow &&
        comparable(numbers, comparison.value)
      ) {
        // The column the question names ("в час"), else a price column, ranks first.
        const priced = PRICE_COLUMN.test(column) ? 0.5 : 0;
        const colScore = narrowedScore(
          Math.max(score, priced) +
            score * 0.1 +
            about +
            (column === whenColumn ? 0.05 : 0) +
            LONGER_TABLE * table.length,
        );
        const picked = base.filter((_, i) => {
          const n = numbers[i];
          return n !== undefined && holds(n, comparison);
        });
        if (picked.length === 0) continue;
        // An order's amount reaching a threshold asks where or what that is ("в какие посёлки…"): a
        // row named briefly ("Зона 1", "Пригород") is told with the words of the column after its
        // name ("Куда: Радужный, Порошино…").
        const told = comparison.threshold ? besideName(columns, nameOf, picked) : undefined;
        const lines = told
          ? picked.map((r) => `${label(r)} (${cellOf(r, told)}) — ${cellOf(r, column)}`)
          : list(picked, column);
        const answer = compose(`${valuesHead}${column}, ${comparison.said}`, lines, input.maxChars);
        if (!best || colScore > best.score) best = { score: colScore, answer };
        compared.push({ column, picked, score: colScore });
      }
    }
    /**
     * Another filter said with the comparison (`named`, what it keeps, how well it is named): the
     * rows each compared column keeps that it keeps too, that column shown.
     */
    const withComparison = (named: string, keeps: (r: TableRow) => boolean, score: number) => {
      if (!comparison) return;
      for (const c of compared) {
        const both = c.picked.filter(keeps);
        const bothScore = Math.max(c.score, score) + 0.05;
        if (both.length === 0 || (best && bothScore <= best.score)) continue;
        const head = `${valuesHead}${named}, ${c.column}, ${comparison.said}`;
        best = { score: bothScore, answer: compose(head, distinct(list(both, c.column)), input.maxChars) };
      }
    };
    // A yes/no column named with a comparison ("какие сыры без лактозы не дороже 3 тыс?").
    for (const y of yesNoNamed.filter((x) => x.named >= 0.8))
      withComparison(`${y.column}: ${y.yes ? 'да' : 'нет'}`, (r) => y.picked.includes(r), y.score);
    // Two yes/no columns named ("какие отели на первой линии для детей?"): the rows saying both.
    // Each named by a word of its own: "для детей" names "Для детей", not "Детский клуб" too.
    const surely = yesNoNamed.filter(
      (c) => c.named >= 0.8 && !yesNoNamed.some((o) => o !== c && o.at === c.at && o.named > c.named),
    );
    if (surely.length >= 2) {
      const both = surely.reduce<TableRow[]>((rows, c) => rows.filter((r) => c.picked.includes(r)), base);
      if (both.length > 0) {
        const head = `${valuesHead}${surely.map((c) => `${c.column}: ${c.yes ? 'да' : 'нет'}`).join(', ')}`;
        const score = Math.max(...surely.map((c) => c.score)) + 0.05;
        if (!best || score > best.score)
          best = { score, answer: compose(priced(head), list(both, ''), input.maxChars) };
      }
    }
    // A week's schedule has a column per day ("Пн; …; Вс", each holding hours or "выходной"):
    // those of the days asked.
    const weekly = others.filter((c) => DAY_COLUMN.test(c)).length >= 5;
    const dayColumns =
      weekly && daysAsked
        ? others.filter((c) => DAY_COLUMN.test(c) && weekdaysOf(c).some((d) => daysAsked.days.includes(d)))
        : [];
    // One of its rows asked of a day ("хочу к Никите Соловьёву в понедельник, можно?"): its cell of
    // that day, "выходной" or its hours.
    const oneNamed = namedRows.length === 1 ? namedRows[0] : undefined;
    if (oneNamed && !comparison) {
      const cells = dayColumns.map((c) => `${c}: ${cellOf(oneNamed, c)}`);
      const score = WEEK_DAY + about;
      if (cells.length > 0 && (!best || score > best.score))
        best = { score, answer: `${label(oneNamed)} — ${cells.join(', ')}` };
    }
    // A day asked of the whole schedule ("кто в воскресенье на Ленинградском стрижёт?"): the rows
    // at work that day.
    if ((listed || WHO_ASKS.test(input.question)) && !comparison && !aboutRow && dayColumns.length > 0) {
      const atWork = (v: string) => timeOf(v) !== undefined && !/выходн/iu.test(v);
      // A yes/no column all of whose words the question says ("кто … детей стрижёт" of "Стрижёт
      // детей") narrows them too; one merely sharing the verb ("кто … стрижёт") does not.
      const said = saidWords(input.question);
      const alsoNamed = yesNoNamed.filter((y) => saidWords(y.column).every((w) => said.includes(w)));
      const picked = base.filter(
        (r) => dayColumns.some((c) => atWork(cellOf(r, c))) && alsoNamed.every((y) => y.picked.includes(r)),
      );
      const score = narrowedScore(WEEK_DAY + about);
      if (picked.length > 0 && picked.length < base.length && (!best || score > best.score)) {
        const column = dayColumns.length === 1 ? (dayColumns[0] ?? '') : '';
        const lines = column ? withValues(picked, column) : picked.map(label);
        const head = [...alsoNamed.map((y) => `${y.column}: ${y.yes ? 'да' : 'нет'}`), dayColumns.join(', ')].join(
          ', ',
        );
        best = { score, answer: compose(`${valuesHead}${head}:`, lines, input.maxChars) };
      }
    }
    // "Номер на троих есть?": the rows whose count column holds the number (the column the
    // question names, else the one column of counts that has it).
    if (count !== undefined && !comparison) {
      const holding = others.filter((c) => {
        const numbers = valuesOf(c).map(cellNumber);
        return numbers.every((n) => n === undefined || Number.isInteger(n)) && numbers.includes(count);
      });
      // "На троих", "для 6" count people unless the question names the column.
      const column =
        holding.find((c) => input.namesColumn(c) >= 0.65) ??
        holding.find((c) => PEOPLE.test(c)) ??
        (holding.length === 1 ? holding[0] : undefined);
      if (column && !aboutRow) {
        const picked = rows.filter((r) => cellNumber(cellOf(r, column)) === count);
        const countScore = 0.6 + about;
        if (!best || countScore > best.score)
          best = {
            score: countScore,
            answer: compose(priced(`${column}: ${count}`), list(picked, ''), input.maxChars),
          };
      }
    }
    // "Нас будет человек одиннадцать, какая баня подойдёт?": the rows whose capacity ("до 12
    // человек") holds the company, within the values named.
    const capacityColumn =
      people !== undefined && !comparison && !aboutRow
        ? others.find((c) => {
            const values = valuesOf(c).filter(Boolean);
            return (
              PEOPLE.test(c) &&
              !MONEY_COLUMN.test(c) &&
              values.length > 0 &&
              values.filter((v) => capacityOf(v) !== undefined).length >= values.length / 2
            );
          })
        : undefined;
    // "Какая всех вместит и почём?": the rows that take the company, with their prices.
    // A column of the fewest guests taken ("Минимум гостей: 30") takes a company of at least that many.
    const minimum = capacityColumn !== undefined && MINIMUM_COLUMN.test(capacityColumn);
    const takes = (r: TableRow) => {
      const capacity = capacityColumn ? capacityOf(cellOf(r, capacityColumn)) : undefined;
      return (
        people === undefined ||
        !capacityColumn ||
        (minimum ? capacity !== undefined && capacity <= people : (capacity ?? 0) >= people)
      );
    };
    if (capacityColumn && people !== undefined && (!asksAmount || asksPrice) && !extreme) {
      const picked = base.filter(takes);
      const capacityScore = narrowedScore(0.6 + about) + NARROWED_BONUS;
      if (picked.length > 0 && (!best || capacityScore > best.score))
        best = {
          score: capacityScore,
          answer: compose(
            priced(`${valuesHead}${capacityColumn}: ${minimum ? `до ${people}` : `${people} и больше`}`),
            list(picked, ''),
            input.maxChars,
          ),
        };
    }
    // "Какая сауна самая дешёвая?": the row of the lowest price (of the price column the question
    // names, else the first), or of the largest or smallest capacity, within the values named.
    if (extreme && !aboutRow && !comparison) {
      const candidates = others.filter((c) =>
        extreme.of === 'price'
          ? PRICE_COLUMN.test(c)
          : extreme.of === 'weight'
            ? WEIGHT_COLUMN.test(c) && !MONEY_COLUMN.test(c)
            : PEOPLE.test(c) && !MONEY_COLUMN.test(c),
      );
      const mostNamed = (list: string[]) => [...list].sort((a, b) => input.namesColumn(b) - input.namesColumn(a))[0];
      // With no column of the superlative's own kind ("самый большой номер на втором этаже" is of
      // the capacity, not of "Этаж"), the column of figures the question names is measured: "какой
      // длины самая большая платформа?" of "Платформа, м", "самая большая маргарита сколько весит?"
      // of "Вес, г". A share ("Размер: 15 %" of a discount) is no figure of a size.
      const figured =
        extreme.of === 'price' || candidates.length > 0
          ? undefined
          : mostNamed(
              others.filter(
                (c) =>
                  input.namesColumn(c) >= 0.65 &&
                  !MONEY_COLUMN.test(c) &&
                  valuesOf(c).filter((v) => cellNumber(v) !== undefined && !v.includes('%')).length >= rows.length / 2,
              ),
            );
      const column = figured ?? mostNamed(candidates);
      const amountOf = (r: TableRow) =>
        column
          ? extreme.of === 'capacity' && !figured
            ? capacityOf(cellOf(r, column))
            : cellNumber(cellOf(r, column))
          : undefined;
      // "Какая сауна самая дешёвая": of the rows the question's word names or describes ("Тип: финская").
      const worded = input.describesRow ? base.filter((r) => input.namesRow(r) >= 0.65 || input.describesRow?.(r)) : [];
      // "Мы вдвоём": of the rows that take the company.
      const known = (worded.length > 0 ? worded : base).filter((r) => amountOf(r) !== undefined && takes(r));
      if (column && known.length >= 2) {
        const values = known.map((r) => amountOf(r) as number);
        const target = extreme.lowest ? Math.min(...values) : Math.max(...values);
        const picked = known.filter((r) => amountOf(r) === target);
        const extremeScore = narrowedScore(0.65 + about);
        if (!best || extremeScore > best.score)
          best = {
            score: extremeScore,
            answer: compose(`${valuesHead}${column}, ${extreme.said}:`, list(picked, column), input.maxChars),
          };
      }
    }
    // "Что есть для трёхлеток?", "ребёнку 8 лет, куда ходить по субботам?": the rows whose column
    // of ages holds the child's (within the values named).
    // Asked with their prices or times ("какие группы для 6 лет и сколько стоят", "…по субботам? во
    // сколько"), the rows are listed with that column's values.
    // A timetable's column of times, and its column of ages.
    const hours = columns.find(
      (c) => TIME_COLUMN.test(c) && valuesOf(c).filter((v) => timeOf(v) !== undefined).length >= rows.length / 2,
    );
    const ages =
      age === undefined
        ? undefined
        : others.find((c) => {
            const values = valuesOf(c).filter(Boolean);
            return values.length > 0 && values.filter((v) => ageRange(v)).length >= values.length / 2;
          });
    const holdsAge = (r: TableRow) => {
      const range = ages ? ageRange(cellOf(r, ages)) : undefined;
      return age !== undefined && range !== undefined && range[0] <= age && age <= range[1];
    };
    const timeColumn = TIME_QUESTION.test(input.question) && hours !== nameOf ? hours : undefined;
    const ageValues = asksPrice ? priceColumn : timeColumn;
    const ageColumn =
      !aboutRow && (listed || AVAILABLE.test(input.question)) && (!asksAmount || ageValues) ? ages : undefined;
    const ageScore = (byValues ? valueScore : ROWS_OF_WORD + about) + NARROWED_BONUS;
    if (ageColumn && age !== undefined) {
      const picked = (byValues ? inValues : rows).filter(holdsAge);
      if (picked.length > 0 && (!best || ageScore > best.score)) {
        const names =
          ageValues === timeColumn && timeColumn ? withValues(picked, timeColumn) : distinct(list(picked, ''));
        const head = `${valuesHead}${ageColumn}: ${years(age)}${ageValues ? `; ${ageValues}:` : ''}`;
        best = { score: ageScore, answer: compose(head, names, input.maxChars) };
      }
    }
    // A child's age named with a comparison ("что есть для 8 лет дешевле 5 тыс?").
    if (ageColumn && age !== undefined) withComparison(`${ageColumn}: ${years(age)}`, holdsAge, ageScore);
    // "Что есть по субботам с утра?", "освобождаюсь к восьми, есть что-нибудь попозже?": a
    // timetable's rows at the time of day and on the days asked (and of the child's age, if named).
    const dayColumn = dayColumnOf(rows, hours);
    const when = hours && !comparison && !aboutRow ? timeAsked : undefined;
    const onDays = dayColumn ? daysAsked : undefined;
    // What there is, or when ("что есть…", "какие…", "во сколько"); not the opening hours ("до скольки вы в субботу").
    // A time of one's own asked about ("у нас палата на 20:00, во сколько подъехать?") is a booking
    // already made: what to do then is asked, not the timetable.
    const booked = when !== undefined && when.from === when.to && TIME_QUESTION.test(input.question) && !listed;
    const asksTimetable = (when || onDays) && timetableQuestion(input.question, listed) && !booked;
    if (hours && asksTimetable && !comparison && !aboutRow) {
      // The days asked ("по выходным") are the filter of the days column: days said otherwise are
      // the visitor's own ("есть группы по выходным? я пн-пт работаю"), no value to narrow it by.
      const ofDays = onDays !== undefined && valued.some((c) => c.column === dayColumn);
      const otherValues = (r: TableRow) => valued.every((c) => c.column === dayColumn || inColumn(r, c));
      const ofOthers = ofDays ? rows.filter(otherValues) : [];
      const onDaysBase = ofDays
        ? (ofOthers.length > 0 ? ofOthers : rows).filter((r) => !rowsOfWord || namedRows.includes(r))
        : base;
      const timed = onDaysBase.filter((r) => {
        const t = timeOf(cellOf(r, hours));
        if (when && (t === undefined || t < when.from || t > when.to)) return false;
        if (onDays && dayColumn && !weekdaysOf(cellOf(r, dayColumn)).some((d) => onDays.days.includes(d))) return false;
        return !ages || holdsAge(r);
      });
      const label = columns.find((c) => c !== hours && c !== dayColumn && c !== ages);
      // A course's groups named by codes, with their start dates ("Группа: B-47; Начало: 16 января;
      // Дни: сб, вс"): the date tells one group on those days from another.
      const startColumn =
        label !== undefined && codesFirst(rows, label)
          ? columns.find((c) => c !== label && c !== hours && c !== dayColumn && holdsDates(rows, c))
          : undefined;
      // Of those, the ones a word of the question names ("на реформер" of "Пилатес на реформерах"),
      // said as such, not through a synonym ("ребенку" is no "(школьники)").
      const said = (input.question.replace(/ё/g, 'е').match(/\p{L}{4,}/gu) ?? []).map((w) =>
        w.slice(0, Math.min(5, w.length - 1)),
      );
      const namedBy = label
        ? timed.filter((r) => letterWords(cellOf(r, label), 3).some((w) => said.some((x) => w.startsWith(x))))
        : [];
      const picked = namedBy.length > 0 ? namedBy : timed;
      const asked = [onDays?.said, when?.said, ages && age !== undefined ? `${ages}: ${years(age)}` : undefined]
        .filter(Boolean)
        .join(', ');
      const timetableScore = narrowedScore(ROWS_OF_WORD + about) + NARROWED_BONUS * (1 + Number(Boolean(ages)));
      if (picked.length > 0 && (!best || timetableScore > best.score)) {
        const items = picked.map((r) => {
          // One day asked: the head says it, the rows need not.
          const day = dayColumn && onDays?.days.length !== 1 ? `${cellOf(r, dayColumn)}, ` : '';
          const date = startColumn ? ` (${startColumn.toLowerCase()}: ${cellOf(r, startColumn)})` : '';
          return `${day}${cellOf(r, hours)}${label ? ` — ${cellOf(r, label)}` : ''}${date}`;
        });
        const head = `${asked.charAt(0).toUpperCase()}${asked.slice(1)}:`;
        best = { score: timetableScore, answer: compose(head, items, input.maxChars) };
      }
    }
    // The rows holding every value named ("прививки для собак от лептоспироза": both columns).
    // A list question ("какие…") with one value; two values named are a filter however asked
    // ("чем привить собаку от лептоспироза"), one without a list word names a row's detail. A
    // figure of the question the table does not hold ("группа к 19:30" of a course list without
    // times) says another table, or a row, is asked about.
    const holdsFigures = figures.every((f) => rows.some((r) => r.text.includes(f)));
    // The price of a category the table leads with ("сколько стоит чистка ковров" of "Категория:
    // Ковры"), named in its own words, no row of it named nor a figure said ("визитки на 200
    // штук" is a row's): its rows' prices.
    const categoryPriced =
      asksPrice &&
      figures.length === 0 &&
      !aboutRow &&
      !comparison &&
      inValues.length >= 2 &&
      valued.length === 1 &&
      valued[0]?.column === columns[0] &&
      (valued[0]?.own.size ?? 0) > 0;
    if (valued.length >= (listed || categoryPriced ? 1 : 2) && holdsFigures) {
      const picked = rowsOfWord ? inWord : inValues;
      const head = valued.map(headOf).join(', ');
      // "Какие группы и в какие дни?": the days (or times) shown beside each row, as prices are.
      const whenAsked = TIME_QUESTION.test(input.question) || DAYS_QUESTION.test(input.question);
      const shown = !asksPrice && whenAsked ? (dayColumn ?? hours) : undefined;
      const lines = shown ? withValues(picked, shown) : list(picked, '');
      if (picked.length > 0 && (!best || valueScore > best.score))
        best = {
          score: valueScore,
          answer: compose(shown ? `${head}; ${shown}:` : priced(head), lines, input.maxChars),
        };
    }
    // The rows the list question's word names, with their prices when the table has them.
    // Without a price column, a column of money or shares tells what each row is worth ("Скидка: В
    // день рождения; Размер: 15 %"), not one of codes or years.
    if (rowsOfWord && !byValues && holdsFigures && (!best || valueScore > best.score)) {
      const price =
        others.find((c) => PRICE_COLUMN.test(c)) ??
        others.find((c) => namedRows.every((r) => MONEY_OR_SHARE.test(cellOf(r, c))));
      best = {
        score: valueScore,
        answer: compose(`${price ?? nameOf}:`, list(namedRows, price ?? ''), input.maxChars),
      };
    }
  }
  return best?.answer;
}

/** The column right after the rows' names when its cells are words, not figures ("Куда", "Районы"). */
function besideName(columns: string[], nameOf: string, rows: TableRow[]): string | undefined {
  const next = columns[columns.indexOf(nameOf) + 1];
  return next !== undefined && rows.every((r) => /\p{L}{3,}/u.test(cellOf(r, next)) && !/\d/.test(cellOf(r, next)))
    ? next
    : undefined;
}

/**
 * "Орехи: да" and the rows as a list (the widget and the cabinet show markdown lists, Telegram a
 * line each), cut at the last whole item that fits, "- …" saying there are more.
 */
function compose(head: string, items: string[], maxChars: number): string {
  let text = head;
  // A name in several rows (a pizza in three sizes) is listed once.
  for (const item of distinct(items)) {
    const next = `${text}\n- ${item}`;
    if (next.length > maxChars - 4) return `${text}\n- …`;
    text = next;
  }
  return text;
}
