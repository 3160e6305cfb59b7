import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type Bus, memoryBus, redisBus } from '../infra/bus';
import { type Database, openPglite, openPostgres } from '../infra/db';
import { enableVectorStore } from '../infra/db/vector';
import { loadModelClients } from '../infra/llm';
import { type Embedder, embedderFor } from '../infra/llm/embeddings';
import { devMailbox, type Mailer, smtpMailer } from '../infra/mail';
import { type Metrics, noMetrics, prometheusMetrics } from '../infra/metrics';
import { bullQueue, memoryQueue, type Queue } from '../infra/queue';
import { ensureWritableDir, probePostgres, probeRedis } from '../infra/startup';
import { localStorage, type Storage } from '../infra/storage';

/** Everything a module needs from the outside world, one implementation per runtime mode. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Database['db'];
  bus: Bus;
  queue: Queue;
  mailer: Mailer;
  storage: Storage;
  /** Prometheus counts (GET /metrics); no-ops unless METRICS_TOKEN is set. */
  metrics: Metrics;
  /**
   * Present when an embeddings model is configured and the database has pgvector: passages are
   * then embedded on ingestion and vector similarity is fused into retrieval. Absent, retrieval
   * is lexical only and nothing of vectors runs.
   */
  embeddings?: Embedder;
  log: FastifyBaseLogger;
  /** Prefix for shared Redis keys, so that test apps sharing one Redis never see each other. */
  redisPrefix: string;
}

const ROOT = Symbol('the app context');

/**
 * The app's context with a request's logger: what the engine writes through `ctx.log` while it
 * serves the request carries the request's id. (An AsyncLocalStorage did this for every line of
 * every request, but in Node 20 it puts a hook on every promise the server makes: a million
 * awaits took 110 ms without it and 290–515 ms with it.) Anything keyed by the context finds the app's
 * through rootContext.
 */
export function requestContext(ctx: AppContext, log: FastifyBaseLogger): AppContext {
  return Object.create(ctx, { log: { value: log, enumerable: true }, [ROOT]: { value: rootContext(ctx) } });
}

/** The app's own context behind a request's (requestContext), or the context itself. */
export function rootContext<T extends object>(ctx: T): T {
  return (ctx as { [ROOT]?: T })[ROOT] ?? ctx;
}

export interface ContextOptions {
  /** PGlite in memory instead of DATA_DIR/db (tests). */
  inMemoryDb?: boolean;
  /** An already opened database (tests on PostgreSQL make one per file). */
  database?: Database;
  redisPrefix?: string;
}

export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  opts: ContextOptions = {},
): Promise<AppContext> {
  const redisPrefix = opts.redisPrefix ?? 'otklik';
  // What is out of reach stops the start with one clear line (main), before anything half opens.
  await ensureWritableDir(config.dataDir);
  if (config.DATABASE_URL && !opts.database) await probePostgres(config.DATABASE_URL);
  if (config.REDIS_URL) await probeRedis(config.REDIS_URL);
  await loadModelClients(config);
  const embedder = embedderFor(config);
  const database =
    opts.database ??
    (config.DATABASE_URL
      ? await openPostgres(config.DATABASE_URL, (err) => log.warn({ err }, 'idle database connection closed'))
      : await openPglite(opts.inMemoryDb ? undefined : path.join(config.dataDir, 'db'), { vector: Boolean(embedder) }));
  const embeddings = embedder && (await withVectorStore(database, embedder, log));
  const bus = config.REDIS_URL ? await redisBus(config.REDIS_URL, `${redisPrefix}:bus:`) : memoryBus();
  const queue = config.REDIS_URL ? await bullQueue(config.REDIS_URL, log, `${redisPrefix}:q`) : memoryQueue(log);
  const mailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : devMailbox(path.join(config.dataDir, 'mail'), config.MAIL_FROM);
  const storage = localStorage(path.join(config.dataDir, 'files'));
  const metrics = config.METRICS_TOKEN ? await prometheusMetrics() : noMetrics;
  metrics.gauge('queue_depth', () => queue.depth());
  return {
    config,
    database,
    db: database.db,
    bus,
    queue,
    mailer,
    storage,
    metrics,
    ...(embeddings ? { embeddings } : {}),
    log,
    redisPrefix,
  };
}

async function withVectorStore(
  database: Database,
  embedder: Embedder,
  log: FastifyBaseLogger,
): Promise<Embedder | undefined> {
  const support = await enableVectorStore(database);
  if (support.ok) {
    log.info({ model: embedder.model }, 'vector retrieval on: embeddings stored with pgvector');
    return embedder;
  }
  log.warn(
    { reason: support.reason },
    'embeddings model configured but the database has no pgvector: lexical retrieval only',
  );
  return undefined;
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.queue.close();
  await ctx.bus.close();
  ctx.mailer.close();
  await ctx.database.close();
}
