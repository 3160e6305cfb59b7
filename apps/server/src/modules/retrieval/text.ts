import type { AppContext } from '../../core/context';
import type { Database } from '../../infra/db';
import { batchedWhileBusy } from '../../lib/batched';

/**
 * Text analysis of retrieval and the local answerer. Stemming is Postgres' own (`to_tsvector('russian')`,
 * the snowball stemmer and stop words the knowledge index was built with), so a question's
 * stems are exactly the index's stems; one query does a whole batch of texts.
 */
export async function lexemesOf(ctx: Pick<AppContext, 'database'>, texts: string[]): Promise<string[][]> {
  return (await analyze(ctx, texts)).stems;
}

/**
 * In one round trip: the stems of each text, the document frequencies of `lexemes` in an
 * assistant's knowledge base and its passage count (BM25's N). With `known` counts (the
 * assistant's vocabulary in memory, vocabulary.ts) only the texts never stemmed before go to the
 * database, and none when all were.
 */
export async function analyzeTexts(
  ctx: Pick<AppContext, 'database'>,
  assistantId: string,
  texts: string[],
  lexemes: string[],
  known?: { n: number; df: ReadonlyMap<string, number> },
): Promise<{ stems: string[][]; n: number; df: Map<string, number> }> {
  if (!known) return analyze(ctx, texts, { assistantId, lexemes });
  const { stems } = await analyze(ctx, texts);
  const df = new Map<string, number>();
  for (const lexeme of lexemes) {
    const count = known.df.get(lexeme);
    if (count !== undefined) df.set(lexeme, count);
  }
  return { stems, n: known.n, df };
}

/**
 * Stems of texts already stemmed, most recently used last. The answerer stems the sentences of
 * the passages it reads on every message, and the same passages come up again and again; a text's
 * stems never change (the server's text-search configuration is fixed). Bounded: about 20,000
 * sentences, a few megabytes.
 */
const stemCache = new Map<string, string[]>();
const STEM_CACHE_SIZE = 20_000;
const cacheKey = (text: string) => text.slice(0, 4000);

function cachedStems(text: string): string[] | undefined {
  const key = cacheKey(text);
  const hit = stemCache.get(key);
  if (hit) {
    stemCache.delete(key);
    stemCache.set(key, hit);
  }
  return hit;
}

function rememberStems(text: string, stems: string[]): void {
  stemCache.set(cacheKey(text), stems);
  if (stemCache.size > STEM_CACHE_SIZE) {
    const oldest = stemCache.keys().next().value;
    if (oldest !== undefined) stemCache.delete(oldest);
  }
}

/** The stems of the texts in `$param` (a text array), one row per text: i from 1, lx. */
const stemsOf = (param: string) =>
  `select t.i::int i, array(select lexeme from unnest(to_tsvector('russian', t.s))) lx, null::int df
   from unnest(${param}::text[]) with ordinality t(s, i)`;

/**
 * Texts to stem asked for while a stemming query is in flight go together in the next one
 * (batchedWhileBusy): under a burst the visitors' questions and the passages' sentences the
 * answerer reads arrive by the hundred, and one query for each waited in the database's queue
 * behind the others (a burst of 1,000 first messages made about 400 of them).
 */
const stemBatched = batchedWhileBusy(async (database: Database, texts: readonly string[]) => {
  const rows = await database.query<{ i: number; lx: string[] | null }>(stemsOf('$1'), [texts], {
    prepare: 'retrieval.stems',
  });
  const out: string[][] = texts.map(() => []);
  for (const r of rows) if (r.i > 0 && r.i <= out.length) out[r.i - 1] = r.lx ?? [];
  return out;
}, 500);

/** The texts not stemmed before go to the database, with the assistant's statistics when asked for. */
async function analyze(
  ctx: Pick<AppContext, 'database'>,
  texts: string[],
  stats?: { assistantId: string; lexemes: string[] },
): Promise<{ stems: string[][]; n: number; df: Map<string, number> }> {
  const stems: string[][] = texts.map(() => []);
  const missing: number[] = [];
  texts.forEach((t, i) => {
    const hit = cachedStems(t);
    if (hit) stems[i] = hit;
    else missing.push(i);
  });
  const df = new Map<string, number>();
  let n = 0;
  if (missing.length === 0 && !stats) return { stems, n, df };
  const toStem = missing.map((i) => cacheKey(texts[i] ?? ''));
  if (!stats) {
    const found = await Promise.all(toStem.map((text) => stemBatched(ctx.database, text)));
    missing.forEach((index, j) => {
      stems[index] = found[j] ?? [];
      rememberStems(texts[index] ?? '', stems[index]);
    });
    return { stems, n, df };
  }
  // The texts are the last parameter of the query.
  const rows = await ctx.database.query<{ i: number; lx: string[] | null; df: number | null }>(
    `${stemsOf('$3')}
     union all
     select -1, array[lexeme], df from knowledge_terms where assistant_id = $1 and lexeme = any($2::text[])
     union all
     select 0, null, chunks from knowledge_stats where assistant_id = $1`,
    [stats.assistantId, stats.lexemes, toStem],
    { prepare: 'retrieval.stems-stats' },
  );
  for (const r of rows) {
    if (r.i > 0) {
      const index = missing[r.i - 1];
      if (index === undefined) continue;
      stems[index] = r.lx ?? [];
      rememberStems(texts[index] ?? '', stems[index]);
    } else if (r.i === 0) n = Number(r.df ?? 0);
    else if (r.lx?.[0]) df.set(r.lx[0], Number(r.df ?? 0));
  }
  return { stems, n, df };
}

/**
 * The trigrams of a text as pg_trgm makes them: lower-cased words of letters and digits, each
 * padded with two spaces before and one after, the set of their three-character windows.
 */
export function pgTrigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3).join(''));
  }
  return grams;
}

const gramsCache = new Map<string, Set<string>>();
function trigrams(s: string): Set<string> {
  let set = gramsCache.get(s);
  if (set) return set;
  set = pgTrigrams(s);
  if (gramsCache.size > 50_000) gramsCache.clear();
  gramsCache.set(s, set);
  return set;
}

/**
 * A measure of two stems, remembered: the answerer asks it of every stem of a question against
 * every stem of the sentences it reads, and the same pairs come back message after message (under
 * a burst of visitors the two measures below were a tenth of the event loop's time). A map per
 * first stem, so no key is built for a lookup; all dropped at PAIRS_KEPT pairs (a few MB).
 */
function pairMemo(measure: (a: string, b: string) => number): (a: string, b: string) => number {
  const memo = new Map<string, Map<string, number>>();
  let size = 0;
  return (a, b) => {
    let ofA = memo.get(a);
    const hit = ofA?.get(b);
    if (hit !== undefined) return hit;
    const value = measure(a, b);
    if (size >= PAIRS_KEPT) {
      memo.clear();
      size = 0;
      ofA = undefined;
    }
    if (!ofA) {
      ofA = new Map();
      memo.set(a, ofA);
    }
    ofA.set(b, value);
    size++;
    return value;
  };
}
const PAIRS_KEPT = 50_000;

/**
 * Trigram similarity of two stems, pg_trgm's `similarity()`: shared trigrams of all. Unremembered:
 * for a caller that keeps what it measures itself (the answerer's strengths of a question's stems).
 */
export function measureTrigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let common = 0;
  for (const g of x) if (y.has(g)) common++;
  return common / (x.size + y.size - common);
}

/** Trigram similarity of two stems, remembered (pairMemo). */
export const trigramSimilarity = pairMemo(measureTrigramSimilarity);

/** Abbreviations after which a full stop does not end a sentence ("ул. Ленина", "с 9 ч. до 18 ч."). */
const ABBREVIATION =
  /(?:^|[\s(])(?:ул|д|г|гг|пр|просп|пер|наб|корп|стр|кв|оф|эт|тел|руб|коп|мин|ч|т|т\.е|т\.д|т\.п|др|им|см|мм|кг|шт|вкл|искл|напр|пн|вт|ср|чт|пт|сб|вс|м|р|н\.э)\.$/i;

/** A name's initial ("Джон К. Мессенджер", "А. С. Пушкин"): its full stop ends no sentence. */
const INITIAL = /(?:^|[\s(])\p{Lu}\.$/u;

/** The number of a document's clause: "7.", "7.2.", "10.1.3.". */
const CLAUSE_NUMBER = /^\s*(?:\d{1,3}\.)+$/;

/**
 * A passage cut into lines (paragraphs, table rows) and the lines into sentences. The number of a
 * document's clause ("7.2. Одевайте ребёнка…", on its line or run into one) is no sentence: it would
 * stand between a clause's sentence and the next clause's, which a short answer takes as it takes a
 * next line.
 */
export function splitUnits(content: string): { text: string; line: number }[] {
  const units: { text: string; line: number }[] = [];
  content.split(/\n+/).forEach((rawLine, line) => {
    const text = rawLine.trim();
    if (!text) return;
    let start = 0;
    const re = /[.!?…]+["»)]?\s+(?=[«"(\p{Lu}\d])/gu;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const end = m.index + m[0].trimEnd().length;
      const candidate = text.slice(start, end);
      if (ABBREVIATION.test(candidate) || INITIAL.test(candidate)) continue;
      start = m.index + m[0].length;
      if (!CLAUSE_NUMBER.test(candidate)) units.push({ text: candidate.trim(), line });
    }
    const tail = text.slice(start).trim();
    if (tail) units.push({ text: tail, line });
  });
  return units;
}

const PREFIXES = [
  'пере',
  'пред',
  'при',
  'под',
  'раз',
  'рас',
  'без',
  'бес',
  'вы',
  'за',
  'на',
  'по',
  'до',
  'от',
  'об',
  'из',
  'ис',
  'воз',
  'вос',
  'вз',
  'про',
  'пре',
  'со',
  'во',
];
/** One-letter prefixes ("вмещать"/"помещаться", "сдать"/"подать"): cut only from a longer stem. */
const SHORT_PREFIXES = ['в', 'с', 'у'];
const isPrefix = (s: string) => PREFIXES.includes(s) || SHORT_PREFIXES.includes(s);
/**
 * Roots that alternate after a beginning (`prefixed`: a prefix only, as "Сибирь", "обёртка",
 * "кибер-" are other words): "убирать"/"уборка", "заберу"/"забрать", "предлагаете"/"предложение"
 * (the imperfective's "а": "влага" is no "вложение").
 */
const PREFIXED_ROOTS: { root: RegExp; other: string; prefixed: boolean }[] = [
  { root: /^(.+)бир(.*)$/, other: 'бор', prefixed: true },
  { root: /^(.+)бер(.*)$/, other: 'бра', prefixed: true },
  { root: /^(.+)лага(.*)$/, other: 'лож', prefixed: false },
];
/**
 * Suffixes that make a noun of a verb whose stem is short ("кур"/"курен", "ед"/"еда"). (An
 * adjective's noun in -ин-, "сед"/"седин", answered one more question but joined "мал"/"малин" and
 * "маш"/"машин" too.)
 */
const NOUN_OF_VERB = /^(?:ени[ея]?|ен|ани[ея]?|ан|к|ок)$/;
/** Suffixes of a diminutive of a short noun ("шар"/"шарик", "час"/"часик", "кот"/"котик"). */
const DIMINUTIVE = /^(?:ик|ечк|ишк)$/;
/**
 * An ending the stemmer takes for a verb's from a noun of a short stem ("Терем" → "тер", though
 * "тереме" → "терем"): the same word. (The endings "ет", "ит", "ат", "ят" were tried and left out:
 * they answered one more question outside the documents for one more inside.)
 */
const OVERSTEMMED = /^ем$/;
const formsCache = new Map<string, string[]>();

/** Words whose first letters are no prefix: "понедельник" is no "по-" of "неделя" ("на неделе"). */
const NO_PREFIX = /^понедел/;

/** The verbal prefix rootForms cuts from a stem ("при" of "принест"), or '' when none. */
export function verbalPrefix(lexeme: string): string {
  const e = lexeme.replace(/ё/g, 'е').replace(/ь/g, '');
  if (NO_PREFIX.test(e)) return '';
  return (
    PREFIXES.find((p) => e.startsWith(p) && e.length - p.length >= 4) ??
    SHORT_PREFIXES.find((p) => e.startsWith(p) && e.length - p.length >= 5) ??
    ''
  );
}

/**
 * A stem with its verbal prefix cut and with a fleeting vowel dropped ("ковёр"/"ковра",
 * "почистить"/"чистка"): the snowball stemmer leaves such pairs apart, customers mix them.
 */
export function rootForms(lexeme: string): string[] {
  const cached = formsCache.get(lexeme);
  if (cached) return cached;
  const e = lexeme.replace(/ё/g, 'е').replace(/ь/g, '');
  const forms = new Set([e]);
  const prefix = verbalPrefix(lexeme);
  if (prefix) forms.add(e.slice(prefix.length));
  // The verb of riding and its noun: "заехать"/"заезд", "выехать"/"выезд", "приехать"/"приезд".
  for (const f of [...forms]) {
    const m = /^(.+)(еха|езд)$/.exec(f);
    if (m?.[1]) forms.add(`${m[1]}${m[2] === 'еха' ? 'езд' : 'еха'}`);
  }
  // Root vowels that alternate in a word family ("привезти"/"привоз", "нести"/"носить").
  for (const f of [...forms]) {
    const m = /^(.*?)(воз|нос|вод)(.*)$/.exec(f);
    if (m?.[2] && (m[2] === 'воз' || m[2] === 'нос' || m[2] === 'вод')) {
      const other = { воз: 'вез', нос: 'нес', вод: 'вед' }[m[2]];
      forms.add(`${m[1]}${other}${m[3]}`);
    }
  }
  // A noun a chat makes of an adjective with -к- ("первичка" of "первичные документы",
  // "охлаждёнка" of "охлаждённое мясо"): the adjective's stem in -н-/-нн-. Stems of six letters
  // or more before the "к" only ("сумк", "ручк" are words of their own).
  for (const f of [...forms]) {
    const m = /^(.{5,}[^аеиоуыэюяк])к$/.exec(f);
    if (m) forms.add(`${m[1]}н`).add(`${m[1]}нн`);
  }
  for (const f of [...forms])
    for (const { root, other, prefixed } of PREFIXED_ROOTS) {
      const m = root.exec(f);
      if (m?.[1] && (!prefixed || isPrefix(m[1]))) forms.add(`${m[1]}${other}${m[2]}`);
    }
  // "-нять" and its imperfective "-нимать": "снять"/"снимите", "принять"/"принимаем" (the stem
  // "сня…" of a noun in "-ня" is rare: "баня" stems to "бан").
  for (const f of [...forms]) {
    // Of a verb's stem only: "занят" is also "занятие"'s, which no "занимать" answers.
    const m = f.length <= 4 || /ня$/.test(f) ? /^(.+)ня(?:т|л)?$/.exec(f) : null;
    if (m?.[1]) forms.add(`${m[1]}ним`);
  }
  // Imperfectives in -ыва-/-ива-, whose root has а for the perfective's о: "опаздыва" → "опозд"
  // ("опоздать"), "спрашива" → "спрош" (then с/ш alternates, see rootStrength), "показыва" → "показ".
  for (const f of [...forms]) {
    const m = /^(.{2,}?)а([^аеиоуыэюя]+)(?:ыва|ива)$/.exec(f);
    if (m) forms.add(`${m[1]}а${m[2]}`).add(`${m[1]}о${m[2]}`);
  }
  for (const f of [...forms]) {
    const m = /^(.*[^аеиоуыэюя])[ое]([^аеиоуыэюя]+)$/.exec(f);
    if (m && f.length >= 4) forms.add(`${m[1]}${m[2]}`);
  }
  const out = [...forms];
  if (formsCache.size > 50_000) formsCache.clear();
  formsCache.set(lexeme, out);
  return out;
}

/** Consonants that alternate at the end of a Russian root (к/ч, г/ж, х/ш, т/ч, д/ж, з/ж, с/ш, ст/щ). */
const ALTERNATIONS = new Set(['кч', 'гж', 'хш', 'тч', 'дж', 'зж', 'сш', 'сщ', 'тщ', 'цч']);
const VOWEL = /[аеиоуыэюя]/;
const alternates = (a: string, b: string) => ALTERNATIONS.has(a + b) || ALTERNATIONS.has(b + a);

/** The least length of a root form rootStrength finds inside another (a compound's part, a stem behind a prefix). */
const INSIDE = 5;

/**
 * How surely two stems share a root: 0.9 for the same word in another spelling (ё, fleeting
 * vowel), 0.8 for the same stem behind a prefix ("почист"/"чист"), 0.65 when one is the other's
 * beginning give or take a letter or holds it whole ("чист"/"чистк"), else 0.
 */
export const rootStrength = pairMemo(measureRootStrength);

/** rootStrength unremembered: for a caller that keeps what it measures itself. */
export function measureRootStrength(a: string, b: string): number {
  let best = 0;
  const fa = rootForms(a);
  const fb = rootForms(b);
  for (let i = 0; i < fa.length; i++)
    for (let j = 0; j < fb.length; j++) {
      const x = fa[i] as string;
      const y = fb[j] as string;
      const short = x.length <= y.length ? x : y;
      const long = short === x ? y : x;
      const min = short.length;
      if (min < 3) continue;
      // Asked for every stem of a question against the stems of every sentence read: most pairs
      // differ in their first three letters, and then only one holding the other whole counts.
      if (
        x.charCodeAt(0) !== y.charCodeAt(0) ||
        x.charCodeAt(1) !== y.charCodeAt(1) ||
        x.charCodeAt(2) !== y.charCodeAt(2)
      ) {
        // A compound's second part ("двухкомнатн"/"комнатн") or a stem behind a prefix ("освобожд"/
        // "свобожд"); behind one letter that is no prefix, another word ("доставк" holds "остав").
        const at = min >= INSIDE ? long.indexOf(short) : -1;
        if (at < 1 || NO_PREFIX.test(long)) continue;
        if (at >= 2 || SHORT_PREFIXES.includes(long[0] ?? '') || long[0] === 'о') best = Math.max(best, 0.65);
        continue;
      }
      // Before the rule for three letters: "идт" is "идет" with its fleeting vowel dropped.
      if (x === y) {
        best = Math.max(best, i === 0 || j === 0 ? 0.9 : 0.8);
        continue;
      }
      if (min === 3) {
        const rest = long.slice(3);
        if ((i === 0 || j === 0) && (NOUN_OF_VERB.test(rest) || DIMINUTIVE.test(rest) || OVERSTEMMED.test(rest)))
          best = Math.max(best, 0.65);
        continue;
      }
      let cp = 3;
      while (cp < min && x[cp] === y[cp]) cp++;
      // One the other's beginning, or so but for its last letter: where the longer has a vowel
      // before that letter ("вернт" of "вернёте" / "вернут") or the root's last consonant
      // alternates ("пек"/"печ"); any other letter makes another word ("автомб"/"автомойк").
      const vowelBefore = VOWEL.test(long[cp] ?? '') && long[cp + 1] === short[cp];
      // A verb and its noun in -к- ("стира"/"стирк" of "постирать"/"стирка", "суши"/"сушк").
      const nounOfVerb = x.length === y.length && /^[аие]к$|^к[аие]$/.test(`${x[cp]}${y[cp]}`);
      const begins =
        cp >= min || (cp === min - 1 && (vowelBefore || nounOfVerb || alternates(x[cp] ?? '', y[cp] ?? '')));
      if ((cp >= 4 && begins) || (min >= 5 && long.includes(short))) best = Math.max(best, 0.65);
    }
  return best;
}

/** Stems indexed by what rootStrength compares of them (rootIndex). */
export interface RootIndex {
  keys: string[];
  /** Each stem's verbal prefix (verbalPrefix). */
  prefixes: string[];
  /** The positions of the stems that could share a root with a stem, in order. */
  candidates: (stem: string) => number[];
}

/**
 * Stems indexed by what rootStrength compares: two stems share a root only when forms of theirs
 * (rootForms) start with the same three letters, or one holds the other, of INSIDE letters or
 * more, inside it. The stems a stem may share a root with are then found without measuring it
 * against every one (against every stem of the synonym groups, that was a third of a message's time).
 */
export function rootIndex(keys: string[]): RootIndex {
  const head = new Map<string, number[]>();
  const whole = new Map<string, number[]>();
  const grams = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, at: string, i: number) => {
    const list = map.get(at);
    if (!list) map.set(at, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  keys.forEach((key, i) => {
    for (const y of rootForms(key)) {
      if (y.length < 3) continue;
      add(head, y.slice(0, 3), i);
      if (y.length < INSIDE) continue;
      add(whole, y, i);
      for (let at = 0; at + INSIDE <= y.length; at++) add(grams, y.slice(at, at + INSIDE), i);
    }
  });
  const candidates = (stem: string) => {
    const found = new Set<number>();
    const take = (list: number[] | undefined) => {
      for (const i of list ?? []) found.add(i);
    };
    for (const x of rootForms(stem)) {
      if (x.length < 3) continue;
      take(head.get(x.slice(0, 3)));
      if (x.length < INSIDE) continue;
      // A stem of the index inside this form, or this form inside one (which then holds its first letters).
      for (let from = 0; from + INSIDE <= x.length; from++)
        for (let to = from + INSIDE; to <= x.length; to++) take(whole.get(x.slice(from, to)));
      take(grams.get(x.slice(0, INSIDE)));
    }
    return [...found].sort((a, b) => a - b);
  };
  return { keys, prefixes: keys.map(verbalPrefix), candidates };
}

/** Words of a text (letters and digits): the length measure of passages and BM25's token counts. */
export const countTokens = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
