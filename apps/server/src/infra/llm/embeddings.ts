import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import type { Config } from '../../config';
import { ollamaProvider, openaiProvider } from './index';

export type EmbeddingsConfig = Pick<
  Config,
  'EMBEDDINGS_MODEL' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OLLAMA_URL' | 'LLM_TIMEOUT_MS' | 'LLM_RETRIES'
>;

/** Texts that turn passages and questions into vectors; one model per server. */
export interface Embedder {
  /** The model id, stored beside every vector: vectors of different models are never compared. */
  model: string;
  /**
   * One vector per text, in order. Throws when the provider fails or takes longer than
   * `timeoutMs` (LLM_TIMEOUT_MS by default); `retries` defaults to LLM_RETRIES.
   */
  embed(texts: string[], opts?: { timeoutMs?: number; retries?: number }): Promise<number[][]>;
  /** How long a visitor's question may wait for its vector before retrieval goes on lexically. */
  questionTimeoutMs: number;
}

/** A visitor waits for the answer: a slow embeddings provider must not hold it up for long. */
const QUESTION_TIMEOUT_MS = 1500;

/** Provider inputs are cut here: passages are far shorter, and every embeddings API has a token cap. */
const MAX_CHARS = 6000;

/** The embedding model of EMBEDDINGS_MODEL (`<name>` or `ollama:<name>`), or undefined when none is configured. */
export function embeddingModelFor(config: EmbeddingsConfig): EmbeddingModelV3 | undefined {
  const id = config.EMBEDDINGS_MODEL;
  if (!id) return undefined;
  if (id.startsWith('ollama:')) return ollamaProvider(config)?.embeddingModel(id.slice('ollama:'.length));
  return openaiProvider(config)?.embeddingModel(id);
}

export function embedderFor(config: EmbeddingsConfig): Embedder | undefined {
  const model = embeddingModelFor(config);
  const id = config.EMBEDDINGS_MODEL;
  if (!model || !id) return undefined;
  return {
    model: id,
    questionTimeoutMs: Math.min(QUESTION_TIMEOUT_MS, config.LLM_TIMEOUT_MS),
    async embed(texts, opts = {}) {
      if (texts.length === 0) return [];
      const { embedMany } = await import('ai');
      const { embeddings } = await embedMany({
        model,
        values: texts.map((t) => t.slice(0, MAX_CHARS)),
        maxRetries: opts.retries ?? config.LLM_RETRIES,
        // Two requests at a time: ingestion of a large file must not hog the provider's rate limit.
        maxParallelCalls: 2,
        abortSignal: AbortSignal.timeout(opts.timeoutMs ?? config.LLM_TIMEOUT_MS),
      });
      if (embeddings.length !== texts.length) throw new Error('embeddings provider returned a wrong count');
      return embeddings;
    },
  };
}
