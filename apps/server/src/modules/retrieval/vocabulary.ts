import type { Database } from '../../infra/db';
import { forgetPassageIndex } from './passage-index';
import { pgTrigrams, trigramSimilarity } from './text';

/**
 * Each assistant's stems (knowledge_terms) with their passage counts and a trigram index over
 * them, in memory, loaded on its first question. The ranking (search.ts) weighs a question's
 * stems with these counts and finds the near-spellings of its unknown stems here ("доставк" for
 * "дастафк"): in the ranking query both took more of a visitor message's time, on the database's
 * one thread, than the scoring itself. The ranking query reports the index's totals: a
 * vocabulary of other totals (another instance ingested a file) is dropped and the question
 * ranked again with a fresh one, so the counts kept here, which the local answerer also weighs a
 * message's stems with right after that ranking (knownStats), are the index's. A vocabulary is
 * also dropped when this process changes the assistant's index (index-store), and reloaded
 * after a few minutes.
 *
 * Similarity is pg_trgm's (text.ts: pgTrigrams, shared / all), so the stems found are the ones
 * `similarity()` would give.
 */

export interface Vocabulary {
  /** The totals (knowledge_stats) the vocabulary was loaded with: "chunks:tokens". */
  version: string;
  /** The assistant's passage count and their stems in all, when loaded (BM25's N and lengths). */
  chunks: number;
  tokens: number;
  /** The stems' passage counts summed: the postings of the passage index (passage-index.ts). */
  postingCount: number;
  at: number;
  /** Passages holding each stem (knowledge_terms.df), by stem. */
  df: Map<string, number>;
  lexemes: string[];
  /** Trigram count of each lexeme (by index). */
  sizes: Uint16Array;
  /** Trigram → indexes of the lexemes holding it. */
  postings: Map<string, number[]>;
}

const TTL_MS = 5 * 60_000;
/** Stems kept in all (about 100 bytes each with the index): the least recently asked assistants go first. */
const MAX_LEXEMES = 400_000;
const cache = new Map<string, Vocabulary>();
const loading = new Map<string, Promise<Vocabulary>>();
let cachedLexemes = 0;

function build(version: string, terms: { lexeme: string; df: number }[]): Vocabulary {
  const lexemes = terms.map((t) => t.lexeme);
  const postings = new Map<string, number[]>();
  const sizes = new Uint16Array(lexemes.length);
  lexemes.forEach((lexeme, i) => {
    const grams = pgTrigrams(lexeme);
    sizes[i] = grams.size;
    for (const g of grams) {
      const list = postings.get(g);
      if (list) list.push(i);
      else postings.set(g, [i]);
    }
  });
  const [chunks = 0, tokens = 0] = version.split(':').map((x) => Number(x) || 0);
  return {
    version,
    chunks,
    tokens,
    postingCount: terms.reduce((n, t) => n + t.df, 0),
    at: Date.now(),
    df: new Map(terms.map((t) => [t.lexeme, t.df])),
    lexemes,
    sizes,
    postings,
  };
}

async function load(database: Database, assistantId: string): Promise<Vocabulary> {
  const rows = await database.query<{ lexeme: string; df: number; version: string | null }>(
    `select lexeme, df, null version from knowledge_terms where assistant_id = $1
     union all
     select null, null, chunks || ':' || tokens from knowledge_stats where assistant_id = $1`,
    [assistantId],
    { prepare: 'retrieval.vocabulary' },
  );
  const terms: { lexeme: string; df: number }[] = [];
  let version = '0:0';
  for (const r of rows) {
    if (r.version !== null) version = r.version;
    else terms.push({ lexeme: r.lexeme, df: Number(r.df) });
  }
  return build(version, terms);
}

function remember(assistantId: string, vocabulary: Vocabulary): void {
  forgetVocabulary(assistantId);
  cache.set(assistantId, vocabulary);
  cachedLexemes += vocabulary.lexemes.length;
  for (const [id, old] of cache) {
    if (cachedLexemes <= MAX_LEXEMES || id === assistantId) break;
    cache.delete(id);
    cachedLexemes -= old.lexemes.length;
  }
}

/**
 * The assistant's vocabulary, loaded when missing (one load at a time per assistant). An old one
 * still serves while its successor loads: on 10,000 passages a load takes tens of milliseconds,
 * which no visitor should wait for every few minutes.
 */
export async function vocabularyOf(database: Database, assistantId: string): Promise<Vocabulary> {
  const hit = cache.get(assistantId);
  if (hit) {
    cache.delete(assistantId);
    cache.set(assistantId, hit);
    if (Date.now() - hit.at >= TTL_MS) void reload(database, assistantId).catch(() => undefined);
    return hit;
  }
  return reload(database, assistantId);
}

function reload(database: Database, assistantId: string): Promise<Vocabulary> {
  let pending = loading.get(assistantId);
  if (!pending) {
    pending = load(database, assistantId)
      .then((v) => {
        remember(assistantId, v);
        return v;
      })
      .finally(() => loading.delete(assistantId));
    loading.set(assistantId, pending);
  }
  return pending;
}

/** Drops a vocabulary: the assistant's index changed here, or its totals differ from the loaded ones. */
export function forgetVocabulary(assistantId: string): void {
  forgetPassageIndex(assistantId);
  const v = cache.get(assistantId);
  if (!v) return;
  cache.delete(assistantId);
  cachedLexemes -= v.lexemes.length;
}

/** The assistant's vocabulary in memory, if loaded: what is kept beside it lives as long as it does. */
export function currentVocabulary(assistantId: string): Vocabulary | undefined {
  return cache.get(assistantId);
}

/**
 * The passage count and the stems' passage counts of an assistant's vocabulary when it is in
 * memory (never loaded here): what the local answerer weighs the stems of a question with, read
 * right after the ranking checked the vocabulary against the database's totals.
 */
export function knownStats(assistantId: string): { n: number; df: ReadonlyMap<string, number> } | undefined {
  const v = cache.get(assistantId);
  return v && { n: v.chunks, df: v.df };
}

export interface NearSpelling {
  lexeme: string;
  similarity: number;
}

/**
 * The assistant's stems at least `minSimilarity` similar to one of the given stems (the stem
 * itself excluded), each once with its best similarity. `all`: also for stems the vocabulary
 * knows (otherwise only for unknown ones, the likely misspellings); only stems of at least four
 * letters are looked up.
 */
export function nearSpellings(
  vocabulary: Vocabulary,
  stems: string[],
  minSimilarity: number,
  all = false,
): NearSpelling[] {
  const best = new Map<string, number>();
  const counts = new Map<number, number>();
  for (const stem of new Set(stems)) {
    if ([...stem].length < 4 || (!all && vocabulary.df.has(stem))) continue;
    const grams = pgTrigrams(stem);
    counts.clear();
    for (const g of grams) for (const i of vocabulary.postings.get(g) ?? []) counts.set(i, (counts.get(i) ?? 0) + 1);
    for (const [i, shared] of counts) {
      const similarity = shared / (grams.size + (vocabulary.sizes[i] ?? 0) - shared);
      const lexeme = vocabulary.lexemes[i];
      if (lexeme !== undefined && lexeme !== stem && similarity >= minSimilarity)
        best.set(lexeme, Math.max(similarity, best.get(lexeme) ?? 0));
    }
  }
  return [...best].map(([lexeme, similarity]) => ({ lexeme, similarity }));
}

/**
 * A word's consonants by sound, the same in Cyrillic and Latin letters ("дастер" and "duster",
 * "камри" and "camri", "хендай" and "hyundai": DSTR, KMR, HND): vowels, signs and "й"/"y"/"j"
 * dropped, letters of one sound alike, doubles once. Hand-written: transliteration libraries
 * map one alphabet to the other letter by letter, and a brand's Latin spelling is no such map.
 */
export function soundSkeleton(word: string): string {
  const text = word
    .toLowerCase()
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/sch|shch/g, 'ш')
    .replace(/sh/g, 'ш')
    .replace(/ch/g, 'ч')
    .replace(/zh/g, 'ж')
    .replace(/kh/g, 'х')
    .replace(/ts|tz/g, 'ц')
    .replace(/th/g, 't')
    .replace(/x/g, 'кс')
    .replace(/qu/g, 'кв')
    .replace(/c(?=[eiy])/g, 's');
  let out = '';
  for (const ch of text) {
    const sound = SOUNDS[ch];
    if (sound && sound !== out.at(-1)) out += sound;
  }
  return out;
}
const SOUNDS: Record<string, string> = Object.fromEntries(
  [
    ['B', 'bб'],
    ['V', 'vwв'],
    ['F', 'fф'],
    ['G', 'gг'],
    ['D', 'dд'],
    ['Z', 'zзц'],
    ['K', 'kcqк'],
    ['L', 'lл'],
    ['M', 'mм'],
    ['N', 'nн'],
    ['P', 'pп'],
    ['R', 'rр'],
    ['S', 'sс'],
    ['T', 'tт'],
    ['H', 'hх'],
    ['C', 'ч'],
    ['W', 'шщ'],
    ['J', 'ж'],
  ].flatMap(([sound = '', letters = '']) => [...letters].map((l) => [l, sound])),
);

/** A skeleton shorter than this matches too many words to tell a brand ("KM", "RN"). */
const SKELETON_MIN = 3;
/**
 * How alike a Cyrillic stem's sound and a Latin stem's must be besides their consonants (trigram
 * similarity of phoneticSpelling): "хонда" is no "hyundai", "гарант" no "granta", "логин" no "logan".
 */
const SOUND_SIMILARITY = 0.35;
const latinIndex = new WeakMap<Vocabulary, Map<string, string[]>>();

/** A word in Latin letters as it sounds, vowels kept ("солярис" → "solaris", "woodpeck" → "vudpek"). */
export function phoneticSpelling(word: string): string {
  let text = word
    .toLowerCase()
    .replace(/ph/g, 'f')
    .replace(/oo/g, 'u')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i');
  for (const [from, to] of CYRILLIC) text = text.replaceAll(from, to);
  return text.replace(/([a-z])\1+/g, '$1');
}
const CYRILLIC: [string, string][] = Object.entries({
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'o',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'u',
  я: 'a',
});

/**
 * The knowledge base's stems in Latin letters that a stem in Cyrillic spells ("солярис" of
 * "Solaris", stemmed "solari"; "дастер" of "Duster"): the same consonants by sound, or those and
 * an "s" or "r" at the end (the English stemmer drops the "s" and "er" the Russian keeps:
 * "Woodpecker" is stemmed "woodpeck"), with vowels alike enough (SOUND_SIMILARITY).
 */
export function latinSpellings(vocabulary: Vocabulary, stem: string): string[] {
  // A name with its figure ("интернет2" of "Internet2"): the letters sound alike, the figure is the same.
  const [, letters, figure = ''] = /^([а-яё]+)(\d*)$/.exec(stem) ?? [];
  if (!letters) return [];
  let index = latinIndex.get(vocabulary);
  if (!index) {
    index = new Map();
    for (const lexeme of vocabulary.lexemes) {
      const [, latin, digits = ''] = /^([a-z]+)(\d*)$/.exec(lexeme) ?? [];
      if (!latin) continue;
      const skeleton = soundSkeleton(latin);
      if (skeleton.length < SKELETON_MIN) continue;
      const key = skeleton + digits;
      const list = index.get(key);
      if (list) list.push(lexeme);
      else index.set(key, [lexeme]);
    }
    latinIndex.set(vocabulary, index);
  }
  const skeleton = soundSkeleton(letters);
  if (skeleton.length < SKELETON_MIN) return [];
  const spelled = phoneticSpelling(letters);
  const alike = (latin: string, sound: string) =>
    trigramSimilarity(sound, phoneticSpelling(latin.replace(/\d+$/, ''))) >= SOUND_SIMILARITY;
  const found = (index.get(skeleton + figure) ?? []).filter((l) => alike(l, spelled));
  if (!figure && skeleton.length > SKELETON_MIN && /[SR]$/.test(skeleton))
    for (const l of index.get(skeleton.slice(0, -1)) ?? []) if (alike(l, spelled.replace(/e?[sr]$/, ''))) found.push(l);
  return found;
}
