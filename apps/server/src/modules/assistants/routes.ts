import type { MultipartFile, MultipartValue } from '@fastify/multipart';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, payloadTooLarge } from '../../errors';
import { FILE_TOO_LARGE } from '../knowledge/service';
import * as assistantService from './service';

const Params = z.object({ id: Id });

export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Ассистенты'];
  const owner = { onRequest: app.authenticate };
  const security = [{ bearer: [] }];

  app.get('/api/assistant', { ...owner, schema: { tags, security, response: { 200: AssistantList } } }, (req) =>
    assistantService.listAssistants(ctx, req.userId),
  );

  app.get(
    '/api/assistant/:id',
    { ...owner, schema: { tags, security, params: Params, response: { 200: Assistant } } },
    (req) => assistantService.getAssistant(ctx, req.userId, req.params.id),
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
      const { requestJson, file } = req.isMultipart()
        ? await readCreateForm(req)
        : { requestJson: req.body, file: undefined };
      const parsed = AssistantCreateRequest.safeParse(requestJson ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? ASSISTANT_TEXTS.badRequestJson);
      return assistantService.createAssistant(ctx, req.userId, parsed.data, file);
    },
  );

  app.patch(
    '/api/assistant/:id',
    { ...owner, schema: { tags, security, params: Params, body: AssistantPatchRequest, response: { 200: Assistant } } },
    (req) => assistantService.patchAssistant(ctx, req.userId, req.params.id, req.body),
  );

  app.delete(
    '/api/assistant/:id',
    { ...owner, schema: { tags, security, params: Params, response: { 200: OkReply } } },
    async (req) => {
      await assistantService.deleteAssistant(ctx, req.userId, req.params.id);
      return { ok: true as const };
    },
  );
};

/**
 * The creation form: `requestJson` as a text field or a JSON blob part (browsers' FormData
 * allows both), and an optional `file`. A file input left empty sends a nameless empty part,
 * which counts as no file (spec §5: creation proceeds without one).
 */
async function readCreateForm(req: FastifyRequest) {
  let requestJson: unknown;
  let file: assistantService.UploadedFile | undefined;
  try {
    for await (const part of req.parts({ limits: { files: 2, fileSize: KNOWLEDGE_FILE_MAX_BYTES } })) {
      if (part.type === 'file') {
        const bytes = await (part as MultipartFile).toBuffer();
        if (part.fieldname === 'requestJson') requestJson = parseJson(bytes.toString('utf8'));
        else if (part.fieldname === 'file' && (part.filename || bytes.length > 0)) {
          file = { filename: part.filename || 'файл', bytes };
        }
      } else if (part.fieldname === 'requestJson') {
        requestJson = parseJson(String((part as MultipartValue).value ?? ''));
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(FILE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Можно загрузить только один файл');
    throw err;
  }
  return { requestJson, file };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(ASSISTANT_TEXTS.badRequestJson);
  }
}
