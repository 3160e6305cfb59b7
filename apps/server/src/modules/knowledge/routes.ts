import { FileDescription, Id, KnowledgeFileList, KnowledgeFileReply, OkReply, SiteScrapeQuery } from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, fail } from '../../core/errors';
import { readMultipart } from '../../core/multipart';
import { perOwner, RATE_LIMITS } from '../../core/rate-limits';
import { contentDisposition } from '../../lib/file-names';
import * as knowledge from './service';

const AssistantParams = z.object({ id: Id });
const FileParams = z.object({ id: Id, fileId: Id });
const DownloadParams = z.object({ fileId: Id });

const BAD_DESCRIPTION = 'Некорректное описание файла (fileDescriptionJson)';

export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // The description may come as a text field, a JSON-typed part or a JSON blob, before or after the file.
      if (!req.isMultipart()) throw fail('fileRequired');
      const { file, json: description } = await readMultipart(req, {
        fileField: 'file',
        jsonField: 'fileDescriptionJson',
        maxFileBytes: knowledge.MAX_UPLOAD_BYTES,
        texts: { tooLarge: knowledge.FILE_TOO_LARGE, badJson: BAD_DESCRIPTION },
      });
      if (!file) throw fail('fileRequired');
      if (file.bytes.length === 0) throw fail('fileEmpty');
      const parsed = FileDescription.safeParse(description ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? BAD_DESCRIPTION);
      const added = await knowledge.addKnowledgeFile(req.ctx, {
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
    (req) => knowledge.listFiles(req.ctx, req.userId, req.params.id),
  );

  app.delete(
    '/api/assistant/:id/file/:fileId',
    { schema: { tags, params: FileParams, response: { 200: OkReply } } },
    async (req) => {
      await knowledge.deleteFile(req.ctx, req.userId, req.params.id, req.params.fileId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/assistant/knowledge/file/:fileId/download',
    { schema: { tags, params: DownloadParams } },
    async (req, reply) => {
      const file = await knowledge.openDownload(req.ctx, req.userId, req.params.fileId);
      return reply
        .header('content-type', file.mimeType.startsWith('text/') ? `${file.mimeType}; charset=utf-8` : file.mimeType)
        .header('content-disposition', contentDisposition(file.name))
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
    async (req) => ({ file: await knowledge.scrapeSite(req.ctx, req.userId, req.params.id, req.query.url) }),
  );
};
