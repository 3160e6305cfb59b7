import type { AppContext } from '../../core/context';
import type { Database } from '../../infra/db';
import type { Embedder } from '../../infra/llm/embeddings';
import { batchedWhileBusy } from '../../lib/batched';
import { shortCache } from '../../lib/short-cache';
import { passageIndexFor, type RankingQuery, rankPassages } from './passage-index';
import { type Passage, type PassageRow, passageOf } from './passage-row';
import { lexemesOf, rootStrength, verbalPrefix } from './text';
import { hasVectors, nearestPassages } from './vector-store';
import { forgetVocabulary, nearSpellings, type Vocabulary, vocabularyOf } from './vocabulary';

export interface KnowledgePassage extends Passage {
  /** BM25 score, or with vectors fused in the reciprocal-rank-fusion score; comparable only within one query. */
  score: number;
}

export interface SearchOptions {
  limit?: number;
  /**
   * Stems searched besides the query's own (the synonyms the answerer adds), taken as they are:
   * they are stems already, and stemming a stem again can miss ("работа" → "работ"). Only the
   * query's words are looked up for misspellings (the added stems are the service's own
   * vocabulary, and each trigram lookup costs about as much as the rest of the query), and only
   * the query's meaning is compared with vectors.
   */
  stems?: string[];
  /** The question's own stems, when the caller has them already (retrieve's analysis); else they are read. */
  ownStems?: string[];
  /**
   * Each own stem's synonyms (retrieve's analysis): those of a stem the knowledge base never saw
   * stand in for it ("хамам" where the price list writes "хаммам") and weigh STAND_IN_WEIGHT.
   */
  synonyms?: Map<string, Set<string>>;
  tuning?: SearchTuning;
}

/** What retrieval needs: the database, and the embeddings when vector retrieval is on. */
export type SearchContext = Pick<AppContext, 'database'> & Partial<Pick<AppContext, 'embeddings' | 'log'>>;

/** BM25 parameters; tuned on the XQuAD-ru bench (flat between k1 0.8–1.2, b 0.5–0.75). */
const K1 = 1.2;
const B = 0.6;
/** A stem found only through trigram similarity counts this much of an exact one, times the similarity. */
const FUZZY_WEIGHT = 0.5;
const FUZZY_MIN_SIMILARITY = 0.4;
/**
 * A word of the knowledge base sharing the root of a question's unknown stem (text.ts rootStrength,
 * at least ROOT_MIN_STRENGTH) counts this much of an exact one, times the strength; it is looked for
 * among the stems at least ROOT_MIN_SIMILARITY similar. (Over 30 businesses written apart 845 → 846
 * of 1198, outside questions answered 68 → 67; XQuAD-ru the same.)
 */
const ROOT_WEIGHT = 0.6;
const ROOT_MIN_STRENGTH = 0.65;
const ROOT_MIN_SIMILARITY = 0.3;
/** A synonym the answerer adds counts this much of a word of the question itself. */
const SYNONYM_WEIGHT = 0.5;
/** A synonym of a question's stem the knowledge base never saw: the documents' word for it. */
const STAND_IN_WEIGHT = 0.9;
/** Knobs of the lexical query, for measurements (bench); the defaults are what the service runs with. */
export interface SearchTuning {
  /** Stems in more than this share of the passages do not by themselves make a passage a candidate. */
  commonShare: number;
  /** Look up near-spellings also for stems the knowledge base knows (slower; off). */
  fuzzyAll: boolean;
  /** Score in memory once the passage index is loaded (on); off, the database always ranks. */
  memoryIndex: boolean;
}

export const DEFAULT_TUNING: SearchTuning = { commonShare: 0.02, fuzzyAll: false, memoryIndex: true };
/** Reciprocal rank fusion's constant (the usual 60): ranks matter, raw scores of the two lists never meet. */
const RRF_K = 60;
/** How deep each list is read for fusion: a passage ranked lower by both would not reach the top anyway. */
const FUSION_DEPTH = 20;

/**
 * Passages of one assistant's knowledge base ranked for a question: the lexical ranking below,
 * fused (reciprocal rank fusion) with vector similarity when embeddings are on and the
 * assistant's passages have vectors. Without embeddings this is the lexical query alone, with
 * nothing added to its cost; a failing or slow embeddings provider leaves the lexical ranking.
 */
export async function searchKnowledge(
  ctx: SearchContext,
  assistantId: string,
  query: string,
  opts: SearchOptions = {},
): Promise<KnowledgePassage[]> {
  const limit = Math.min(Math.max(opts.limit ?? 5, 1), 50);
  const text = query.slice(0, 2000);
  if (!/[\p{L}\p{N}]/u.test(text)) return [];
  const embeddings = ctx.embeddings;
  const stems = (opts.stems ?? []).slice(0, 200);
  const tuning = opts.tuning ?? DEFAULT_TUNING;
  if (!embeddings)
    return lexicalSearch(ctx.database, assistantId, text, stems, limit, tuning, opts.ownStems, opts.synonyms);
  const depth = Math.max(limit, FUSION_DEPTH);
  const [lexical, similar] = await Promise.all([
    lexicalSearch(ctx.database, assistantId, text, stems, depth, tuning, opts.ownStems, opts.synonyms),
    similarPassages(ctx, embeddings, assistantId, text, depth),
  ]);
  return fuse(lexical, similar, limit);
}

/**
 * Passages nearest in meaning to the question, or none when the assistant has no vectors (then
 * the provider is not called) or the provider fails or is slow (logged; lexical ranking serves).
 */
async function similarPassages(
  ctx: SearchContext,
  embeddings: Embedder,
  assistantId: string,
  question: string,
  limit: number,
): Promise<KnowledgePassage[]> {
  try {
    if (!(await hasVectors(ctx.database, assistantId, embeddings.model))) return [];
    const [vector] = await embeddings.embed([question], { timeoutMs: embeddings.questionTimeoutMs, retries: 0 });
    if (!vector?.length) return [];
    const hits = await nearestPassages(ctx.database, assistantId, embeddings.model, vector, limit);
    return hits.map(({ similarity, ...p }) => ({ ...p, score: similarity }));
  } catch (err) {
    ctx.log?.warn({ err, assistantId }, 'question not embedded; lexical retrieval only');
    return [];
  }
}

/** Reciprocal rank fusion of the lexical and the vector ranking; on equal scores the lexical order wins. */
function fuse(lexical: KnowledgePassage[], similar: KnowledgePassage[], limit: number): KnowledgePassage[] {
  if (similar.length === 0) return lexical.slice(0, limit);
  const fused = new Map<string, KnowledgePassage>();
  for (const list of [lexical, similar])
    list.forEach((p, rank) => {
      const add = 1 / (RRF_K + rank + 1);
      const seen = fused.get(p.chunkId);
      fused.set(p.chunkId, seen ? { ...seen, score: seen.score + add } : { ...p, score: add });
    });
  // Array.prototype.sort is stable: ties keep insertion order, lexical hits first.
  return [...fused.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

/** Above this many passages the ranking's candidates come from the text index only (see lexicalSearch). */
const LARGE_KNOWLEDGE = 1000;

/**
 * The lexical ranking: the question's Russian stems (snowball, stop words dropped) and the given
 * ones, extended with the assistant's stems that are trigram-similar to a stem of the question
 * (misspellings, transliterations, word forms the stemmer does not join), scored with BM25 over
 * the passages that contain any of them. The assistant id is a condition of every part of the
 * query.
 *
 * The stems' weights (idf, from the passage counts of knowledge_terms / knowledge_stats) and the
 * candidates are worked out here from the assistant's vocabulary in memory (worked out in SQL
 * they cost more than the scoring on a small knowledge base). The passages are scored by the
 * passage index in memory once it is loaded (passage-index.ts), else by the database. Either way
 * the query returns the totals the index has now; when they are not the vocabulary's (another
 * instance indexed a file since it was loaded), the vocabulary is loaded again and the question
 * ranked again with it, so no answer is ever made with stale counts.
 */
async function lexicalSearch(
  database: Database,
  assistantId: string,
  text: string,
  stems: string[],
  limit: number,
  tuning: SearchTuning,
  ownStems: string[] | undefined,
  synonyms?: Map<string, Set<string>>,
): Promise<KnowledgePassage[]> {
  const [loaded, own] = await Promise.all([
    vocabularyOf(database, assistantId),
    ownStems ?? lexemesOf({ database }, [text]).then(([l]) => l ?? []),
  ]);
  for (let attempt = 0; ; attempt++) {
    const vocabulary = attempt === 0 ? loaded : await vocabularyOf(database, assistantId);
    const query = rankingQuery(vocabulary, own, stems, tuning, synonyms);
    // Ranked in memory when the passage index is loaded; else by the database, in the same way.
    const index = tuning.memoryIndex
      ? await passageIndexFor(database, assistantId, vocabulary.version, vocabulary.postingCount)
      : undefined;
    const { version, found } = index
      ? await passagesOf(database, assistantId, rankPassages(index, query, K1, B, limit))
      : await rankInDatabase(database, assistantId, vocabulary, query, limit);
    // No statistics row: an assistant without passages, as the vocabulary has it ('0:0').
    if ((version ?? '0:0') !== vocabulary.version) {
      forgetVocabulary(assistantId);
      if (attempt === 0) continue;
    }
    return found.map((r) => ({ ...passageOf(r), score: Number(r.score) }));
  }
}

/** Passages found, best first, and the totals the index has now (knowledge_stats; null: no row). */
type Ranked = { version: string | null; found: (PassageRow & { score: number })[] };

/**
 * The ranking made by the database, while the assistant's passage index (passage-index.ts) is not
 * in memory: the same BM25 over the same candidates, from the passages' tsvectors.
 */
async function rankInDatabase(
  database: Database,
  assistantId: string,
  vocabulary: Vocabulary,
  query: RankingQuery,
  limit: number,
): Promise<Ranked> {
  // The statement is kept prepared, its plan made once: planning cost more than the search on a
  // small knowledge base. On thousands of passages, among other assistants', a plan made
  // without the assistant's id looked its passages up by that id and tested each one (90 ms
  // where the text index takes 4): there the assistant's condition is written so that no index
  // can serve it ('is true'), and the candidates come from the text index whatever the plan.
  const large = vocabulary.chunks > LARGE_KNOWLEDGE;
  const ofAssistant = large ? '(c.assistant_id = $1) is true' : 'c.assistant_id = $1';
  const [totals, ...found] = await database.query<PassageRow & { score: number; version: string | null }>(
    `with qt as (
       select * from unnest($2::text[], $3::float8[]) q(lexeme, idf)),
     ranked as (
       select c.id,
         sum(qt.idf * (u.tf * ($5::float8 + 1)) / (u.tf + $5::float8 * (1 - $6::float8 + $6::float8 * c.token_count / $7::float8)))::float8 score
       -- Only the question's stems of each passage are unnested (setweight marks them, ts_filter
       -- keeps them): unnesting whole passages was most of the query's time.
       from knowledge_chunks c
         cross join lateral (
           select lexeme, coalesce(array_length(positions, 1), 1)::float8 tf
           from unnest(ts_filter(setweight(c.tsv, 'A', $2::text[]), '{a}'))) u
         join qt on qt.lexeme = u.lexeme
       where ${ofAssistant} and c.tsv @@ $4::tsquery
       group by c.id
       order by score desc, c.id
       limit $8::int),
     found as (
       select c.id, c.file_id, f.name, c.heading, c.content, r.score
       from ranked r
         join knowledge_chunks c on c.id = r.id and c.assistant_id = $1
         join knowledge_files f on f.id = c.file_id and f.assistant_id = $1)
     -- The totals of the index now, in a row of their own (there even when nothing is found).
     select null id, null file_id, null name, null heading, null content, null::float8 score,
       (select chunks || ':' || tokens from knowledge_stats where assistant_id = $1) version, 0 ord
     union all
     select f.*, null, row_number() over (order by f.score desc, f.id) from found f
     order by ord`,
    [assistantId, query.lexemes, query.idf, tsqueryOf(query), K1, B, query.avgdl, limit],
    { prepare: large ? 'retrieval.lexical-large' : 'retrieval.lexical' },
  );
  return { version: totals?.version ?? null, found };
}

/**
 * The passages ranked in memory, in that order, with the index's totals now. Ordered here:
 * ordering in the query (by the ids' ordinality) cost it half again. Fetched together with other messages' passages asked for
 * while a fetch is in flight (batchedWhileBusy): under a burst one query serves many messages.
 */
async function passagesOf(
  database: Database,
  assistantId: string,
  ranked: { id: string; score: number }[],
): Promise<Ranked> {
  const { version, rows } = await fetchBatched(database, { assistantId, ids: ranked.map((r) => r.id) });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ranked.flatMap(({ id, score }) => {
    const row = byId.get(id);
    return row ? [{ ...row, score }] : [];
  });
  return { version, found };
}

type PassageKey = { assistantId: string; ids: string[] };
type FetchedPassages = { version: string | null; rows: PassageRow[] };

/**
 * The passages of several rankings in one query: each chunk id is looked up with its own
 * assistant's id, as are the totals, so a passage of another assistant is never handed over.
 */
async function fetchPassages(database: Database, keys: readonly PassageKey[]): Promise<FetchedPassages[]> {
  const owners = keys.flatMap((k) => k.ids.map(() => k.assistantId));
  const rows = await database.query<
    Omit<PassageRow, 'id'> & { id: string | null; assistant_id: string; version: string | null }
  >(
    `select null id, null file_id, null name, null heading, null content, s.assistant_id,
       s.chunks || ':' || s.tokens version
     from knowledge_stats s where s.assistant_id = any($3::uuid[])
     union all
     select c.id, c.file_id, f.name, c.heading, c.content, c.assistant_id, null
     from unnest($1::uuid[], $2::uuid[]) k(assistant_id, id)
       join knowledge_chunks c on c.id = k.id and c.assistant_id = k.assistant_id
       join knowledge_files f on f.id = c.file_id and f.assistant_id = k.assistant_id`,
    [owners, keys.flatMap((k) => k.ids), [...new Set(keys.map((k) => k.assistantId))]],
    { prepare: 'retrieval.passages' },
  );
  const versions = new Map<string, string | null>();
  const passages = new Map<string, PassageRow>();
  for (const { assistant_id, version, ...r } of rows) {
    if (r.id === null) versions.set(assistant_id, version);
    else passages.set(`${assistant_id}/${r.id}`, { ...r, id: r.id });
  }
  return keys.map((k) => ({
    version: versions.get(k.assistantId) ?? null,
    rows: k.ids.flatMap((id) => {
      const row = passages.get(`${k.assistantId}/${id}`);
      return row ? [row] : [];
    }),
  }));
}

const fetchBatched = batchedWhileBusy(fetchPassages);

/**
 * What the ranking asks of the database for a question: its stems that the knowledge base holds
 * (the question's own at full weight, the added ones at SYNONYM_WEIGHT, or STAND_IN_WEIGHT for
 * a stem the knowledge base never saw, near-spellings at FUZZY_WEIGHT times their similarity; a
 * stem reached several ways counts its best), each with
 * its BM25 idf; and the text query that makes a passage a candidate. Passages are looked up only
 * through the stems that are not in every other passage; the common ones still add to the score
 * of the passages found (a MaxScore-like shortcut). When every stem is common, a passage must
 * hold two of the six rarest: scoring every passage that holds any common stem is what made
 * such questions slow.
 */
function rankingQuery(
  vocabulary: Vocabulary,
  own: string[],
  stems: string[],
  tuning: SearchTuning,
  synonyms?: Map<string, Set<string>>,
): RankingQuery {
  const weights = new Map<string, number>();
  const weigh = (lexeme: string, w: number) => {
    if (vocabulary.df.has(lexeme)) weights.set(lexeme, Math.max(w, weights.get(lexeme) ?? 0));
  };
  const ownSet = new Set(own);
  for (const lexeme of own) weigh(lexeme, 1);
  for (const lexeme of stems) weigh(lexeme, ownSet.has(lexeme) ? 1 : SYNONYM_WEIGHT);
  // Only the synonyms searched at all: not those of a group found through a loose root match.
  const searched = new Set(stems);
  for (const lexeme of own)
    if (!vocabulary.df.has(lexeme))
      for (const s of synonyms?.get(lexeme) ?? []) if (searched.has(s)) weigh(s, STAND_IN_WEIGHT);
  // One look-up per stem for both: its near-spellings (only an unknown stem's, unless fuzzyAll),
  // and for a stem the knowledge base never saw, the words in another form of it ("отказываемся"
  // of "отказ", "разобью" of "разбил"), which weigh as a word of the question does.
  for (const stem of own) {
    const unknown = !vocabulary.df.has(stem);
    if (!unknown && !tuning.fuzzyAll) continue;
    for (const f of nearSpellings(vocabulary, [stem], unknown ? ROOT_MIN_SIMILARITY : FUZZY_MIN_SIMILARITY, true)) {
      if (f.similarity >= FUZZY_MIN_SIMILARITY) weigh(f.lexeme, FUZZY_WEIGHT * f.similarity);
      // Behind another prefix it is another word ("последующим" is no "следит").
      if (!unknown || verbalPrefix(stem) !== verbalPrefix(f.lexeme)) continue;
      const strength = rootStrength(stem, f.lexeme);
      if (strength >= ROOT_MIN_STRENGTH) weigh(f.lexeme, ROOT_WEIGHT * strength);
    }
  }
  const n = vocabulary.chunks;
  const lexemes = [...weights.keys()];
  const df = (lexeme: string) => vocabulary.df.get(lexeme) ?? 0;
  const idf = lexemes.map((l) => (weights.get(l) ?? 0) * Math.log(1 + (n - df(l) + 0.5) / (df(l) + 0.5)));
  const avgdl = Math.max(vocabulary.tokens / Math.max(n, 1), 1);
  const rare = lexemes.filter((l) => df(l) <= Math.max(n * tuning.commonShare, 50));
  if (rare.length) return { lexemes, idf, candidates: rare, pairs: false, avgdl };
  const rarest = [...lexemes].sort((a, b) => df(a) - df(b) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, 6);
  if (rarest.length >= 2) return { lexemes, idf, candidates: rarest, pairs: true, avgdl };
  return { lexemes, idf, candidates: lexemes, pairs: false, avgdl };
}

/** The candidates' condition as a text query: any of the stems, or any two of them with `pairs`. */
function tsqueryOf(query: RankingQuery): string | null {
  const { candidates, pairs } = query;
  const tq = pairs
    ? candidates.flatMap((x, i) => candidates.slice(i + 1).map((y) => `(${tsqueryLexeme(x)} & ${tsqueryLexeme(y)})`))
    : candidates.map(tsqueryLexeme);
  return tq.join(' | ') || null;
}

/** A stem as a quoted lexeme of tsquery's text form (a quote doubled, a backslash escaped). */
const tsqueryLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Whether an assistant has corrected answers, read at most every 3 s (the answers module forgets it on an edit). */
const hasCorrectedAnswers = shortCache<boolean>(3000);
export const forgetCorrectedAnswers = (assistantId: string) => hasCorrectedAnswers.forget(assistantId);

export interface CorrectedAnswerMatch {
  id: string;
  question: string;
  correctAnswer: string;
  score: number;
  /** Share of the question's stems found in the stored question and synonyms. */
  coverage: number;
  /** Share of the stored question's stems found in the asked question. */
  precision: number;
  /** Trigram similarity of the asked and the stored question (0–1). */
  similarity: number;
  /** Close enough to answer with the corrected answer directly. */
  confident: boolean;
}

/**
 * Corrected answers of one assistant for a question, best first. An owner has tens or hundreds of
 * them, so BM25 statistics are computed on the fly; trigram similarity of the whole question
 * catches rephrasings with typos.
 */
export async function searchCorrectedAnswers(
  ctx: Pick<AppContext, 'database'>,
  assistantId: string,
  query: string,
  opts: SearchOptions = {},
): Promise<CorrectedAnswerMatch[]> {
  const limit = Math.min(Math.max(opts.limit ?? 3, 1), 20);
  const text = query.slice(0, 2000);
  if (!/[\p{L}\p{N}]/u.test(text)) return [];
  // Most assistants have no corrected answers; planning the ranking below costs more than asking.
  const any = await hasCorrectedAnswers.get(assistantId, async () => {
    const [row] = await ctx.database.query<{ ok: boolean }>(
      'select exists(select 1 from corrected_answers where assistant_id = $1) ok',
      [assistantId],
      { prepare: 'retrieval.corrected-any' },
    );
    return Boolean(row?.ok);
  });
  if (!any) return [];
  const rows = await ctx.database.query<{
    id: string;
    question: string;
    correct_answer: string;
    score: number;
    matched: number;
    qn: number;
    an: number;
    sim: number;
  }>(
    `with q as (select distinct lexeme from unnest(to_tsvector('russian', $2))),
     a as (select id, question, correct_answer, tsv, greatest(length(tsv), 1) len
           from corrected_answers where assistant_id = $1),
     st as (select count(*)::float8 n, greatest(avg(len), 1)::float8 avgdl from a),
     qt as (
       select q.lexeme, ln(1 + (st.n - count(a.id) + 0.5) / (count(a.id) + 0.5)) idf
       from q cross join st join a on a.tsv @@ quote_literal(q.lexeme)::tsquery
       group by q.lexeme, st.n),
     scored as (
       select a.id, sum(qt.idf * (u.tf * 2.2) / (u.tf + 1.2 * (0.25 + 0.75 * a.len / st.avgdl))) score,
              count(*) matched
       from a cross join st
         cross join lateral (select lexeme, coalesce(array_length(positions, 1), 1)::float8 tf from unnest(a.tsv)) u
         join qt on qt.lexeme = u.lexeme
       group by a.id),
     qs as (select id, length(to_tsvector('russian', question)) an from a)
     select a.id, a.question, a.correct_answer, coalesce(s.score, 0)::float8 score, coalesce(s.matched, 0)::int matched,
            (select count(*) from q)::int qn, qs.an::int an,
            similarity(lower(a.question), lower($2))::float8 sim
     from a join qs on qs.id = a.id left join scored s on s.id = a.id
     where s.id is not null or lower(a.question) % lower($2)
     order by coalesce(s.score, 0) + similarity(lower(a.question), lower($2)) * 5 desc, a.id
     limit $3`,
    [assistantId, text, limit],
    { prepare: 'retrieval.corrected' },
  );
  return rows.map((r) => {
    const coverage = r.qn > 0 ? r.matched / r.qn : 0;
    const precision = r.an > 0 ? Math.min(1, r.matched / r.an) : 0;
    const similarity = Number(r.sim);
    return {
      id: r.id,
      question: r.question,
      correctAnswer: r.correct_answer,
      score: Number(r.score),
      coverage,
      precision,
      similarity,
      confident: similarity >= 0.7 || (coverage >= 0.6 && precision >= 0.6 && r.matched >= 1),
    };
  });
}
