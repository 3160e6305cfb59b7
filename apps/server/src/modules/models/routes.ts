import { ModelList } from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listModels } from './service';

export const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/models',
    {
      onRequest: app.authenticate,
      schema: { tags: ['Ассистенты'], security: [{ bearer: [] }], response: { 200: ModelList } },
    },
    () => listModels(app.ctx.config),
  );
};
