import type { Database } from '../../infra/db';

/**
 * Each assistant's passages as an inverted index in memory (stem → the passages holding it, with
 * its count in each), loaded in the background after the vocabulary, for the BM25 scoring of
 * search.ts. In the database the scoring read and filtered every candidate's tsvector: on 10,000
 * passages that was most of a visitor message's time, all of it on the database's one thread
 * (PGlite runs in one worker); here it is a few additions per posting, and the database only
 * hands over the passages found. Until an index is loaded (a small one is waited for), or when it
 * would be too large, the ranking is made in the database as before, with the same result.
 *
 * An index belongs to the totals it was loaded with (the vocabulary's version, "chunks:tokens");
 * the ranking uses it only while the vocabulary has the same, and the passages' query checks the
 * totals again, so an index that another instance's ingestion made stale is dropped, never used.
 * Written by hand: a search library (lunr, minisearch, flexsearch) would stem and tokenise by its
 * own rules, while these counts must be PostgreSQL's (the russian snowball of the tsvector), the
 * same stems the vocabulary, the synonyms and the local answerer speak.
 */

export interface PassageIndex {
  version: string;
  /** Passage ids, in the order of the postings' numbers. */
  ids: string[];
  /** Each passage's token count (BM25's document length, knowledge_chunks.token_count). */
  lengths: Float64Array;
  /** Stem → the passages holding it (numbers into ids, ascending) and its count in each. */
  postings: Map<string, { docs: Int32Array; tf: Uint16Array }>;
  size: number;
  /** Scratch of one ranking (rankings are synchronous, so one set per index serves them all). */
  score: Float64Array;
  marks: Uint8Array;
  /** BM25's length part of each passage for one tuning (k1, b, average length), made on first use. */
  norms?: { key: string; values: Float64Array };
}

/** Postings kept in all (6 bytes each, with the maps and ids about 10 MB a million): the least recently used go first. */
const MAX_POSTINGS = 4_000_000;
const cache = new Map<string, PassageIndex>();
const loading = new Map<string, Promise<void>>();
let cachedPostings = 0;

/** One stem in a tsvector's text form ('stem':1,5A), the quote and backslash doubled. */
const TSV_ENTRY = /'((?:[^'\\]|''|\\\\)*)'(?::([0-9A-D,]+))?/g;

/** Stems and their counts of a tsvector's text form. */
export function parseTsvector(text: string): [string, number][] {
  const out: [string, number][] = [];
  for (const m of text.matchAll(TSV_ENTRY)) {
    const raw = m[1] ?? '';
    const lexeme = raw.includes("''") || raw.includes('\\') ? raw.replace(/''/g, "'").replace(/\\\\/g, '\\') : raw;
    const positions = m[2];
    let tf = 1;
    if (positions) for (let i = 0; i < positions.length; i++) if (positions.charCodeAt(i) === 44) tf++;
    out.push([lexeme, tf]);
  }
  return out;
}

/** Builds an index from passages handed over page by page. */
class Builder {
  ids: string[] = [];
  lengths: number[] = [];
  lists = new Map<string, number[]>();

  add(rows: { id: string; length: number | null; tsv: string | null }[]): void {
    for (const r of rows) {
      const doc = this.ids.length;
      this.ids.push(r.id);
      this.lengths.push(Number(r.length) || 1);
      for (const [lexeme, tf] of parseTsvector(r.tsv ?? '')) {
        const list = this.lists.get(lexeme);
        // Document number and count packed in one number: half the arrays while building.
        if (list) list.push(doc * 65536 + Math.min(tf, 65535));
        else this.lists.set(lexeme, [doc * 65536 + Math.min(tf, 65535)]);
      }
    }
  }

  build(version: string): PassageIndex {
    const postings = new Map<string, { docs: Int32Array; tf: Uint16Array }>();
    let size = 0;
    for (const [lexeme, list] of this.lists) {
      const docs = new Int32Array(list.length);
      const tf = new Uint16Array(list.length);
      list.forEach((v, i) => {
        docs[i] = Math.floor(v / 65536);
        tf[i] = v % 65536;
      });
      postings.set(lexeme, { docs, tf });
      size += list.length;
    }
    const n = this.ids.length;
    return {
      version,
      ids: this.ids,
      lengths: Float64Array.from(this.lengths),
      postings,
      size,
      score: new Float64Array(n),
      marks: new Uint8Array(n),
    };
  }
}

/** Passages read per query while loading: neither the database's one thread nor ours is held long. */
const PAGE = 500;

const totalsOf = async (database: Database, assistantId: string) =>
  (
    await database.query<{ version: string }>(
      `select chunks || ':' || tokens version from knowledge_stats where assistant_id = $1`,
      [assistantId],
      { prepare: 'retrieval.passage-index-totals' },
    )
  )[0]?.version ?? '0:0';

/**
 * Reads the assistant's passages a page at a time (by file, in order), yielding between pages, so
 * other visitors' queries and requests go on while a large index loads (10,000 passages in one
 * statement held both threads most of a second). The totals are read before and after: if they
 * differ, an ingestion ran meanwhile and nothing is kept (undefined); a later question loads again.
 */
async function load(database: Database, assistantId: string): Promise<PassageIndex | undefined> {
  const before = await totalsOf(database, assistantId);
  const files = await database.query<{ id: string }>(
    'select id from knowledge_files where assistant_id = $1 order by id',
    [assistantId],
    { prepare: 'retrieval.passage-index-files' },
  );
  const builder = new Builder();
  for (const file of files) {
    for (let after = -1; ; ) {
      const rows = await database.query<{ id: string; ord: number; length: number | null; tsv: string | null }>(
        `select id, ord, token_count length, tsv::text tsv from knowledge_chunks
         where file_id = $1 and assistant_id = $2 and ord > $3 order by ord limit $4`,
        [file.id, assistantId, after, PAGE],
        { prepare: 'retrieval.passage-index-page' },
      );
      builder.add(rows);
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1]?.ord);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  // Also kept only when it holds as many passages as the totals count.
  if ((await totalsOf(database, assistantId)) !== before) return undefined;
  if (builder.ids.length !== (Number(before.split(':')[0]) || 0)) return undefined;
  return builder.build(before);
}

/**
 * The assistant's index when it is loaded for these totals; otherwise undefined, and one is loaded
 * in the background when its postings (`postings`, the sum of the stems' passage counts) fit.
 */
export function passageIndexOf(
  database: Database,
  assistantId: string,
  version: string,
  postings: number,
): PassageIndex | undefined {
  const hit = cache.get(assistantId);
  if (hit?.version === version) {
    cache.delete(assistantId);
    cache.set(assistantId, hit);
    return hit;
  }
  if (postings <= MAX_POSTINGS && !loading.has(assistantId)) {
    const pending = load(database, assistantId)
      .then((index) => {
        if (index) remember(assistantId, index);
      })
      .catch(() => undefined)
      .finally(() => loading.delete(assistantId));
    loading.set(assistantId, pending);
  }
  return undefined;
}

/**
 * Postings up to which a question waits for the index being loaded instead of being ranked by
 * the database: a small knowledge base loads in a few short queries (a page per file), while
 * each ranking by the database is a query of its own. A burst of 1,000 first messages right
 * after the files were indexed had 630 of them ranked by the database while the load waited
 * behind them in its queue. A large index (10,000 passages: most of a second) is not waited for.
 */
const AWAITED_POSTINGS = 50_000;

/** As passageIndexOf, but a small index being loaded is waited for. */
export async function passageIndexFor(
  database: Database,
  assistantId: string,
  version: string,
  postings: number,
): Promise<PassageIndex | undefined> {
  const index = passageIndexOf(database, assistantId, version, postings);
  if (index || postings > AWAITED_POSTINGS) return index;
  await loading.get(assistantId);
  const loaded = cache.get(assistantId);
  return loaded?.version === version ? loaded : undefined;
}

/** The assistant's index in memory, whatever its totals (tests). */
export function loadedPassageIndex(assistantId: string): PassageIndex | undefined {
  return cache.get(assistantId);
}

/** Waits for an index being loaded (tests, benches). */
export async function passageIndexLoaded(assistantId: string): Promise<void> {
  await loading.get(assistantId);
}

function remember(assistantId: string, index: PassageIndex): void {
  forgetPassageIndex(assistantId);
  if (index.size > MAX_POSTINGS) return;
  cache.set(assistantId, index);
  cachedPostings += index.size;
  for (const [id, old] of cache) {
    if (cachedPostings <= MAX_POSTINGS || id === assistantId) break;
    cache.delete(id);
    cachedPostings -= old.size;
  }
}

export function forgetPassageIndex(assistantId: string): void {
  const index = cache.get(assistantId);
  if (!index) return;
  cache.delete(assistantId);
  cachedPostings -= index.size;
}

export interface RankingQuery {
  lexemes: string[];
  idf: number[];
  /** Stems any of which makes a passage a candidate; or, with `pairs`, two of which must. */
  candidates: string[];
  pairs: boolean;
  avgdl: number;
}

/**
 * The passages of the index ranked by BM25 (k1, b) for a ranking query: the candidates (a passage
 * holding one of `candidates`, or two with `pairs`) scored over all the query's stems, best first,
 * the smaller id first on equal scores (the database's order of uuids).
 */
export function rankPassages(
  index: PassageIndex,
  query: RankingQuery,
  k1: number,
  b: number,
  limit: number,
): { id: string; score: number }[] {
  const { score, marks } = index;
  const touched: number[] = [];
  for (const lexeme of query.candidates) {
    const list = index.postings.get(lexeme);
    if (!list) continue;
    for (const doc of list.docs) {
      const m = marks[doc] as number;
      if (m === 0) touched.push(doc);
      if (m !== 255) marks[doc] = m + 1;
    }
  }
  const need = query.pairs ? 2 : 1;
  // BM25's length part of each passage, k1·(1 − b + b·len/avgdl), made once per index and tuning.
  const key = `${k1}:${b}:${query.avgdl}`;
  if (index.norms?.key !== key) {
    const values = new Float64Array(index.ids.length);
    for (let doc = 0; doc < values.length; doc++)
      values[doc] = k1 * (1 - b + (b * (index.lengths[doc] as number)) / query.avgdl);
    index.norms = { key, values };
  }
  const norms = index.norms.values;
  for (let i = 0; i < query.lexemes.length; i++) {
    const list = index.postings.get(query.lexemes[i] as string);
    if (!list) continue;
    const w = (query.idf[i] ?? 0) * (k1 + 1);
    const { docs, tf } = list;
    for (let j = 0; j < docs.length; j++) {
      const doc = docs[j] as number;
      if ((marks[doc] as number) < need) continue;
      const t = tf[j] as number;
      score[doc] = (score[doc] as number) + (w * t) / (t + (norms[doc] as number));
    }
  }
  // The best `limit`, kept in order as the candidates pass (a full sort of thousands cost more).
  const best: { id: string; score: number }[] = [];
  const before = (x: { id: string; score: number }, y: { id: string; score: number }) =>
    x.score > y.score || (x.score === y.score && x.id < y.id);
  for (const doc of touched) {
    if ((marks[doc] as number) >= need) {
      const found = { id: index.ids[doc] as string, score: score[doc] as number };
      const last = best[best.length - 1];
      if (best.length < limit || (last && before(found, last))) {
        let at = best.length;
        while (at > 0 && before(found, best[at - 1] as { id: string; score: number })) at--;
        best.splice(at, 0, found);
        if (best.length > limit) best.pop();
      }
    }
    marks[doc] = 0;
    score[doc] = 0;
  }
  return best;
}
