import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const Port = z.coerce.number().int().min(1).max(65535);
const Url = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
    message: `ожидается адрес вида ${protocols.map((p) => `${p}://…`).join(' или ')}`,
  });
const Flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: Port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: Url(['http', 'https']).optional(),
  DATABASE_URL: Url(['postgres', 'postgresql']).optional(),
  REDIS_URL: Url(['redis', 'rediss']).optional(),
  SMTP_URL: Url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Отклик <noreply@otklik.local>'),
  SUPPORT_EMAIL: z.email().default('support@otklik.ru'),
  /** Telegram handle of the support bot (footer, unlimited plan), without the @. */
  SUPPORT_TELEGRAM: z
    .string()
    .regex(/^\w{5,32}$/, 'ожидается имя в Telegram без @')
    .default('otklik_support_bot'),
  /** The assistant whose widget the product shows on its own pages; by default the seeded demo assistant. */
  SITE_ASSISTANT_ID: z.uuid().optional(),
  /** Seed the demo account and site assistant on start: default on in the embedded mode outside tests. */
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Whose X-Forwarded-For to believe for the client's address (rate limits, contact requests):
   * nobody by default, so a client cannot pick its own address; behind a reverse proxy `true`
   * (any) or the proxies' addresses and networks separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): boolean | string[] => {
      if (v === undefined || v === 'false') return false;
      if (v === 'true') return true;
      const list = v.split(',').map((a) => a.trim());
      if (list.every((a) => isIP(a.replace(/\/\d{1,3}$/, '')) !== 0)) return list;
      ctx.addIssue({ code: 'custom', message: 'ожидается true, false или адреса прокси через запятую' });
      return z.NEVER;
    }),
  /** Test-only: lets the site scraper reach loopback addresses. */
  SCRAPE_ALLOW_LOOPBACK: Flag,
  /** Switches rate limits off; only for benchmarks. */
  RATE_LIMIT_OFF: Flag,
  /** Language-model providers (ARCHITECTURE §2); with none set, the built-in local answerer serves. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: Url(['http', 'https']).optional(),
  OLLAMA_URL: Url(['http', 'https']).optional(),
  GIGACHAT_CREDENTIALS: z.string().min(1).optional(),
  GIGACHAT_SCOPE: z.enum(['GIGACHAT_API_PERS', 'GIGACHAT_API_B2B', 'GIGACHAT_API_CORP']).default('GIGACHAT_API_PERS'),
  /** Overrides of the GigaChat API and OAuth addresses (tests, proxies). */
  GIGACHAT_BASE_URL: Url(['http', 'https']).optional(),
  GIGACHAT_AUTH_URL: Url(['http', 'https']).optional(),
  /**
   * Embeddings for vector retrieval (ARCHITECTURE §2): a model of the OpenAI-compatible API, or
   * `ollama:<name>`; `off` switches them off. Resolved in loadConfig (the default depends on the
   * providers set).
   */
  EMBEDDINGS_MODEL: z
    .string()
    .regex(/^[\w.:/-]{1,200}$/, 'ожидается имя модели эмбеддингов, `ollama:<имя>` или off')
    .optional(),
  /** A model call is abandoned after this long without a streamed chunk (and 3× this in total). */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Retries of a model call refused with 429/5xx or timed out before its first chunk. */
  LLM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** First backoff between retries, doubling each time (a shorter Retry-After wins). */
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Model tokens one assistant may spend per UTC day (0: no limit); beyond it the local answerer replies. */
  LLM_DAILY_TOKENS: z.coerce.number().int().min(0).default(200_000),
  /** Comment lines keeping a visitor's event stream open through proxies (tests shorten it). */
  SSE_PING_MS: z.coerce.number().int().min(50).max(120_000).default(25_000),
  /** The Telegram Bot API (tests point it at a server on loopback). */
  TELEGRAM_API_ROOT: Url(['http', 'https']).default('https://api.telegram.org'),
  /** Seconds a getUpdates long poll waits for updates. */
  TELEGRAM_POLL_TIMEOUT_S: z.coerce.number().int().min(0).max(50).default(25),
  /** How often an instance looks for bots nobody polls (another instance stopped): tests shorten it. */
  TELEGRAM_RECONCILE_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  /** How often an instance looks for owners due their monthly statistics mail (sent from the 1st, Moscow time). */
  STATISTICS_REPORT_CHECK_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** Turns GET /metrics (Prometheus) on, answered only with `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'нужен токен не короче 16 символов').optional(),
  /**
   * How long a stopping process (SIGTERM) waits for streamed answers and queued jobs before it
   * leaves anyway; keep it below the orchestrator's grace period (docker compose: stop_grace_period).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** STOMP heart-beat of the live channel, both ways (tests shorten it); a client silent for three is gone. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
});

export type Config = z.infer<typeof Env> & {
  dataDir: string;
  publicUrl: string;
};

export class ConfigError extends Error {}

/** Reads the settings from environment variables; a wrong value becomes one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'окружение';
    const value = cleaned[name];
    throw new ConfigError(
      `Неверная настройка ${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue?.message ?? 'ошибка'}`,
    );
  }
  const c = parsed.data;
  return {
    ...c,
    EMBEDDINGS_MODEL: embeddingsModel(c),
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}

/**
 * The embeddings model to use, or undefined for none (lexical retrieval only). The default is
 * OpenAI's own `text-embedding-3-small`, but only with OpenAI itself: an OpenAI-compatible API
 * (OPENAI_BASE_URL) names its models differently, so there the model must be chosen explicitly.
 */
function embeddingsModel(c: z.infer<typeof Env>): string | undefined {
  const id = c.EMBEDDINGS_MODEL;
  if (id === undefined) return c.OPENAI_API_KEY && !c.OPENAI_BASE_URL ? 'text-embedding-3-small' : undefined;
  if (id === 'off') return undefined;
  const wrong = (why: string) => new ConfigError(`Неверная настройка EMBEDDINGS_MODEL=${JSON.stringify(id)}: ${why}`);
  if (id.startsWith('gigachat:')) throw wrong('эмбеддинги GigaChat не поддерживаются');
  if (id.startsWith('ollama:')) {
    if (id.length === 'ollama:'.length) throw wrong('ожидается ollama:<имя модели>');
    if (!c.OLLAMA_URL) throw wrong('для моделей ollama:<имя> нужен OLLAMA_URL');
  } else if (!c.OPENAI_API_KEY && !c.OPENAI_BASE_URL) throw wrong('нужен OPENAI_API_KEY или OPENAI_BASE_URL');
  return id;
}
