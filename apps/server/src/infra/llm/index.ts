import type { OpenAICompatibleProvider } from '@ai-sdk/openai-compatible';
import { APICallError, type LanguageModelV3 } from '@ai-sdk/provider';
import { LOCAL_MODEL, modelProvider } from '@otklik/contract';
import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import type { Config } from '../../config';
import { gigachatModel } from './gigachat';

export type LlmConfig = Pick<
  Config,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OLLAMA_URL'
  | 'GIGACHAT_CREDENTIALS'
  | 'GIGACHAT_SCOPE'
  | 'GIGACHAT_BASE_URL'
  | 'GIGACHAT_AUTH_URL'
  | 'LLM_TIMEOUT_MS'
  | 'LLM_RETRIES'
  | 'LLM_RETRY_BASE_MS'
>;

const models = new Map<string, LanguageModelV3>();

type CompatibleConfig = Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OLLAMA_URL'>;

type CompatibleSdk = typeof import('@ai-sdk/openai-compatible');
let compatibleSdk: CompatibleSdk | undefined;

/**
 * Loads the OpenAI-compatible client when OpenAI or Ollama is configured: the embedded mode with
 * the local answerer never needs it, and it (with the `ai` SDK) is some 20 MB of idle memory.
 * Called once at start, before the synchronous `openaiProvider` / `ollamaProvider`.
 */
export async function loadModelClients(config: CompatibleConfig): Promise<void> {
  if (compatibleSdk || !(config.OPENAI_API_KEY || config.OPENAI_BASE_URL || config.OLLAMA_URL)) return;
  compatibleSdk = await import('@ai-sdk/openai-compatible');
}

function createOpenAICompatible(...args: Parameters<CompatibleSdk['createOpenAICompatible']>) {
  if (!compatibleSdk) throw new Error('loadModelClients(config) must run before a provider is made');
  return compatibleSdk.createOpenAICompatible(...args);
}

/** OpenAI or an OpenAI-compatible API (chat and embeddings), when configured. */
export function openaiProvider(config: CompatibleConfig): OpenAICompatibleProvider | undefined {
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) return undefined;
  return createOpenAICompatible({
    name: 'openai',
    baseURL: (config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
    ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
    includeUsage: true,
  });
}

/** Ollama speaks the OpenAI API under /v1 (chat and embeddings): one well-kept client serves both. */
export function ollamaProvider(config: CompatibleConfig): OpenAICompatibleProvider | undefined {
  if (!config.OLLAMA_URL) return undefined;
  return createOpenAICompatible({
    name: 'ollama',
    baseURL: `${config.OLLAMA_URL.replace(/\/+$/, '')}/v1`,
    includeUsage: true,
  });
}

/**
 * The language model for an assistant's model id (ids of packages/contract `modelProvider`:
 * `gpt-4o-mini`, `ollama:<name>`, `gigachat:<name>`, `local`), or undefined when its provider
 * is not configured on this server: then the local answerer replies.
 */
export function languageModelFor(config: LlmConfig, modelId: string): LanguageModelV3 | undefined {
  if (!modelId || modelId === LOCAL_MODEL) return undefined;
  const provider = modelProvider(modelId);
  const key = `${provider}|${modelId}|${config.OPENAI_BASE_URL ?? ''}|${config.OLLAMA_URL ?? ''}|${config.GIGACHAT_BASE_URL ?? ''}`;
  const cached = models.get(key);
  if (cached) return cached;
  let model: LanguageModelV3 | undefined;
  if (provider === 'openai') {
    model = openaiProvider(config)?.chatModel(modelId);
  } else if (provider === 'ollama') {
    model = ollamaProvider(config)?.chatModel(modelId.slice('ollama:'.length));
  } else if (provider === 'gigachat' && config.GIGACHAT_CREDENTIALS) {
    model = gigachatModel(modelId.slice('gigachat:'.length), {
      credentials: config.GIGACHAT_CREDENTIALS,
      scope: config.GIGACHAT_SCOPE,
      baseUrl: config.GIGACHAT_BASE_URL,
      authUrl: config.GIGACHAT_AUTH_URL,
    });
  }
  if (model) models.set(key, model);
  return model;
}

export interface StreamRequest {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Each piece of text as it arrives. */
  onDelta: (text: string) => void;
  signal?: AbortSignal;
  /**
   * Structured output: the provider is asked for JSON of this schema (OpenAI's response_format,
   * where the provider supports it). The text still comes back as it is: the caller validates it.
   */
  jsonSchema?: z.ZodType;
}

export interface StreamResult {
  text: string;
  tokens: number;
  attempts: number;
}

/** A model call that failed for good (after the retries); `cause` is the last error. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

class IdleTimeout extends Error {
  constructor(
    readonly ms: number,
    what = 'no model output',
  ) {
    super(`${what} for ${ms} ms`);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function retryable(err: unknown): boolean {
  if (err instanceof IdleTimeout) return true;
  if (APICallError.isInstance(err)) return err.isRetryable || err.statusCode === 429 || (err.statusCode ?? 0) >= 500;
  // Connection refused/reset before any reply: worth another try.
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'UND_ERR_SOCKET';
}

function retryAfterMs(err: unknown): number | undefined {
  if (!APICallError.isInstance(err)) return undefined;
  const value = err.responseHeaders?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/**
 * Streams one answer with the resilience a visitor needs: a call that goes silent for
 * LLM_TIMEOUT_MS (before its first chunk or between chunks) is aborted, and a call refused with
 * 429/5xx or timed out before any text is retried LLM_RETRIES times with doubling backoff (a
 * shorter Retry-After wins). Once text has reached the visitor a failure is final: a retry would
 * repeat what they already read.
 */
export async function streamModel(config: LlmConfig, req: StreamRequest): Promise<StreamResult> {
  // Loaded on the first model call, not at start (see loadModelClients).
  const { streamText, Output } = await import('ai');
  const idleMs = config.LLM_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    const abort = new AbortController();
    const onOuterAbort = () => abort.abort(req.signal?.reason);
    req.signal?.addEventListener('abort', onOuterAbort);
    let timer: NodeJS.Timeout | undefined;
    let timedOut: IdleTimeout | undefined;
    // A model that trickles a token now and then never trips the silence timer; the visitor's
    // request still ends after three silences' worth of time.
    const totalMs = idleMs * 3;
    const deadline = setTimeout(() => {
      timedOut = new IdleTimeout(totalMs, 'model answer unfinished');
      abort.abort(timedOut);
    }, totalMs);
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = new IdleTimeout(idleMs);
        abort.abort(timedOut);
      }, idleMs);
    };
    let text = '';
    try {
      arm();
      const result = streamText({
        model: req.model,
        system: req.system,
        messages: req.messages,
        ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
        ...(req.maxOutputTokens === undefined ? {} : { maxOutputTokens: req.maxOutputTokens }),
        ...(req.jsonSchema ? { output: Output.object({ schema: req.jsonSchema }) } : {}),
        maxRetries: 0,
        abortSignal: abort.signal,
        // Errors come back through the stream's parts below; the SDK's default logs them to stderr.
        onError: () => {},
      });
      let failure: unknown;
      for await (const part of result.fullStream) {
        arm();
        if (part.type === 'text-delta' && part.text) {
          text += part.text;
          req.onDelta(part.text);
        } else if (part.type === 'error') {
          failure = part.error;
          break;
        } else if (part.type === 'abort') {
          failure = timedOut ?? new Error('aborted');
          break;
        }
      }
      if (failure) throw failure;
      if (timedOut) throw timedOut;
      const usage = await Promise.resolve(result.totalUsage).catch(() => undefined);
      const tokens = usage?.totalTokens ?? (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0);
      return { text, tokens: tokens || Math.ceil(text.length / 3), attempts: attempt };
    } catch (caught) {
      const err = timedOut ?? caught;
      if (req.signal?.aborted || text || attempt > config.LLM_RETRIES || !retryable(err))
        throw new ModelCallError('model call failed', err, attempt);
      const backoff = config.LLM_RETRY_BASE_MS * 2 ** (attempt - 1);
      const hinted = retryAfterMs(err);
      await sleep(
        hinted !== undefined && hinted < 30_000 ? Math.min(Math.max(hinted, 0), backoff * 4) : backoff,
        req.signal,
      );
    } finally {
      clearTimeout(timer);
      clearTimeout(deadline);
      req.signal?.removeEventListener('abort', onOuterAbort);
    }
  }
}
