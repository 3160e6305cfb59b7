import {
  ASSISTANT_TEXTS,
  Assistant,
  AssistantCreateReply,
  AssistantCreateRequest,
  AssistantList,
  AssistantPatchRequest,
  Id,
  KNOWLEDGE_FILE_MAX_BYTES,
  OkReply,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { readMultipart } from '../../core/multipart';
import { FILE_TOO_LARGE } from '../knowledge';
import * as assistantService from './service';

const Params = z.object({ id: Id });

export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Ассистенты'];
  const owner = { onRequest: app.authenticate };
  const security = [{ bearer: [] }];

  app.get('/api/assistant', { ...owner, schema: { tags, security, response: { 200: AssistantList } } }, (req) =>
    assistantService.listAssistants(req.ctx, req.userId),
  );

  app.get(
    '/api/assistant/:id',
    { ...owner, schema: { tags, security, params: Params, response: { 200: Assistant } } },
    (req) => assistantService.getAssistant(req.ctx, req.userId, req.params.id),
  );

  app.post(
    '/api/assistant/create',
    {
      ...owner,
      schema: {
        tags,
        security,
        description: "multipart/form-data: 'file' (необязательно) и 'requestJson' (JSON AssistantCreateRequest)",
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: AssistantCreateReply },
      },
    },
    async (req) => {
      // The form of spec §7 (multipart: an optional file and requestJson), or the JSON alone.
      const { json: requestJson, file } = req.isMultipart()
        ? await readMultipart(req, {
            fileField: 'file',
            jsonField: 'requestJson',
            maxFileBytes: KNOWLEDGE_FILE_MAX_BYTES,
            texts: { tooLarge: FILE_TOO_LARGE, badJson: ASSISTANT_TEXTS.badRequestJson },
          })
        : { json: req.body, file: undefined };
      const parsed = AssistantCreateRequest.safeParse(requestJson ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? ASSISTANT_TEXTS.badRequestJson);
      return assistantService.createAssistant(req.ctx, req.userId, parsed.data, file);
    },
  );

  app.patch(
    '/api/assistant/:id',
    { ...owner, schema: { tags, security, params: Params, body: AssistantPatchRequest, response: { 200: Assistant } } },
    (req) => assistantService.patchAssistant(req.ctx, req.userId, req.params.id, req.body),
  );

  app.delete(
    '/api/assistant/:id',
    { ...owner, schema: { tags, security, params: Params, response: { 200: OkReply } } },
    async (req) => {
      await assistantService.deleteAssistant(req.ctx, req.userId, req.params.id);
      return { ok: true as const };
    },
  );
};
