import type { LanguageModelV3 } from '@ai-sdk/provider';
import { DEFAULT_MODEL, LOCAL_MODEL, LOCAL_MODEL_NAME, type ModelOption, modelProvider } from '@otklik/contract';
import type { Config } from '../../config';
import { type LlmConfig, languageModelFor } from '../../infra/llm';

type ProviderConfig = Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OLLAMA_URL' | 'GIGACHAT_CREDENTIALS'>;

/** Always offered (spec §3, §9); answered by OpenAI or a compatible API when one is configured. */
const OPENAI_MODELS = [DEFAULT_MODEL, 'gpt-4o'] as const;
/** GigaChat's public model names. */
export const GIGACHAT_MODELS = ['GigaChat', 'GigaChat-Pro', 'GigaChat-Max'] as const;
const OLLAMA_NAME = /^[\w.:/-]{1,120}$/;
const OLLAMA_TIMEOUT_MS = 1500;
const OLLAMA_CACHE_MS = 60_000;

export const openaiConfigured = (c: ProviderConfig) => Boolean(c.OPENAI_API_KEY || c.OPENAI_BASE_URL);

let ollamaCache: { url: string; at: number; names: string[] } | undefined;

/** The models pulled into the Ollama server (GET /api/tags), cached for a minute; none if it is unreachable. */
async function ollamaModels(url: string): Promise<string[]> {
  if (ollamaCache && ollamaCache.url === url && Date.now() - ollamaCache.at < OLLAMA_CACHE_MS) return ollamaCache.names;
  let names: string[] = [];
  try {
    const res = await fetch(new URL('/api/tags', url), { signal: AbortSignal.timeout(OLLAMA_TIMEOUT_MS) });
    if (res.ok) {
      const body = (await res.json()) as { models?: { name?: unknown }[] };
      names = (body.models ?? [])
        .map((m) => m.name)
        .filter((n): n is string => typeof n === 'string' && OLLAMA_NAME.test(n))
        .slice(0, 50);
    }
  } catch {
    // Unreachable or not Ollama: offer none of its models, keep the cache short so it recovers.
    ollamaCache = { url, at: Date.now() - OLLAMA_CACHE_MS + 5000, names: [] };
    return [];
  }
  ollamaCache = { url, at: Date.now(), names };
  return names;
}

/** GET /api/models: what the data form offers on this server (ARCHITECTURE §2). */
export async function listModels(config: ProviderConfig): Promise<ModelOption[]> {
  const openai = openaiConfigured(config);
  const list: ModelOption[] = OPENAI_MODELS.map((id) => ({ id, name: id, provider: 'openai', available: openai }));
  if (config.OLLAMA_URL) {
    for (const name of await ollamaModels(config.OLLAMA_URL)) {
      list.push({ id: `ollama:${name}`, name: `Ollama: ${name}`, provider: 'ollama', available: true });
    }
  }
  if (config.GIGACHAT_CREDENTIALS) {
    for (const name of GIGACHAT_MODELS) {
      list.push({ id: `gigachat:${name}`, name, provider: 'gigachat', available: true });
    }
  }
  list.push({ id: LOCAL_MODEL, name: LOCAL_MODEL_NAME, provider: 'local', available: true });
  return list;
}

/**
 * Whether an assistant may be set to this model. Checked without the network: any well-formed
 * Ollama name is accepted while Ollama is configured (its list may be momentarily unreachable).
 */
export function isKnownModel(config: ProviderConfig, id: string): boolean {
  switch (modelProvider(id)) {
    case 'local':
      return true;
    case 'openai':
      return (OPENAI_MODELS as readonly string[]).includes(id);
    case 'ollama':
      return Boolean(config.OLLAMA_URL) && OLLAMA_NAME.test(id.slice('ollama:'.length));
    case 'gigachat':
      return Boolean(config.GIGACHAT_CREDENTIALS) && (GIGACHAT_MODELS as readonly string[]).includes(id.slice(9));
  }
}

/**
 * The model for the service's own writing (synonyms, the prompt helper), where no assistant
 * chose one: the default OpenAI model, else GigaChat, else the first Ollama model; none when
 * only the local answerer is configured.
 */
export async function defaultProviderModel(config: LlmConfig): Promise<LanguageModelV3 | undefined> {
  if (openaiConfigured(config)) return languageModelFor(config, DEFAULT_MODEL);
  if (config.GIGACHAT_CREDENTIALS) return languageModelFor(config, `gigachat:${GIGACHAT_MODELS[0]}`);
  if (config.OLLAMA_URL) {
    const ollama = (await listModels(config)).find((m) => m.provider === 'ollama');
    if (ollama) return languageModelFor(config, ollama.id);
  }
  return undefined;
}
