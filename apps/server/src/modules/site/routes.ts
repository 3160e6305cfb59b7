import {
  ContactRequest,
  OkReply,
  PromptHelperQuery,
  PromptHelperReply,
  PromptHelperRequest,
  SiteConfig,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITS } from '../../core/rate-limits';
import { submitContactRequest } from './contact';
import { seedDemo, shouldSeedDemo } from './demo-seed';
import { writeHelperPrompt } from './prompt-writer';
import { robotsTxt, sitemapXml } from './seo';
import { siteConfig } from './settings';

/** The public site's calls: contact requests, the prompt helper, its config, robots and sitemap. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Сайт'];

  if (shouldSeedDemo(ctx)) app.addHook('onReady', async () => void (await seedDemo(ctx)));

  app.post(
    '/api/notify/client-request',
    {
      schema: { tags, body: ContactRequest, response: { 200: OkReply } },
      config: { rateLimit: RATE_LIMITS.contactRequest },
    },
    async (req) => {
      await submitContactRequest(req.ctx, req.body, req.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/assistant/create-helper',
    {
      schema: { tags, querystring: PromptHelperQuery, body: PromptHelperRequest, response: { 200: PromptHelperReply } },
      config: { rateLimit: RATE_LIMITS.promptHelper },
    },
    async (req) => ({ content: await writeHelperPrompt(req.ctx, req.body.content) }),
  );

  app.get('/api/public/site-config', { schema: { tags, response: { 200: SiteConfig } } }, () => siteConfig(ctx));

  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(ctx.config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(ctx.config.publicUrl)),
  );
};
