import { OkReply, SendSnippetRequest, type SendSnippetRequestParsed } from '@otklik/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../core/errors';
import { RATE_LIMITS } from '../../core/rate-limits';
import { findSnippetAssistant, sendSnippetMail, snippetTarget } from './service';

/**
 * POST /api/assistant/sendSnippet: no authorisation (spec §6), so it is limited three ways —
 * per IP (route config), per assistant and per recipient (checked once the assistant exists).
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const target = (req: FastifyRequest) => snippetTarget(req.body as SendSnippetRequestParsed);
  const limiters = [
    app.createRateLimit({
      ...RATE_LIMITS.sendSnippetPerAssistant,
      keyGenerator: (r) => `snippet:a:${target(r).assistantId}`,
    }),
    app.createRateLimit({ ...RATE_LIMITS.sendSnippetPerRecipient, keyGenerator: (r) => `snippet:to:${target(r).to}` }),
  ];

  app.post(
    '/api/assistant/sendSnippet',
    {
      schema: {
        tags: ['Интеграция'],
        summary: 'Отправить код виджета разработчику',
        body: SendSnippetRequest,
        response: { 200: OkReply },
      },
      config: { rateLimit: RATE_LIMITS.sendSnippet },
    },
    async (req) => {
      const to = snippetTarget(req.body);
      const { botName } = await findSnippetAssistant(req.ctx, to.assistantId);
      for (const limit of limiters) {
        const result = await limit(req);
        if (!result.isAllowed && result.isExceeded) {
          throw tooManyRequests(`Слишком много запросов. Повторите через ${Math.max(1, result.ttlInSeconds)} сек.`);
        }
      }
      await sendSnippetMail(req.ctx, { ...to, botName }, req.body);
      return { ok: true as const };
    },
  );
};
