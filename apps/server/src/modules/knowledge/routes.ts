import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { FileDescription, Id, KnowledgeFileList, KnowledgeFileReply, OkReply, SiteScrapeQuery } from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, payloadTooLarge } from '../../errors';
import { perOwner, RATE_LIMITS } from '../../http/rate-limits';
import * as knowledge from './service';

const AssistantParams = z.object({ id: Id });
const FileParams = z.object({ id: Id, fileId: Id });
const DownloadParams = z.object({ fileId: Id });

export const FILE_REQUIRED = 'Файл не выбран';
const BAD_DESCRIPTION = 'Некорректное описание файла (fileDescriptionJson)';

export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['База знаний'];
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/api/assistant/:id/file',
    {
      schema: {
        tags,
        params: AssistantParams,
        consumes: ['multipart/form-data'],
        response: { 200: KnowledgeFileReply },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest(FILE_REQUIRED);
      let file: { filename: string; bytes: Buffer } | undefined;
      let description: unknown = {};
      try {
        // The description may come as a text field or as a JSON blob part, before or after the file.
        for await (const part of req.parts({ limits: { files: 2, fileSize: knowledge.MAX_UPLOAD_BYTES } })) {
          if (part.type === 'file') {
            const bytes = await (part as MultipartFile).toBuffer();
            if (part.fieldname === 'fileDescriptionJson') description = parseJson(bytes.toString('utf8'));
            else if (part.fieldname === 'file') file = { filename: part.filename, bytes };
          } else if (part.fieldname === 'fileDescriptionJson') {
            description = parseJson(String((part as MultipartValue).value ?? ''));
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(knowledge.FILE_TOO_LARGE);
        if (code === 'FST_FILES_LIMIT') throw badRequest('Можно загрузить только один файл за раз');
        throw err;
      }
      if (!file || file.bytes.length === 0) throw badRequest(file ? 'Файл пустой.' : FILE_REQUIRED);
      const parsed = FileDescription.safeParse(description ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? BAD_DESCRIPTION);
      const added = await knowledge.addKnowledgeFile(ctx, {
        userId: req.userId,
        assistantId: req.params.id,
        filename: file.filename,
        bytes: file.bytes,
        ...parsed.data,
      });
      return { file: added };
    },
  );

  app.get(
    '/api/assistant/:id/knowledge',
    { schema: { tags, params: AssistantParams, response: { 200: KnowledgeFileList } } },
    (req) => knowledge.listFiles(ctx, req.userId, req.params.id),
  );

  app.delete(
    '/api/assistant/:id/file/:fileId',
    { schema: { tags, params: FileParams, response: { 200: OkReply } } },
    async (req) => {
      await knowledge.deleteFile(ctx, req.userId, req.params.id, req.params.fileId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/assistant/knowledge/file/:fileId/download',
    { schema: { tags, params: DownloadParams } },
    async (req, reply) => {
      const file = await knowledge.openDownload(ctx, req.userId, req.params.fileId);
      return reply
        .header('content-type', file.mimeType.startsWith('text/') ? `${file.mimeType}; charset=utf-8` : file.mimeType)
        .header('content-disposition', knowledge.contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.post(
    '/api/assistant/:id/site-scrape',
    {
      schema: { tags, params: AssistantParams, querystring: SiteScrapeQuery, response: { 200: KnowledgeFileReply } },
      config: { rateLimit: { ...RATE_LIMITS.siteScrape, keyGenerator: perOwner('site-scrape') } },
    },
    async (req) => ({ file: await knowledge.scrapeSite(ctx, req.userId, req.params.id, req.query.url) }),
  );
};

function parseJson(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(BAD_DESCRIPTION);
  }
}
