import {
  AVATAR_MAX_BYTES,
  AvatarUploadReply,
  Id,
  OkReply,
  Pattern,
  PatternList,
  WIDGET_TEXTS,
  Widget,
  WidgetInitReply,
  WidgetSaveRequest,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../core/errors';
import { readMultipart } from '../../core/multipart';
import { predefinedAvatars } from './assets';
import { getPattern, listPatterns, presentPattern, seedPatterns } from './patterns';
import * as widgetService from './service';

const WidgetParams = z.object({ widgetId: Id });
const PatternParams = z.object({ patternId: z.string().min(1).max(64) });
const AvatarFileParams = z.object({ widgetId: Id, file: z.string().regex(widgetService.AVATAR_FILE) });
const StaticAvatarParams = z.object({ file: z.string().max(32) });

/** Images that are ours or the owner's chosen picture: shown on customers' sites, never executed. */
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;

export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Виджет'];
  const owner = { onRequest: app.authenticate };
  const security = [{ bearer: [] }];
  app.addHook('onReady', () => seedPatterns(ctx.db));

  app.post('/api/widget/init', { ...owner, schema: { tags, security, response: { 200: WidgetInitReply } } }, (req) =>
    widgetService.initWidget(req.ctx, req.userId),
  );

  app.post(
    '/api/widget',
    { ...owner, schema: { tags, security, body: WidgetSaveRequest, response: { 200: Widget } } },
    (req) => widgetService.saveWidget(req.ctx, req.userId, req.body),
  );

  app.post(
    '/api/widget/uploadAvatar/:widgetId',
    {
      ...owner,
      schema: {
        tags,
        security,
        params: WidgetParams,
        consumes: ['multipart/form-data'],
        response: { 200: AvatarUploadReply },
      },
    },
    async (req) => {
      // Ownership first: another owner's widget is a 404 whatever the body holds.
      await widgetService.requireOwnedWidget(ctx.db, req.userId, req.params.widgetId);
      if (!req.isMultipart()) throw badRequest(WIDGET_TEXTS.noFileNorUrl);
      // Spec §7: "form data with a file", whatever its field is called.
      const { file } = await readMultipart(req, {
        maxFileBytes: AVATAR_MAX_BYTES,
        maxFiles: 1,
        texts: { tooLarge: WIDGET_TEXTS.avatarTooLarge },
      });
      const bytes = file?.bytes;
      if (!bytes) throw badRequest(WIDGET_TEXTS.noFileNorUrl);
      return widgetService.uploadAvatar(req.ctx, req.userId, req.params.widgetId, bytes);
    },
  );

  app.delete(
    '/api/widget/avatar/:widgetId',
    { ...owner, schema: { tags, security, params: WidgetParams, response: { 200: OkReply } } },
    async (req) => {
      await widgetService.deleteAvatar(req.ctx, req.userId, req.params.widgetId);
      return { ok: true as const };
    },
  );

  // Public: the widget on a customer's site loads the uploaded avatar by this URL.
  app.get('/api/widget/avatar/:widgetId/:file', { schema: { tags, params: AvatarFileParams } }, async (req, reply) => {
    const avatar = await widgetService.openAvatar(req.ctx, req.params.widgetId, req.params.file);
    return reply
      .headers(IMAGE_HEADERS)
      .header('content-type', avatar.mimeType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(avatar.stream);
  });

  // Patterns are shared by all owners and shown by public widgets, so they need no sign-in.
  app.get('/api/widget/patterns', { schema: { tags, response: { 200: PatternList } } }, () => listPatterns(ctx.db));

  app.get(
    '/api/widget/patterns/:patternId',
    { schema: { tags, params: PatternParams, response: { 200: Pattern } } },
    async (req) => presentPattern(await getPattern(ctx.db, req.params.patternId)),
  );

  app.get('/api/widget/patterns/:patternId/data', { schema: { tags, params: PatternParams } }, async (req, reply) => {
    const pattern = await getPattern(ctx.db, req.params.patternId);
    return reply
      .headers(IMAGE_HEADERS)
      .header('content-type', pattern.mimeType)
      .header('cache-control', 'public, max-age=86400')
      .send(Buffer.from(pattern.imageData, 'base64'));
  });

  // The predefined avatars avatar1 … avatar11 (spec §2.9), at /avatars/avatarN.svg.
  app.get('/avatars/:file', { schema: { hide: true, params: StaticAvatarParams } }, async (req, reply) => {
    const avatar = predefinedAvatars().get(req.params.file);
    if (!avatar) throw notFound(WIDGET_TEXTS.avatarNotFound);
    return reply
      .headers(IMAGE_HEADERS)
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(avatar.bytes);
  });
};
