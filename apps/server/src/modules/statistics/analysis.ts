import { type StatisticsQuery, type StatisticsResult, STATISTICS_TEXTS as T } from '@otklik/contract';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { ModelCallError } from '../../infra/llm';
import { askModel } from '../answerer';
import { type MonthReport, monthReport, resolveQuery } from './service';

type Ctx = Pick<AppContext, 'config' | 'database' | 'log'>;
type AnalysisCtx = Ctx & Pick<AppContext, 'db'>;

/** What the model is asked for: the four fields that need reading the questions (the counts are SQL's). */
export const ModelAnalysis = z.object({
  mostPopularQuestion: z.string().trim().min(1).max(500),
  hardestQuestion: z.string().trim().min(1).max(500),
  mostEffectivelySolved: z.string().trim().min(1).max(500),
  top3Topics: z.array(z.string().trim().min(1).max(100)).max(3),
});

/** The groups the model reads: the largest, each with its size, outcome counts and wordings. */
const SAMPLE_TOPICS = 40;

const SYSTEM = [
  'Ты — аналитик службы поддержки малого бизнеса в России.',
  'Тебе дают вопросы посетителей чат-ассистента за месяц, сгруппированные по смыслу, с числом вопросов в группе,',
  'числом переданных оператору (бот не нашёл ответа или посетитель попросил человека) и решённых ботом.',
  'Ответь только JSON-объектом без пояснений и без Markdown с полями:',
  'mostPopularQuestion (самый частый вопрос, как его задают посетители),',
  'hardestQuestion (вопрос, на который бот чаще всего не мог ответить),',
  'mostEffectivelySolved (вопрос, который бот чаще всего решал сам),',
  'top3Topics (массив из не более чем трёх коротких названий тем, одно-два слова каждое).',
  'Пиши по-русски и бери вопросы из данных, ничего не выдумывай.',
].join(' ');

function prompt(report: MonthReport): string {
  const lines = report.topics.slice(0, SAMPLE_TOPICS).map((t, i) => {
    const wordings = [t.name, ...t.examples].map((w) => `«${w.replace(/\s+/g, ' ').slice(0, 200)}»`).join('; ');
    return `${i + 1}. вопросов: ${t.size}, передано оператору: ${t.handedOff}, решено ботом: ${t.answered}. ${wordings}`;
  });
  return `Группы вопросов за месяц (${report.questions.length} вопросов):\n${lines.join('\n')}`;
}

/** A model's reply as JSON: the object itself, or inside a Markdown code block. */
function parseReply(text: string): z.infer<typeof ModelAnalysis> | undefined {
  const body = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
  try {
    const parsed = ModelAnalysis.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The analysis by the service's language model (the first configured provider), as the spec's
 * client asked an assistant for JSON: structured output over a sample of the month's questions,
 * validated by the schema and asked once more when the reply is not it; then the spec's
 * 'Невалидный JSON от ассистента'. A provider failure is 'Ошибка ассистента: …' on the screen.
 * Undefined when no model is configured, or the month has no questions: the local method answers.
 */
export async function analyseWithModel(ctx: Ctx, report: MonthReport): Promise<StatisticsResult | undefined> {
  if (report.topics.length === 0) return undefined;
  const content = prompt(report);
  for (let attempt = 1; attempt <= 2; attempt++) {
    let reply: Awaited<ReturnType<typeof askModel>>;
    try {
      reply = await askModel(ctx, {
        model: 'default',
        system: SYSTEM,
        messages: [{ role: 'user', content }],
        temperature: 0,
        maxOutputTokens: 800,
        jsonSchema: ModelAnalysis,
      });
    } catch (err) {
      if (!(err instanceof ModelCallError)) throw err;
      ctx.log.warn({ err: err.cause }, 'statistics: the model failed');
      throw new AppError(502, 'языковая модель не ответила, попробуйте позже');
    }
    if (!reply.ok) return undefined;
    const parsed = parseReply(reply.text);
    if (parsed) {
      const { analysis } = report;
      return {
        ...parsed,
        totalRequests: analysis.totalRequests,
        averageResponseLength: analysis.averageResponseLength,
      };
    }
    ctx.log.warn(
      { attempt, length: reply.text.length },
      'statistics: the model did not answer with the JSON asked for',
    );
  }
  throw new AppError(502, T.invalidJson);
}

/**
 * POST /api/statistics/analysis: the six fields of spec §3. Counts are counted in SQL
 * (requests: the visitors' messages; the average length of the bot's answers in characters).
 * The other four come from the questions: by the service's model when one is configured, else
 * by the deterministic local method (./topics): the most popular is the largest group, the
 * hardest the group most often handed off or marked 'Неверно', the most effectively solved the
 * group the bot answered most often itself. Both are kept with the month's report until new
 * messages arrive.
 */
export async function analyseMonth(
  ctx: AnalysisCtx,
  userId: string,
  query?: StatisticsQuery,
): Promise<StatisticsResult> {
  const { scope, range } = await resolveQuery(ctx, userId, query);
  const entry = await monthReport(ctx, scope, range);
  if (entry.model) return entry.model;
  const byModel = await analyseWithModel(ctx, entry.report);
  if (!byModel) return entry.report.analysis;
  entry.model = byModel;
  return byModel;
}
