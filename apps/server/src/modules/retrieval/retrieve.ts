import { normalizeQuantities, quantityEquivalents } from './quantities';
import {
  type CorrectedAnswerMatch,
  type KnowledgePassage,
  type SearchContext,
  type SearchTuning,
  searchCorrectedAnswers,
  searchKnowledge,
} from './search';
import { kindMap, synonymMap } from './synonyms';
import { lexemesOf, type RootIndex, rootIndex, rootStrength, verbalPrefix } from './text';
import { latinSpellings, vocabularyOf } from './vocabulary';

/** What retrieval needs: the database, and the embeddings when vector retrieval is on. */
export type RetrievalContext = SearchContext;

/**
 * Words that carry no subject in a customer's question ("никак не подъедет", "кучу анализов",
 * "где-то поближе"); with them the forms of prepositions Postgres' stop words leave in ("ко мне",
 * "обо всём"). Not "никем", "никого", "разом": their stems are "ник" and "раз".
 */
const FILLER =
  'подскажите подскажете скажете расскажите расскажете посоветуйте посоветуете скажите пожалуйста здравствуйте хотел хотела хочу хотим узнать хочется хотелось интересует интересно вопрос нужно нужна нужен надо ваш ваша ваши вашей вашем вас вам вами у вы мне меня мной нам нас наш наша наши мой моя моё мою мои её неё твоё нём моих моей моего твой собой себе себя это этот эта эти той который которая которое которые которых сам сама сами само рядом поблизости очень просто сделать делать делаете сделаете могу можете можем могут можно ли придётся придется сколько какой какая какие каков какое возможно есть будет бывает вообще буквально снова опять также ещё добрый день спасибо заранее подскажи скажи уточнить случае если что-то кто-то где-то всё весь вся пока чтобы тогда потом уже тоже что-нибудь что-либо какой-нибудь какие-нибудь какая-нибудь какое-нибудь какую-нибудь каких-нибудь каким-нибудь чем-нибудь чего-нибудь кого-нибудь кому-нибудь возле около смогу сможет сможем сможете смогут какой-то какая-то какое-то какие-то каких-то какую-то куда-то когда-то как-то чем-то чего-то кого-то кому-то где-нибудь куда-нибудь когда-нибудь как-нибудь буду будем будете будут заодно мимо наверное наверно кстати вдруг например вроде короче ладно реально немного немножко чуть-чуть сильно слишком совсем жутко ужасно дико капец чересчур норм ок окей походу примерно приблизительно ориентировочно вместе остальные остальными остальное остальных думаю думаем думал думала кажется хватит хватает ними нею сначала целиком из-под против че чё чо туда сюда нормально вариант всем столько ко обо изо ото подо никто никак кучу поближе';

/**
 * Question words in the forms Postgres' stop-word list leaves in ("кем", "кого", "каков", "такое" in
 * "что такое", "далеко" of "далеко ли", which asks a distance; not "почему", whose stem "поч" is
 * also that of "почём"; "ближе", "ближайший", which ask which is the nearest): they ask, they name no subject, and a knowledge base that never wrote
 * them must not look foreign to the question. Hand-written: no Russian word list of
 * interrogatives ships with Postgres or with the libraries we use.
 */
const QUESTION_WORDS =
  'насколько далеко близко ближе ближайший ближайшая ближайшее ближайшую ближайшие кого кому кем чему чего чьего чьей зачем отчего каков какова каково каковы какого какому каким какими каких каком какую котором которого которому которой которым скольких скольким сколькими откуда такое назовите перечислите';

/**
 * Ways of asking "when", "how long", "how" and "why" whose nouns are no subject ("до какого часа",
 * "какого числа", "сколько времени", "каким образом", "по какой причине"): the answerer reads what
 * they ask for from the question itself. With them "всё равно" and "именно", which name nothing
 * (while "равными частями" and "именной" do).
 */
const QUESTION_PHRASES =
  /(?<!\p{L})(?:(?:до|с|в|к|со)\s+(?:какого|которого|скольки)\s+(?:часа|числа)|до\s+какого\s+(?:момента|времени|срока)|в\s+котором\s+часу|какого\s+числа|какое\s+число|сколько\s+времени|сколько\s+по\s+времени|каким\s+(?:образом|путем|путём)|по\s+какой\s+причине|с\s+какой\s+целью|вс[её]\s+равно|именно)(?!\p{L})/giu;

/**
 * Russian verb endings: the infinitive, the "вы" and "они" forms, the "я" form in -аю/-яю
 * ("уезжаю", "записываю"), the reflexive third person ("начнётся", "нравится", "поменяются",
 * "дождутся"), the third person in -дет ("выйдет", "подождёт", "придёт": no noun of a business
 * ends so), the reflexive first person ("уложусь", "боюсь") and the imperative in -ьте/-йте
 * ("скиньте", "дайте"), and the past in -ил/-ила ("нахамил", "купила": few nouns end so, "правило",
 * "зала" and "детали" do, so not -ило, -ала, -али) or reflexive ("свалился", "сломалась"): what a
 * customer tells happened ("курьер нахамил, куда пожаловаться?"). A verb says less about the subject
 * than a noun. (Over 68 businesses 2,073 → 2,076 of 2,711, outside answered 67 → 68; with -или and
 * -али, 2,074: "автомобили", "подарили".)
 */
const VERB =
  /(?:ть|ться|тесь|ете|ите|ёте|ешь|ишь|ют|ят|[ьй]те)$|^.{2,}[ую]сь$|^.{3,}[ая]ю$|^.{2,}(?:ю|я|е|и|ё|у|а)тся$|^.{2,}д[её]т$|^.{3,}(?:ил|ила|[иаеё]л(?:ся|ась|ись))$/;
/**
 * Nouns with a verb's ending: the young of animals in the plural ("котят", "щенят", "ребят"), and
 * nouns in the prepositional case in -те ("на сайте", "на пульте", "в асфальте") or in -усь ("Беларусь").
 */
const NOUN_LIKE_VERB =
  /^(?:(?:кот|щен|реб|ут|козл|цыпл|порос|зайч|тигр|бельч|медвеж|крольч|мыш|гус)[яа]т|сайте|пульте|беларусь|\p{L}*(?:альте|ельте|байте))$/u;
/**
 * Whether the word at `i` follows "я", "мы" or "ты" (give or take "не", "уже", "бы") and ends as a
 * verb of a person does (PERSONAL_ENDING): a customer's own verb in a form the endings above do not
 * tell ("если я опоздаю", "я сдам", "я переехал").
 * Word order stands in for a part-of-speech tagger, which neither Postgres nor our libraries have.
 */
function afterSubject(words: string[], i: number): boolean {
  if (!PERSONAL_ENDING.test(words[i] ?? '')) return false;
  const before = words[i - 1] ?? '';
  if (SUBJECT.test(before)) return true;
  return PARTICLE.test(before) && SUBJECT.test(words[i - 2] ?? '');
}
/**
 * The endings of a verb said of "я", "мы", "ты": the present or future ("сдам", "приду",
 * "приедем", "придёшь"), the reflexive ("вернусь", "вернёмся"), the past ("переехал",
 * "опоздала", "смог", "привёз") and the short participle ("записана", "оформлен"); not a noun
 * telling who the visitor is ("я студентка", "я пенсионер").
 */
const PERSONAL_ENDING = /(?:[ую]|[ая]м|[еиё]м|[еиё]шь|л|ла|ло|ли|ся|сь|мог|[её][зсг]|ан|ана|аны|ен|ена|ены)$/u;
const SUBJECT = /^(?:я|мы|ты)$/;
const PARTICLE = /^(?:не|уже|бы|же|сам|сама|сами)$/;

/**
 * Verbs that fit any request ("сдать пуховик", "подать претензию"): the object carries the meaning.
 * With them the modal adverbs of "обязательно съезжать в 12?", "необходимо ли бронировать" and
 * "должен": they ask whether, like "нужно" and "можно", but a rule may say them ("предоплата
 * обязательна", "гость должен предъявить паспорт"). "Запишете?" asks to be booked as "примете?"
 * does ("Я кормлю грудью, хочу отбелить зубы. Запишете?"); "записаться" stays the subject of "как
 * записаться?". "Успею", "успеете" tell the visitor's own timing ("если не успею сразу забрать
 * вещь, сколько она пролежит?").
 */
const LIGHT_VERBS =
  'обязательно необходимо сдать сдавать сдаю подать подавать получить получать взять брать взял взяла взяли брал брала брали дать давать дадите дадут дали дал дала возьмёте возьмете возьмут возьму возьмём возьмем прийти приходить приехать приезжать сходить зайти заходить приду придём придем придёте придете придут приеду приедем приедете приедут зайду зайдём зайдем зайдёте зайдете зайдут смочь мочь иметь найти оставить оставлять воспользоваться пользоваться помочь помогать обратиться обращаться бывать ставить ставите ставят поставить поставите поставьте дайте возьмите оставьте подойдет подойдут подходит подходят примете примут закинуть закинете закину закинем должен должна должно должны запишете запишите запишут запишусь запишемся успею успеем успеете успеть успеваю успеваем успевать успеют';

/**
 * Words that tell the situation, not the subject, and weigh like the light verbs: family members,
 * whom customers name to say for whom they ask ("у сына аллергия", "папа диабетик", "мама
 * приедет"); days said relatively ("был позавчера", "завтра утром самолёт") and the morning of them
 * ("в тот же день утром норм?"; not the evening, which a timetable's groups are asked by: "по
 * средам вечером какие группы?"); a business trip ("я в командировке почти на две недели"); and
 * "свой" of bringing one's own ("со своей бутылкой вина", "свой коврик таскать?"), which a rule
 * says too ("приносить свой алкоголь нельзя").
 */
const RELATIVES =
  'своё свой свою свои своим своей своего своих своими своему вчера позавчера сегодня завтра послезавтра утра утром командировка командировку командировке командировки сын сына сыну сыном дочь дочка дочки дочке дочкой папа папы папе мама мамы маме муж мужа мужу жена жены жене бабушка бабушки бабушке дедушка дедушки дедушке внук внука внучка внучки брат брата сестра сестры девушка девушке девушку парень парня парню коллега коллеге коллегу коллеги';

let fillerCache: Promise<{ filler: Set<string>; light: Set<string> }> | undefined;
function fillerStems(ctx: RetrievalContext): Promise<{ filler: Set<string>; light: Set<string> }> {
  fillerCache ??= lexemesOf(ctx, [`${FILLER} ${QUESTION_WORDS}`, `${LIGHT_VERBS} ${RELATIVES}`])
    .then(([f, l]) => ({ filler: new Set(f), light: new Set(l) }))
    .catch((err) => {
      fillerCache = undefined;
      throw err;
    });
  return fillerCache;
}

/** A question read for search: its stems, which of them carry its subject, and their synonyms. */
export interface QueryAnalysis {
  /** The question with spelled-out numbers and times in figures ("к половине седьмого вечера" → "к 18:30"). */
  text: string;
  /** The stems of the whole text, as the search looks them up. */
  stems: string[];
  /** The stems that carry the question's subject (filler words dropped, unless nothing else is left). */
  terms: string[];
  /** Question stem → stems of its synonym group (also found through a form of the same root). */
  synonyms: Map<string, Set<string>>;
  /** Synonym stems searched besides the terms. */
  expansions: string[];
  /** Stems of the question's verbs, and of verbs that fit any request. */
  verbs: Set<string>;
  light: Set<string>;
  /** Stems of words that carry no subject. */
  filler: Set<string>;
  /**
   * Stems said only in the sentences that tell the situation of a question of several, not in the
   * one that asks ("Планируем съёмку с нашим корги. Собаку брать можно?": "корги", "планируем"),
   * or only in a clause telling what for ("…, чтоб в багажник кидать").
   */
  context: Set<string>;
  /** Stems said only in a sentence after the one that asks, telling more of it ("…почём? оба тормоза, передний и задний"). */
  following: Set<string>;
  /**
   * Whether the visitor says they come at a time and asks whether they will be taken ("подъеду без
   * двадцати девять вечера, ещё успею?"): the hours answer it.
   */
  arrival: boolean;
}

/** What retrieval found for one question of one assistant, best first. */
export interface Retrieval {
  /** The question as the visitor wrote it: what the model is given. */
  question: string;
  /** The question with its chat spellings written out (chatSpelling), as the local answerer reads it. */
  asked: string;
  query: QueryAnalysis;
  /** The best corrected answer (the owner's own), if any matched. */
  corrected?: CorrectedAnswerMatch;
  /**
   * Knowledge passages ranked for the question. Empty when a corrected answer matched
   * confidently: the owner's own answer is given, and the knowledge base is not searched.
   */
  passages: KnowledgePassage[];
}

export interface RetrieveOptions {
  /** Passages returned at most (default 6). */
  limit?: number;
  tuning?: SearchTuning;
}

/**
 * The synonym groups' stems sharing a root with a stem (rootStrength ≥ 0.65), in the map's order:
 * measured against the stems that could share one (RootIndex), and remembered per stem, as
 * questions repeat their words (bounded; the list is fixed for the process).
 */
const rootMatchCache = new WeakMap<Map<string, Set<string>>, Map<string, [string, number][]>>();
/** Letters a loose root match may add to the shorter stem (an ending or a suffix). */
const LOOSE_ENDING = 3;
function rootMatches(groups: Map<string, Set<string>>, stem: string): [string, number][] {
  let cache = rootMatchCache.get(groups);
  if (!cache) {
    cache = new Map();
    rootMatchCache.set(groups, cache);
  }
  let matches = cache.get(stem);
  if (!matches) {
    matches = [];
    const index = rootIndexOf(groups);
    const prefix = verbalPrefix(stem);
    for (const i of index.candidates(stem)) {
      const key = index.keys[i] as string;
      // Another prefix makes another word ("принести" is not "перенести"): its group is not this one's.
      const other = index.prefixes[i];
      if (prefix && other && prefix !== other) continue;
      const strength = rootStrength(stem, key);
      // A short word at the start of a longer one is its root only when what follows is an ending
      // ("верн"/"вернут"), not another word's rest ("комп" of "комплексный" is no "компьютер").
      const ending = strength >= 0.8 || Math.abs(stem.length - key.length) <= LOOSE_ENDING;
      if (strength >= 0.65 && ending) matches.push([key, strength]);
    }
    if (cache.size >= 20_000) cache.clear();
    cache.set(stem, matches);
  }
  return matches;
}

/** The synonym groups' stems by what rootStrength compares (text.ts): built once, as the groups are. */
const rootIndexes = new WeakMap<Map<string, Set<string>>, RootIndex>();
function rootIndexOf(groups: Map<string, Set<string>>): RootIndex {
  let index = rootIndexes.get(groups);
  if (!index) {
    index = rootIndex([...groups.keys()]);
    rootIndexes.set(groups, index);
  }
  return index;
}

/** A word of a question, hyphenated ones whole ("какой-нибудь", "Wi-Fi"). */
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

export async function analyzeQuestion(ctx: RetrievalContext, question: string): Promise<QueryAnalysis> {
  // A range said with a hyphen ("через 5-7 минут") is two figures, not a figure and a negative
  // one ("-7", which no document holds).
  const text = normalizeQuantities(question).replace(/(?<=\d)-(?=\d)/g, '–');
  const quantities = quantityEquivalents(text);
  const words = text.toLowerCase().match(WORD)?.slice(0, 60) ?? [];
  const unitWords = quantities.flatMap((q) => [q.unit, ...q.equals.map((e) => e.unit)]);
  const [[qLexemes = [], ...rest], synonymGroups, kinds, { filler, light }] = await Promise.all([
    lexemesOf(ctx, [
      text.replace(QUESTION_PHRASES, ' '),
      ...words,
      ...unitWords,
      text === question ? '' : question,
      text,
    ]),
    synonymMap(ctx),
    kindMap(ctx),
    fillerStems(ctx),
  ]);
  const wordLexemes = rest.slice(0, words.length);
  const unitLexemes = new Map(unitWords.map((w, i) => [w, rest[words.length + i]?.[0] ?? w]));
  // The question's stems as written (none when normalizing changed nothing), and of them the words
  // a figure replaced: documents write numbers in words too ("два перехвата").
  const written = new Set(rest[words.length + unitWords.length] ?? []);
  const spelled = new Set([...written].filter((l) => !qLexemes.includes(l)));
  const stems = rest[words.length + unitWords.length + 1] ?? [];
  const verbs = new Set<string>();
  words.forEach((w, i) => {
    if ((VERB.test(w) && !NOUN_LIKE_VERB.test(w)) || afterSubject(words, i))
      for (const l of wordLexemes[i] ?? []) verbs.add(l);
  });
  // A question's stem finds its synonym group also through a form of the same root ("верн" of
  // "верните" → the group of "вернуть", stemmed "вернут").
  const synonyms = new Map<string, Set<string>>();
  // Stems whose group was found only through a loose root match ("верн"/"вернут", but also
  // "бронкос"/"брон"): the answerer weighs such synonyms, the search does not look them up.
  const loose = new Set<string>();
  for (const t of qLexemes) {
    const own = synonymGroups.get(t);
    if (own) synonyms.set(t, own);
    else
      for (const [key, strength] of rootMatches(synonymGroups, t)) {
        synonyms.set(t, new Set([...(synonyms.get(t) ?? []), ...(synonymGroups.get(key) ?? []), key]));
        if (strength < 0.8) loose.add(t);
        else loose.delete(t);
      }
    // A kind ("шпиц") is also what it is ("собака", "животное"), unless the question names that
    // already, in any form ("с детьми" is stemmed "детьм"): "детская школа, чтобы сын занимался"
    // asks no more of children for the son. Some kinds are what they are only in their question
    // (a son of the age said, a zip's "собачка").
    for (const kind of kinds.get(t) ?? [])
      if (
        (!kind.when || kind.when.test(text)) &&
        ![...kind.names].some((k) => qLexemes.some((l) => l.startsWith(k) && l.length - k.length <= 2))
      )
        synonyms.set(t, new Set([...(synonyms.get(t) ?? []), ...kind.names]));
  }
  // A quantity is also found in other units: "3 суток" as "72 часов", "2 недели" as "14 дней".
  const addSynonym = (a: string, b: string) => {
    if (a !== b) synonyms.set(a, new Set([...(synonyms.get(a) ?? []), b]));
  };
  for (const q of quantities)
    for (const e of q.equals) {
      if (/^\d+$/.test(q.number) && /^\d+$/.test(e.number)) addSynonym(q.number, e.number);
      addSynonym(unitLexemes.get(q.unit) ?? q.unit, unitLexemes.get(e.unit) ?? e.unit);
    }
  if (spelled.size)
    for (const l of qLexemes)
      if (/^\d+$/.test(l))
        for (const w of spelled)
          if (!filler.has(w)) {
            addSynonym(l, w);
            // A figure the word became has the word's own synonyms ("вдвоём" → "на 2" of "для пары").
            if (!written.has(l)) for (const x of synonymGroups.get(w) ?? []) addSynonym(l, x);
          }
  const following = new Set<string>();
  const context = situationStems(
    text,
    wordLexemes,
    (l) => !filler.has(l) && !light.has(l) && qLexemes.includes(l),
    following,
  );
  for (const l of purposeStems(text, wordLexemes, (l) => !filler.has(l) && !light.has(l))) context.add(l);
  const content = qLexemes.filter((l) => !filler.has(l));
  const terms = content.length ? content : qLexemes;
  // The search also sees the synonyms' words, so "стоит" finds "стоимость".
  const expansions = new Set<string>();
  for (const t of terms)
    if (!loose.has(t)) for (const s of synonyms.get(t) ?? []) if (!terms.includes(s)) expansions.add(s);
  // A visitor coming at a time asks the hours: the search looks for them too.
  const arrival = ARRIVAL.test(text.toLowerCase().replace(/ё/g, 'е'));
  if (arrival) for (const s of [HOURS_STEM, ...(synonymGroups.get(HOURS_STEM) ?? [])]) expansions.add(s);
  return {
    text,
    stems,
    terms,
    synonyms,
    expansions: [...expansions],
    verbs,
    light,
    filler,
    context,
    following,
    arrival,
  };
}

/**
 * A visitor's coming at a time said in figures (normalizeQuantities: "без двадцати девять" is
 * 20:40) with a verb of coming or of being taken: "подъеду в 20:40, ещё успею?", "к 7:30 приехать
 * можете?", "19:40 ещё примете?". It asks whether they are open then. The visitor's own coming
 * only ("подъеду", "привезу"): "привезёте к 20:30?" asks a delivery, "курьер заедет" the courier.
 */
const ARRIVAL =
  /\d{1,2}:\d{2}(?:[^\p{L}\d]+\p{L}+){0,6}?[^\p{L}\d]+(?:успе|примете|примут|принимаете|открыт|работаете|приехать|подъехать|приедете|подъедете|прийти|зайти|подойти|заглянуть)|(?<!\p{L})(?:подъеду|подъедем|приеду|приедем|заеду|заедем|зайду|зайдем|зайдём|приду|придем|придём|подвезу|привезу|занесу|занесем|занесём)(?:[^\p{L}\d]+\p{L}+){0,7}?[^\p{L}\d]+\d{1,2}:\d{2}/u;
/** The stem of "график", whose synonym group is the words of opening hours. */
const HOURS_STEM = 'график';

/** A sentence telling why the visitor asks ("хочу подъехать", "надо успеть к пятнице"). */
const PURPOSE =
  /^\s*(?:а\s+то\s+|просто\s+)?(?:не\s+)?(?:хочу|хотим|хотела?|хотели|хочется|хотелось|надо|нужно|планирую|планируем|собираюсь|собираемся)(?!\p{L})/u;
/**
 * A sentence after the question telling of the visitor or of whom they ask for ("…с собакой? она
 * маленькая и тихая", "…за своим столом? я быстро", "…хлоркой пахнет? у сына кожа чувствительная"),
 * not where to ("сколько стоит доставка? нам в Мокшан": the place asked about).
 */
const ABOUT_ASKER =
  /^\s*(?:а\s+|но\s+)?(?:я|мне|меня|мы|нам|нас|он|она|они|ему|ей|им|у\s+(?:меня|нас|него|нее|неё|них|сына|дочки|дочери|мужа|жены|ребенка|ребёнка|мамы|папы))(?!\p{L})(?!\s+(?:в|во|на|до|к|ко|из|от|по|за)\s)|^\s*(?:а\s+|но\s+)?(?:\p{L}+\s+)?(?:боюсь|переживаю|волнуюсь|беспокоюсь|опасаюсь|стесняюсь|сомневаюсь|надеюсь)(?!\p{L})/u;
/**
 * A sentence after the question telling what happened to the visitor, said with a verb in the past
 * ("…от завтрашнего обеда? заболел походу", "…вернёте? передумала"): why they ask, not what.
 */
const WHAT_HAPPENED =
  /^\s*(?:а\s+|я\s+|мы\s+)?\p{L}{3,}[аеиоуыя]л(?:а|и|ся|ась|ись)?(?!\p{L})(?:\s+\p{L}+)?\s*[.!)(]*\s*$/u;
/**
 * A comma before the words that start asking whether or when ("…, есть у вас", "…, можно",
 * "…, когда"); not "сколько" or "какой", which ask of what the clause before names ("диплом
 * переплести, сколько стоит?").
 */
const CLAUSE_ASKING = /,\s+(?:а\s+)?(?:есть\s+(?:ли\s+)?у\s+вас|у\s+вас\s+есть|можно|когда)(?!\p{L})/iu;
/** A clause of the visitor's own time after the question ("…, когда приеду к вам", "пока ребёнок на уроке"). */
const TIME_TAIL = /(?:,\s*|\s+)(?:когда|пока)\s+(?!(?:вы|вам|вас|у\s+вас)(?!\p{L}))\p{L}/iu;
const TIME_TAIL_START = /^(?:когда|пока)\s/u;
/** A word that asks: a question without its "?" is told by it. */
const ASKING_WORD =
  /(?<!\p{L})(?:сколько|скольки|как|где|когда|куда|откуда|почему|зачем|что|чем|кто|какой|какая|какие|какое|каких|можно|ли|почем|почём|есть)(?!\p{L})/u;
/** A pronoun or "это", "там" pointing back at what a sentence before named. */
const BACK_REFERENCE =
  /(?<!\p{L})(?:он|она|оно|они|его|ее|её|их|ему|ей|им|него|нее|неё|них|нему|ней|ним|нем|нём|это|этот|эта|эти|этого|этой|этим|этих|такой|такое|такие|там|туда|оттуда)(?!\p{L})/u;

/**
 * The stems of a question of several sentences said only in those that tell its situation: before
 * the one that asks (the first with "?", else a last one alone with a question word), or after it
 * telling why (PURPOSE) or of the visitor (ABOUT_ASKER). `wordLexemes` holds
 * the stems of the text's words in order (the first 60); `names` tells a stem that names something. A
 * question naming nothing ("Меня всё равно примут?") has none: its situation is its subject.
 * `following` receives the stems said only in the sentences after the one that asks that tell more
 * of it ("…почем? оба тормоза, передний и задний").
 */
function situationStems(
  text: string,
  wordLexemes: string[][],
  names: (stem: string) => boolean,
  following = new Set<string>(),
): Set<string> {
  // A clause telling the situation before a question in one sentence ("везём кучу вещей, есть у
  // вас универсал?") is told as a sentence would be: the clause asks nothing, the rest starts asking.
  const sentences = text
    .split(/(?<=[.!?…])\s+/)
    .flatMap((x) => {
      const m = CLAUSE_ASKING.exec(x);
      const lead = m ? x.slice(0, m.index) : '';
      if (m && lead && !ASKING_WORD.test(lead.toLowerCase())) return [`${lead}.`, x.slice(m.index + 1).trim()];
      // "где машину поставить, когда ребёнка привожу?": the time of the visitor's own doing told
      // after the question, as a sentence of its own.
      const t = TIME_TAIL.exec(x);
      const head = t ? x.slice(0, t.index) : '';
      return t && ASKING_WORD.test(head.toLowerCase()) ? [`${head}?`, x.slice(t.index).replace(/^[,\s]+/, '')] : [x];
    })
    .filter((x) => /[\p{L}\p{N}]/u.test(x));
  const context = new Set<string>();
  // A question said without its "?" ("заболел. за сколько отменить, чтоб не сгорело") is the last
  // sentence when it alone has a question word ("Во сколько закрываетесь. Хочу заехать" is not).
  const marked = sentences.filter((x) => /\?\s*$/.test(x));
  const asksWord = (x: string) => ASKING_WORD.test(x.toLowerCase());
  const last = sentences.slice(-1);
  const unmarked = last.length && asksWord(last[0] ?? '') && !sentences.slice(0, -1).some(asksWord) ? last : [];
  const asking = marked.length ? marked : unmarked;
  if (sentences.length < 2 || asking.length === 0 || asking.length === sentences.length) return context;
  // "Хочу подарить маме сертификат. Сколько он действует?": the question names its subject before.
  // (A question said first points back at nothing: "вы давно этим занимаетесь? не хочется к новичкам".)
  if (sentences[0] !== asking[0] && asking.some((x) => BACK_REFERENCE.test(x.toLowerCase()))) return context;
  const asked = new Set<string>();
  const inAsking = new Set<string>();
  let at = 0;
  let question = false;
  for (const sentence of sentences) {
    const count = sentence.match(WORD)?.length ?? 0;
    // What follows the question tells more of it ("до скольки открыты? сегодня воскресенье"),
    // unless it tells why ("…до скольки? хочу подъехать договор подписать").
    const asks = asking.includes(sentence);
    question ||= asks;
    const lower = sentence.toLowerCase();
    const into =
      question &&
      (asks ||
        !(PURPOSE.test(lower) || ABOUT_ASKER.test(lower) || WHAT_HAPPENED.test(lower) || TIME_TAIL_START.test(lower)))
        ? asked
        : context;
    for (let i = at; i < at + count; i++)
      for (const l of wordLexemes[i] ?? []) {
        into.add(l);
        if (asks) inAsking.add(l);
        else if (into === asked) following.add(l);
      }
    at += count;
  }
  for (const l of inAsking) following.delete(l);
  // "Застряла в пробке, опоздаю минут на двадцать. Меня всё равно примут?": a question naming
  // nothing asks about the situation told before it.
  if (![...asked].some(names)) return new Set();
  for (const l of asked) context.delete(l);
  return context;
}

/** A sentence asking who did something: a purpose clause in it tells of the deed ("Кто побил Бронкос, чтобы стать чемпионами?"). */
const WHO_ASKED = /^\s*(?:\p{L}+\s+)?(?:кто|кого|кому|кем|чей|чья|чьё|чье)(?!\p{L})/iu;
/**
 * A clause of purpose ("…, чтоб в багажник кидать", "нужно для бухгалтерии"), to the end of its
 * sentence; and a condition the question starts with, before a clause that asks ("если планы
 * поменяются, до какого момента можно отменить?"), unless it holds a figure: "если наберу на 40
 * тысяч, сколько процентов" asks of that sum.
 */
const PURPOSE_CLAUSE =
  /(?<!\p{L})чтоб(?:ы)?(?!\p{L})[^.?!]*|,\s*(?:это\s+)?(?:нужн\p{L}*|нужен|надо)\s+для(?!\p{L})[^.?!]*|^\s*(?:а\s+|но\s+)?если\s+[^,.?!\d]+(?=,\s*(?:а\s+|то\s+)?(?:до\s+)?(?:как\p{L}*|сколько|скольки|когда|можно|где|кто)(?!\p{L}))/giu;

/** A text's sentence from `at` on. */
const restOfSentence = (text: string, at: number) => text.slice(at).split(/[.?!]/)[0] ?? '';

/**
 * The stems said only in a clause telling what for ("нужен складной велосипед, чтоб в багажник
 * кидать и ездить на дачу"), when the rest of the question names something of its own.
 */
function purposeStems(text: string, wordLexemes: string[][], names: (stem: string) => boolean): Set<string> {
  const inside = new Set<string>();
  const outside = new Set<string>();
  const lower = text.toLowerCase();
  // The clause's own sentence up to it ("кто побил бронкос, ").
  const sentenceTo = (at: number) =>
    lower
      .slice(0, at)
      .split(/[.?!]\s+/)
      .pop() ?? '';
  const spans = [...lower.matchAll(PURPOSE_CLAUSE)]
    .filter((m) => !WHO_ASKED.test(sentenceTo(m.index)))
    // "Если куплю сертификат, сколько он действует?": the clause asking points back at its subject.
    .filter(
      (m) =>
        !(/^\s*(?:а\s+|но\s+)?если/u.test(m[0]) && BACK_REFERENCE.test(restOfSentence(lower, m.index + m[0].length))),
    )
    .map((m) => [m.index, m.index + m[0].length] as const);
  if (spans.length === 0) return inside;
  let i = 0;
  for (const m of lower.matchAll(WORD)) {
    const within = spans.some(([a, b]) => m.index >= a && m.index < b);
    for (const l of wordLexemes[i] ?? []) (within ? inside : outside).add(l);
    i++;
  }
  if (![...outside].some(names)) return new Set();
  for (const l of outside) inside.delete(l);
  return inside;
}

/**
 * Retrieval for one question of one assistant (ARCHITECTURE §4 step 4): corrected answers first
 * (question + synonyms), then knowledge passages (Russian stems, synonyms, near-spellings, BM25,
 * fused with vector similarity when embeddings are on). Ranked passages and nothing else: what
 * is said from them is the answerer's business.
 */
export async function retrieve(
  ctx: RetrievalContext,
  assistantId: string,
  question: string,
  opts: RetrieveOptions = {},
): Promise<Retrieval> {
  const asked = chatSpelling(question);
  const [query, [corrected], vocabulary] = await Promise.all([
    analyzeQuestion(ctx, asked),
    searchCorrectedAnswers(ctx, assistantId, asked, { limit: 1 }),
    // Loaded for the search anyway (cached): here it also tells the brands in Latin letters.
    vocabularyOf(ctx.database, assistantId),
  ]);
  if (corrected?.confident || query.terms.length === 0) return { question, asked, query, corrected, passages: [] };
  // A brand or a model said in Cyrillic ("солярис", "дастер") that the documents write in Latin
  // letters: their spelling stands in for it, as a synonym does.
  for (const t of query.terms) {
    if (vocabulary.df.has(t)) continue;
    const latin = latinSpellings(vocabulary, t);
    if (latin.length === 0) continue;
    query.synonyms.set(t, new Set([...(query.synonyms.get(t) ?? []), ...latin]));
    for (const l of latin) if (!query.expansions.includes(l)) query.expansions.push(l);
  }
  const passages = await searchKnowledge(ctx, assistantId, query.text, {
    limit: opts.limit ?? 6,
    stems: query.expansions,
    ownStems: query.stems,
    synonyms: query.synonyms,
    tuning: opts.tuning,
  });
  return { question, asked, query, corrected, passages };
}

/** What accrues to a customer: points, bonuses, cashback (however spelt), a percent. */
const ACCRUING = '(?:балл|бонус|к[еэ]шб[эе]к|процент)';

/**
 * A look-ahead for `words` put before a look-behind that scans back over the question: the scan
 * then runs only where the words begin, not at every position (which made a message of 2,000
 * characters cost a second).
 */
const wordsFirst = (words: string) => `(?=${words})`;
/** `words`, said before or after `context` anywhere in the question ([\s\S]: across sentences). */
const withWordsAround = (words: string, context: string) =>
  new RegExp(`${wordsFirst(words)}(?<=${context}[\\s\\S]*)${words}|${words}(?=[\\s\\S]*${context})`, 'giu');
/** Leaving a car ("бросить", "приткнуть"): where to park. ("Тачку" is "машину" by then, SHORTENED.) */
const LEAVE = String.raw`(?<!\p{L})(?:бросить|поставить|оставить|приткнуть)(?!\p{L})`;
const NO_CAR = '(?<!\\p{L})без\\s+(?:машины|авто|автомобиля)(?!\\p{L})';
const GETTING_THERE = '(?<!\\p{L})(?:добра|доех|доед|дойти|уех|уед|приех|приед|на\\s+ч[её]м)';

/** A chat's spelling and what it is rewritten to: a text ($1 its group), or made of the match. */
type Rewrite = [RegExp, string | ((match: string, ending?: string) => string)];

/**
 * Things and breeds as a chat shortens them, and the word documents write ("ноут", "за компом",
 * "акум от шуруповёрта", "видос", "телек", "тачку", "ньюфа постричь", "у ризена", "цверг"): the
 * same word, it weighs as the word does, not as a synonym (the groups of synonyms.ts keep the short
 * forms for the owner's suggestions).
 */
const SHORTENED: readonly (readonly [short: string, full: string])[] = [
  ['ноут(?!бук)', 'ноутбук'],
  ['комп', 'компьютер'],
  ['акк?ум', 'аккумулятор'],
  ['видос', 'видео'],
  ['телек', 'телевизор'],
  ['тачк', 'машин'],
  ['ньюф', 'ньюфаундленд'],
  ['ризен', 'ризеншнауцер'],
  ['цверг', 'цвергшнауцер'],
];
/** A noun's endings after its stem ("ноута", "за компом", "по ноутам", "тачку"). */
const NOUN_ENDING = '(ы|и|а|у|е|ом|ой|ов|ам|ами|ах)?';
/**
 * The full word with the short form's ending: the plural's "ы"/"и" as the full word spells it
 * ("телеки" → "телевизоры", "ноуты" → "ноутбуки"), none for a word that does not decline ("видео").
 */
const fullWord =
  (full: string) =>
  (_match: string, ending = ''): string => {
    if (/[аеиоуэюя]$/.test(full)) return full;
    if (ending === 'ы' || ending === 'и') return `${full}${/[кгхжшчщ]$/.test(full) ? 'и' : 'ы'}`;
    return `${full}${ending}`;
  };

/**
 * Question words and things as written in a chat ("скока стоит", "чё по срокам", "щас открыты?",
 * "сколько выйдет", "ноут"), rewritten as the documents write them.
 */
const CHAT_WORDS: Rewrite[] = [
  // "Баллы капают?", "скока процентов капает": points or cashback that accrue, said before or after.
  [
    new RegExp(
      `(?<=(?<!\\p{L})${ACCRUING}\\p{L}*\\s+(?:\\p{L}+\\s+){0,3}?)капа(?:ют|ет)(?!\\p{L})|(?<!\\p{L})капа(?:ют|ет)(?=\\s+(?:\\p{L}+\\s+){0,2}?${ACCRUING})`,
      'giu',
    ),
    'начисляются',
  ],
  [/(?<!\p{L})скок[ао]?(?!\p{L})/giu, 'сколько'],
  // "Чё-нить", "что нить", "кто-нить": "-нибудь" as a chat shortens it.
  [/(?<!\p{L})(?:что|че|чё|чо)[\s-]нить(?!\p{L})/giu, 'что-нибудь'],
  [/(?<!\p{L})(кто|где|куда|когда|как)[\s-]нить(?!\p{L})/giu, '$1-нибудь'],
  // "Скидка какая-нить": hyphenated only, "какие нити" being threads.
  [/(?<!\p{L})(как(?:ой|ая|ое|ие|ую|их|им)|ч[её]м|чего|кого|кому)-нить(?!\p{L})/giu, '$1-нибудь'],
  // Written without the hyphen: "чтонибудь", "ктото", "какието".
  [
    /(?<!\p{L})(что|кто|где|куда|когда|как|какой|какая|какое|какие|какую|чем|чего)(нибудь|то|либо)(?!\p{L})/giu,
    '$1-$2',
  ],
  [/(?<!\p{L})(?:чё|чо)(?!\p{L})/giu, 'что'],
  // "Сколько человек макс?": at most.
  [/(?<!\p{L})макс(?![\p{L}.])/giu, 'максимум'],
  [/(?<!\p{L})щас(?!\p{L})/giu, 'сейчас'],
  // "Налом отдам", "наликом можно?": cash ("нал" stems as "налог" and "обналичить" do not).
  [/(?<!\p{L})нал(?:ом|ик|иком|ику)?(?!\p{L})/giu, 'наличными'],
  // "Прям сегодня", "прям в игре": a chat's particle ("прямо"), which names no "прямую юбку".
  [/(?<!\p{L})прям(?!\p{L})\s*/giu, ''],
  ...SHORTENED.map(
    ([short, full]): Rewrite => [new RegExp(`(?<!\\p{L})${short}${NOUN_ENDING}(?!\\p{L})`, 'giu'), fullWord(full)],
  ),
  // "Сменка": the change of shoes a school or a gym asks for ("сменку брать?").
  [/(?<!\p{L})сменк(?:а|у|и|ой|е)(?!\p{L})/giu, 'сменная обувь'],
  // Square metres as said ("38 квадратов", "за квадрат", "квадратный метр", "кв. м") and as
  // documents write them ("м²").
  [
    /(?<!\p{L})(?:квадратн\p{L}*\s+метр\p{L}*|квадрат(?:а|ов|ы|ом|ам|у)?|кв\.?\s*м(?:етр\p{L}*)?\.?)(?![\p{L}²])/giu,
    'м²',
  ],
  // "Главврач", "главбух": the chief doctor and accountant as the documents write them out.
  [/(?<!\p{L})главврач\p{L}{0,3}(?!\p{L})/giu, 'главный врач'],
  [/(?<!\p{L})главбух\p{L}{0,3}(?!\p{L})/giu, 'главный бухгалтер'],
  // "Наше ООО", "у нас ооо", "ООО «Ромашка»": a company, and still the ООО the documents may name
  // ("регистрация ООО"); not "Ооо, а залог вернёте?".
  [
    /(?<=(?<!\p{L})(?:наше|нашего|нашему|у\s+нас|мы|для|на)\s+)ооо(?!\p{L})|(?<!\p{L})ооо(?=\s*[«"])|(?<!\p{L})ООО(?!\p{L})/gu,
    '$& организация',
  ],
  // "В чём лучше идти?": what to wear.
  [
    /(?<!\p{L})в\s+ч[её]м\s+(?:лучше\s+|можно\s+|нужно\s+|надо\s+)?(?:идти|прийти|приходить|пойти|ехать|приезжать)(?!\p{L})/giu,
    'в какой одежде прийти',
  ],
  // "Едем вчетвером": a verb of coming, whose stem ("ед") is that of "еда".
  [/(?<!\p{L})(?:едем|едете|едут|едешь)(?!\p{L})/giu, 'приезжаем'],
  // Not "и др." (и другие).
  [/(?<!\p{L}|и\s)др(?![\p{L}.])/giu, 'день рождения'],
  [/(?<!\p{L})один\s+на\s+один(?!\p{L})/giu, 'индивидуально'],
  // "Запись на мк", "мкшки": a master class.
  [/(?<!\p{L})(?:мк|мкшк\p{L}*)(?!\p{L})/giu, 'мастер-класс'],
  // "Я не ем мясо": a vegetarian.
  [/(?<!\p{L})не\s+(?:ем|ест|едим|едят|кушаю|употребляю)\s+мяс\p{L}*/giu, 'вегетарианец'],
  // "Есть где встать?", "машину у вас бросить можно?", "где оставить машину?": where to park.
  [
    new RegExp(
      String.raw`(?<!\p{L})где\s+(?:у\s+вас\s+|там\s+)?(?:можно\s+)?встать(?!\p{L})(?!\s+(?:в|на)\s+(?:очеред|уч[её]т))|(?<!\p{L})(?:машину|авто|автомобиль)\s+(?:\p{L}+\s+){0,2}?${LEAVE}|${LEAVE}\s+(?:(?:свою|мою|нашу|там)\s+)?(?:машину|авто|автомобиль)(?!\p{L})`,
      'giu',
    ),
    'припарковаться',
  ],
  // The car said, then where to leave "её" or "их": "приеду на машине, где её рядом с салоном
  // бросить?", "приедем на двух машинах, где их оставить?".
  [
    new RegExp(
      String.raw`(?<!\p{L})${wordsFirst('где|куда')}(?<=(?<!\p{L})(?:машин|авто)\p{L}*[^?.!]*?)(?:где|куда)\s+(?:е[её]|его|их)\s+(?:\p{L}+\s+){0,3}?${LEAVE}`,
      'giu',
    ),
    'где припарковаться',
  ],
  // "Как добраться без машины?", "мы без машины, на чём до вас доехать?": by bus, tram, train,
  // which the documents name (not the road by car). Only beside a verb of getting somewhere: "без
  // машины" of a driving lesson or of a car wash is something else.
  [withWordsAround(NO_CAR, GETTING_THERE), 'на общественном транспорте'],
  // Picking an order up oneself, as said: "сам приеду за заказом", "самому забрать (заказ)?",
  // "заберу сам". Not a child or a pet fetched ("сама приеду за ребёнком"), not "забрать не смогу".
  [
    /(?<!\p{L})(?:сам|сама|сами|самому|самой|самим)\s+(?:(?:приеду|приедем|приехать|заеду|заедем|заехать|зайду|зайдем|зайдём|зайти|приду|придем|придём|прийти)\s+(?:за|и\s+забрать|забрать)\s+(?:заказ|покупк|товар|посылк)\p{L}*|(?:заберу|заберем|заберём|забрать|забирать)(?=\s*(?:[?.!,]|$|(?:заказ|покупк|товар|посылк)\p{L}*)))|(?<!\p{L})(?:заберу|заберем|заберём|забрать|забирать)\s+(?:сам|сама|сами|самому|самой|самим)(?=\s*(?:[?.!,]|$))/giu,
    'самовывозом',
  ],
  // "В последний день года", "в канун Нового года": 31 December, as the documents' holiday hours write it.
  [
    /(?<!\p{L})(?:в\s+)?(?:последн(?:ий|ем)\s+день\s+(?:года|декабря|уходящего\s+года)|канун\s+нового\s+года|новогодн\p{L}*\s+канун)(?!\p{L})/giu,
    '31 декабря',
  ],
  // "Сколько очки выйдут?": what they cost.
  [/(?<=(?<!\p{L})сколько\s+(?:\p{L}+\s+){0,2})выйд(?:ет|ут)(?!\p{L})/giu, 'обойдется'],
  [/(?<=(?<!\p{L})(?:сколько|почем|почём)\s+(?:\p{L}+\s+){0,2})выход(?:ит|ят)(?!\p{L})/giu, 'обходится'],
  // "Дешевле выйдет", "выйдет дороже": what it costs compared.
  [
    /(?<=(?<!\p{L})(?:по)?(?:дешевле|дороже)\s+)вы(?:йд(?:ет|ут)|ход(?:ит|ят))(?!\p{L})|(?<!\p{L})вы(?:йд(?:ет|ут)|ход(?:ит|ят))(?=\s+(?:по)?(?:дешевле|дороже)(?!\p{L}))/giu,
    'обойдется',
  ],
];

/** A question with its chat spellings of question words written out, as the answerer reads them. */
export function chatSpelling(question: string): string {
  let text = question;
  // Two calls of one replace: TypeScript picks its overload (a text with "$1", or a function) by
  // the argument's own type, not by a union of both.
  for (const [re, word] of CHAT_WORDS)
    text = typeof word === 'string' ? text.replace(re, word) : text.replace(re, word);
  return text;
}
