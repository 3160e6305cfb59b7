import {
  type MonthMessage,
  STATISTICS_LIMITS,
  type StatisticsOverview,
  type StatisticsQuery,
  type StatisticsResult,
  STATISTICS_TEXTS as T,
  type UnansweredQuestion,
} from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { requireOwnedAssistant } from '../../core/ownership';
import { SYNONYM_GROUPS } from '../retrieval';
import { dailyFigures, monthFigures, type Scope, scopeSql } from './figures';
import { currentMonth, type MonthRange, monthRange, previousMonth } from './month';
import { groupQuestions, normalQuestion, type Topic } from './topics';

type Ctx = Pick<AppContext, 'db' | 'database'>;

/** The most messages the month's list gives (the latest); the analysis reads up to this many questions. */
const MESSAGES_LIMIT = 5000;
const QUESTIONS_LIMIT = 10_000;

/** GET /api/assistant/this-month-messages (spec §7): the month's messages of the owner's assistants, never another owner's. */
export async function monthMessages(ctx: Ctx, userId: string): Promise<MonthMessage[]> {
  const range = monthRange(currentMonth());
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
       where a.user_id = $1 and m.role <> 'system' and m.created_at >= $2 and m.created_at < $3
       order by m.created_at desc, m.id desc limit ${MESSAGES_LIMIT}) latest
     order by created_at, id`,
    [userId, range.start.toISOString(), range.end.toISOString()],
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

/** A question of the month with what the bot did right after it. */
export interface MonthQuestion {
  assistantId: string;
  visitorId: string;
  content: string;
  createdAt: Date;
  /** The source of the bot's reply that followed (null: none, e.g. the operator was answering). */
  answeredBy: string | null;
}

/** Everything of a month computed from its messages (kept until new messages arrive). */
export interface MonthReport {
  overview: StatisticsOverview;
  analysis: StatisticsResult;
  /** The questions and their groups, for the model path and the monthly mail. */
  questions: MonthQuestion[];
  topics: Topic[];
}

/** The owner's filters checked: the assistant must be theirs; the month defaults to the current one. */
export async function resolveQuery(
  ctx: Ctx,
  userId: string,
  query: StatisticsQuery | undefined,
): Promise<{ scope: Scope; range: MonthRange }> {
  if (query?.assistantId) await requireOwnedAssistant(ctx.db, userId, query.assistantId);
  return {
    scope: { userId, ...(query?.assistantId ? { assistantId: query.assistantId } : {}) },
    range: monthRange(query?.month ?? currentMonth()),
  };
}

/**
 * A month's report, cached per owner, assistant filter and month until its stamp changes: the
 * count and latest time of its messages, trigger firings and the owner's corrected answers (a
 * new corrected answer takes a question off the unanswered list). Counting the stamp reads
 * the same index as the figures, without the work of grouping and counting.
 */
interface ReportEntry {
  stamp: string;
  report: MonthReport;
  /** The model's analysis of this report, once made. */
  model?: StatisticsResult;
}
const reports = new Map<string, ReportEntry>();
const REPORTS_CACHED = 200;

export async function monthReport(ctx: Ctx, scope: Scope, range: MonthRange): Promise<ReportEntry> {
  const key = `${scope.userId}|${scope.assistantId ?? ''}|${range.month}`;
  const stamp = await monthStamp(ctx, scope, range);
  const hit = reports.get(key);
  if (hit && hit.stamp === stamp) return hit;
  const report = await buildReport(ctx, scope, range);
  const entry: ReportEntry = { stamp, report };
  reports.delete(key);
  if (reports.size >= REPORTS_CACHED) reports.delete(reports.keys().next().value ?? '');
  reports.set(key, entry);
  return entry;
}

async function monthStamp(ctx: Ctx, scope: Scope, range: MonthRange): Promise<string> {
  const { assistants, params } = scopeSql(scope, range);
  const [row] = await ctx.database.query<{ stamp: string }>(
    `select concat_ws('|',
       (select count(*) || ':' || coalesce(max(created_at)::text, '') from messages
         where assistant_id in (${assistants}) and created_at >= $2 and created_at < $3),
       (select count(*) || ':' || coalesce(max(created_at)::text, '') from trigger_firings
         where assistant_id in (${assistants}) and created_at >= $2 and created_at < $3),
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from corrected_answers
         where assistant_id in (${assistants}))) stamp`,
    params,
  );
  return row?.stamp ?? '';
}

async function buildReport(ctx: Ctx, scope: Scope, range: MonthRange): Promise<MonthReport> {
  const figures = await monthFigures(ctx, scope, range);
  const previous = await monthFigures(ctx, scope, monthRange(previousMonth(range.month)));
  const daily = await dailyFigures(ctx, scope, range);
  const questions = await monthQuestions(ctx, scope, range);
  const { assistants, params } = scopeSql(scope, range);
  const wrong = await ctx.database.query<{ question: string }>(
    `select question from corrected_answers
     where assistant_id in (${assistants}) and not is_correct and created_at >= $2 and created_at < $3
     order by created_at, id`,
    params,
  );
  const topics = await topicsOf(
    ctx,
    questions,
    wrong.map((w) => w.question),
  );
  const unanswered = await unansweredOf(ctx, scope, questions);
  const pick = (score: (t: Topic) => number) =>
    topics.filter((t) => score(t) > 0).sort((a, b) => score(b) - score(a) || b.size - a.size)[0]?.name ?? T.none;
  const analysis: StatisticsResult = {
    mostPopularQuestion: topics[0]?.name ?? T.none,
    hardestQuestion: pick((t) => t.handedOff + t.wrong),
    mostEffectivelySolved: pick((t) => t.answered),
    totalRequests: figures.visitorMessages,
    top3Topics: topics.slice(0, 3).map((t) => t.word),
    averageResponseLength: figures.averageResponseLength,
  };
  return {
    overview: {
      month: range.month,
      assistantId: scope.assistantId ?? null,
      figures,
      previous,
      daily,
      topics: topics.slice(0, STATISTICS_LIMITS.topics).map(({ wrong: _w, ...t }) => t),
      unanswered,
    },
    analysis,
    questions,
    topics,
  };
}

/**
 * The month's questions (up to the limit, the month's first) with the source of the bot's reply
 * that came right after each in its conversation (a window over the conversation's messages;
 * another visitor message first means the bot did not answer this one).
 */
async function monthQuestions(ctx: Ctx, scope: Scope, range: MonthRange): Promise<MonthQuestion[]> {
  const { assistants, params } = scopeSql(scope, range);
  const rows = await ctx.database.query<{
    assistant_id: string;
    visitor_id: string;
    content: string;
    created_at: Date | string;
    next_role: string | null;
    next_source: string | null;
  }>(
    `select assistant_id, visitor_id, content, created_at, next_role, next_source from (
       select assistant_id, visitor_id, role, content, created_at, id,
              lead(role) over w next_role, lead(source) over w next_source
       from messages
       where assistant_id in (${assistants}) and created_at >= $2 and created_at < $3 and role in ('visitor', 'bot')
       window w as (partition by visitor_id order by created_at, id)) q
     where role = 'visitor' and length(trim(content)) > 0
     order by created_at, id
     limit ${QUESTIONS_LIMIT}`,
    params,
  );
  return rows.map((r) => ({
    assistantId: r.assistant_id,
    visitorId: r.visitor_id,
    content: r.content,
    createdAt: new Date(r.created_at),
    answeredBy: r.next_role === 'bot' ? r.next_source : null,
  }));
}

/** The questions grouped by the local method (./topics), over their stems and the retrieval's synonyms. */
async function topicsOf(ctx: Ctx, questions: MonthQuestion[], wrong: string[]): Promise<Topic[]> {
  // Questions repeat: each wording is stemmed once (and kept for the next analysis).
  const stemsOf = await stemTexts(ctx, [...questions.map((q) => q.content), ...wrong]);
  const canon = await synonymStems(ctx);
  const normalise = (lexemes: string[] | null) => (lexemes ?? []).map((l) => canon.get(l) ?? l);
  return groupQuestions(
    questions.map((q) => ({
      text: q.content,
      lexemes: normalise(stemsOf.get(q.content) ?? []),
      stems: stemsOf.get(q.content) ?? [],
      handedOff: q.answeredBy === 'handoff' || q.answeredBy === 'operator-request',
      answered: q.answeredBy === 'knowledge' || q.answeredBy === 'corrected',
    })),
    wrong.map((w) => ({ lexemes: normalise(stemsOf.get(w) ?? []) })),
  );
}

/**
 * 'Вопросы без ответа': the wordings the bot handed off (no answer found), newest first, less
 * those the owner has since taught it (a corrected answer of the assistant for the same
 * wording, as 'Добавить ответ' saves it).
 */
async function unansweredOf(ctx: Ctx, scope: Scope, questions: MonthQuestion[]): Promise<UnansweredQuestion[]> {
  const handedOff = questions.filter((q) => q.answeredBy === 'handoff');
  if (handedOff.length === 0) return [];
  const taught = await ctx.database.query<{ assistant_id: string; question: string | null; name: string }>(
    `select a.id assistant_id, a.name, c.question
     from assistants a left join corrected_answers c on c.assistant_id = a.id
     where a.user_id = $1${scope.assistantId ? ' and a.id = $2' : ''}`,
    [scope.userId, ...(scope.assistantId ? [scope.assistantId] : [])],
  );
  const names = new Map(taught.map((t) => [t.assistant_id, t.name]));
  const known = new Set(taught.flatMap((t) => (t.question ? [`${t.assistant_id}|${normalQuestion(t.question)}`] : [])));
  const byWording = new Map<string, UnansweredQuestion>();
  for (const q of handedOff) {
    const key = `${q.assistantId}|${normalQuestion(q.content)}`;
    if (known.has(key)) continue;
    const seen = byWording.get(key);
    const at = q.createdAt.toISOString();
    if (!seen) {
      byWording.set(key, {
        assistantId: q.assistantId,
        assistantName: names.get(q.assistantId) ?? '',
        question: q.content.trim(),
        count: 1,
        lastAskedAt: at,
        visitorId: q.visitorId,
      });
    } else {
      seen.count++;
      if (at >= seen.lastAskedAt) Object.assign(seen, { lastAskedAt: at, visitorId: q.visitorId });
    }
  }
  return [...byWording.values()]
    .sort((a, b) => b.lastAskedAt.localeCompare(a.lastAskedAt) || a.question.localeCompare(b.question))
    .slice(0, STATISTICS_LIMITS.unanswered);
}

/** GET /api/statistics/overview. */
export async function statisticsOverview(ctx: Ctx, userId: string, query?: StatisticsQuery) {
  const { scope, range } = await resolveQuery(ctx, userId, query);
  return (await monthReport(ctx, scope, range)).report.overview;
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
