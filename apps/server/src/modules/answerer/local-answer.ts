import { lru } from '../../lib/lru';
import {
  analyzeTexts,
  knownStats,
  measureRootStrength,
  measureTrigramSimilarity,
  monthOf,
  type Retrieval,
  type RetrievalContext,
  retrieve,
  rootStrength,
  sectionPassages,
  splitUnits,
  trigramSimilarity,
} from '../retrieval';
import { clockAsked, fitsClock, fitsQuantity, quantitiesAsked } from './quantity-fit';
import {
  ageYears,
  capacityOf,
  categoryValues,
  comparisonOf,
  completeRows,
  dayColumnOf,
  describesRows,
  filterOwnStem,
  filtersTable,
  filterTable,
  LISTED_WORDS,
  letterWords,
  PEOPLE,
  PRICE_WORDS,
  parseRow,
  peopleOf,
  rowNamesOf,
  type TableRow,
} from './table-filter';
import { ANSWER_TEXTS } from './texts';
import { DAY_STEM, daysWanted, timeWanted, WEEKDAY_WORD } from './timetable';

/** 'operator-request': the reply to a request for a person, which calls the owner like a hand-off does. */
export type AnswerSource = 'corrected' | 'knowledge' | 'handoff' | 'smalltalk' | 'operator-request';

/** The local answerer's answer: what is said when no model is used. */
export interface LocalAnswer {
  text: string;
  source: AnswerSource;
  confidence: number;
}

/**
 * A visitor asking for a job ("ищу работу, есть вакансии?", "вам мастера не нужны? хочу к вам
 * устроиться", "вы сотрудников ищете?", "набираете кинологов на работу?", "курьерам работа у вас
 * есть?", "вам в мастерскую механики не нужны?"): a question for the owner, answered from the documents
 * only when they speak of vacancies (JOB_OFFER), not from the staff's or the services' pages.
 */
const JOB_SEEKING =
  /(?<!\p{L})(?:ваканси\p{L}*|ищу\s+(?:работу|подработку)|резюме|к\s+вам\s+устроиться|устроиться\s+(?:к\s+вам|на\s+работу)|(?:сотрудник|работник|персонал)\p{L}*\s+(?:не\s+)?ищете|(?:ищете|вам\s+нужны|нужны\s+ли)\s+(?:ли\s+)?(?:вам\s+)?(?:сотрудник|работник|персонал)\p{L}*|(?:хочу|хотела?|хотим|хотели)(?:\s+бы)?\s+(?:у\s+вас|к\s+вам)\s+(?:работать|на\s+работу)|вам\s+(?:(?:продав|официант|повар|курьер|мастер|водител|грузчик|парикмахер|администратор|консультант|кассир|уборщ|флорист|кондитер|бариста|менеджер|тренер|инструктор|педагог|преподавател|сборщик|фотограф|массажист|кладовщик)\p{L}*)(?:\s+\p{L}+){0,2}\s+(?:не\s+)?(?:нужн(?:ы|а)|нужен)(?=\s*(?:[?,.!]|$))|(?:возьмете|возьмёте|примете)\s+(?:меня\s+)?на\s+(?:работу|подработку|стажировку)|набираете\s+(?:\p{L}+\s+){0,2}на\s+работу|работа\s+(?:у\s+вас\s+)?есть|есть\s+(?:ли\s+)?(?:у\s+вас\s+)?работа|вам\s+(?:в\s+\p{L}+\s+)(?:продав|официант|повар|курьер|мастер|механик|водител|грузчик|администратор|консультант|кассир|менеджер|тренер|сборщик)\p{L}*\s+(?:не\s+)?(?:нужн(?:ы|а)|нужен))(?!\p{L})/u;
/**
 * A passage offering a job: vacancies, a CV asked for, staff sought in the plural ("ищем
 * мастеров", "требуются курьеры"; not "требуется водительское удостоверение", "не нужны").
 */
const JOB_OFFER =
  /(?<!\p{L})(?:ваканси\p{L}*|резюме|соискател\p{L}*|приглашаем\s+на\s+работу|в\s+нашу\s+команду)|(?<!(?:^|\P{L})не\s+)(?<!\p{L})(?:ищем|требуются|нужны)\s+(?:\p{L}+\s+)?(?:сотрудник|работник|мастер|администратор|менеджер|водител|курьер|повар|продавц|кассир|консультант|стаж[её]р|помощник|механик|мойщик|уборщиц|официант|бариста|преподавател|тренер|врач|парикмахер|стилист|флорист|кондитер|банщик|клинер)(?:а|ов|и|ей|ы|ам)?(?!\p{L})/iu;

/**
 * A visitor offering themselves with their experience ("Водители на эвакуатор нужны? категория С,
 * стаж 10 лет", "вы набираете монтажников? опыт 5 лет"): someone asked for in a question (not "мне
 * нужна доставка…"), and years of their own. (One outside question of 2,711 handed off, none lost.)
 */
const JOB_ASKED = /(?<!\p{L})(?<!(?:мне|нам)\s+)(?:набираете|нужн(?:ы|а)|нужен|требуются|ищете)(?!\p{L})(?=[^?.!]*\?)/u;
const OWN_EXPERIENCE = /(?<!\p{L})(?:стаж|опыт)(?:\s+работы)?\s+(?:\p{L}+\s+)?\d+\s*(?:год|лет)/u;

/** Whether a visitor asks for a job (JOB_SEEKING), and whether a text offers one (JOB_OFFER). */
export const asksForJob = (question: string): boolean => {
  const q = question.toLowerCase();
  return JOB_SEEKING.test(q) || (JOB_ASKED.test(q) && OWN_EXPERIENCE.test(q));
};
export const offersJob = (text: string): boolean => JOB_OFFER.test(text);

/**
 * A surname's endings: "-ов", "-ев" and their cases, "-ин", "-ын" with a case ending only
 * ("Смирнова", "павлов", "Ковалевым", "Левиной"; not "магазин", "бензин", "Пушкин"). The word is
 * read with "ё" as "е".
 */
const SURNAME_ENDING = /(?:ов|ев|ин|ын)(?:а|у|ым|ой|ом)$|(?:ов|ев)$/u;
/** Words naming someone by trade, before a surname said in lower case ("инструктор павлов"). */
const ROLE =
  /^(?:мастер|врач|доктор|инструктор|тренер|преподавател|учител|педагог|администратор|менеджер|стилист|парикмахер|ортодонт|стоматолог|хирург|терапевт|массажист|косметолог|бригадир|флорист|повар|водител|курьер|фотограф|банщи|грумер|психолог|логопед|воспитател|консультант|офтальмолог|окулист|ветеринар|юрист|кондитер)/u;
/** A visitor asking for someone by name ("позовите, пожалуйста, Светлану", "соедините с Олегом"). */
const CALLING =
  /(?<!\p{L})(?:позовите|позови|позвать|пригласите|соедините|попросите|передайте)(?:\s+(?:с|пожалуйста))?$/u;
/** Prepositions of a place: "в Ростов", "из Саратова" name a town, not a person. */
const TO_PLACE = /^(?:в|во|из|до|под|через)$/u;
/**
 * The question's words read as surnames: with a surname's ending, capitalised within a sentence
 * (not after a line, a colon or a place's preposition) or after a trade's name; and a name a
 * visitor asks for ("позовите Светлану"); lower-cased and with "ё" as "е", as stems are.
 */
export function surnameWords(question: string): string[] {
  const words: string[] = [];
  let previous = '';
  let beforePrevious = '';
  for (const m of question.matchAll(/(^|[^\p{L}]+)(\p{L}+)/gu)) {
    const [, before = '', word = ''] = m;
    const lower = word.toLowerCase().replace(/ё/g, 'е');
    const capital =
      /^\p{Lu}\p{Ll}/u.test(word) && before !== '' && !/[.!?…:;)\n]/u.test(before) && !TO_PLACE.test(previous);
    if (lower.length >= 5 && SURNAME_ENDING.test(lower) && (capital || ROLE.test(previous))) words.push(lower);
    else if (capital && /^[а-яё]{4,}$/.test(lower) && CALLING.test(`${beforePrevious} ${previous}`)) words.push(lower);
    beforePrevious = previous;
    previous = lower;
  }
  return words;
}

/** What finds a price list: its columns' words. */
const PRICE_LIST_QUERY = 'цена стоимость';

/**
 * Whether a question compares a price and names nothing else ("есть что-то недорогое, до тыщи?"):
 * its words are figures, words of money or of the filter, light words and verbs.
 */
function asksOnlyPrice(
  question: string,
  comparison: ReturnType<typeof comparisonOf>,
  { terms, light, verbs }: Retrieval['query'],
): boolean {
  if (!comparison || comparison.minutes || !(comparison.money || PRICE_WORDS.test(question))) return false;
  const own = filterOwnStem(question);
  return terms.every((t) => NUMBER.test(t) || light.has(t) || verbs.has(t) || own(t) || PRICE_WORDS.test(t));
}

/** A stem in Latin letters that is no Roman numeral ("iii" of "Генрихом III", "xv"). */
const LATIN_WORD = /^(?![ivxlcdm]+$)[a-z]/;
/**
 * An abbreviation in capital Cyrillic letters ("МРТ", "ТСЖ"), as a question writes it: read only in
 * a question that is not written in capitals throughout ("ТОРТ НА ЗАВТРА ЕСТЬ?"). Only those the
 * stemmer leaves whole count (of consonants after the first letter): "УЗИ" is stemmed "уз", "ООО"
 * "оо", and matching such stems to what they were cut from handed off "мы ООО, счёт выставите?".
 */
const ABBREVIATION = /(?<![\p{L}\d-])[А-ЯЁ]{2,6}(?![\p{L}\d-])/gu;
export const abbreviationsOf = (question: string): string[] =>
  /[а-яё]/.test(question) ? (question.match(ABBREVIATION) ?? []).map((w) => w.toLowerCase().replace(/ё/g, 'е')) : [];
/**
 * An abbreviation spelt out: words starting with its letters in turn ("Германской Демократической
 * Республики", "ж/д"), or, of two letters, one word holding both ("телевидение" of "ТВ"), which
 * most passages have: an abbreviation of two letters is rarely handed off.
 */
const spelledOut = (abbreviation: string): RegExp => {
  const letters = [...abbreviation];
  const words = letters.map((c) => `${c}\\p{L}*`).join('[\\s/.-]+');
  const one = letters.length === 2 ? `|${letters[0]}\\p{L}*${letters[1]}\\p{L}*` : '';
  return new RegExp(`(?<!\\p{L})(?:${words}${one})(?!\\p{L})`, 'iu');
};
/** How alike a Latin stem and a passage's must be spelt to be one name ("arpnet"/"arpanet"). */
const SPELT_ALIKE = 0.4;

/** Whether the passages write a stem, or a stem spelt like it. */
function spelledIn(stem: string, parts: PassageParts[]): boolean {
  return parts.some((x) => {
    for (const l of x.read?.all ?? []) if (l === stem || trigramSimilarity(stem, l) >= SPELT_ALIKE) return true;
    return false;
  });
}

/** Tunables of the answer decision, measured on the engine fixture (test/fixtures/engine). */
export const THRESHOLDS = {
  /** Share of the question's weight the best passage must explain. */
  passageCoverage: 0.45,
  /** Share the chosen sentence (with its heading) must explain. */
  unitCoverage: 0.36,
  /** A stem the knowledge base never saw weighs this share of the rarest possible stem. */
  unknownWeight: 0.6,
  /** Thresholds are this much lower when every stem of the question occurs in the knowledge base. */
  knownSlack: 0.05,
  /** A passage holding one stem of a question with a stem the knowledge base never saw counts this share. */
  loneMatch: 0.8,
  /** Thresholds are this much lower again when the passage holds `manyMatched` of the question's stems or more. */
  manySlack: 0.08,
  manyMatched: 3,
  /** Thresholds are this much lower for a rule saying what one may not, asked whether one may. */
  ruleSlack: 0.06,
  passages: 6,
  /** An answer is at most this long: a sentence or two, or the part of a long one that holds the fact. */
  answerChars: 300,
};

/** A sentence sending the reader to a price list or a table: "указаны в прайсе", "см. прайс-лист", "по прейскуранту". */
const REFERS_TO_LIST =
  /(?<!\p{L})(?:указан\p{L}*\s+в|см\.|смотрите(?:\s+в)?|по)\s+(?:прайс\p{L}*|прейскурант\p{L}*|таблиц\p{L}*)/iu;

/** What such a sentence loses against the rows it points at. */
const POINTER_PENALTY = 0.2;

/** A line that titles what follows: a few capitalised words, no figure, no sentence's end. */
const TITLE_LINE = /^[\p{Lu}«"][^.!?;:,…\d|]{0,60}$/u;

/** A verb says less about the subject than a noun; a verb that fits any request, much less. */
const VERB_WEIGHT = 0.8;
/**
 * A verb the documents never use ("поговорить", "запишете", "поменяете") weighs less again: it is
 * how the visitor asks ("с кем поговорить про обжиг?"), and at VERB_WEIGHT it outweighed the words
 * the documents do say. (Over 65 businesses 1,960 → 1,964 of 2,711, outside answered 119 → 118;
 * 0.3, a light verb's, gained more and answered two outside questions more, and lost one of the
 * fixture; 0.5 answered one more.)
 */
const UNKNOWN_VERB_WEIGHT = 0.65;
const LIGHT_WEIGHT = 0.3;
/** A word said only in a sentence telling the situation of a question of several (QueryAnalysis.context). */
const SITUATION_WEIGHT = 0.25;
/**
 * A word said only after the question, telling more of it ("почем прокачать гидравлику? оба
 * тормоза, передний и задний"): the question's own words say what is asked, the rest narrows it.
 * (Over 65 businesses 1,997 → 2,002 of 2,711, outside questions answered 115 → 114; 0.6 gave
 * 1,999 and answered 117, 0.8 gave 1,999; XQuAD-ru and the fixture the same.)
 */
const FOLLOWING_WEIGHT = 0.7;
/** A figure of the question: matched in part by any figure (see pair), and it weighs less. */
const NUMBER = /^\d+$/;
const NUMBER_WEIGHT = 0.6;
/** A day and its month in words ("12 июня", "9-го мая"). */
const DAY_OF_MONTH = /(?<![\d\p{L}])(\d{1,2})(?:-?(?:го|е|ое))?\s+(\p{L}+)/gu;
/** Asked whether the business works or takes visitors ("работаете", "открыты", "принимаете"). */
const WORKS_ASKED = /(?<!\p{L})(?:работа\p{L}*|открыт\p{L}*|принима\p{L}*|выходн\p{L}*)/u;
/** The words documents name May's and the New Year's holidays by, not the month's ("майские"). */
const HOLIDAY_STEMS: Record<number, string[]> = { 1: ['новогодн'], 5: ['майск'] };
/**
 * What a sentence saying "без X" gains when the question says "не X" or "без X" ("если не
 * предупрежу" of "За просрочку без предупреждения…"): it tells the case the visitor is in. Only a
 * sentence that would clear as an answer gains it: a weaker one would take a hand-off's place.
 */
const WITHOUT_BONUS = 0.15;
/** As long a beginning as tells "предупредил" and "предупреждения" one word, "предоставлю" and "предоплаты" two. */
const WITHOUT_PREFIX = 7;
const NEGATED_WORD = /(?<!\p{L})(?:не|без)\s+(\p{L}+)/gu;
/**
 * What a sentence saying "без X" loses when the question says "с X" ("педикюр с покрытием" of
 * "Полный педикюр, без покрытия"), or one saying "с X" when the question says "не X" or "без X":
 * it tells the other case. (The second: one more held-out question of 2,711, XQuAD-ru the same;
 * with "на X" as well, "без машины" of "На машине — по шоссе…", the same.)
 */
const WITH_PENALTY = 0.1;
const WITH_WORD = /(?<!\p{L})(?:с|со)\s+(\p{L}+)/gu;
const WITHOUT = ['без'];
const WITH = ['с', 'со'];
/** `question` lower-cased, "ё" as "е" (qText); the answer reads a sentence by its words (textWords). */
function withoutOf(question: string, terms: string[]): (words: string[]) => number {
  const headsOf = (said: RegExp) => {
    const words = [...question.matchAll(said)].map((m) => m[1] ?? '');
    return terms
      .filter((t) => t.length >= 4 && words.some((w) => w.startsWith(t)))
      .map((t) => t.slice(0, WITHOUT_PREFIX));
  };
  const heads = headsOf(NEGATED_WORD);
  const withHeads = headsOf(WITH_WORD);
  if (heads.length === 0 && withHeads.length === 0) return () => 0;
  /** Whether a sentence's words say one of `of` right after one of `before` ("без покрытия"). */
  const says = (words: string[], before: string[], of: string[]) =>
    of.length > 0 && words.some((w, i) => before.includes(w) && of.some((h) => (words[i + 1] ?? '').startsWith(h)));
  // A sentence telling both cases ("без скидки — 1000, со скидкой — 800") is not the other one.
  // And the other way round: "не открывается" of "…к каждому окну с открывающейся створкой".
  return (words) =>
    (says(words, WITHOUT, heads) ? WITHOUT_BONUS : 0) -
    (says(words, WITHOUT, withHeads) && !says(words, WITH, withHeads) ? WITH_PENALTY : 0) -
    (says(words, WITH, heads) && !says(words, WITHOUT, heads) ? WITH_PENALTY : 0);
}
/** A wheel's size as its code: "r17" ("R17"); other codes ("а4", "м2") are no figure asked. */
const SIZE_CODE = /^[rр](\d+)$/u;

/** Hours asked for; a visitor coming at a time asks them too (QueryAnalysis.arrival). */
const HOURS = {
  question:
    /когда\s+(?:вы\s+)?(?:работа|открыт|закрыва)|во\s+сколько(?!\s+(?:\p{L}+\s+){0,2}(?:обойд|встан))|до\s+скольки|со\s+скольки|график|режим\s+работ|час[ыа]\s+работ|время\s+работ|работаете|открыт|закрыва/u,
  answer: /\d{1,2}[:.]\d{2}|круглосуточн|без\s+выходных|выходн|понедельник|будн|(?<!\p{L})пн(?!\p{L})/iu,
  // With the verbs of a visitor coming ("подъеду", "успею", "примете"), and the part of the day
  // asked ("до скольки вечером можно шуметь?"), which hours tell in figures.
  names:
    /^(?:работа|открыт|открыва|закрыва|график|режим|расписан|подъед|приед|заед|зайд|подвез|привез|занес|успе|усп$|примет|примут|принима|вечер|утр|ноч)/,
};

/** Hours asked as a time of day ("до скольки", "во сколько"): told by a time, or "круглосуточно". */
const TIME_ASKED = /(?<!\p{L})(?:до|со|во)\s+скольк/u;
const HOURS_AT = { ...HOURS, answer: /\d{1,2}[:.]\d{2}|круглосуточн/iu };

/**
 * Opening hours are a span of the day ("с 11:00 до 17:00", "10:00–22:00"): of the sentences
 * holding a time, one saying a span (not a table row's session) gains SPAN_BONUS for a question of
 * the hours, over one telling when something happens ("В субботу — экскурсия… в 14:00 заселение").
 */
const HOURS_SPAN =
  /(?<!\p{L})с\s*\d{1,2}[:.]\d{2}\s*до\s*\d{1,2}[:.]\d{2}|\d{1,2}[:.]\d{2}\s*[–—-]\s*\d{1,2}[:.]\d{2}/u;
const SPAN_BONUS = 0.04;

/** A price said: a figure with its currency, or a price list's row naming it in the column ("Цена, руб.: 300", "Будни, ₽ в час: 700"). */
export const PRICE_ANSWER =
  /\d\s*(?:₽|руб|р\.|rub|\$|€|тыс|%)|бесплатн|(?:руб\.?|₽|цена|стоимость)[^:;]{0,20}:\s*(?:от\s*)?\d/i;

/**
 * "Давно вы открылись?", "вы давно этим занимаетесь?", "главврач давно работает?": since when, or
 * for how long — a year, a number of years, a length of service. The verbs of being in business
 * name it ("работаете" asks no hours here), and the business tells it in its own words ("открыли
 * в 2011 году", "шьём… с 2009 года"), which SINCE_QUERY finds when the question's words did not.
 */
const SINCE = {
  question: /(?<!\p{L})давно(?!\p{L})|с\s+какого\s+года|сколько\s+лет\s+(?:вы\s+)?(?:уже\s+)?(?:работа|существу)/u,
  // A year said as one ("в 2011 году", "с 2009 г."), not a price of 2000.
  answer: /(?<![\d.,])(?:19|20)\d\d\s*(?:год|г\.)|\d+\s*(?:год|лет)|стаж/iu,
  names: /^(?:давн|существ|занима|открыл|открыв|работа|рын)/,
};
/**
 * An age the visitor tells ("сыну 2,5 года, можно записать?", "мне 22, дастер дадите?", "дочке два
 * годика… сколько в месяц выйдет?"): what answers is the age a service starts or stops at ("детей
 * берём с 3 лет", "с 21 года", "до 15 лет — с родителем") or a row for that age ("Возраст: 1,5–3
 * года"). Read in the question with its numbers in figures; not "во мне 130 кило", a weight.
 */
const AGE = {
  question:
    /(?<!\p{L})(?<!(?<!\p{L})(?:во|в|к|ко)\s)(?:мне|ему|ей|сыну|сынку|сыночку|дочке|дочери|дочуре|дочурке|ребенку|малому|малышу|малышке|внуку|внучке|сестре|брату|племяннику|племяннице|щенку|щеночку|котенку|котику|собаке|кошке|псу)\s+(?:уже\s+|всего\s+|только\s+|почти\s+|скоро\s+|исполнилось\s+|будет\s+)?\d{1,2}(?:[,.]\d)?(?=\s*(?:лет|года?|годик\p{L}*|месяц\p{L}*)(?!\p{L})(?!\s+назад)|\s*[,.;!?)(](?!\d)|\s*$|\s+(?:а|но|уже|он|она|мы|я|можно|может|могу|можем|есть|скоро|будет|исполн\p{L}*|хочет|хочу|хотим|подойдет|подходит)(?!\p{L}))|(?<!\p{L})(?<!(?<!\p{L})(?:к|ко)\s)(?:нам|им)\s+(?:уже\s+|всего\s+|почти\s+)?\d{1,2}(?:[,.]\d)?\s*(?:лет|года?|годик\p{L}*|месяц\p{L}*)(?!\p{L})|(?<!\p{L})(?:сын\p{L}*|доч\p{L}*|ребен\p{L}*|внук\p{L}*|внучк\p{L}*|щен\p{L}*|кот[её]н\p{L}*)\s+\d{1,2}(?:[,.]\d)?\s*(?:лет|год\p{L}*|месяц\p{L}*)(?!\p{L})/u,
  answer:
    /(?<!\p{L})(?:с|со|от|старше|младше|моложе|до|после)\s+\d{1,2}(?:[,.]\d)?(?:-?х)?\s*(?:лет|года?|месяц\p{L}*)(?!\s+(?:назад|работы|гаранти))|(?<![\d\p{L}])\d{1,2}\s*\+(?!\s*\d)|(?<!\p{L})(?:совершеннолет|несовершеннолет)\p{L}*|возраст\p{L}*\s*:?\s*(?:от|с|до)?\s*\d/iu,
  names: /^(?:лет|год|годик\p{L}*|возраст\p{L}*)$/u,
};
/**
 * The age told of another asked about what the visitor does ("дочке 5, можно я в зале посижу?",
 * "могу я написать ему разрешение?"), or asking who ("сын 6 лет… к кому записать?"): no age limit
 * answers it.
 */
const OF_ASKER = /(?<!\p{L})(?:можно\s+(?:ли\s+)?(?:мне|я)|мне\s+можно|могу\s+(?:ли\s+)?я|я\s+могу)(?!\p{L})/u;
/** What the visitor does with the child, which asks of the child's age ("могу я её записать?"). */
const CHILD_VERB =
  '(?:записать|записывать|запишу|отдать|отдавать|отдам|привести|приводить|приведу|привезти|привозить|привезу|оставить|оставлять|оставлю)';
const CHILD = '(?:ее|его|их|сына|дочь|дочку|ребенка|внука|внучку|щенка|собаку)';
const OF_CHILD = new RegExp(
  String.raw`(?<!\p{L})(?:${CHILD_VERB}\s+(?:\p{L}+\s+){0,2}?${CHILD}|${CHILD}\s+(?:\p{L}+\s+){0,2}?${CHILD_VERB})(?!\p{L})`,
  'u',
);
/** "Кто-нибудь из тренеров…", "к кому-нибудь" ask whether, not who. */
const SOMEONE = /(?<!\p{L})(?:кто|кого|кому|кем)[-\s](?:нибудь|то|либо)(?!\p{L})/gu;
/** The age told, as AGE reads it in the question with its figures (`said`), when an age limit answers it. */
export function agesOf(said: string, question: string): RegExpExecArray | null {
  const age = AGE.question.exec(said.replace(/ё/g, 'е'));
  if (!age || asksWho(question)) return null;
  const ofAsker = OF_ASKER.test(question) && !OF_CHILD.test(question);
  return ofAsker && !/^(?:мне|нам)\s/u.test(age[0]) ? null : age;
}
/** What finds the founding when the question's own words did not: the words it is told in. */
const SINCE_QUERY = 'открыли основали году';
/** What finds the age limits for a visitor telling an age: the words they are told in. */
const AGE_QUERY = 'возраст лет старше младше';
/** The words of a timetable, which finds it for a question asking a time of day in other words. */
const TIMETABLE_QUERY = 'расписание время начало';
/** The business's own hours asked ("открываетесь", "до скольки работаете", "режим работы"). */
const OPENING =
  /(?<!\p{L})(?:открыва\p{L}*|открыт[ыо]|закрыва\p{L}*|работаете|принимаете|(?:часы|режим|график|время)\s+работ\p{L}*)(?!\p{L})/u;
/** A cell that is a time of day ("20:30", "19.00", "с 10:00 до 11:00"), not a date ("12.04.2025") or a decimal. */
const TIME_CELL = /^(?:с\s+)?(?:[01]?\d|2[0-3])[:.][0-5]\d(?![\d.,])/;
/** Asked of the business ("вы давно работаете?"), its founding tells since when, not a worker's "работает у нас с 2014 года". */
const FOUNDED = /(?<!\p{L})(?:открыл\p{L}*|основал\p{L}*|основан\p{L}*|создал\p{L}*)(?!\p{L})/iu;
/** A question asked of the business itself ("вы", "вас"), not of one of its people. */
const OF_BUSINESS = /(?<!\p{L})(?:вы|вас)(?!\p{L})/u;

/** Rows that tell a price: a column of money ("Цена, руб.", "Доплата, ₽", "Сумма"). */
const PRICED =
  /₽|(?<!\p{L})(?:руб(?:\.|л(?:ь|я|ей|ям|ями|ях)?)?|цен[аы]|стоимост\p{L}*|доплат\p{L}*|сумм[аыу])(?!\p{L})/iu;
/** A price asked, and "какая предоплата / какой залог": a payment asked about is asked for its amount. */
const PRICE = {
  question:
    /сколько\s+(?:это\s+)?(?:стои|будет\s+стоить|обойд|встан|плати|денег)|по\s+деньгам|сколько\s+(?:с\s+(?:меня|нас|нее|него)\s+)?(?:возьм|берет|берут|берете|взыщ|спиш)|(?<!(?:входит|входят|включен\p{L}*|включа\p{L}*)\s+(?:ли\s+)?(?:\p{L}+\s+)?(?:в|во)\s)(?:цен[аыуе]|стоимост)(?!\p{L}*\s+(?:\p{L}+\s+)?(?:входит|входят|включ))|почем(?!у)|прайс|тариф|расценк|(?:какой|какая|какую|каков\p{L}*)\s+(?:\p{L}+\s+)?(?:предоплат|залог|депозит|взнос|аванс|штраф|комисси)/u,
  answer: PRICE_ANSWER,
  names: /^(?:стои|цен|прайс|тариф|расценк|поч(?:ем)?$|обойд)/,
};

/** A share said: "30 %", "пять процентов" (the kinds of a discount and of a share asked). */
const SHARE_SAID = /%|процент/;

/** What a question asks for, read from its wording, and how to spot it in a sentence. */
const ANSWER_TYPES: { question: RegExp; answer: RegExp; names?: RegExp }[] = [
  PRICE,
  HOURS,
  {
    question:
      /(?<!\p{L})(?:где|откуда)(?![\p{L}-])|адрес|добраться|доехать|дойти|проехать|находитесь|расположен|как\s+(?:вас\s+)?найти|(?:на\s+)?как(?:ой|ая)\s+улиц/u,
    answer:
      /ул\.|(?<!на\s)улиц|просп|пр-т|переул|шоссе|бульвар|наб\.|д\.\s*\d|дом\s+\d|метро(?!в)|этаж|офис\s+\d|(?<!\p{L})г\.\s*\p{Lu}/iu,
    names: /^(?:адрес|находит|наход|располож|добрат|доеха|дойт|проеха|улиц)/,
  },
  {
    question: /телефон|номер|позвонить|звонить|дозвониться|связаться|связь\s+с\s+вами|контакт/,
    answer: /\+?\d[\d\s()-]{8,}\d/,
    names: /^(?:телефон|номер|позвон|звон|дозвон|связат|контакт)/,
  },
  { question: /почт|e-?mail|емейл|имейл|электронн/, answer: /@/ },
  {
    // "А в телеге вы есть?": a messenger or a social network asked for, answered by its handle,
    // link or number.
    question:
      /telegram|телеграм|(?<!\p{L})(?:телег\p{L}*|тг|whatsapp|ватсап|вотсап|вацап|viber|вайбер|вк|вконтакте|инст(?:а|у|е|ы|ой|аграм\p{L}*)?|соцсет\p{L}*)(?!\p{L})/u,
    answer: /@[\w.]{3,}|t\.me\/|wa\.me|vk\.com|\+?\d[\d\s()-]{8,}\d/i,
    names:
      /^(?:telegram|телеграм|телег|тг|whatsapp|ватсап|вотсап|вацап|viber|вайбер|вк|вконтакт|инст(?:агр\p{L}*)?$|соцсет|ник|юзернейм|username)/u,
  },
  {
    question:
      /сколько\s+(?:по\s+)?(?:дней|времени|ждать|идет|едет|занимает|длится|продолжается)|через\s+сколько|как\s+долго|(?:как|насколько)\s+быстро|(?<!\p{L})срок|когда\s+(?:придет|привезут|доставят)/u,
    // A term in figures, or in words: "на следующий день", "в тот же день", "завтра"; not a lead
    // time ("записаться не позже чем за 1,5 часа до закрытия").
    answer:
      /(?<!(?<!\p{L})за\s+[\d,.]*)\d+\s*(?:[-–—]\s*\d+\s*)?(?:дн|день|дня|час|недел|месяц|мин|рабоч|календарн|сут)|(?:следующ\p{L}*|тот\s+же|ту\s+же|течение)\s+(?:дн|день|дня|недел|час|сут)|(?<!\p{L})(?:завтра|послезавтра)(?!\p{L})/iu,
    // "Как быстро приехать?", "сколько ждать?": any term said answers how fast, or how long to wait.
    names: /^(?:быстр|ждат|ожидан)/,
  },
  {
    // "Гарантия на сколько лет?": a period in years, months, weeks or days; the unit asked is
    // named by any period ("36 месяцев"), not by an age, a lead time or a year ("с 14 лет", "с 6
    // месяцев", "за 7 дней", "с 2017 года").
    question: /(?<!\p{L})на\s*сколько\s+(?:лет|года?|месяц\p{L}*|недел\p{L}*)(?!\p{L})/u,
    answer:
      /(?<![\d,.])(?<!(?<!\p{L})(?:с|со|от|за|старше|младше)\s+)(?:\d{1,3}\s*(?:[-–—]\s*\d{1,3}\s*)?(?:месяц|недел|дн|день|дня)|(?<!(?<!\p{L})до\s+)\d{1,2}\s*(?:года?|лет)(?!\p{L}))/iu,
    names: /^(?:лет|год|месяц|недел)$/,
  },
  {
    // "За сколько надо предупредить?", "до какого момента можно отменить?": how long before, said
    // as a lead time ("не позднее чем за 12 часов", "за сутки", "накануне").
    question:
      /(?<!\p{L})за\s+(?:сколько|какое\s+время|какой\s+срок)(?!\s+(?:\p{L}+\s+)?(?:выкуп|купи|прода|отда|возьм|сда|стои|обойд))|до\s+какого\s+(?:момента|времени|срока)|(?:как|насколько)\s+заранее/u,
    answer:
      /(?<!\p{L})за\s+(?:\d+(?:[,.]\d+)?\s*(?:[-–—]\s*\d+\s*)?(?:час|дн|день|сут|недел|мин|рабоч)|сутки|день|неделю|час|двое|трое)|не\s+позднее|накануне/iu,
    // The words of warning or cancelling in time, which such a rule says its own way.
    names: /^(?:предупре|отмен|отказ|сгор|перенес|перенос)/,
  },
  { question: /скидк/, answer: SHARE_SAID },
  // "Сколько процентов внести?": documents write "%", which no stem holds, so "процентов" is named
  // by any share said, as "стоит" is by a price. Not of a discount ("сколько процентов скидка на
  // годовую оплату?"): a business that names no discount has none to tell, whatever its shares.
  { question: /^(?!.*скидк).*процент/su, answer: SHARE_SAID, names: /^(?:процент|проц$)/ },
  {
    // "Как иначе называются статоры?", "какой другой термин…": another name, said in brackets
    // or with "или", "иначе", "также известен как".
    question:
      /(?<!\p{L})(?:иначе|по-другому|по-иному|ещ[её]|также)\s+(?:\p{L}+\s+){0,2}?(?:называ\p{L}*|зовут|имену\p{L}*)|(?<!\p{L})друг\p{L}*\s+(?:\p{L}+\s+)?(?:назван\p{L}*|термин\p{L}*|имя|имени)(?!\p{L})/u,
    answer:
      /\(\s*\p{L}|(?<!\p{L})(?:или|иначе|по-другому|также\s+(?:известн|называ|имену)\p{L}*|так\s+называем\p{L}*)(?!\p{L})/iu,
    names: /^(?:инач|называ|назван|термин|друг|зовут|обознач|имену)/,
  },
  {
    // "Какой максимальный номинал?", "минимальный заказ какой?": a limit, said as a bound ("до
    // 20 000 рублей", "не менее 3 часов", "от 1,5 кг").
    question: /(?<!\p{L})(?:максимальн\p{L}*|минимальн\p{L}*|максимум|минимум)(?!\p{L})/u,
    answer:
      /(?<!\p{L})(?:до|от|не\s+(?:более|больше|менее|меньше|дольше)|максимум|минимум|максимальн\p{L}*|минимальн\p{L}*)\s+\d/iu,
    names: /^(?:максимал|минимал|максимум|минимум)/,
  },
  SINCE,
  AGE,
  // "В какие дни принимает подолог?": days of the week, which a schedule names ("вт, чт", "по
  // субботам", "в будни"), not the word "дни".
  {
    question: /(?<!\p{L})(?:какие\s+дни|по\s+каким\s+дням)(?!\p{L})/u,
    answer: new RegExp(String.raw`(?<!\p{L})(?:пн|вт|ср|чт|пт|сб|вс|ежедневно|${WEEKDAY_WORD})(?!\p{L})`, 'iu'),
    names: /^(?:дни|дн|ден|дня)$/,
  },
  {
    // "Далеко ли до набережной?": a distance, in minutes or metres.
    question:
      /(?<!\p{L})(?:далеко|близко|далек\p{L}*|сколько\s+(?:идти|ехать|километров|метров)|долго\s+(?:идти|ехать|добираться)|(?:идти|ехать|добираться)\s+долго)(?!\p{L})/u,
    answer: /\d+\s*(?:мин|км|м(?!\p{L})|метр|шаг)|(?<!\p{L})(?:рядом|напротив|в\s+двух\s+шагах)(?!\p{L})/iu,
    names: /^(?:идт|ехат|далек|близк)/,
  },
];

/**
 * How well a sentence holding an answer of the kind asked for matches the question's word that
 * names the kind ("с 8:00 до 22:00" for "работаете"): less than the word itself or its synonym, so
 * of two times the one said of opening hours wins.
 */
const TYPE_NAMED = 0.7;

/**
 * A word of the question said elsewhere in a sentence's passage counts this share of one said in
 * the sentence: the passage tells the subject, the sentence must hold the fact. (0.4 let a sentence
 * of a passage that names the question's words apart win over the one holding them, and answered
 * outside questions from such passages: over 18 businesses written apart 471 → 476 of 718, outside
 * questions answered 51 → 47; XQuAD-ru and the fixture the same.)
 */
const PASSAGE_SHARE = 0.3;

/** How much a sentence holding what a general question asks for (a name, a number, a date) gains. */
const KIND_BONUS = 0.1;

/**
 * A sentence whose first clause says "она", "он", "они" of what the sentence before named ("Для
 * банкетов от 50 гостей она бесплатная…" of a tasting): given alone, it names nothing.
 */
const POINTS_BACK = /^[^,;:]{0,40}?(?<!\p{L})(?:он|она|оно|они)(?!\p{L})/iu;
/**
 * A sentence that names a time only as "этот срок", "это время", "в этот день" (of what the
 * sentence before said: "Пробы храним 48 часов. …сообщите в течение этого срока").
 */
const TIME_BACK =
  /(?<!\p{L})(?:эт(?:от|ого|ом|им|о|у|а|ой|и|их)|так(?:ой|ого|ом|им))\s+(?:срок|период|врем|день|дня|дни|дней|момент|дат)\p{L}*/iu;

/** Openings that point at the sentence before: a demonstrative, a pronoun, a consequence. */
const POINTING = String.raw`эт(?:о|и|от|а|ого|ой|их|им)|он|она|они|оно|при\s+этом|поэтому|в\s+этом\s+случае`;
/** A sentence opening with a word that goes on from the one before ("Это…", "Однако…", "Поэтому…"). */
const GOES_ON = new RegExp(String.raw`^(?:${POINTING}|также|однако|но|кроме\s+того)(?!\p{L})`, 'iu');

/**
 * A sentence whose words point at the one before: a demonstrative, a pronoun or a consequence
 * ("Эти устройства…", "…он…", "В этом случае…", "Поэтому…").
 */
const REFERS_BACK = new RegExp(
  String.raw`^(?:${POINTING}|в\s+таком\s+случае|тогда)(?!\p{L})|${POINTS_BACK.source}|${TIME_BACK.source}`,
  'iu',
);

/**
 * The business's story ("Студию открыла в 2014 году…", "Агентство работает с марта 2012 года") and
 * a contract's opening ("ИП Арутюнян… (далее - Исполнитель) выполняет…") tell about the business,
 * and their many words match questions of anything else ("парный массаж… так можно?", "шьёте
 * обувь на заказ?"): such an answer answers only a question of the business's story, its people
 * or its legal self, else it is handed off. (Seven outside questions of 2,711 handed off, none
 * answered lost; XQuAD-ru the same: "когда был основан…" asks the story.)
 */
const STORY =
  /^(?:[^\s.!?]+\s+){0,2}(?:открыл\p{L}*|основал\p{L}*|создал\p{L}*|работает)(?!\p{L})[^.!?]*?(?<!\d)(?:19|20)\d\d(?!\d)/u;
const PREAMBLE = /\(?далее\s*[-–—]\s*[«"]?\p{Lu}/u;
const STORY_ASKED = /когда|(?<!\p{L})(?:в|с)\s+как\p{L}+\s+год|давно|основ|откры|созда|истори|кто|владел|хозя|начина/u;
const PREAMBLE_ASKED =
  /договор|оферт|реквизит|(?<!\p{L})(?:инн|огрн|ип|ооо|юр\p{L}*)(?!\p{L})|юридическ|компани|организац|исполнител|продав|называ|названи/u;
const firstSentence = (text: string) => text.split(/(?<=[.!?])\s+/)[0] ?? '';
/**
 * A person's entry in a staff list ("Мария Ким — преподаватель китайского, стаж 9 лет"): asked of
 * anything but the people (who, a role, experience, a name said), it answers only when it says
 * every word the question names ("китайский язык преподаёте?", not "японский…"); "Стаж 14 лет, …"
 * starts such an entry too. (Five outside questions of 2,711 handed off, none answered lost;
 * XQuAD-ru the same. Without the words' check, "китайский язык преподаёте?" was handed off too.)
 */
const STAFF_ENTRY = /(?<!\p{L})стаж\p{L}*\s+(?:\d|более|больше|свыше)/iu;
const PEOPLE_ASKED =
  /(?<!\p{L})(?:кто|кого|кому|кем|чей|чья)(?!\p{L})|мастер|врач|доктор|тренер|педагог|преподавател|учител|инструктор|специалист|сотрудник|опыт|стаж|давно|квалифик/u;
/** A name said in the question: a capitalised word after another word ("к Ольге Романовой можно…"). */
const NAME_SAID = /(?<=[\p{L},]\s+)\p{Lu}\p{Ll}{2,}/u;

/**
 * A person's name and surname (or patronymic, or initial) as a text writes them: two capitalised
 * Cyrillic words ("Жукова Мария Андреевна", "у Ольги Беловой", "Тренер: Андрей Бурцев"), not a
 * place after its preposition ("в Нижнем Новгороде", "на Красной Площади").
 */
const FULL_NAME =
  /(?<![\p{L}.«"])(?<!(?:(?<!\p{L})(?:[Нн]а|[Вв]о?|[Ии]з|[Дд]о|[Уу]л\.|г\.)\s+))([А-ЯЁ][а-яё-]{2,})\s+(?:([А-ЯЁ][а-яё-]{2,})|[А-ЯЁ]\.)/gu;
/**
 * The words of a text that name a person, lower-cased with "ё" as "е": the second word of a full
 * name, and its first unless it starts a sentence, where any word is capitalised ("Кардиолог
 * Петрова принимает…" names Петрова, not a "кардиолог").
 */
function personWords(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(FULL_NAME)) {
    const [, first = '', second] = m;
    if (second) words.push(second);
    if (/[\p{L},:—–-]\s*$/u.test(text.slice(0, m.index))) words.push(first);
  }
  return words.map((w) => w.toLowerCase().replace(/ё/g, 'е'));
}

/**
 * The forms of "что", "кто" and "чей" ASKS_WHAT leaves out ("к чему призвал…", "кем был…"): with it,
 * a question asking what or who, not whether.
 */
const ASKS_WHOM = /(?<!\p{L})(?:чему|кого|кому|кем|ч[её]й|чья|чьи)(?!\p{L})/u;

const CERTIFICATE = /сертификат|серт(?:ик)?(?!\p{L})/iu;
/** Asked to buy a thing ("гитары продаёте?", "можно у вас купить шлейку?"). */
const BUY_ASKED =
  /(?<!\p{L})(?:купить|куплю|купим|покупать|продаете|продаешь|продается|продаются|продаже|продажу)(?!\p{L})/iu;
/** An answer telling a sale in words, not only by a price. */
const SALE_SAID = /куп|прода|приобр/iu;
/**
 * What a question asks whether they do, and what an answer must then say of it: one that says
 * nothing of it tells about the thing, not whether they do it, and is handed off.
 */
const ASKED_AND_SAID: readonly (readonly [asked: RegExp, said: RegExp])[] = [
  // To buy ("гитары продаёте?", "можно у вас купить шлейку?"): a sale or a price (of the thing, below).
  [BUY_ASKED, new RegExp(`${SALE_SAID.source}|₽|руб|цен[аыеуо]|стои|бесплатн`, 'iu')],
  // To rent a thing or a room ("платье напрокат", "снять зал на пару часов"): renting.
  [
    /(?<!\p{L})(?:напрокат|в\s+прокат|в\s+аренду|арендовать|арендую|снять\s+(?:\p{L}+\s+)?(?:зал|помещени|студи|комнат|кабинет|бан|бесед|дом|квартир|площадк))/iu,
    /прокат|аренд|снять|сда[её]м|сдаются|сдаётся|сдается/iu,
  ],
  // To come to the visitor ("барбера на дом вызвать", "приезжать к нам в офис"): coming out or delivering.
  [
    /(?<!\p{L})(?:на\s+дом(?:у)?|(?:приехать|приезжать|приедете|выехать)\s+(?:\p{L}+\s+)?(?:к\s+нам|ко\s+мне|домой|в\s+офис)|к\s+нам\s+в\s+(?:офис|школу|сад))(?!\p{L})/iu,
    /выезд|выезжа|вызов|на\s+дом|приед|приезжа|домой|на\s+дому|у\s+вас\s+дома|на\s+объект|на\s+месте\s+у|курьер|достав|прив[её]з/iu,
  ],
  // A gift certificate: one named ("Акция: … третья в подарок" is none).
  [CERTIFICATE, CERTIFICATE],
  // Topics a visitor asks of that only a sentence naming them answers, and that documents often
  // leave out: food values ("сколько калорий в куске пепперони?" of how a pizza is cut), a tax
  // deduction, a promo code, a cashback, tips, charging an electric car, pregnancy, gluten, lactose,
  // halal or kosher food, parking, Wi-Fi, cryptocurrency, a wheelchair; and services a business
  // is asked for beside its own: a photographer, an animator, insurance, classes online, a mobile
  // app, a passport abroad, a summer camp, competitions, boarding a pet, children with special needs.
  [
    /калори|ккал|кбжу|(?<!\p{L})бел(?:ок|ка|ков)(?!\p{L})|углевод/iu,
    /калори|ккал|кбжу|(?<!\p{L})бел(?:ок|ка|ков|ки)(?!\p{L})|углевод|пищев/iu,
  ],
  [/вычет/iu, /вычет|налог|ндфл|13\s*%/iu],
  [/промо-?код/iu, /промо-?код|(?<!\p{L})код/iu],
  [/к[еэ]шб[эе]к|cashback/iu, /к[еэ]шб[эе]к|cashback|балл|бонус/iu],
  [/чаев/iu, /чаев/iu],
  [/электромобил/iu, /электромобил|зарядк|зарядн/iu],
  [/беремен/iu, /беремен/iu],
  [/глютен|целиак/iu, /глютен|целиак/iu],
  [/лактоз/iu, /лактоз|молок|молоч/iu],
  [/халял|кошерн/iu, /халял|кошерн/iu],
  [/парков/iu, /парков|стоянк|останов|припарк|машин/iu],
  [/wi-?fi|вай-?фай/iu, /wi-?fi|вай-?фай|интернет/iu],
  [/крипт|биткоин|bitcoin|usdt/iu, /крипт|биткоин|bitcoin|usdt/iu],
  [/инвалидн\p{L}*\s+коляс|колясочник|пандус/iu, /коляс|пандус|инвалид|маломобильн|ступен|порог|лифт/iu],
  [/фотограф/iu, /фотограф|фотосъ[её]мк|(?<!\p{L})фото/iu],
  [/аниматор/iu, /аниматор|анимац|ведущ/iu],
  [/страховк|страхован/iu, /страхов/iu],
  [/онлайн|дистанцион|удал[её]нн?о/iu, /онлайн|дистанц|удал[её]н|zoom|зум|видеосвяз|интернет/iu],
  [/(?:есть|у\s+вас)\s+(?:\p{L}+\s+)?приложени|(?<!\p{L})приложени\p{L}*\s+(?:есть|у\s+вас)/iu, /приложени/iu],
  [/загранпаспорт/iu, /загран/iu],
  [/лагер/iu, /лагер|смен/iu],
  [/соревнован|турнир/iu, /соревнован|турнир|старт/iu],
  [/на\s+передержк|зоогостиниц/iu, /передерж|гостиниц|пожить|оставить|пансион/iu],
  [
    /аутизм|аутист|(?<!\p{L})рас(?!\p{L})|дцп|(?<!\p{L})овз|синдром\p{L}*\s+дауна/iu,
    /аутизм|аутист|(?<!\p{L})рас(?!\p{L})|дцп|(?<!\p{L})овз|дауна|особенност|инвалид|иппотерап|особ\p{L}+\s+дет/iu,
  ],
  // Open on a day of a month ("9 мая работаете?"): hours, or closed ("к маю модели разобраны" is neither).
  [
    /(?<![\d\p{L}])\d{1,2}(?:-?(?:го|е|ое))?\s+(?:январ|феврал|март|апрел|ма[яй]|июн|июл|август|сентябр|октябр|ноябр|декабр)\p{L}*[^?.!]*?(?<!\p{L})(?:работа|открыт)|(?<!\p{L})(?:работа|открыт)\p{L}*[^?.!]*?(?<![\d\p{L}])\d{1,2}(?:-?(?:го|е|ое))?\s+(?:январ|феврал|март|апрел|ма[яй]|июн|июл|август|сентябр|октябр|ноябр|декабр)/iu,
    /\d{1,2}[:.]\d{2}|закрыт|выходн|не\s+работа|круглосуточн|(?<!\p{L})до\s+\d{1,2}(?!\d)/iu,
  ],
];

/**
 * Whether an answer says nothing of what the question (lower-cased) asks whether they do or of the
 * topic it names (ASKED_AND_SAID): it tells of something else, and the owner answers.
 */
export const leavesOutWhatIsAsked = (question: string, answer: string): boolean =>
  ASKED_AND_SAID.some(([asked, said]) => asked.test(question) && !said.test(answer));

/** A passage's own heading: the last of its path ("Правила › 8. Онлайн-занятия"). */
const lastHeading = (heading: string) => heading.split(' › ').pop() ?? '';

/** Whether a sentence needs the one before it to be understood (GOES_ON, POINTS_BACK, TIME_BACK). */
const pointsBack = (u: Unit, prev: Unit) =>
  GOES_ON.test(u.text) || (prev.line === u.line && (POINTS_BACK.test(u.text) || TIME_BACK.test(u.text)));

/** A question's clauses: its sentences, and their parts joined by a comma, "и" or "а". */
const CLAUSE = /[?!;,—]|\.(?!\d)|\s(?:и|а)\s/u;

/**
 * A neighbouring sentence that explains this share of what the answer's sentence does joins it.
 * (0.5 before; over 61 businesses 0.3 answers 1,814 → 1,816 of 2,511, 0.1 1,819 but one XQuAD-ru
 * answer fewer.)
 */
const NEIGHBOUR_SHARE = 0.3;
/**
 * When neither a neighbour of its paragraph nor an exception joins it, a short answer (under
 * LINE_PAIR_CHARS) takes the line beside it that explains at least this share of what its sentence
 * does. (Over 61 businesses 1,810 → 1,813 of 2,511, outside answered the same; 0.5 gave 1,812.)
 */
const LINE_PAIR_SHARE = 0.3;
const LINE_PAIR_CHARS = 220;

/**
 * A question whether one may: "можно …?", "могу …?", "принимаете …?", "пустите …?", or a plan told
 * and asked "норм?", "ок?" ("хотим в Казахстан к родне сгонять, норм?"). (Over 68 businesses
 * 2,077 → 2,079 of 2,711, outside answered the same.)
 */
const MAY_ASKED =
  /(?<!\p{L})(?:можно|могу|можем|можете|разрешается|разрешено|принимаете|пустите|пускаете|реально|(?:норм(?:ально)?|ок|окей)(?=\s*\?))(?!\p{L})/u;
/**
 * A question whether the business will do a thing ("вернёте деньги?", "поменяете?", "продлите?"):
 * a verb of "вы" (not a request: "подскажите", "перезвоните"; nor a noun after its preposition: "в
 * кабинете"). Asked so, the rule saying what they do not do, or what follows when they fail ("а если
 * вы со сроками затянете?" of "Если мы не уложились в срок…"), answers as it does asked "можно".
 * (Over 64 businesses 1,894 → 1,895 of 2,631, outside answered the same; RULE_BONUS raised to 0.05
 * then lost two.)
 */
const WILL_YOU =
  /(?<!(?:^|[^\p{L}])(?:в|во|на|о|об|обо|при|по)\s+)(?<!\p{L})(?!(?:под|рас)?скаж|напиш|пришл|объясн|уточн|помог|посовет|извин|простит|перезвон|позвон|сообщ|свяж|посмотр|подожд|запиш|подбер|покаж)\p{L}{2,}[еи]те(?:сь)?(?!\p{L})/u;
export const asksWhetherYouWill = (question: string): boolean => WILL_YOU.test(question);
/** A question asking how, where, when or how much ("где можно поставить машину?"): not whether one may. */
const WH_ASKED = /(?<!\p{L})(?:как|где|когда|куда|откуда|сколько|скольки)(?!\p{L})/u;
/**
 * Words of a question asking what, which, whether there is, or of money ("что у вас есть для…",
 * "какие…", "есть ли у вас…", "выйдет дешевле?"): a row of a table may answer it, and a question
 * without them (nor WH_ASKED's) asks only whether ("Подстрижёте двухлетнего сына?").
 */
const ASKS_WHAT =
  /(?<!\p{L})(?:как\p{L}*|что|чем|чего|кто|почем|почему|зачем|скока|есть)(?!\p{L})|денег|деньг|доплат|доплач|дешевл|платн|(?<!\p{L})(?:стои|дорож[ае]|цен[аыуе])/u;
/**
 * What a table row loses, asked only whether: it names the thing asked about ("Детская стрижка (до
 * 12 лет); Цена: 700 ₽"), while the rule in prose answers ("Детей младше 3 лет на стрижку не
 * принимаем"). (Over the 58 businesses, 0.1 to 0.25 gained 5 to 6 in scope and answered no more
 * outside questions; 0.3 lost as many as it gained.)
 */
const WHETHER_ROW = 0.15;
/** What a sentence saying what one may not gains, asked whether one may. */
const RULE_BONUS = 0.03;
/** A sentence saying "не" (not "не позднее"), "нельзя", "запрещено": a rule's exception. */
const NEGATION =
  /(?<!\p{L})(?:не(?!\s+(?:позднее|ранее|позже|раньше|более|менее|больше|меньше|дольше))|нельзя|запрещ\p{L}*)(?!\p{L})/iu;
/** A neighbouring exception sharing this share of what the answer's sentence explains joins it. */
const EXCEPTION_SHARE = 0.25;

/** Below this length an answer takes the next sentence of its paragraph too. */
const SHORT_ANSWER = 150;

/** Number words, for questions of "сколько" answered in words ("четыре перехвата"). */
const NUMBER_WORD =
  /\d|(?<!\p{L})(?:одн|дв[аеу]|тр[иеоё]|четыр|пят|шест|сем|восем|девят|десят|двадцат|тридцат|сорок|сто|двест|трист|тысяч|миллион|миллиард|полтор|несколь)/iu;
const MONTH_OR_YEAR =
  /\d{3,4}|(?<!\p{L})(?:век|веке|года?|январ|феврал|март|апрел|ма[йяе]|июн|июл|август|сентябр|октябр|ноябр|декабр)/iu;

/** A share: a percentage or a fraction said in words. */
const SHARE =
  /\d\s*%|(?<!\p{L})(?:процент\p{L}*|половин\p{L}*|трет[ьия]\p{L}*|четверт\p{L}*|пят(?:ая|ую|ой)\s+част\p{L}*)(?!\p{L})/iu;

/** A time or a day a business names ("до 22:00", "на следующий день", "с 1 мая"). */
const WHEN = /\d{1,2}:\d{2}|(?<!\p{L})(?:день|дня|дней|недел\p{L}*|завтра|сегодня|утра|вечера)(?!\p{L})/iu;

/**
 * A question asking who, or a person's name ("как его звали?", "как зовут мастера?", "какая у
 * врача фамилия?"), not one naming its asker ("меня зовут Ольга") or a name's use ("называть
 * фамилию при записи?", "какое имя указать в договоре?": a verb's infinitive beside the name).
 * The question is read with "ё" as "е".
 */
const WHO =
  /(?<!\p{L})(?:кто|кого|кому|кем|чей|чья|чье)(?!\p{L})|(?<!\p{L})(?:как|какая|какое)\s+(?:(?!меня)(?!\p{L}+(?:ть|ти|чь)(?:ся)?\s)\p{L}+\s+){0,2}(?:зовут|звали|фамилия|имя)(?!\p{L})(?!\s+\p{L}+(?:ть|ти|чь)(?:ся)?(?!\p{L}))/u;

/**
 * The verb of a question asking who ("кто ведёт занятия на барабанах?", "кто у вас дублёнками
 * занимается?") says only that someone does the thing, which a staff list tells in words of its
 * own ("Максим Гусев — барабаны"): it weighs WHO_VERB of another verb, a verb the documents never
 * use too ("кто у вас бьёт японщину?"), which then tells less against the words they do use.
 */
const WHO_VERB = 0.3;
const PURPOSE_TAIL = /(?<!\p{L})чтобы?(?!\p{L})[^.?!,;]*/gu;
/** A relative "кто" asks no one: "скидка для тех, кто приходит с детьми?". */
const RELATIVE_WHO = /(?<!\p{L})(?:тех|те|тем|теми|тот|того|тому|всех|всем)\s*,?\s+(?:кто|кого|кому|кем)(?!\p{L})/gu;
/** Whether a question asks who (WHO), not "кто-нибудь", a relative "кто", nor "кого" in a clause of purpose. */
export const asksWho = (question: string) =>
  WHO.test(question.replace(SOMEONE, '').replace(RELATIVE_WHO, '').replace(PURPOSE_TAIL, ''));

/**
 * What a general question asks for, told by its question word, and whether a sentence has one:
 * a name not in the question (кто, где), a number (сколько), a date (когда, в каком году).
 */
const QUESTION_KINDS: {
  question: Pick<RegExp, 'test'>;
  answer: (text: string, question: string) => boolean;
}[] = [
  {
    question: { test: asksWho },
    answer: (text, question) => namesPerson(text, question),
  },
  {
    // "Как называется…" asks a name too: an aside naming one stays ("премиум-класса (Acura, Lexus…)").
    question: /(?<!\p{L})(?:где|куда|откуда)(?!\p{L})|(?<!\p{L})как\s+(?:\p{L}+\s+){0,2}?называ(?:ет|ют|л)\p{L}*/u,
    answer: (text, question) => newName(text, question),
  },
  { question: /(?<!\p{L})(?:сколько|насколько)(?!\p{L})/u, answer: (text) => NUMBER_WORD.test(text) },
  // "Какую долю…", "какой процент…": a share, said as one ("более половины", "60%", "треть").
  {
    question: /(?<!\p{L})как\p{L}*\s+(?:дол[юия]|част[ьи]|процент\p{L}*)(?!\p{L})/u,
    answer: (text) => SHARE.test(text),
  },
  {
    question: /(?<!\p{L})(?:когда|в\s+как\S+\s+(?:году|веке|месяце)|какого\s+числа)(?!\p{L})/u,
    answer: (text) => MONTH_OR_YEAR.test(text) || WHEN.test(text),
  },
];

const TIME_WORD = /^(?:недел|месяц|год|лет|день|дня|дней|сутк|суток|час|минут)/u;
/**
 * Questions whose particular the documents must name for an answer (a word of the question the
 * knowledge base never saw, in that role, hands it off): what is asked, and whether the question's
 * word at `i` (of `words`, read by textWords) is that particular.
 */
const PARTICULAR_ASKED: readonly (readonly [asked: RegExp, role: (words: string[], i: number) => boolean])[] = [
  // A way of paying ("оплатить Пушкинской картой", "через Долями", "маткапиталом" where no passage
  // says "материнский капитал", "принимаете ли вы Пушкинскую карту"); not a time ("через неделю").
  [
    /(?<!\p{L})(?:оплатить|оплачивать|оплачу|расплатиться|расплачиваться|платить|заплатить|принимаете)(?!\p{L})/u,
    (words, i) => {
      const w = words[i] ?? '';
      const taken = words.indexOf('принимаете');
      return (
        !TIME_WORD.test(w) &&
        (/(?:ом|ой|ей|ами|ями|ым|им)$/u.test(w) ||
          words[i - 1] === 'через' ||
          (taken >= 0 && i > taken && i <= taken + 3))
      );
    },
  ],
  // Whom a discount is for ("студентам скидка есть?", "для пенсионеров"): the discounts the
  // documents do give are for others.
  [
    /(?<!\p{L})(?:скидк|скидос|скидон|льгот)/u,
    (words, i) => /(?:ам|ям|ым|им)$/u.test(words[i] ?? '') || words[i - 1] === 'для',
  ],
];

/** A sentence with a number beside the thing a "сколько" question counts. */
const COUNT_BONUS = 0.1;
/** Words this close together in a sentence are read as said of one another. */
const NEAR_WORDS = 3;

/** A text's words (letters and figures), lower-cased and with "ё" as "е", as stems are. */
const textWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** What a sentence saying all the question's pairs of words as it does gains, and how far apart a pair may stand. */
const PHRASE_BONUS = 0.1;
const PHRASE_GAP = 2;

/**
 * The pairs of the question's words said one after the other (in its own order, the words
 * between them aside), and a share of PHRASE_BONUS for a sentence saying as many of them as
 * close (at most PHRASE_GAP words between): "в попытке изменить имидж района" is told by the
 * sentence "…в попытке оживить имидж района", not by one naming the same words apart. (Over 30
 * businesses written apart 846 → 848 of 1198, XQuAD-ru 522 → 524; 0.15 gave 849 and 523.)
 */
export function phrasesOf(question: string, terms: string[]): (text: string, words?: string[]) => number {
  const keys = terms.filter((t) => !NUMBER.test(t)).map(saidAs);
  const sequence: number[] = [];
  for (const w of question.match(/\p{L}+/gu) ?? []) {
    const k = keys.findIndex((key) => w.startsWith(key));
    if (k >= 0 && sequence[sequence.length - 1] !== k) sequence.push(k);
  }
  const pairs = sequence.slice(1).map((b, i) => [sequence[i] as number, b] as const);
  if (pairs.length === 0) return () => 0;
  // Read for every sentence of the passages found: positions of the paired keys only, in one pass.
  const paired = [...new Set(pairs.flat())];
  return (text, words = textWords(text)) => {
    const at: number[][] = keys.map(() => []);
    words.forEach((w, i) => {
      for (const k of paired) if (w.startsWith(keys[k] as string)) at[k]?.push(i);
    });
    let said = 0;
    for (const [a, b] of pairs)
      if ((at[a] ?? []).some((i) => (at[b] ?? []).some((j) => j > i && j - i <= PHRASE_GAP + 1))) said++;
    return (PHRASE_BONUS * said) / pairs.length;
  };
}

/**
 * For "сколько X" ("сколько блокировок"), whether a sentence has a number beside X ("по
 * блокировкам (118)"): a sentence that merely names the same people and things has other numbers,
 * the one that answers counts X. Word positions are read by the stem's beginning, as the stems of
 * a sentence come without them.
 */
export function countedNearby(
  question: string,
  terms: string[],
  verbs: Set<string>,
): (text: string, words?: string[]) => number {
  const count = /(?<!\p{L})(?:сколько|скольких)\s+(\p{L}+)/u.exec(question)?.[1];
  const counted = count ? terms.find((t) => t.length >= 3 && count.startsWith(t) && !verbs.has(t)) : undefined;
  if (!counted) return () => 0;
  return (text, w = textWords(text)) => {
    // A year ("в 1992 году") counts nothing.
    const year = (j: number) => /^\d{4}$/.test(w[j] ?? '') && /^год/.test(w[j + 1] ?? '');
    const near = w.some((x, i) => {
      if (!x.startsWith(counted)) return false;
      for (let j = Math.max(0, i - NEAR_WORDS); j <= i + NEAR_WORDS && j < w.length; j++) {
        const y = w[j] ?? '';
        if (!y.startsWith(counted) && NUMBER_WORD.test(y) && !year(j)) return true;
      }
      return false;
    });
    return near ? COUNT_BONUS : 0;
  };
}

/**
 * A visitor's own quantity ("за 30 часов", "малому 2 года") against a rule's condition
 * (quantity-fit.ts): the question's figure and its unit's word count as said by a sentence whose
 * condition holds it (more surely than by any figure), a little less by one bounding it the other
 * way ("от 3 лет" for a child of two: the rule that says no), and a sentence that holds it gains
 * FITS_BONUS over its neighbours; so does a span of the day holding a time asked of anything but the
 * opening hours (a night rate). (Over 29 businesses written apart 776 → 795 of 1158.)
 * When another sentence of its passage holds the quantity, one bounding it the other way tells
 * another case and counts OTHER_CASE instead of BOUNDS_MATCH: "за 30 суток до заезда и раньше" of
 * a table whose "меньше чем за 72 часа" holds the visitor's two days.
 */
const BOUNDS_MATCH = 0.8;
const OTHER_CASE = 0.5;
const FITS_BONUS = 0.08;

/**
 * A row's cell of how many its price is for ("Тираж: 1–99 шт.", "от 100 шт.", "200 шт."): the
 * row whose range holds the count asked ("штук 150 фоток 10 на 15": 150, the largest figure the
 * row does not hold elsewhere) is the one asked about, a row whose range leaves it out is not.
 */
const TIER_CELL =
  /^(?:(от|до)\s*)?(\d[\d\s]*?)(?:\s*[–—-]\s*(\d[\d\s]*?))?\s*(?:шт|стр|экз|лист|копи|фото|страниц)\p{L}*\.?$/iu;
const TIER_BONUS = 0.08;
/** What a table row gains when the question names it by its name (see namedRow). */
const NAMED_ROW_BONUS = 0.03;
function tierFit(text: string, numbers: number[], people: number | undefined): number {
  if (numbers.length === 0 && people === undefined) return 0;
  const row = parseRow(text);
  if (!row) return 0;
  // The company counted ("человек 15 хотим… беседка сколько стоит"): the row that takes it.
  if (people !== undefined)
    for (const [column, value] of row.cells) {
      const capacity = PEOPLE.test(column) ? capacityOf(value) : undefined;
      if (capacity !== undefined) return capacity >= people ? TIER_BONUS : -TIER_BONUS;
    }
  for (const [, value] of row.cells) {
    const m = TIER_CELL.exec(value.trim());
    if (!m?.[2]) continue;
    const a = Number(m[2].replace(/\s/g, ''));
    const b = m[3] ? Number(m[3].replace(/\s/g, '')) : undefined;
    const [lo, hi] = m[1] === 'от' ? [a, Number.POSITIVE_INFINITY] : m[1] === 'до' ? [0, a] : [a, b ?? a];
    const rest = new Set(row.cells.flatMap(([, v]) => (v === value ? [] : (v.match(/\d+/g) ?? []).map(Number))));
    const asked = numbers.filter((n) => !rest.has(n));
    if (asked.length === 0) return 0;
    const n = Math.max(...asked);
    return n >= lo && n <= hi ? TIER_BONUS : -TIER_BONUS;
  }
  return 0;
}

/**
 * A figure joined to a word ("2-комнатная", "5-местный"; quantities.ts writes "двушка" so): its
 * stems ("2", "комнатн") are in every row of a price list that counts rooms, the sentence writing
 * the same compound is the one asked about.
 */
const COMPOUND = /(?<!\d)\d+-\p{L}{4}/gu;
const COMPOUND_BONUS = 0.05;
/** A sentence without the compound the question names shares this much of the answer's score. */
const OTHER_COMPOUND = 0.85;

/**
 * A capitalised `word` (a pattern) after a space, a quote or a bracket, whole; `before`, a lookbehind
 * it must not follow. Not a label before a colon in a table row's cell ("Бренд: Apple; Срочный
 * ремонт: нет"): after "; ", a word followed by a colon within three words is the column's name.
 */
const nameWord = (word: string, before = '') =>
  new RegExp(
    `(?<=[\\s«"(])${before}(?:(?<!;\\s*)${word}(?![\\p{L}-])|(?<=;\\s*)${word}(?![\\p{L}-]|(?:\\s+[\\p{Ll}\\d,/()-]+){0,3}\\s*:))`,
    'gu',
  );
/** Any capitalised word of three letters or more. */
const CAPITALISED = nameWord('\\p{Lu}[\\p{L}-]{2,}');
/**
 * A person's name as Russian text writes it: in Cyrillic ("Белова"), not a brand ("Carl Zeiss",
 * «Хлебный дом»), nor a place after "на", "в", "из", "до", "ул." ("на Галактионовской", "из Англии").
 * A table cell's value starts with a capital whatever it is ("Обучение: Экзамен на допуск"): after
 * a colon, a name is one followed by another name or an initial ("Тренер: Ксения Мельникова",
 * "Кто выполняет: Волков Г. П.").
 */
const PERSON_NAME = nameWord(
  '(?:(?<!:\\s+)[А-ЯЁ][а-яё-]{2,}|(?<=:\\s+)[А-ЯЁ][а-яё-]{2,}(?=\\s+[А-ЯЁ]))',
  '(?<![«"]|(?<![\\p{L}.])(?:[Нн]а|[Вв]о?|[Ии]з|[Дд]о|ул\\.|г\\.|пр\\.|пл\\.)\\s+)',
);

/** A capitalised word inside the sentence (not its first) whose beginning the question does not hold. */
function newName(text: string, question: string, name: RegExp = CAPITALISED): boolean {
  const words = text.match(name) ?? [];
  return words.some((w) => !question.includes(w.toLowerCase().replace(/ё/g, 'е').slice(0, 4)));
}

/** Whether a text names a person the question (lower-cased, "ё" as "е") does not name: an answer to a question asking who. */
export const namesPerson = (text: string, question: string): boolean => newName(text, question, PERSON_NAME);

/** A sentence that asks. */
const ASKS = /\?\s*$/;
const QUESTION_LINE = new RegExp(`${ASKS.source}|^(?:вопрос|в)\\s*[:.-]`, 'i');
const ANSWER_PREFIX = /^(?:ответ|о|а)\s*[:.-]\s*/i;

interface Unit {
  text: string;
  line: number;
  lexemes: Set<string>;
  /** The stems of the label of the line the unit goes on (LINE_LABEL). */
  label?: Set<string>;
  /** Its words (textWords), read once for every message that weighs it. */
  words?: string[];
}

/**
 * What the answerer reads of a passage whatever the question: its first sentences, its table rows
 * and, once stemmed, their stems. The same passages come up for message after message (a burst of
 * visitors asks about the same prices and hours), and reading them again was half of what a
 * message allocated (157 of 311 MB in a burst of 1,000 messages), so they are kept (stems never
 * change, text.ts). Bounded, least recently used out first. Every message shares them: read-only
 * but for what is derived from them once (`read`, a unit's `words`).
 */
interface PassageParts {
  heading: string;
  content: string;
  units: readonly { text: string; line: number }[];
  rows: TableRow[];
  /** The labels of lines going on past their first sentence, and of each unit the one it continues (or -1). */
  labels: string[];
  labelOf: number[];
  read?: PassageRead;
}

/**
 * A line's label ("Часы работы офиса: Понедельник — пятница: с 10:00 до 20:00. Суббота: с 11:00
 * до 17:00."): the sentences after the first are said under it, as under a heading.
 */
const LINE_LABEL = /^([^:.;!?()«»"\d]{3,40}):\s/u;

const PASSAGES_KEPT = 1000;
const partsCache = lru<string, PassageParts>(PASSAGES_KEPT);

/**
 * Kept by the passage's id (a stored passage never changes: a file indexed again gets new ones),
 * its heading and text compared, which costs no copy: a key made of them was a flattened copy of
 * each passage's text for every message.
 */
function passageParts(passage: { chunkId: string; heading: string; content: string }): PassageParts {
  const parts = partsCache.get(passage.chunkId);
  if (parts && parts.heading === passage.heading && parts.content === passage.content) return parts;
  const units = splitUnits(passage.content).slice(0, 40);
  const labels: string[] = [];
  let label = -1;
  const labelOf = units.map((u, i) => {
    if (i === 0 || units[i - 1]?.line !== u.line) {
      const said = !parseRow(u.text) ? LINE_LABEL.exec(u.text)?.[1] : undefined;
      label = said ? labels.push(said) - 1 : -1;
      return -1;
    }
    return label;
  });
  const fresh = {
    heading: passage.heading,
    content: passage.content,
    units,
    rows: units.flatMap((u) => parseRow(u.text) ?? []),
    labels,
    labelOf,
  };
  partsCache.set(passage.chunkId, fresh);
  return fresh;
}

/** A passage's stems: of its heading, of each unit, and all of them together. */
interface PassageRead {
  heading: Set<string>;
  units: Unit[];
  all: Set<string>;
}

/** `stems` holds the heading's, then each unit's, then each line label's (a unit going on under one has its stems too). */
function readParts(parts: PassageParts, stems: string[][]): PassageRead {
  const heading = new Set(stems[0] ?? []);
  const labelAt = 1 + parts.units.length;
  const units = parts.units.map((u, i) => {
    const label = parts.labelOf[i] ?? -1;
    return {
      ...u,
      lexemes: new Set(stems[i + 1] ?? []),
      label: label >= 0 ? new Set(stems[labelAt + label] ?? []) : undefined,
    };
  });
  const all = new Set(heading);
  for (const u of units) for (const l of u.lexemes) all.add(l);
  return { heading, units, all };
}

/**
 * The strengths of a question stem against the stems of passages (pair in composeLocalAnswer),
 * by the stem and its synonyms, which are all that decides them: kept across messages, since
 * visitors ask with the same words (in a burst of 1,000 messages pair() and its lookups were 125
 * of the answer's 290 ms of main-thread time). Bounded: past STRENGTHS_KEPT, the stems first
 * asked about are forgotten first.
 */
const strengthCache = new Map<string, Map<string, number>>();
const STRENGTHS_KEPT = 200_000;
let strengthsKept = 0;
const keptMaps = new WeakSet<Map<string, number>>();

function termStrengths(t: string, synonyms: Set<string> | undefined): Map<string, number> {
  const key = synonyms?.size ? `${t}\u0000${[...synonyms].sort().join('\u0001')}` : t;
  let strengths = strengthCache.get(key);
  if (!strengths) {
    strengths = new Map();
    strengthCache.set(key, strengths);
    keptMaps.add(strengths);
  }
  return strengths;
}

function keepStrength(strengths: Map<string, number>, stem: string, value: number): void {
  strengths.set(stem, value);
  // A message may still fill a map forgotten meanwhile: only the kept ones count.
  if (!keptMaps.has(strengths)) return;
  if (++strengthsKept <= STRENGTHS_KEPT) return;
  for (const [key, oldest] of strengthCache) {
    if (strengthsKept <= STRENGTHS_KEPT) break;
    strengthCache.delete(key);
    keptMaps.delete(oldest);
    strengthsKept -= oldest.size;
  }
}

const NOTHING_READ: PassageRead = { heading: new Set(), units: [], all: new Set() };

/**
 * The local answer from what retrieval found (ARCHITECTURE §4 step 5 without a model): a
 * confident corrected answer, else the sentences of the best passage that answer, else a
 * hand-off. Confidence is the share of the question's meaning (stems weighted by their rarity in
 * this knowledge base, synonyms and near-spellings counted) that the passage explains; a question
 * whose key words the knowledge base has never seen is out of scope.
 */
export async function composeLocalAnswer(
  ctx: RetrievalContext,
  assistantId: string,
  retrieval: Retrieval,
): Promise<LocalAnswer> {
  const { asked, corrected } = retrieval;
  const { terms, synonyms, expansions, verbs, light, filler, context, following } = retrieval.query;
  const handoff = (confidence = 0): LocalAnswer => ({ text: ANSWER_TEXTS.handoff, source: 'handoff', confidence });
  if (corrected?.confident)
    return { text: corrected.correctAnswer, source: 'corrected', confidence: corrected.similarity };
  if (terms.length === 0) return handoff();
  const jobSeeking = asksForJob(asked);
  let passages = jobSeeking
    ? retrieval.passages.filter((x) => offersJob(`${x.heading} ${x.content}`))
    : retrieval.passages;
  // The question with its numbers in figures (quantities.ts), as the table filter reads it.
  const tableQuestion = retrieval.query.text.toLowerCase();
  const comparison = comparisonOf(tableQuestion);
  // Passages looked up by the words a kind of answer is told in, added after those found (once each).
  const lookUp = async (
    query: string,
    limit: number,
    keep: (x: Retrieval['passages'][number]) => boolean = () => true,
  ) => {
    const seen = new Set(passages.map((x) => x.chunkId));
    const found = await retrieve(ctx, assistantId, query, { limit });
    passages = [...passages, ...found.passages.filter((x) => !seen.has(x.chunkId) && keep(x))];
  };
  // A price compared and nothing else named ("есть что-то недорогое до тыщи?"): no word of it finds
  // the price list, which is then looked up by its own words.
  if (!jobSeeking && asksOnlyPrice(tableQuestion, comparison, retrieval.query))
    await lookUp(PRICE_LIST_QUERY, THRESHOLDS.passages);
  // A time of day asked ("освобождаюсь к восьми, для взрослых вечером что-нибудь есть?") of a
  // timetable no passage found: its times are figures, no word of the question's, so it is looked
  // up by the words of a timetable. Not the business's own hours ("во сколько открываетесь в будни?").
  const timed = (x: PassageParts) => x.rows.some((r) => r.cells.some(([, v]) => TIME_CELL.test(v)));
  if (
    !jobSeeking &&
    passages.length > 0 &&
    timeWanted(tableQuestion) &&
    !OPENING.test(tableQuestion) &&
    !passages.some((x) => timed(passageParts(x)))
  )
    await lookUp(TIMETABLE_QUERY, 12, (x) => timed(passageParts(x)));
  const qText = asked.toLowerCase().replace(/ё/g, 'е');
  const sinceAsked = SINCE.question.test(qText);
  if (!jobSeeking && sinceAsked) await lookUp(SINCE_QUERY, 2);
  // An age told ("мне 17, сделаете тату?"): the passages saying an age limit, which may share no
  // other word with the question, are looked up by the words an age limit is told in.
  const ageSaid = agesOf(tableQuestion, qText);
  if (!jobSeeking && ageSaid && passages.length > 0) await lookUp(AGE_QUERY, 3);
  if (passages.length === 0) return handoff();
  const foundingAsked = sinceAsked && OF_BUSINESS.test(qText);

  const parts = passages.map(passageParts);
  const unitsOf = parts.map((x) => x.units);
  // Table rows are records again (header names + values); their column names and first cells are
  // stemmed with the rest, for questions that filter a table.
  const rows = await tableRows(ctx, assistantId, passages, parts, tableQuestion);
  const columnNames = [...new Set(rows.flatMap((r) => r.cells.flatMap(([name]) => [name, namingPart(name)])))];
  const nameOfRow = rowNamesOf(rows);
  const rowNames = [...new Set(rows.map((r) => nameOfRow.get(r) ?? ''))];
  // Values of category columns ("Мастер: косметолог"), stemmed with the rest for "какие … делает косметолог";
  // those of columns with some "—" are categories when the question names them (table-filter.ts).
  const { plain: categories, dashed } = categoryValues(rows);
  for (const value of [...categories, ...dashed]) if (!rowNames.includes(value)) rowNames.push(value);
  // Only the passages not read before have their heading and sentences stemmed.
  const unread = [...new Set(parts.filter((x) => !x.read))];
  const texts = [
    ...unread.flatMap((x) => [x.heading, ...x.units.map((u) => withFigures(u.text)), ...x.labels]),
    ...columnNames,
    ...rowNames,
    comparison?.said ?? '',
  ];
  // The counts of the vocabulary this message's ranking just checked, when in memory: then only
  // sentences never stemmed before cost a query. A verb's group found through another form of its
  // root ("вернёте" of "вернуть", "снять" of "снимать") is counted too: the search leaves such loose
  // synonyms out, but the verb is no word foreign to documents that say "возврат" or "съёмка".
  const verbGroups = terms.flatMap((t) => (verbs.has(t) ? [...(synonyms.get(t) ?? [])] : []));
  const { stems: lexemes, ...stats } = await analyzeTexts(
    ctx,
    assistantId,
    texts,
    [...new Set([...terms, ...expansions, ...verbGroups])],
    knownStats(assistantId),
  );
  let at = 0;
  for (const x of unread) {
    const stems = lexemes.slice(at, at + 1 + x.units.length + x.labels.length);
    at += 1 + x.units.length + x.labels.length;
    // Another message may have read it meanwhile: the same stems.
    x.read ??= readParts(x, stems);
  }
  const stemsOf = new Map<string, Set<string>>();
  [...columnNames, ...rowNames].forEach((t, i) => {
    stemsOf.set(t, new Set(lexemes[at + i] ?? []));
  });
  const comparisonStems = new Set(lexemes[at + columnNames.length + rowNames.length] ?? []);

  // A business's answer type (a price, an address, hours) that no passage found holds is not what
  // the question asks of these documents ("где преподавал Лефевр?" asks a place, not an address):
  // its question word is then read as a general question's (QUESTION_KINDS).
  // A visitor coming at a time asks the hours, and only a sentence holding hours answers, unless
  // the question asks them in words of its own ("во сколько закрываетесь? … до двенадцати успеем?").
  const hoursWorded = HOURS.question.test(qText);
  const arrival = retrieval.query.arrival && !hoursWorded;
  let askedTypes = ANSWER_TYPES.filter(
    (a) =>
      (a === AGE ? ageSaid !== null : a.question.test(qText) || (arrival && a === HOURS)) &&
      !(sinceAsked && a === HOURS),
  );
  // "До скольки", "во сколько": a time of day asked, which "в будни" or "без выходных" does not tell.
  if (TIME_ASKED.test(qText)) askedTypes = askedTypes.map((a) => (a === HOURS ? HOURS_AT : a));
  const holds = unitsOf.some((list) => list.some((u) => askedTypes.some((a) => a.answer.test(u.text))));
  const wantedTypes = holds ? askedTypes : [];
  const wanted = wantedTypes.map((a) => a.answer);
  const hoursAsked = wantedTypes.includes(HOURS) || wantedTypes.includes(HOURS_AT);
  // Hours asked in words of their own ("во сколько закрываетесь в будни?") are the business's:
  // a table row holding a time (a night session "23:00–08:00") gains nothing for it.
  const hoursInWords = hoursAsked && hoursWorded;
  // The question's words that name what it asks for ("работаете" of "до скольки работаете",
  // "стоит"): a sentence holding an answer of that kind ("с 8:00 до 22:00") says them in its own way.
  // The age a visitor tells ("сыну 11") is named by any age limit, as the word "лет" is.
  const age = wantedTypes.includes(AGE) ? ageSaid?.[0].match(/\d+/)?.[0] : undefined;
  const namesType = terms.map((t) => wantedTypes.some((a) => a.names?.test(t)) || t === age);
  // The kinds asked that the answer starting at a sentence would hold ("с 8:00 до 22:00": the hours).
  const heldTypes = (list: Unit[], i: number) => {
    if (wantedTypes.length === 0) return [];
    const span = answerSpan(list, i);
    return wantedTypes.filter((a) => span.some((x) => a.answer.test(x.text)));
  };

  // Weights: BM25's idf of each question stem in this knowledge base.
  const idf = (df: number) => Math.log(1 + (stats.n - df + 0.5) / (df + 0.5));
  const maxIdf = idf(0);
  const unknown: boolean[] = [];
  const whoAsked = asksWho(qText);
  const weights = terms.map((t, i) => {
    let df = stats.df.get(t) ?? 0;
    for (const s of synonyms.get(t) ?? []) df = Math.max(df, stats.df.get(s) ?? 0);
    // A word of the situation told before the question ("…с нашим корги. Собаку брать можно?")
    // weighs less, and the documents need not know it.
    const situation = context.has(t);
    unknown.push(df === 0 && !light.has(t) && !namesType[i] && !situation);
    const verb = (df > 0 ? VERB_WEIGHT : UNKNOWN_VERB_WEIGHT) * (whoAsked ? WHO_VERB : 1);
    const kind = light.has(t) ? LIGHT_WEIGHT : verbs.has(t) ? verb : NUMBER.test(t) ? NUMBER_WEIGHT : 1;
    const after = following.has(t) ? FOLLOWING_WEIGHT : 1;
    return (df > 0 ? idf(df) : THRESHOLDS.unknownWeight * maxIdf) * kind * (situation ? SITUATION_WEIGHT : after);
  });
  // An unknown noun ("кофемашины") marks a question the documents do not cover. An unknown verb
  // tells less: "подключиться" to a Wi-Fi the documents name is still about the business, but
  // "покрасить" a car that the documents only park is not, so an unknown verb is let pass only
  // when the question's known words weigh more than it does.
  const unknownNoun = terms.some((t, i) => unknown[i] && !verbs.has(t));
  // Asked to pay in a way, or of a discount for people, the documents never name: whether they do
  // is the owner's to say; the ways and the discounts they do have are no answer.
  const particulars = PARTICULAR_ASKED.filter(([asked]) => asked.test(qText));
  if (particulars.length > 0) {
    const words = textWords(qText);
    const strange = terms.filter((t, i) => unknown[i] && !verbs.has(t)).map(saidAs);
    if (
      words.some((w, i) => strange.some((key) => w.startsWith(key)) && particulars.some(([, role]) => role(words, i)))
    )
      return handoff();
  }
  // A person the documents never name ("Ортодонт Смирнова принимает?", "инструктор павлов ещё
  // работает?"): someone else's, or gone; the owner answers.
  // Its stem may be one the documents' form of it does not have ("Орлова" → "орлов", "Орлов" → "орл"):
  // a name the passages found say, but for its ending, is theirs.
  const surnames = surnameWords(asked);
  if (surnames.length > 0) {
    const said = passages.map((x) => x.content.toLowerCase().replace(/ё/g, 'е'));
    const strangers = surnames.filter((w) => !said.some((c) => c.includes(w.slice(0, Math.max(4, w.length - 1)))));
    if (terms.some((t, i) => unknown[i] && strangers.some((w) => w.startsWith(t)))) return handoff();
  }
  // Asked whether they work on a day of a month the documents never name ("12 июня пункты
  // работают?", "9 мая магазин работает?"; the May holidays named "майские" name May): the owner
  // says. A day told otherwise ("сдал анализы 5 июня, когда результаты?") is no such question.
  const daysNamed = WORKS_ASKED.test(qText) ? [...qText.matchAll(DAY_OF_MONTH)].map((m) => m[2] ?? '') : [];
  const monthUnnamed = (t: string) => {
    const month = monthOf(t);
    return month !== undefined && !(HOLIDAY_STEMS[month] ?? []).some((s) => (stats.df.get(s) ?? 0) > 0);
  };
  if (terms.some((t, i) => unknown[i] && monthUnnamed(t) && daysNamed.some((w) => w.startsWith(t)))) return handoff();
  const sum = (pick: (i: number) => boolean) => weights.reduce((a, w, i) => a + (pick(i) ? w : 0), 0);
  const allKnown = !unknownNoun && sum((i) => unknown[i] === true) <= sum((i) => unknown[i] === false);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  // How well a question stem is matched by one stem of a passage: kept across messages (see
  // strengthsOf), as the same pairs recur across the sentences of the passages and the questions.
  const ofTerm = new Map<string, Map<string, number>>();
  const strengthsOf = (t: string) => {
    let ofT = ofTerm.get(t);
    if (!ofT) {
      ofT = termStrengths(t, synonyms.get(t));
      ofTerm.set(t, ofT);
    }
    return ofT;
  };
  const pair = (t: string, l: string, ofT = strengthsOf(t)): number => {
    if (t === l) return 1;
    let v = ofT.get(l);
    if (v !== undefined) return v;
    const syn = synonyms.get(t);
    // The same word in another form ("кошек"/"кошк") is more than a synonym ("кошек"/"собак").
    // Measured unremembered: the pair is kept here (keepStrength), once.
    v = Math.max(syn?.has(l) ? 0.8 : 0, measureRootStrength(t, l));
    // A number asked about is often the visitor's own ("за двое суток", "в восемь утра"): a
    // sentence that states the rule with its own number answers it in part.
    if (v === 0 && NUMBER.test(t) && NUMBER.test(l)) v = 0.5;
    // A wheel's size written with its letter ("R17") is the figure asked ("на 17").
    if (NUMBER.test(t) && SIZE_CODE.exec(l)?.[1] === t) v = Math.max(v, 0.9);
    if (v < 0.6 && t.length >= 5 && l.length >= 4 && measureTrigramSimilarity(t, l) >= 0.55) v = 0.6;
    if (v === 0 && syn)
      for (const s of syn)
        if (rootStrength(s, l) >= 0.65) {
          v = 0.55;
          break;
        }
    keepStrength(ofT, l, v);
    return v;
  };
  const match = (t: string, set: Set<string>): number => {
    if (set.has(t)) return 1;
    const ofT = strengthsOf(t);
    let best = 0;
    for (const l of set) {
      const v = pair(t, l, ofT);
      if (v > best) {
        best = v;
        if (best >= 0.9) break;
      }
    }
    return best;
  };
  // A brand, a model or a code in Latin letters that the passages found neither write nor spell
  // alike ("Motul" where the price list has Idemitsu, "Yamaha" at a car parts shop, "all-on-4"):
  // something the business does not have. (Over the fixture and the 34 businesses written apart,
  // no question inside the documents had one; a Roman numeral is no such word, and a misspelt
  // name, "ARPNET" of "ARPANET", is spelt alike.)
  // So is an abbreviation the documents never write ("МРТ" at a vet clinic that has none, "ТСЖ" at
  // an accountant's serving companies), unless a passage found spells it out ("ГДР" of "Германской
  // Демократической Республики", "ТВ" of "телевидение").
  const abbreviations = abbreviationsOf(asked);
  const abbreviated = (t: string) => {
    const spelled = abbreviations.includes(t) ? spelledOut(t) : undefined;
    return spelled !== undefined && !passages.some((x) => spelled.test(`${x.heading} ${x.content}`));
  };
  if (terms.some((t, i) => unknown[i] && (LATIN_WORD.test(t) || abbreviated(t)) && !spelledIn(t, parts)))
    return handoff();
  const cover = (score: (t: string, i: number) => number) =>
    terms.reduce((sum, t, i) => sum + (weights[i] ?? 0) * score(t, i), 0) / total;

  const kinds = wanted.length ? [] : QUESTION_KINDS.filter((k) => k.question.test(qText));
  const whAsked = WH_ASKED.test(qText);
  const mayAsked = (MAY_ASKED.test(qText) || asksWhetherYouWill(qText)) && !whAsked;
  const onlyWhether = wanted.length + kinds.length === 0 && !whAsked && !ASKS_WHAT.test(qText);
  // A sentence whose doer the sentence before names holds a name too (nameBefore).
  // A staff list names its person by the first word too ("Марина — врач ЛФК.").
  const namesWho = whoAsked ? (text: string) => namesPerson(text, qText) || NAME_DASH.test(text) : undefined;
  const namedBefore =
    kinds.length > 0 && namesWho ? (list: Unit[], i: number) => !!nameBefore(list, i, namesWho) : () => false;

  // A question of price or of time has its own answer types above; "сколько X" of anything else counts X.
  const counted = wanted.length ? () => 0 : countedNearby(qText, terms, verbs);
  const phrases = phrasesOf(qText, terms);
  const without = withoutOf(qText, terms);
  const askedQuantities = quantitiesAsked(tableQuestion);
  // A time of day asked of anything but the opening hours ("машину к 7:30 подать, по обычной цене?").
  const clock = arrival || hoursWorded ? undefined : clockAsked(tableQuestion);
  // Of quantities of several measures asked ("абонемент на 8 занятий по 45 минут"), the share a
  // text holds ("щенку три месяца, на недельку": two times, either a rule's).
  const measures = new Set(askedQuantities.map((q) => q.measure)).size;
  const fitShare = (text: string) =>
    measures < 2 ? 1 : Math.min(1, askedQuantities.filter((q) => fitsQuantity(text, [q]) === 'fits').length / measures);
  const fits = (text: string) =>
    fitsQuantity(text, askedQuantities) ?? (clock !== undefined && fitsClock(text, clock) ? 'fits' : undefined);
  // The question's figures, and the words of the units said with them ("годика").
  const quantityTerm = terms.map((t) => NUMBER.test(t) || askedQuantities.some((q) => q.word.startsWith(t)));
  // Each as a pattern of its own: "5-мест" is not in "15-местный".
  const compounds = (tableQuestion.match(COMPOUND) ?? []).map((c) => new RegExp(`(?<!\\d)${c}`, 'iu'));
  const compound = (text: string) => (compounds.some((c) => c.test(text)) ? COMPOUND_BONUS : 0);
  // A row the question names by its name ("в дракона что кладёте" of "Название: Дракон") is asked
  // about more surely than one naming it in another cell ("Состав: Филадельфия, Дракон, …"), unless
  // the question asks a kind of answer a row's name is not ("кто у вас платы макбуков паяет").
  const nameOfText = new Map(rows.map((r) => [r.text, nameOfRow.get(r) ?? '']));
  const namedRow = (text: string) => {
    const name = nameOfText.get(text);
    const stems = name ? stemsOf.get(name) : undefined;
    if (!stems || kinds.length > 0) return 0;
    return terms.some((t) => !NUMBER.test(t) && match(t, stems) >= 0.8) ? NAMED_ROW_BONUS : 0;
  };
  const figures = (tableQuestion.match(/(?<![\d:.,])\d+(?![\d:.,]\d)/g) ?? []).map(Number);
  const company = peopleOf(tableQuestion);
  const tier = (text: string) => tierFit(text, figures, company);
  let best: { p: number; u: number; score: number; unitCover: number; passageCover: number } | undefined;
  // Of two kinds of answer asked ("сколько стоит и сколько ждать?"), the best sentence holding each.
  const bestOfType: (typeof best)[] = wantedTypes.map(() => undefined);
  /** Per passage: how many of the question's stems it holds. */
  const matchedIn: number[] = [];
  // One word of the question found while another is foreign to the knowledge base ("ремонт
  // телефонов" at a dry cleaner's whose rules mention a client's phone) may be met by chance: two
  // words found together tell the subject, one tells little.
  const loneOf = (p: number) => (!allKnown && (matchedIn[p] ?? 0) < 2 ? THRESHOLDS.loneMatch : 1);
  const units: Unit[][] = [];
  // How much of a FAQ's own question the visitor's question covers: "Сколько времени занимает
  // чистка?" is a better home for "как долго вы чистите" than a passage that merely says "чистим".
  const precision = (stems: string[]) => {
    const own = stems.filter((l) => !filler.has(l));
    if (own.length === 0) return 0;
    // pair() reads the question's stem first: its synonyms are the question's.
    return own.reduce((sum, l) => sum + Math.max(...terms.map((t) => pair(t, l))), 0) / own.length;
  };
  // Whether a sentence explains enough of the question, and its passage too, to be an answer.
  const clears = (x: { p: number; unitCover: number; passageCover: number }, extra = 0) => {
    const scale = loneOf(x.p);
    // Every word of the question is known to this knowledge base: it is about the business, so a
    // partial match is more likely an answer than when some of its words are foreign to it.
    // Three or more of the question's words found in one passage tell its subject, whatever the
    // words it says differently ("Как фамилия игрока, который отобрал мяч, потерянный Ньютоном…").
    const many = (matchedIn[x.p] ?? 0) >= THRESHOLDS.manyMatched ? THRESHOLDS.manySlack : 0;
    const slack = (allKnown ? THRESHOLDS.knownSlack : 0) + many + extra;
    return (
      x.passageCover * scale >= THRESHOLDS.passageCoverage - slack &&
      x.unitCover * scale >= THRESHOLDS.unitCoverage - slack
    );
  };
  passages.forEach((passage, p) => {
    const { heading, units: list, all } = parts[p]?.read ?? NOTHING_READ;
    units.push(list);
    const typesOf = list.map((_, i) => heldTypes(list, i));
    const passageTyped = typesOf.some((x) => x.length > 0);
    const unitFits = list.map((u) => fits(u.text));
    const otherFits = unitFits.includes('fits');
    const passageFit = otherFits ? 1 : unitFits.includes('bounds') ? BOUNDS_MATCH : 0;
    const inAll = terms.map((t, i) =>
      Math.max(passageTyped && namesType[i] ? TYPE_NAMED : 0, quantityTerm[i] ? passageFit : 0, match(t, all)),
    );
    matchedIn.push(inAll.filter((v) => v >= 0.65).length);
    const inHeading = terms.map((t) => match(t, heading));
    const passageCover = cover((_, i) => inAll[i] ?? 0);
    const headingBonus = /\?\s*$/.test(passage.heading)
      ? 0.15 * precision(lastHeadingStems(passage.heading, heading))
      : 0;
    // Asked who, the sentences naming a person, read once.
    const naming = namesWho ? list.map((u) => namesWho(u.text)) : [];
    list.forEach((u, i) => {
      const types = typesOf[i] ?? [];
      const holdsType = types.length > 0;
      // Whether they are open when the visitor comes only a sentence holding hours tells.
      if (arrival && wanted.length > 0 && !holdsType) return;
      const fit = unitFits[i];
      // The founding says in full what "давно вы работаете" asks.
      const founding = foundingAsked && FOUNDED.test(u.text);
      const unitCover = cover((t, j) =>
        Math.max(
          holdsType && namesType[j] ? (founding ? 1 : TYPE_NAMED) : 0,
          fit && quantityTerm[j] ? (fit === 'fits' ? 1 : otherFits ? OTHER_CASE : BOUNDS_MATCH) : 0,
          match(t, u.lexemes),
          0.75 * (inHeading[j] ?? 0),
          u.label ? 0.75 * match(t, u.label) : 0,
          PASSAGE_SHARE * (inAll[j] ?? 0),
        ),
      );
      // Asked who does a thing, a sentence naming a person answers with what the sentences after it
      // on the line tell of that person ("Максим Гусев — барабаны. Барабанщик…; учит и детей").
      const entry = naming[i]
        ? personEntryCover(list, i, naming, (units) => cover((t) => Math.max(...units.map((x) => match(t, x.lexemes)))))
        : 0;
      const faq = QUESTION_LINE.test(u.text) ? 0.15 * precision([...u.lexemes]) : i === 0 ? headingBonus : 0;
      const row = nameOfText.has(u.text);
      u.words ??= textWords(u.text);
      const withoutBonus = without(u.words);
      const typed =
        (holdsType && !(hoursInWords && row) ? 0.12 : 0) +
        (hoursAsked && !row && HOURS_SPAN.test(u.text) ? SPAN_BONUS : 0) +
        (kinds.length && kinds.some((k) => k.answer(u.text, qText)) ? KIND_BONUS : 0) +
        (namedBefore(list, i) ? KIND_BONUS : 0) +
        faq +
        counted(u.text, u.words) +
        phrases(u.text, u.words) +
        (withoutBonus <= 0 || clears({ p, unitCover, passageCover }) ? withoutBonus : 0) +
        (fit === 'fits' ? FITS_BONUS * fitShare(u.text) : 0) +
        compound(u.text) +
        tier(u.text) +
        namedRow(u.text);
      // A sentence sending the reader to the price list ("указаны в прайсе") answers less than its rows.
      const pointer = REFERS_TO_LIST.test(u.text) ? POINTER_PENALTY : 0;
      // Asked whether one may, a sentence that says what one may not is the rule the visitor meets
      // ("могу дать подруге походить по абонементу?" of "Абонемент именной и … не передаётся"): it
      // wins over sentences answering up to RULE_BONUS better, if it answers well enough itself (its
      // cover, as the passage's one-word match scales it, at the passage's threshold).
      const rule =
        mayAsked && unitCover * loneOf(p) >= THRESHOLDS.passageCoverage && NEGATION.test(u.text) ? RULE_BONUS : 0;
      // Earlier passages (BM25 rank) win ties; a sentence near the top of a passage is slightly preferred.
      // What the sentence stands on: its own cover, or its person's entry's.
      const standing = Math.max(unitCover, entry);
      const score = standing + typed + rule - pointer - (onlyWhether && row ? WHETHER_ROW : 0) - 0.015 * p - 0.002 * i;
      if (!best || score > best.score) best = { p, u: i, score, unitCover: standing, passageCover };
      if (wantedTypes.length > 1)
        wantedTypes.forEach((a, k) => {
          const prev = bestOfType[k];
          if (types.includes(a) && (!prev || score > prev.score))
            bestOfType[k] = { p, u: i, score, unitCover, passageCover };
        });
    });
  });
  if (rows.length >= 3) {
    const table = tableAnswer(
      rows,
      synonyms,
      nameOfRow,
      categories,
      terms,
      tableQuestion,
      stemsOf,
      comparisonStems,
      match,
      cover,
      (t) => quantityTerm[terms.indexOf(t)] === true,
      (t) => !(hoursInWords && namesType[terms.indexOf(t)]),
      verbs,
    );
    // Rows with no price answer no price asked ("скока выйдет в субботу?" of a timetable's
    // "Дни недели: сб–вс"): the sentences and the price list do.
    if (table && !(wantedTypes.includes(PRICE) && !PRICED.test(table) && !PRICE_ANSWER.test(table)))
      return { text: table, source: 'knowledge', confidence: 0.9 };
  }
  if (!best) return handoff();
  const lone = loneOf(best.p);
  const confidence = Math.min(best.passageCover * lone, best.unitCover * lone + 0.15);
  // A vacancy found for a visitor asking for a job answers however it words the job.
  // Asked whether one may, the rule saying what one may not is the answer however else it words
  // the thing ("можно у вас ему когти удалить?" of "Не … удаляем когти кошкам").
  const ruleSlack = mayAsked && NEGATION.test(units[best.p]?.[best.u]?.text ?? '') ? THRESHOLDS.ruleSlack : 0;
  if (!jobSeeking && !clears(best, ruleSlack)) return handoff(confidence);
  // How much of the question a sentence of a passage explains, for the rows and neighbours that
  // join the answer's sentence. A sentence without the compound asked about ("2-комнатная": a row
  // of another flat) is no row as good as the answer's, nor as good a neighbour.
  const sentenceCover = (list: Unit[]) => (i: number) =>
    cover((t) => match(t, list[i]?.lexemes ?? new Set())) *
    (compounds.length && !compound(list[i]?.text ?? '') ? OTHER_COMPOUND : 1);
  const list = units[best.p] ?? [];
  const chosen = passages[best.p];
  // A FAQ entry (its heading is the question) is an answer written to be given whole.
  const whole = chosen && /\?\s*$/.test(chosen.heading) && chosen.content.length <= THRESHOLDS.answerChars;
  const answer = whole
    ? chosen.content.replace(ANSWER_PREFIX, '').trim()
    : composeAnswer(
        list,
        best.u,
        sentenceCover(list),
        terms,
        namesWho,
        kinds.length + wanted.length > 0
          ? (text) => kinds.some((k) => k.answer(text, qText)) || wanted.some((re) => re.test(text))
          : undefined,
        // A row's cells named through a synonym ("130 кило" of "Вес пилота до, кг") are kept too.
        terms.filter((t) => !verbs.has(t)).flatMap((t) => [...(synonyms.get(t) ?? [])].filter((x) => !NUMBER.test(x))),
      );
  if (!answer) return handoff(confidence);
  // Two kinds of answer asked in clauses of their own ("через сколько дней можно пересдать и
  // скока будет стоить машина на пересдачу?"): the kind the answer does not hold is answered too,
  // by the best sentence holding it, if that sentence answers well enough itself. Not a kind asked
  // in the same clause as the one the answer holds ("адрес электронной почты" asks an e-mail).
  let text = answer;
  if (wantedTypes.length > 1) {
    const clauses = qText.split(CLAUSE).map((c) => wantedTypes.filter((a) => a.question.test(c)));
    wantedTypes.forEach((type, k) => {
      const other = bestOfType[k];
      if (!other || type.answer.test(text) || !clears(other)) return;
      const held = wantedTypes.filter((a) => a.answer.test(text));
      const own = clauses.findIndex((c) => c.includes(type) && !c.some((x) => held.includes(x)));
      if (own < 0 || !clauses.some((c, j) => j !== own && c.some((x) => held.includes(x)))) return;
      const otherList = units[other.p] ?? [];
      const sentence = otherList[other.u];
      if (!sentence || text.includes(sentence.text)) return;
      const more = composeAnswer(otherList, other.u, sentenceCover(otherList), terms, namesWho, (t) =>
        type.answer.test(t),
      );
      if (more && !text.includes(more)) text = `${text}\n${more}`;
    });
  }
  // The heading the answer stands under tells its topic too ("8. Онлайн-занятия" of "С планшета
  // … заниматься нельзя").
  if (leavesOutWhatIsAsked(qText, `${lastHeading(chosen?.heading ?? '')}\n${text}`)) return handoff(confidence);
  // Asked to buy a thing, an answer telling only a price tells the price of something else unless
  // it names the thing ("продаёте машины после проката?" of "Подача в аэропорт … стоит 1 500 руб.").
  if (BUY_ASKED.test(qText) && !SALE_SAID.test(text)) {
    const things = terms.filter((t) => !verbs.has(t) && !light.has(t) && !NUMBER.test(t)).map(saidAs);
    if (things.length > 0 && saidIn(text, things) === 0) return handoff(confidence);
  }
  // Asked of a person the answer names, the answer tells of that person, not whether they do the
  // thing the documents never name ("Ольга Белова делает собакам массаж?" of her entry telling her
  // grooming, "Андрей Бурцев тренирует на открытой воде?" of his timetable row): the owner answers.
  const named = onlyWhether && !ASKS_WHOM.test(qText) ? personWords(text) : [];
  if (terms.some((t) => !verbs.has(t) && named.some((w) => w.startsWith(saidAs(t))))) {
    // A verb of the third person ("стрижёт", "тренирует") is no unknown thing: the question's verbs
    // are read by endings that leave it out, as nouns end so too ("билет").
    const askedWords = textWords(qText);
    const thirdPerson = (t: string) => askedWords.some((w) => w.startsWith(saidAs(t)) && /[еёи]т$/u.test(w));
    const strange = terms.filter(
      (t, i) =>
        unknown[i] &&
        !verbs.has(t) &&
        !thirdPerson(t) &&
        !context.has(t) &&
        !NUMBER.test(t) &&
        saidIn(text, [t, ...(synonyms.get(t) ?? [])].map(saidAs)) === 0,
    );
    if (strange.length > 0) return handoff(confidence);
  }
  const opening = firstSentence(text);
  if ((STORY.test(opening) && !STORY_ASKED.test(qText)) || (PREAMBLE.test(opening) && !PREAMBLE_ASKED.test(qText)))
    return handoff(confidence);
  if (
    STAFF_ENTRY.test(text) &&
    !PEOPLE_ASKED.test(qText) &&
    !NAME_SAID.test(asked) &&
    saidIn(text, terms.filter((t) => !NUMBER.test(t)).map(saidAs)) < terms.filter((t) => !NUMBER.test(t)).length
  )
    return handoff(confidence);
  return { text, source: 'knowledge', confidence };
}

/**
 * The table rows of the passages found; for a question that filters a table, all the rows of each
 * table found, in the file's order (a sheet is split into passages, and the rows that did not rank
 * answer the filter as much as those that did).
 */
async function tableRows(
  ctx: RetrievalContext,
  assistantId: string,
  passages: Retrieval['passages'],
  parts: PassageParts[],
  question: string,
): Promise<TableRow[]> {
  const found = parts.map((x) => x.rows);
  const sectionOf = (p: Retrieval['passages'][number]) => `${p.fileId}\u0000${p.heading}`;
  if (found.flat().length < 3 || !filtersTable(question)) {
    const bySection = new Map<string, TableRow[]>();
    passages.forEach((p, i) => {
      const key = sectionOf(p);
      bySection.set(key, [...(bySection.get(key) ?? []), ...(found[i] ?? [])]);
    });
    return [...bySection.values()].flatMap(completeRows);
  }
  const sections = new Map<string, { fileId: string; heading: string }>();
  passages.forEach((p, i) => {
    if (found[i]?.length) sections.set(sectionOf(p), { fileId: p.fileId, heading: p.heading });
  });
  const whole = await Promise.all(
    [...sections.values()].map((s) => sectionPassages(ctx, assistantId, s.fileId, s.heading)),
  );
  const rows = whole.flatMap((contents) =>
    completeRows(contents.flatMap((content) => splitUnits(content).flatMap((u) => parseRow(u.text) ?? []))),
  );
  const seen = new Set(rows.map((r) => r.text));
  // Rows of a passage changed since (or of a section too long to read whole) stay too.
  for (const r of found.flatMap(completeRows)) if (!seen.has(r.text)) rows.push(r);
  return rows;
}

/**
 * The answer of a question that filters a table (table-filter.ts), when the question is about the
 * table: its words other than the comparison are the table's words (its columns, its rows, the
 * passage's text), as much as a passage must explain to be answered from.
 */
function tableAnswer(
  rows: TableRow[],
  synonyms: Map<string, Set<string>>,
  nameOfRow: Map<TableRow, string>,
  categories: readonly string[],
  terms: string[],
  question: string,
  stemsOf: Map<string, Set<string>>,
  comparisonStems: Set<string>,
  match: (t: string, set: Set<string>) => number,
  cover: (score: (t: string, i: number) => number) => number,
  /** Whether a word of the question is the unit of a quantity it says ("на месяц", "2 годика"). */
  quantityWord: (t: string) => boolean,
  /** Whether a word of the question may name a column (not "открыты" of hours asked: "Работает зимой"). */
  columnWord: (t: string) => boolean,
  verbs: Set<string>,
): string | undefined {
  const tableStems = new Set<string>();
  const columnStems = new Set<string>();
  for (const r of rows)
    for (const [name, value] of r.cells) {
      for (const s of stemsOf.get(name) ?? []) {
        tableStems.add(s);
        columnStems.add(s);
      }
      for (const s of stemsOf.get(value) ?? []) tableStems.add(s);
    }
  // The filter's own words are the table's: the comparison, a figure, "аллергия на" (what a yes/no
  // column must not have), the years of an age, the company's "человек", a superlative's "дешёвая".
  const own = filterOwnStem(question);
  const years = ageYears(question);
  // A row's other cells, read by the beginnings of their words, which a stem is (they are not
  // stemmed): "для водителей" of "Назначение: для водителей", "пионов" of "Состав: …2 пиона".
  const cellWords = memoized((row: TableRow) => {
    const name = nameOfRow.get(row);
    return letterWords(
      row.cells
        .filter(([, value]) => value !== name)
        .map(([, value]) => value)
        .join(' '),
    );
  });
  const describes = (row: TableRow, t: string) =>
    t.length >= DESCRIBING_STEM && cellWords(row).some((w) => w.startsWith(t));
  const wordsOf = memoized((value: string) => new Set([...(stemsOf.get(value) ?? [])].filter((x) => !/^\d+$/.test(x))));
  // Per word of the question (with its synonyms): the rows it describes, read once. A verb's
  // synonyms describe no row ("купить" is "заказать", not a row "Наличие: под заказ").
  const describedRows = memoized((t: string) => {
    const said = verbs.has(t) ? [t] : [t, ...(synonyms.get(t) ?? [])];
    return new Set(rows.filter((r) => said.some((x) => describes(r, x))));
  });
  const describing = describesRows(question);
  // Per value of a category, read once (the filter asks it for each word of the question): the
  // words naming it only as a compound's later part, whose beginning none of its words has.
  const partWords = memoized((value: string) => {
    const words = letterWords(value);
    return terms.map((t) => !words.some((w) => w.startsWith(t.slice(0, 3))));
  });
  const namesAColumn = memoized((t: string) => match(t, columnStems) >= OWN_WORD);
  // A month said in words is a sheet's dates written in figures ("в апреле" of "Дата: 11.04.2025"),
  // read only when a word of the question names a month.
  const datedMonth = memoized((t: string) => {
    const month = monthOf(t);
    return (
      month !== undefined &&
      rows.some((r) =>
        r.cells.some(([, value]) =>
          [...value.matchAll(/(?<![\d.])\d{1,2}\.(\d{2})(?:\.\d{2,4})?(?![\d.])/g)].some((m) => Number(m[1]) === month),
        ),
      )
    );
  });
  // The days asked of a timetable ("есть группы по выходным?") are its days column's "сб, вс",
  // when the rows found are mostly a timetable's (a timetable among other tables' rows leaves the
  // days to the sentences: read table by table, "в будни" of a course list with "пн и чт" lost
  // the child's age).
  const daysOfTimetable = daysWanted(question) !== undefined && dayColumnOf(rows) !== undefined;
  const score = (t: string) =>
    comparisonStems.has(t) || /^\d+$/.test(t) || own(t) || datedMonth(t) || (daysOfTimetable && DAY_STEM.test(t))
      ? 1
      : Math.max(match(t, columnStems), match(t, tableStems) * 0.9, describing && describedRows(t).size > 0 ? 0.9 : 0);
  // Of a question of several sentences, the one that filters is read ("Какие процедуры идут
  // дольше двух часов? Хочу знать, на сколько отпрашиваться с работы"): the others tell why.
  // Not when it tells the situation of a question asked apart ("можно сначала попробовать блюда?
  // нас будет человек 30"): then the whole question must be the table's.
  const sentences = question.match(/[^.?!]+[.?!]*/g) ?? [question];
  const filtering = sentences.filter((x) => filtersTable(x));
  const situation = filtering.length === 1 && !filtering[0]?.includes('?') && sentences.some((x) => x.includes('?'));
  const said =
    filtering.length === 1 && filtering[0] !== question && !situation
      ? filtering[0]?.replace(/[.?!]+$/, '')
      : undefined;
  /** Where the first of these stems stands in the question, -1 if none does. */
  const firstSaid = (stems: string[]) => {
    const at = stems.map((x) => question.indexOf(saidAs(x))).filter((i) => i >= 0);
    return at.length ? Math.min(...at) : -1;
  };
  const words = said?.match(/[\p{L}\p{N}]+/gu) ?? [];
  const inSaid = (t: string) => words.some((w) => w.replace(/ё/g, 'е').startsWith(t));
  const share = said ? cover((t) => (inSaid(t) ? 1 : 0)) : 1;
  const covered = said && share > 0 ? cover((t) => (inSaid(t) ? score(t) : 0)) / share : cover(score);
  if (covered < THRESHOLDS.passageCoverage) return undefined;
  const empty = new Set<string>();
  // A word naming a category ("торты" of "Категория: Торты") filters by it, though a row's name
  // says it too ("Детский торт с фигурками"): it does not make the question one about that row.
  const valueStems = categories.map((v) => stemsOf.get(v) ?? empty);
  const namesCategory = new Set(terms.filter((t) => valueStems.some((stems) => match(t, stems) >= 0.65)));
  // The words that may name a row: not a column's ("орехи" of "Есть орехи", though a row is
  // "Морковный с грецким орехом"), not a category's, not the comparison's, not a figure, not the
  // filter's own, not the unit of a quantity said ("тарифы на месяц" name no row "5 дней").
  const rowWords = terms.filter(
    (t) =>
      match(t, columnStems) < 0.65 &&
      !namesCategory.has(t) &&
      !comparisonStems.has(t) &&
      !/^\d+$/.test(t) &&
      !own(t) &&
      !quantityWord(t),
  );
  // The question's stems a list question lists by ("какие столешницы", "какое защитное покрытие").
  const listedAt = LISTED_WORDS.exec(question);
  const listedWords = [listedAt?.[1], listedAt?.[2]].flatMap((w) => (w ? [w.replace(/ё/g, 'е')] : []));
  const listedBy = terms.filter((t) => listedWords.some((w) => w.startsWith(saidAs(t))));
  return filterTable({
    rows,
    question,
    namesColumn: (column) =>
      Math.max(
        0,
        ...terms
          .filter((t) => columnWord(t) && !years(t))
          .map((t) => match(t, stemsOf.get(namingPart(column)) ?? empty)),
      ),
    namesRow: (row) => Math.max(0, ...rowWords.map((t) => match(t, stemsOf.get(nameOfRow.get(row) ?? '') ?? empty))),
    describesRow: (row) => rowWords.some((t) => describedRows(t).has(row)),
    columnAt: (column) => firstSaid([...(stemsOf.get(column) ?? [])]),
    // Where a word of the question matching the column stands ("удобств" of "Душ и туалет внутри").
    columnSaidAt: (column) => {
      const stems = stemsOf.get(column) ?? empty;
      return firstSaid(terms.filter((t) => match(t, stems) >= 0.65));
    },
    listedAs: (column) => {
      const stems = stemsOf.get(column) ?? empty;
      return listedBy.some((t) => match(t, stems) >= OWN_WORD);
    },
    aboutTable: (columns) => {
      const stems = new Set(columns.flatMap((c) => [...(stemsOf.get(c) ?? [])]));
      return cover((t) => match(t, stems));
    },
    // The filter's own words (an age's years) name no value; a value's figures name it no more than
    // a figure of the question does ("месяц" is "12" in the synonyms, not "группа до 12").
    // A verb names a value in its own words only: through a synonym it names the stems its form
    // shares ("заниматься" is "занимать", of the group of "продолжаться": "продолжающие"). So does
    // a column's own name ("ремонт обуви" of a column "Обувь" names no "кроссовки" of it).
    valueWords: (value) =>
      terms.map((t) => {
        if (own(t)) return 0;
        const v = match(t, wordsOf(value));
        return (verbs.has(t) || namesAColumn(t)) && v < OWN_WORD ? 0 : v;
      }),
    partWords,
    maxChars: THRESHOLDS.answerChars,
  });
}

/**
 * The part of a column's name that names it: not what it says in brackets of whom or what
 * ("Беременным (14–36 неделя)" is named by "беременным", not by "на следующей неделе").
 */
const namingPart = (column: string): string => column.replace(/\s*\([^)]*\d[^)]*\)/g, '').trim() || column;

/** `f` with each result kept for the call's life (a table answer reads a row or a word again and again). */
function memoized<K, V>(f: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = f(key);
    kept.set(key, value);
    return value;
  };
}

/**
 * A stem as the words holding it begin in a text, read without stemming it ("стоимост" of
 * "стоимость", "шар" of "шаров"): its last letter may change with the word's ending.
 */
const saidAs = (stem: string) => stem.replace(/ё/g, 'е').slice(0, Math.max(3, stem.length - 1));
/**
 * How many of `keys` (stems as said, saidAs) a text says, each where a word starts, as the phrase
 * bonus reads them ("тв" is not in "действительности").
 */
const saidIn = (text: string, keys: string[]): number => {
  const words = textWords(text);
  return keys.filter((k) => words.some((w) => w.startsWith(k))).length;
};

/** A word matched this well or better is said in its own form, not through a synonym (0.8). */
const OWN_WORD = 0.9;

/** The shortest stem read in a row's cells as naming the row (shorter ones begin too many words). */
const DESCRIBING_STEM = 4;

/** Stems of the last part of a heading path ("Частые вопросы › Сколько стоит…"): the FAQ question itself. */
function lastHeadingStems(heading: string, stems: Set<string>): string[] {
  const last = lastHeading(heading).toLowerCase();
  return [...stems].filter((s) => last.includes(saidAs(s)));
}

/**
 * The sentence before `i` in its paragraph when it names who and `i` does not: "Кто снимает зубной
 * камень?" is answered by "Снимает зубной камень…", and who does it by the sentence before
 * ("Дмитрий Тихонов — стоматолог"). composeAnswer gives both, so such a sentence holds a name.
 */
function nameBefore(list: Unit[], i: number, namesWho: (text: string) => boolean): Unit | undefined {
  const u = list[i];
  if (!u || namesWho(u.text)) return undefined;
  // One sentence between may tell something else of the same person ("…эндодонтист. Стаж 19 лет.
  // Лечит каналы под микроскопом").
  for (let j = i - 1; j >= Math.max(0, i - NAMED_BACK); j--) {
    const prev = list[j];
    if (!prev || prev.line !== u.line || QUESTION_LINE.test(prev.text)) return undefined;
    if (namesWho(prev.text)) return prev;
  }
  return undefined;
}
/** How many sentences back nameBefore looks for the person a sentence tells of. */
const NAMED_BACK = 2;

/** A staff list's line naming its person first: "Марина — терапевт.", "Кузьмина Марина Викторовна — …". */
const NAME_DASH = /^\p{Lu}\p{Ll}+(?:\s+\p{Lu}[\p{Ll}.]*){0,2}\s+[—–]\s/u;

/** What a person's entry (PERSON_ENTRY_UNITS sentences at most) counts against its own sentence's cover. */
const PERSON_ENTRY_SHARE = 0.9;
const PERSON_ENTRY_UNITS = 4;

/**
 * How much of the question the entry of the person a sentence names holds: that sentence and the
 * next ones on its line, up to one naming another person (`naming`, by index), scaled by
 * PERSON_ENTRY_SHARE.
 */
function personEntryCover(list: Unit[], i: number, naming: boolean[], coverOf: (entry: Unit[]) => number): number {
  const u = list[i];
  if (!u) return 0;
  const entry = [u];
  for (let j = i + 1; j < list.length && entry.length < PERSON_ENTRY_UNITS; j++) {
    const next = list[j];
    if (!next || next.line !== u.line || naming[j] || QUESTION_LINE.test(next.text)) break;
    entry.push(next);
  }
  if (entry.length === 1) return 0;
  return PERSON_ENTRY_SHARE * coverOf(entry);
}

/**
 * The last sentence of a FAQ question told in several ("Вопрос: Я автомеханик, работаю в своём
 * гараже. Могу получить оптовые цены?"), from any of them: its answer follows that one.
 */
function questionEnd(list: Unit[], i: number): number {
  let q = i;
  while (list[q + 1]?.line === list[i]?.line && !ASKS.test(list[q]?.text ?? '') && ASKS.test(list[q + 1]?.text ?? ''))
    q++;
  return q;
}

/** The units an answer starting at `i` would hold: a FAQ question line is answered by the lines after it. */
function answerSpan(list: Unit[], i: number): Unit[] {
  const u = list[i];
  if (!u) return [];
  if (!QUESTION_LINE.test(u.text)) return [u];
  const out: Unit[] = [];
  for (let j = i + 1; j < list.length && out.length < 4; j++) {
    const next = list[j];
    if (!next || QUESTION_LINE.test(next.text)) break;
    out.push(next);
  }
  return out;
}

/**
 * The answer cut from a passage at sentence boundaries: the best sentence (or, for a FAQ
 * question, the answer under it), with the sentence before when it only continues it, the
 * sentences after when it is short or opens a list, and neighbouring table rows as good as it.
 */
/** No text holds an answer of a kind the question does not ask. */
const NONE = () => false;

function composeAnswer(
  list: Unit[],
  i: number,
  unitScore: (i: number) => number,
  terms: string[],
  namesWho: ((text: string) => boolean) | undefined,
  /** Whether a text holds the kind of answer the question asks for; undefined when it asks none. */
  holdsAnswer: ((text: string) => boolean) | undefined,
  /** Synonyms of the question's stems: the cells of a long row they name are kept too. */
  related: string[] = [],
): string {
  const limit = THRESHOLDS.answerChars;
  const u = list[i];
  if (!u) return '';
  // A title line inside a passage ("Подарочные сертификаты") is no answer: the sentences under it are.
  const under = list[i + 1];
  if (TITLE_LINE.test(u.text) && under && under.line !== u.line && !QUESTION_LINE.test(under.text))
    return composeAnswer(list, i + 1, unitScore, terms, namesWho, holdsAnswer, related);
  let picked: Unit[];
  if (QUESTION_LINE.test(u.text)) picked = answerSpan(list, questionEnd(list, i));
  else {
    picked = [u];
    const prev = list[i - 1];
    if (prev && !QUESTION_LINE.test(prev.text) && pointsBack(u, prev)) picked.unshift(prev);
    // "Кто лечит зубы?": the sentence that answers tells what is done, the one before it who.
    const named = namesWho && picked[0] === u ? nameBefore(list, i, namesWho) : undefined;
    if (named && named.text.length + u.text.length < limit) picked.unshift(named);
    let j = i + 1;
    for (; j < list.length; j++) {
      const next = list[j];
      const current = picked.map((x) => x.text).join(' ');
      if (!next || QUESTION_LINE.test(next.text) || current.length + next.text.length > limit) break;
      const opensList = /:\s*$/.test(current);
      const short = current.length < SHORT_ANSWER && next.line === u.line && !isRow(u);
      const sameRow = isRow(u) && isRow(next) && unitScore(j) >= 0.9 * unitScore(i);
      if (!(opensList || short || sameRow || (next.line === u.line && /^[-–•]/.test(next.text)))) break;
      picked.push(next);
    }
    // Room left: the neighbouring sentence of the paragraph that shares more of the question
    // (the fact is often told across two sentences).
    const first = list.indexOf(picked[0] as Unit);
    const last = list.indexOf(picked[picked.length - 1] as Unit);
    const length = picked.reduce((n, x) => n + x.text.length + 1, 0);
    // The sentences beside the answer that could join it (no question, no table row, room left),
    // the one that shares more of the question first (the earlier on ties).
    const beside = [first - 1, last + 1]
      .filter((j) => {
        const x = list[j];
        return x !== undefined && !QUESTION_LINE.test(x.text) && !isRow(x) && length + x.text.length <= limit;
      })
      .sort((a, b) => unitScore(b) - unitScore(a));
    const side = beside.find((j) => list[j]?.line === u.line);
    // A rule's exception said beside it ("…предоплата возвращается полностью. При отмене менее чем
    // за 48 часов… не возвращается"): the visitor asking whether may be its case.
    // Said in the next paragraph as often as in the same one (a list of rules, a line each).
    const exception = [last + 1, first - 1].find(
      (j) => beside.includes(j) && NEGATION.test(list[j]?.text ?? '') && unitScore(j) >= EXCEPTION_SHARE * unitScore(i),
    );
    const supplies = suppliesWhatLacks(
      holdsAnswer,
      picked.map((x) => x.text),
    );
    // A line beside a short answer that shares enough of the question: a rule's line and its term
    // on the next ("Ключи можно оставить в нашем офисе…" / "Ключи храним… не дольше 7 дней"), or,
    // the answer lacking the kind asked, any that shares some and holds it ("старые рамы увезёте?
    // по деньгам сколько?" of "…деревянные рамы… не сохраняются" / "Вывоз на полигон — 1 500 ₽").
    const besideLine =
      length < LINE_PAIR_CHARS && !isRow(u)
        ? beside.find((j) => {
            const x = list[j] as Unit;
            return (
              x.line !== u.line &&
              !TITLE_LINE.test(x.text) &&
              unitScore(j) > 0 &&
              (unitScore(j) >= LINE_PAIR_SHARE * unitScore(i) || supplies(x))
            );
          })
        : undefined;
    const added =
      side !== undefined && unitScore(side) >= NEIGHBOUR_SHARE * unitScore(i) ? side : (exception ?? besideLine);
    if (added !== undefined) {
      const x = list[added] as Unit;
      if (added < first) picked.unshift(x);
      else picked.push(x);
    }
  }
  const text = picked
    .map((x) => x.text.replace(ANSWER_PREFIX, ''))
    .join(picked.some((x) => x.line !== picked[0]?.line) ? '\n' : ' ')
    .trim();
  if (text.length > limit) {
    const row = picked.length === 1 && isRow(u);
    const shorter = row ? text : withoutAsides(text, terms, holdsAnswer ?? NONE);
    if (shorter.length <= limit) return shorter;
    // The sentences joined to the answer's make it too long: the answer's sentence whole, rather
    // than a window of them ("Однако принцип становится довольно сложным…", cut to its end).
    // Not rows joined (a list), not a sentence needing the one before ("Эти устройства…").
    const own = u.text.replace(ANSWER_PREFIX, '').trim();
    if (picked.length > 1 && !isRow(u) && !QUESTION_LINE.test(u.text) && !REFERS_BACK.test(own)) {
      const alone = withoutAsides(own, terms, holdsAnswer ?? NONE);
      if (alone.length <= limit) return alone;
    }
    return (
      (row ? rowCells(text, terms, limit, holdsAnswer ?? NONE, related) : undefined) ??
      clauseWindow(shorter, terms, limit, holdsAnswer ?? NONE)
    );
  }
  return QUESTION_LINE.test(u.text) ? text : withNeighbour(list, picked, text, unitScore, limit, terms, holdsAnswer);
}

/** No unit supplies what an answer lacks: it lacks nothing, or the question asks no kind. */
const NONE_SUPPLIES = (_x: Unit | undefined) => false;

/**
 * Whether a unit holds the kind of answer asked (a year, a price, a time) that the answer's texts
 * lack: such a unit joins the answer before one that only repeats the question's words.
 */
function suppliesWhatLacks(
  holds: ((text: string) => boolean) | undefined,
  texts: string[],
): (x: Unit | undefined) => boolean {
  if (!holds || texts.some(holds)) return NONE_SUPPLIES;
  return (x) => !!x && holds(x.text);
}

/**
 * A paragraph longer than an answer is prose that may tell a fact across sentences; shorter ones
 * are given whole or list facts said whole. (At 600 characters, paragraphs of 300–600 lost the
 * start of the next sentence: XQuAD-ru 0.802 against 0.809, the fixture the same.)
 */
const PROSE_CHARS = THRESHOLDS.answerChars;
/**
 * A sentence starting with a verb of the third person ("Работает с…", "Ведёт…"), by endings few
 * nouns have ("Кредит", "Результат", "Семьдесят" have none; "Счёт", "Полёт", "Пулемёт" are left
 * out): its subject is the person the sentence before names (NAME_DASH).
 */
const SUBJECTLESS =
  /^\p{Lu}\p{Ll}+(?:ает|яет|еет|ует|юет|(?<![члм])ёт|ется|ится|ают|яют|уют|одит|учит|носит|варит|чинит|лечит)(?!\p{L})/u;
/** A sentence of the paragraph not next to the answer joins it when it shares this much of what the answer's does. */
const SECOND_SHARE = 0.8;

/**
 * An answer from a paragraph of prose, with the room left up to `limit` given to a sentence further
 * on that answers nearly as well, else to the neighbouring sentences, the one that shares more of
 * the question first (the next on ties), whole or their clauses next to the answer, marked cut
 * with "…": such a paragraph often names the subject in one sentence and the fact in the next.
 */
function withNeighbour(
  list: Unit[],
  picked: Unit[],
  text: string,
  unitScore: (i: number) => number,
  limit: number,
  terms: string[],
  holds?: (text: string) => boolean,
) {
  const head = picked[0] as Unit;
  const paragraph = list.filter((x) => x.line === head.line).reduce((n, x) => n + x.text.length + 1, 0);
  if (paragraph < PROSE_CHARS) return text;
  const first = list.indexOf(head);
  const last = list.indexOf(picked[picked.length - 1] as Unit);
  const usable = (x: Unit | undefined): x is Unit =>
    !!x && x.line === head.line && !isRow(x) && !QUESTION_LINE.test(x.text);
  // A sentence further on that shares nearly as much of the question, when both fit: prose tells a
  // fact and its subject apart as often as side by side.
  const best = Math.max(...picked.map((x) => unitScore(list.indexOf(x))));
  // An answer without what the question asks for (a year, a name, a number) takes the sentence that
  // holds it, further on or beside it, before one that only repeats more of the question's words
  // ("В каком году впервые…": "Ранние версии были внедрены к 1851 году").
  const supplies = suppliesWhatLacks(holds, [text]);
  const lacking = supplies !== NONE_SUPPLIES;
  // An answer starting with its verb ("Работает с теми, кто боится руля") has its subject in the
  // sentence before ("Кузьмина Марина Викторовна — инструктор…"): that one first, from its start,
  // before a sentence further on that names another ("Громов … стаж инструктора 18 лет").
  const previous = list[first - 1];
  const subjectless = SUBJECTLESS.test(head.text) && usable(previous) && NAME_DASH.test(previous.text);
  let second = -1;
  list.forEach((x, j) => {
    if ((subjectless && !supplies(x)) || (j >= first - 1 && j <= last + 1)) return;
    if (!usable(x) || text.length + x.text.length + 3 > limit || unitScore(j) < SECOND_SHARE * best) return;
    if (lacking && !supplies(x)) return;
    if (second < 0 || unitScore(j) > unitScore(second)) second = j;
  });
  const other = list[second];
  if (other) return second < first ? `${other.text} … ${text}` : `${text} … ${other.text}`;
  // The sentence beside that holds what the answer lacks, too long to join it whole: the answer's
  // part that names the question's words, and that sentence.
  if (lacking) {
    const beside = [list[last + 1], list[first - 1]].find((x) => usable(x) && supplies(x) && x.text.length < limit / 2);
    if (beside && text.length + beside.text.length + 1 > limit) {
      const part = clauseWindow(text, terms, limit - beside.text.length - 2, NONE);
      return beside === list[last + 1] ? `${part} ${beside.text}` : `${beside.text} ${part}`;
    }
  }
  const sides = [
    { after: true, unit: list[last + 1], score: unitScore(last + 1) },
    { after: false, unit: list[first - 1], score: unitScore(first - 1) },
  ].sort(
    (a, b) =>
      Number(supplies(b.unit)) - Number(supplies(a.unit)) ||
      (subjectless ? Number(a.after) - Number(b.after) : 0) ||
      b.score - a.score,
  );
  let before = '';
  let after = '';
  for (const side of sides) {
    if (!usable(side.unit)) continue;
    const room = limit - text.length - before.length - after.length - 2;
    if (room < 40) break;
    const clauses = side.unit.text.split(/(?<=[,;:])\s+/);
    const fromStart = side.after || subjectless;
    if (!fromStart) clauses.reverse();
    const kept: string[] = [];
    let length = -1;
    for (const c of clauses) {
      if (length + 1 + c.length > room) break;
      kept.push(c);
      length += c.length + 1;
    }
    if (kept.length === 0) continue;
    const cut = kept.length < clauses.length;
    if (side.after) after = ` ${kept.join(' ')}${cut ? '…' : ''}`;
    else if (fromStart) before = `${kept.join(' ')}${cut ? '…' : ''} `;
    else before = `${cut ? '…' : ''}${kept.reverse().join(' ')} `;
  }
  return `${before}${text}${after}`;
}

/** What a cell naming a synonym of a question's word counts, against its own word's 1. */
const RELATED_CELL = 0.5;

/**
 * A table row, or a list after a frame, longer than an answer, told by its first cell (what the row is) and the cells that
 * hold the question's words or what it asks for, in the row's order: "Ребёнок 2–11 лет…: 12 900
 * (дети от 7 лет)" is the cell asked about with a child, wherever it stands. Undefined when no
 * cell but the first holds any.
 */
function rowCells(
  text: string,
  terms: string[],
  limit: number,
  holdsAnswer: (text: string) => boolean,
  related: string[] = [],
): string | undefined {
  // Cut at "; " as the answer's text is, not by parseRow: a list after a frame ("Исполнитель не
  // перевозит: …; …; …") is told the same way, its frame first and the items asked after it.
  const cells = text.split('; ');
  const said = terms.filter((t) => !NUMBER.test(t)).map(saidAs);
  // The synonyms' stems as said; a short one ("кг", "р" of "рублей") names a cell as a word of its
  // own, not as any word's start.
  const shortAlike = [...new Set(related.filter((x) => x.length < DESCRIBING_STEM))];
  const alike = [...new Set(related.filter((x) => x.length >= DESCRIBING_STEM).map(saidAs))].filter(
    (x) => !said.includes(x),
  );
  const alikeIn = (c: string) => {
    const words = textWords(c);
    return saidIn(c, alike) + shortAlike.filter((x) => words.includes(x)).length;
  };
  const score = cells.map((c, i) =>
    i === 0 ? 0 : saidIn(c, said) + RELATED_CELL * alikeIn(c) + (holdsAnswer(c) ? 0.5 : 0),
  );
  const order = cells
    .map((_, i) => i)
    .filter((i) => i > 0 && (score[i] ?? 0) > 0)
    .sort((a, b) => (score[b] ?? 0) - (score[a] ?? 0) || a - b);
  if (order.length === 0) return undefined;
  const kept = new Set([0]);
  let length = cells[0]?.length ?? 0;
  for (const i of order) {
    const cell = cells[i] ?? '';
    if (length + cell.length + 2 > limit) continue;
    kept.add(i);
    length += cell.length + 2;
  }
  if (kept.size === 1) return undefined;
  return cells.filter((_, i) => kept.has(i)).join('; ');
}

/**
 * A sentence with its numbers written in groups ("2 000", "8\u00a0000") also as one figure each
 * ("2000"), as a question says them: its stems hold both.
 */
export function withFigures(text: string): string {
  const grouped = text.match(/(?<![\d.,])\d{1,3}(?:[ \u00a0]\d{3})+(?!\d)/g);
  return grouped ? `${text} ${grouped.map((g) => g.replace(/[ \u00a0]/g, '')).join(' ')}` : text;
}

/** A table row as the parser writes it ("Услуга: …; Цена: …"). */
const isRow = (x: Unit) => x.text.includes(': ') && x.text.includes('; ');

/** The opening of a sentence that lists after a colon, short enough to keep with any part of the list. */
const LIST_FRAME = /^[^:;.!?()]{3,80}:\s/u;

/** Whether `a` comes before `b` compared item by item (the first that differs decides). */
function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/** An aside in parentheses, long enough to be more than a unit or a gender ("(мужская)"). */
const ASIDE = /\s*\([^()]{12,}\)/gu;
/** An aside holding a phone, an address's number, a price or an e-mail: kept whatever the question. */
const CONTACT_OR_PRICE = /\d{2}|₽|@/u;
/** More asides than this are a list told in brackets ("по футболу (…), по хоккею (…), …"): its content. */
const ASIDES_DROPPED = 2;
/**
 * A sentence too long for an answer without its asides in parentheses that say none of the
 * question's words, no exception and not what it asks for: cut by clauses instead, it lost its
 * start ("Дождевые леса Амазонки (португальский: …), также известные как…"). XQuAD-ru 537 -> 538,
 * the businesses unchanged.
 */
function withoutAsides(text: string, terms: string[], holdsAnswer: (text: string) => boolean): string {
  if ((text.match(ASIDE)?.length ?? 0) > ASIDES_DROPPED) return text;
  const keys = terms.map(saidAs);
  return text
    .replace(ASIDE, (aside) =>
      saidIn(aside, keys) > 0 || NEGATION.test(aside) || holdsAnswer(aside) || CONTACT_OR_PRICE.test(aside)
        ? aside
        : '',
    )
    .trim();
}

/** A text cut at spaces into runs of about `size` characters. */
function wordRuns(text: string, size: number): string[] {
  const runs: string[] = [];
  let run = '';
  for (const word of text.split(/\s+/)) {
    if (run && run.length + word.length + 1 > size) {
      runs.push(run);
      run = word;
    } else run = run ? `${run} ${word}` : word;
  }
  if (run) runs.push(run);
  return runs;
}

/**
 * The part of a long answer that holds the question's words: the run of clauses (cut at commas,
 * semicolons, dashes, colons) no longer than `limit` that names the most of them and holds what
 * the question asks for, the later on ties; marked cut with "…" where it is.
 */
function clauseWindow(text: string, terms: string[], limit: number, holdsAnswer: (text: string) => boolean): string {
  // A list's frame ("Исполнитель не перевозит: взрывчатые…, газовые баллоны, …") says what the
  // items are: the window of items is given after it. (Cut off, "…газовые баллоны, канистры…"
  // said nothing of the "не"; frames inside parentheses, "(португальский: …)", are none.)
  const frame = LIST_FRAME.exec(text)?.[0];
  if (frame) {
    const rest = clauseWindow(text.slice(frame.length).trim(), terms, limit - frame.length - 1, holdsAnswer);
    return `${frame.trim()} ${rest}`;
  }
  // A clause too long to share an answer with its neighbours is cut further at words, so the
  // window can take the part of it next to the question's words, not skip it whole.
  const clauses = text
    .split(/(?<=[,;:])\s+|\s+(?=[—–]\s)/)
    .flatMap((c) => (c.length > limit / 2 ? wordRuns(c, Math.round(limit / 4)) : [c]));
  const keys = terms.map(saidAs);
  const hits = clauses.map((c) => saidIn(c, keys));
  // Whether each clause holds what the question asks for (a name, a number), read once; a clause
  // going on with a sentence is read after a space, as a word inside it ("…лет, Белова проводит").
  const holding = clauses.map((c, i) => holdsAnswer(i === 0 || /[.!?]$/.test(clauses[i - 1] ?? '') ? c : ` ${c}`));
  let best: { from: number; to: number; value?: number[] } = { from: 0, to: 0 };
  for (let from = 0; from < clauses.length; from++) {
    let length = -1;
    let score = 0;
    let held = 0;
    for (let to = from; to < clauses.length; to++) {
      length += (clauses[to]?.length ?? 0) + 1;
      if (length > limit - 2) break;
      score += hits[to] ?? 0;
      if (holding[to]) held = 1;
      // A window holding what the question asks for answers it, however many more of the
      // question's words another window repeats ("В Китае энциклопедист Шэнь Куа… сформулировал…:
      // …он сделал вывод о том, что земля образовалась…", asked "…как его звали?"). The fact
      // usually follows the words the question repeats: of windows naming as many of them, the one
      // reaching furthest on wins ("…помощи, когда получатели… на «самые необходимые товары»", not
      // the clause before the words); of windows naming none, the first (an answer's opening),
      // then the longest.
      const place = score + held > 0 ? to : clauses.length - from;
      // Compared in order: whether it holds the answer, what it names, where it stands, how long it is.
      const value = [held, score, place, length];
      if (!best.value || before(best.value, value)) best = { from, to, value };
    }
  }
  if (!best.value) return `${text.slice(0, limit - 1).replace(/\s+\S*$/, '')}…`;
  const window = clauses.slice(best.from, best.to + 1).join(' ');
  return `${best.from > 0 ? '…' : ''}${window}${best.to < clauses.length - 1 ? '…' : ''}`;
}
