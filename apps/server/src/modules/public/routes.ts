import {
  OkReply,
  PublicWidget,
  VISITOR_ATTACHMENT_MAX_BYTES,
  VisitorAttachmentReply,
  VisitorCreated,
  VisitorHistory,
  VisitorPhoneRequest,
  type VisitorPush,
  VisitorSendRequest,
} from '@otklik/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../core/auth';
import { AppError, fail, forbidden, notFound } from '../../core/errors';
import { readMultipart } from '../../core/multipart';
import { RATE_LIMITS } from '../../core/rate-limits';
import { cleanFileName, contentDisposition } from '../../lib/file-names';
import * as conversations from '../conversations';
import { type ConversationEvent, ENGINE_TEXTS } from '../conversations';
import { openSse } from './sse';
import * as visitors from './visitor-service';

const Params = z.object({ assistantId: z.string().max(64) });
const FileParams = Params.extend({ file: z.string().max(64), name: z.string().max(400) });
const EventsQuery = z.object({ token: z.string().max(200).optional() });

/** Rate limits count per client address and assistant (one busy site never blocks another). */
const perAssistant = (name: string) => (req: FastifyRequest) =>
  `${name}|${req.ip}|${(req.params as { assistantId?: string }).assistantId ?? ''}`;

/**
 * The visitor API of ARCHITECTURE §3, called by the embedded widget from any site (CORS open,
 * no cookies: the visitor's bearer token is the only credential). No owner data in any reply.
 */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Виджет: посетитель'];
  const base = '/api/public/assistants/:assistantId';
  const pingMs = ctx.config.SSE_PING_MS;
  // Open event streams end before the server closes (they would otherwise hold it open).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of [...streams]) stop();
  });

  app.get(
    `${base}/widget`,
    { schema: { tags, params: Params, response: { 200: PublicWidget } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return visitors.publicWidget(req.ctx, req.params.assistantId);
    },
  );

  app.post(
    `${base}/visitors`,
    {
      schema: { tags, params: Params, response: { 201: VisitorCreated } },
      config: {
        rateLimit: {
          ...RATE_LIMITS.visitorCreate,
          keyGenerator: perAssistant('visitors'),
          errorResponseBuilder: () => new AppError(429, ENGINE_TEXTS.tooManyVisitors),
        },
      },
    },
    async (req, reply) => reply.code(201).send(await visitors.createWebVisitor(req.ctx, req.params.assistantId)),
  );

  app.get(
    `${base}/messages`,
    { schema: { tags, params: Params, response: { 200: VisitorHistory }, security: [{ bearer: [] }] } },
    async (req) => {
      const visitor = await visitors.requireVisitor(req.ctx, req.params.assistantId, bearerToken(req));
      return { messages: await visitors.visitorHistory(req.ctx, visitor) };
    },
  );

  app.post(
    `${base}/messages`,
    {
      schema: {
        tags,
        params: Params,
        body: VisitorSendRequest,
        produces: ['text/event-stream'],
        security: [{ bearer: [] }],
        description:
          'Ответ приходит потоком text/event-stream: события `delta` ({text}), затем одно `message` ({message}); `error` ({message}) при сбое; `done` ({}) когда беседу ведёт оператор.',
      },
      config: {
        rateLimit: {
          ...RATE_LIMITS.visitorMessage,
          keyGenerator: perAssistant('messages'),
          errorResponseBuilder: () => new AppError(429, ENGINE_TEXTS.tooManyMessages),
        },
      },
    },
    async (req, reply) => {
      const visitor = await visitors.requireVisitorId(req.ctx, req.params.assistantId, bearerToken(req));
      const sse = openSse(req, reply);
      try {
        const result = await conversations.handleIncomingMessage(req.ctx, {
          assistantId: visitor.assistantId,
          visitorId: visitor.id,
          channel: 'web',
          content: req.body.content,
          onDelta: (text) => sse.event('delta', { text }),
          signal: sse.signal,
        });
        if (result.answer) sse.event('message', { message: visitors.toVisitorMessage(result.answer) });
        else if (result.failed) sse.event('error', { message: ENGINE_TEXTS.fallback });
        else sse.event('done', {});
      } catch (err) {
        req.log.error({ err }, 'visitor message failed');
        sse.event('error', { message: ENGINE_TEXTS.fallback });
      } finally {
        sse.end();
      }
      return reply;
    },
  );

  app.get(
    `${base}/events`,
    { schema: { tags, params: Params, querystring: EventsQuery, produces: ['text/event-stream'] } },
    async (req, reply) => {
      const visitor = await visitors.requireVisitor(
        req.ctx,
        req.params.assistantId,
        req.query.token ?? bearerToken(req),
      );
      const sse = openSse(req, reply, { closeConnection: true });
      const push = (p: VisitorPush) => sse.event(undefined, p);
      const onEvent = (event: ConversationEvent) => {
        if (event.type === 'phone-request') push({ type: 'phone-request' });
        else if (event.type === 'message' && event.message.role === 'operator')
          push({ type: 'message', message: visitors.toVisitorMessage(event.message) });
      };
      const unsubscribe = await conversations.subscribeConversation(req.ctx, visitor.assistantId, visitor.id, onEvent);
      sse.comment('connected');
      // A request made while the visitor was away is shown when they come back.
      if (visitor.phoneRequestedAt && !visitor.phone) push({ type: 'phone-request' });
      const ping = setInterval(() => sse.comment('ping'), pingMs);
      const stop = () => {
        if (!streams.delete(stop)) return;
        clearInterval(ping);
        sse.end();
        unsubscribe().catch((err) => req.log.warn({ err }, 'unsubscribe failed'));
      };
      streams.add(stop);
      if (sse.signal.aborted) stop();
      else sse.signal.addEventListener('abort', stop, { once: true });
      return reply;
    },
  );

  app.post(
    `${base}/attachments`,
    {
      schema: {
        tags,
        params: Params,
        consumes: ['multipart/form-data'],
        response: { 201: VisitorAttachmentReply },
        security: [{ bearer: [] }],
      },
      config: {
        rateLimit: {
          ...RATE_LIMITS.visitorMessage,
          keyGenerator: perAssistant('attachments'),
          errorResponseBuilder: () => new AppError(429, ENGINE_TEXTS.tooManyMessages),
        },
      },
    },
    async (req, reply) => {
      const visitor = await visitors.requireVisitor(req.ctx, req.params.assistantId, bearerToken(req));
      const { assistant, widget } = await visitors.requirePublicAssistant(req.ctx, req.params.assistantId);
      if (!widget.allowFileAttachment) throw forbidden(ENGINE_TEXTS.attachmentsOff);
      if (!req.isMultipart()) throw fail('fileRequired');
      const { file } = await readMultipart(req, {
        fileField: 'file',
        maxFileBytes: VISITOR_ATTACHMENT_MAX_BYTES,
        maxFiles: 1,
        texts: { tooLarge: ENGINE_TEXTS.fileTooLarge },
      });
      if (!file) throw fail('fileRequired');
      const attachment = await conversations.storeAttachment(req.ctx, visitor, assistant.userId, file);
      const { message } = await conversations.handleIncomingMessage(req.ctx, {
        assistantId: visitor.assistantId,
        visitorId: visitor.id,
        channel: 'web',
        content: '',
        attachments: [attachment],
      });
      return reply.code(201).send({ message: visitors.toVisitorMessage(message) });
    },
  );

  app.get(`${base}/attachments/:file/:name`, { schema: { tags, params: FileParams } }, async (req, reply) => {
    const m = conversations.ATTACHMENT_FILE.exec(req.params.file);
    if (!m) throw notFound(ENGINE_TEXTS.fileNotFound);
    const { assistant } = await visitors.requirePublicAssistant(req.ctx, req.params.assistantId);
    const stream = ctx.storage.read(conversations.attachmentKey(assistant.userId, assistant.id, req.params.file));
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', () => reject(notFound(ENGINE_TEXTS.fileNotFound)));
    });
    const mime = conversations.attachmentMime(m[2] ?? 'bin');
    const disposition = contentDisposition(cleanFileName(req.params.name));
    return reply
      .header('content-type', mime)
      .header(
        'content-disposition',
        mime.startsWith('image/') ? disposition.replace(/^attachment/, 'inline') : disposition,
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=86400')
      .send(stream);
  });

  app.post(
    `${base}/phone`,
    {
      schema: {
        tags,
        params: Params,
        body: VisitorPhoneRequest,
        response: { 200: OkReply },
        security: [{ bearer: [] }],
      },
      config: { rateLimit: { ...RATE_LIMITS.visitorPhone, keyGenerator: perAssistant('phone') } },
    },
    async (req) => {
      const visitor = await visitors.requireVisitor(req.ctx, req.params.assistantId, bearerToken(req));
      await conversations.saveVisitorPhone(req.ctx, visitor, req.body.phone);
      return { ok: true as const };
    },
  );
};
