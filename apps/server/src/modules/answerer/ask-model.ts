import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import type { AppContext } from '../../core/context';
import { languageModelFor, streamModel } from '../../infra/llm';
import { defaultProviderModel } from '../models';

type Ctx = Pick<AppContext, 'config' | 'database' | 'log'>;

export interface AskModelRequest {
  /**
   * An assistant's model id ('gpt-4o-mini', 'ollama:…', 'gigachat:…'), or 'default': the first
   * configured provider's model, for the service's own calls (synonyms, the prompt helper,
   * statistics).
   */
  model: string;
  system: string;
  messages: ModelMessage[];
  temperature: number;
  maxOutputTokens: number;
  /** Each piece of the text as it arrives (streamed answers). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** The call is counted against this assistant's daily token budget (LLM_DAILY_TOKENS). */
  assistantId?: string;
  /** Structured output of this schema (see infra/llm); the caller validates the text. */
  jsonSchema?: z.ZodType;
}

export type AskModelResult =
  | { ok: true; text: string; tokens: number }
  /** No model of that id is configured, or the assistant's budget for today is spent: the caller answers locally. */
  | { ok: false; reason: 'no-model' | 'budget' };

/**
 * The one way the service calls a language model: answers, operator suggestions, synonyms, the
 * prompt helper and statistics all come through here, so retries and timeouts (infra/llm), the
 * daily budget and token accounting apply to each alike. A provider failure throws
 * ModelCallError (after infra/llm's retries); the caller decides what the person sees instead.
 */
export async function askModel(ctx: Ctx, req: AskModelRequest): Promise<AskModelResult> {
  const model =
    req.model === 'default' ? await defaultProviderModel(ctx.config) : languageModelFor(ctx.config, req.model);
  if (!model) return { ok: false, reason: 'no-model' };
  if (req.assistantId && !(await withinBudget(ctx, req.assistantId))) {
    ctx.log.warn({ assistantId: req.assistantId }, 'daily token budget spent; the local answerer replies');
    return { ok: false, reason: 'budget' };
  }
  const result = await streamModel(ctx.config, {
    model,
    system: req.system,
    messages: req.messages,
    temperature: req.temperature,
    maxOutputTokens: req.maxOutputTokens,
    onDelta: req.onDelta ?? (() => {}),
    signal: req.signal,
    ...(req.jsonSchema ? { jsonSchema: req.jsonSchema } : {}),
  });
  if (req.assistantId) await addTokens(ctx, req.assistantId, result.tokens);
  return { ok: true, text: result.text, tokens: result.tokens };
}

/** The assistant may still call its model today (LLM_DAILY_TOKENS; 0 means no limit). */
async function withinBudget(ctx: Ctx, assistantId: string): Promise<boolean> {
  const limit = ctx.config.LLM_DAILY_TOKENS;
  return limit === 0 || (await tokensToday(ctx, assistantId)) < limit;
}

/** Tokens an assistant spent today (UTC). */
export async function tokensToday(ctx: Pick<AppContext, 'database'>, assistantId: string): Promise<number> {
  const [row] = await ctx.database.query<{ tokens: number }>(
    `select tokens from assistant_token_usage where assistant_id = $1 and day = (now() at time zone 'utc')::date`,
    [assistantId],
  );
  return Number(row?.tokens ?? 0);
}

async function addTokens(ctx: Pick<AppContext, 'database'>, assistantId: string, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await ctx.database.query(
    `insert into assistant_token_usage (assistant_id, day, tokens) values ($1, (now() at time zone 'utc')::date, $2)
     on conflict (assistant_id, day) do update set tokens = assistant_token_usage.tokens + excluded.tokens`,
    [assistantId, Math.round(tokens)],
  );
}
