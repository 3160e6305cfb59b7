import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { authPlugin } from './core/auth';
import { type AppContext, type ContextOptions, closeContext, createContext, requestContext } from './core/context';
import { registerErrorHandler } from './core/error-handler';
import { loggerOptions } from './core/logging';
import { registerSecurityHeaders } from './core/security-headers';
import { startMaintenance } from './infra/db';
import { answerRoutes } from './modules/answers';
import { assistantRoutes } from './modules/assistants';
import { authRoutes, userIdForToken } from './modules/auth';
import { chatRoutes } from './modules/chats';
import { messagesInFlight, setTriggerHook, startConversationEngine } from './modules/conversations';
import { devMailRoutes } from './modules/dev-mail';
import { integrationRoutes } from './modules/integration';
import { knowledgeRoutes, registerKnowledgeJobs, resumeUnfinishedFiles } from './modules/knowledge';
import { attachLiveEndpoint } from './modules/live';
import { registerMailJobs } from './modules/mail';
import { registerMetrics } from './modules/metrics';
import { modelRoutes } from './modules/models';
import { notificationRoutes, startNotifications } from './modules/notifications';
import { publicRoutes, widgetScriptRoute } from './modules/public';
import { siteRoutes } from './modules/site';
import { startMonthlyReports, statisticsRoutes } from './modules/statistics';
import { startTelegram, telegramRoutes } from './modules/telegram';
import { runTriggers, triggerRoutes } from './modules/triggers';
import { userRoutes } from './modules/users';
import { registerWebApp } from './modules/web';
import { widgetRoutes } from './modules/widgets';

z.config(z.locales.ru());

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The app's context with this request's logger (core/context requestContext). */
    ctx: AppContext;
  }
}

export interface BuildOptions extends ContextOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, opts),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const ctx = await createContext(config, app.log, opts);
  app.decorate('ctx', ctx);
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      return requestContext(ctx, this.log);
    },
  });
  app.addHook('onClose', async () => closeContext(ctx));
  registerMailJobs(ctx);
  registerKnowledgeJobs(ctx);
  // Jobs lost with a previous process (the in-process queue keeps none) are queued again; a
  // failure here is logged, not fatal: the server still serves, and the next start tries again.
  app.addHook('onReady', async () => {
    await resumeUnfinishedFiles(ctx).catch((err: unknown) =>
      app.log.error({ err }, 'could not queue unfinished knowledge files again'),
    );
  });
  setTriggerHook(ctx, runTriggers);
  // The owner's alerts wait while visitors are being answered (infra/queue, JobOptions.background).
  ctx.queue.yieldTo(() => messagesInFlight() > 0);
  const stopNotifications = await startNotifications(ctx);
  const stopEngine = await startConversationEngine(ctx);
  // The bus may be closed already (the context's own onClose): nothing is left to unsubscribe from.
  app.addHook('onClose', async () => {
    await stopEngine().catch(() => undefined);
    await stopNotifications().catch(() => undefined);
  });
  // Bots start polling once the server is up and stop before anything closes.
  let stopTelegram: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopTelegram = await startTelegram(ctx);
  });
  app.addHook('preClose', async () => stopTelegram?.());
  // The monthly statistics mail, and the database's own upkeep: checked hourly once the server is up.
  let stopReports: (() => void) | undefined;
  let stopMaintenance: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopReports = startMonthlyReports(ctx);
    stopMaintenance = startMaintenance(ctx.database, (err) => app.log.warn({ err }, 'database upkeep failed'));
  });
  app.addHook('preClose', async () => {
    stopReports?.();
    stopMaintenance?.();
  });

  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Отклик API', description: 'API сервиса ИИ-ассистентов поддержки', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(fastifyRateLimit, {
    global: false,
    ...(config.REDIS_URL
      ? { redis: await rateLimitRedis(app, config.REDIS_URL), nameSpace: `${ctx.redisPrefix}:rl:` }
      : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Слишком много запросов. Повторите через ${Math.max(1, Math.ceil(context.ttl / 1000))} сек.`,
    }),
    ...(config.RATE_LIMIT_OFF ? { allowList: () => true } : {}),
  });
  // Only the visitor API is called from customers' sites (any origin, no credentials); the cabinet is same-origin.
  await app.register(fastifyCors, {
    delegator: (req, cb) =>
      cb(
        null,
        (req.url ?? '').startsWith('/api/public/')
          ? { origin: '*', methods: ['GET', 'POST'], allowedHeaders: ['Authorization', 'Content-Type'], maxAge: 600 }
          : { origin: false },
      ),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10 } });
  const resolveToken = (token: string) => userIdForToken(ctx.db, token);
  await app.register(authPlugin, { resolveToken });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  registerMetrics(app);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(siteRoutes);
  await app.register(assistantRoutes);
  await app.register(widgetRoutes);
  await app.register(modelRoutes);
  await app.register(knowledgeRoutes);
  await app.register(answerRoutes);
  await app.register(integrationRoutes);
  await app.register(triggerRoutes);
  await app.register(chatRoutes);
  await app.register(telegramRoutes);
  await app.register(notificationRoutes);
  await app.register(statisticsRoutes);
  await app.register(publicRoutes);
  await app.register(widgetScriptRoute);
  if (ctx.mailer.mailboxDir) await app.register(devMailRoutes(ctx.mailer.mailboxDir));

  const live = attachLiveEndpoint(app, ctx, { resolveToken });
  ctx.metrics.gauge('live_sessions', () => live.size);
  closeConnectionsAsTheyIdle(app);

  if (opts.serveWeb !== false) await registerWebApp(app);
  else app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Не найдено' }));
  return app;
}

/**
 * While the server closes, requests in flight (a streamed answer) run to their end; the
 * kept-alive connection each leaves behind would then hold the close open for the keep-alive
 * timeout. Node closes only the connections idle at the moment of close(), so the idle ones
 * are swept again until the server has closed.
 */
function closeConnectionsAsTheyIdle(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}

async function rateLimitRedis(app: FastifyInstance, url: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
