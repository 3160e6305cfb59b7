import { type MonthMessage, type StatisticsResult, STATISTICS_TEXTS as T } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { requireOwnedAssistant } from '../../core/ownership';
import { SYNONYM_GROUPS } from '../retrieval';
import { groupQuestions } from './topics';

type Ctx = Pick<AppContext, 'db' | 'database'>;

/** The current month as the owners live it (Moscow time): its start and the next month's, as SQL. */
const MONTH = `m.created_at >= (date_trunc('month', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow')
  and m.created_at < ((date_trunc('month', now() at time zone 'Europe/Moscow') + interval '1 month') at time zone 'Europe/Moscow')`;

/** The most messages the month's list gives (the latest); the analysis reads up to this many questions. */
const MESSAGES_LIMIT = 5000;
const QUESTIONS_LIMIT = 10_000;

/** GET /api/assistant/this-month-messages (spec §7): the month's messages of the owner's assistants, never another owner's. */
export async function monthMessages(ctx: Ctx, userId: string): Promise<MonthMessage[]> {
  const rows = await ctx.database.query<{
    id: string;
    assistant_id: string;
    visitor_id: string;
    role: string;
    content: string;
    created_at: Date | string;
  }>(
    `select * from (
       select m.id, m.assistant_id, m.visitor_id, m.role, m.content, m.created_at
       from messages m join assistants a on a.id = m.assistant_id
       where a.user_id = $1 and m.role <> 'system' and ${MONTH}
       order by m.created_at desc, m.id desc limit ${MESSAGES_LIMIT}) latest
     order by created_at, id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    assistantId: r.assistant_id,
    visitorId: r.visitor_id,
    role: r.role === 'visitor' ? 'user' : 'assistant',
    content: r.content,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * POST /api/statistics/analysis: the six fields of spec §3. Counts are counted in SQL
 * (requests: the visitors' messages; the average length of the bot's answers in characters);
 * the questions are grouped by the deterministic local method (./topics): the most popular is
 * the largest group, the hardest the group most often handed off or marked 'Неверно', the most
 * effectively solved the group the bot answered most often itself.
 */
export async function analyseMonth(ctx: Ctx, userId: string, assistantId?: string): Promise<StatisticsResult> {
  if (assistantId) await requireOwnedAssistant(ctx.db, userId, assistantId);
  const scope = assistantId ? 'and m.assistant_id = $2' : '';
  const params = assistantId ? [userId, assistantId] : [userId];
  const [counts] = await ctx.database.query<{ total: string | number; avg_len: string | number | null }>(
    `select count(*) filter (where m.role = 'visitor' and length(trim(m.content)) > 0) total,
            avg(length(m.content)) filter (where m.role = 'bot') avg_len
     from messages m join assistants a on a.id = m.assistant_id
     where a.user_id = $1 ${scope} and ${MONTH}`,
    params,
  );
  // The questions (up to the limit, the month's first) with what the bot did next in the same
  // conversation (its next answer, found by the conversation's index).
  const questions = await ctx.database.query<{ content: string; answered_by: string | null }>(
    `select m.content,
            (select b.source from messages b
              where b.visitor_id = m.visitor_id and b.role = 'bot' and b.created_at >= m.created_at and b.id <> m.id
              order by b.created_at, b.id limit 1) answered_by
     from messages m join assistants a on a.id = m.assistant_id
     where a.user_id = $1 ${scope} and m.role = 'visitor' and length(trim(m.content)) > 0 and ${MONTH}
     order by m.created_at, m.id
     limit ${QUESTIONS_LIMIT}`,
    params,
  );
  const wrong = await ctx.database.query<{ question: string }>(
    `select m.question
     from corrected_answers m join assistants a on a.id = m.assistant_id
     where a.user_id = $1 ${scope} and not m.is_correct and ${MONTH}
     order by m.created_at, m.id`,
    params,
  );
  // Questions repeat: each wording is stemmed once (and kept for the next analysis).
  const stemsOf = await stemTexts(ctx, [...questions.map((q) => q.content), ...wrong.map((w) => w.question)]);
  const canon = await synonymStems(ctx);
  const normalise = (lexemes: string[] | null) => (lexemes ?? []).map((l) => canon.get(l) ?? l);
  const topics = groupQuestions(
    questions.map((q) => ({
      text: q.content,
      lexemes: normalise(stemsOf.get(q.content) ?? []),
      stems: stemsOf.get(q.content) ?? [],
      handedOff: q.answered_by === 'handoff' || q.answered_by === 'operator-request',
      answered: q.answered_by === 'knowledge' || q.answered_by === 'corrected',
    })),
    wrong.map((w) => ({ lexemes: normalise(stemsOf.get(w.question) ?? []) })),
  );
  const pick = (score: (t: (typeof topics)[number]) => number) =>
    topics.filter((t) => score(t) > 0).sort((a, b) => score(b) - score(a) || b.size - a.size)[0]?.name ?? T.none;
  return {
    mostPopularQuestion: topics[0]?.name ?? T.none,
    hardestQuestion: pick((t) => t.handedOff + t.wrong),
    mostEffectivelySolved: pick((t) => t.answered),
    totalRequests: Number(counts?.total ?? 0),
    top3Topics: topics.slice(0, 3).map((t) => t.word),
    averageResponseLength: Math.round(Number(counts?.avg_len ?? 0)),
  };
}

/**
 * The retrieval's synonym groups as stems: a stem of a group's word stands for the group, so
 * "стоимость доставки" and "сколько стоит доставка" are one question. Stemmed once per process
 * (the stems never change).
 */
let synonyms: Promise<Map<string, string>> | undefined;
function synonymStems(ctx: Pick<AppContext, 'database'>): Promise<Map<string, string>> {
  synonyms ??= (async () => {
    const words = SYNONYM_GROUPS.flatMap((group, i) => group.filter((w) => !w.includes(' ')).map((w) => ({ w, i })));
    const rows = await ctx.database.query<{ word: string; lexemes: string[] }>(
      `select w word, array(select lexeme from unnest(to_tsvector('russian', w))) lexemes from unnest($1::text[]) w`,
      [words.map((x) => x.w)],
    );
    const stems = new Map<string, string>();
    rows.forEach((r, k) => {
      const group = words[k]?.i;
      for (const l of r.lexemes ?? []) if (group !== undefined && !stems.has(l)) stems.set(l, `~${group}`);
    });
    return stems;
  })().catch((err: unknown) => {
    synonyms = undefined;
    throw err;
  });
  return synonyms;
}

/** Stems of texts, each distinct text stemmed once by the database and remembered (bounded). */
const stemCache = new Map<string, string[]>();
const STEM_CACHE_SIZE = 50_000;

async function stemTexts(ctx: Pick<AppContext, 'database'>, texts: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const missing: string[] = [];
  for (const t of new Set(texts)) {
    const hit = stemCache.get(t);
    if (hit) out.set(t, hit);
    else missing.push(t);
  }
  for (let i = 0; i < missing.length; i += 2000) {
    const batch = missing.slice(i, i + 2000);
    const rows = await ctx.database.query<{ lexemes: string[] }>(
      `select array(select lexeme from unnest(to_tsvector('russian', t))) lexemes from unnest($1::text[]) with ordinality u(t, k) order by k`,
      [batch],
    );
    batch.forEach((t, k) => {
      const lexemes = rows[k]?.lexemes ?? [];
      out.set(t, lexemes);
      if (stemCache.size >= STEM_CACHE_SIZE) stemCache.clear();
      stemCache.set(t, lexemes);
    });
  }
  return out;
}
