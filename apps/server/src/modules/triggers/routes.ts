import { Id, OkReply, TriggerList, TriggerListInput } from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service';

const AssistantParams = z.object({ id: Id });
const TriggerParams = z.object({ id: Id, triggerId: Id });

/** Spec §7 "Triggers". */
export const triggerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Триггеры'];
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v1/assistant/:id/triggers',
    { schema: { tags, params: AssistantParams, response: { 200: TriggerList } } },
    (req) => service.listTriggers(req.ctx, req.userId, req.params.id),
  );

  app.post(
    '/api/v1/assistant/:id/triggers',
    { schema: { tags, params: AssistantParams, body: TriggerListInput, response: { 200: TriggerList } } },
    (req) => service.saveTriggers(req.ctx, req.userId, req.params.id, req.body),
  );

  app.delete(
    '/api/v1/assistant/:id/triggers/:triggerId',
    { schema: { tags, params: TriggerParams, response: { 200: OkReply } } },
    async (req) => {
      await service.deleteTrigger(req.ctx, req.userId, req.params.id, req.params.triggerId);
      return { ok: true as const };
    },
  );
};
