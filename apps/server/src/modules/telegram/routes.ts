import { timingSafeEqual } from 'node:crypto';
import {
  Id,
  RegisterBotRequest,
  TELEGRAM_TEXTS,
  TelegramBotReply,
  TelegramChatIdReply,
  ToggleBotQuery,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import { runtimeOf } from './runtime';
import { findNotificationChat, registerBot, toggleBot } from './service';
import { botById } from './store';

const AssistantParams = z.object({ id: Id });
const ChatIdParams = z.object({ token: z.string().max(200), id: Id });

/**
 * Spec §7 "Notifications and messaging-app integration". The spec's client calls them at
 * /telegram/… (and the chat-id call by a relative path), so they are served at the root and,
 * for clients that keep every call under /api, there too.
 */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Телеграм'];
  const onRequest = app.authenticate;

  for (const prefix of ['', '/api']) {
    const hide = prefix === '/api';
    app.post(
      `${prefix}/telegram/registerBot`,
      { onRequest, schema: { tags, hide, body: RegisterBotRequest, response: { 200: TelegramBotReply } } },
      (req) => registerBot(req.ctx, req.userId, req.body),
    );
    app.post(
      `${prefix}/telegram/toggle-telegram/:id`,
      {
        onRequest,
        schema: {
          tags,
          hide,
          params: AssistantParams,
          querystring: ToggleBotQuery,
          response: { 200: TelegramBotReply },
        },
      },
      (req) => toggleBot(req.ctx, req.userId, req.params.id, req.query.enable, req.query.trainer),
    );
    app.get(
      `${prefix}/telegram/:token/assistant/:id`,
      { onRequest, schema: { tags, hide, params: ChatIdParams, response: { 200: TelegramChatIdReply } } },
      (req) => findNotificationChat(req.ctx, req.userId, req.params.token, req.params.id),
    );
  }

  /**
   * The webhook (PUBLIC_URL with https): Telegram's secret token header, compared in constant
   * time; the update is stored (duplicates dropped) and queued before the 200, so a failure
   * to store answers 500 and Telegram delivers it again.
   */
  app.post(
    '/api/telegram/webhook/:botId',
    { schema: { hide: true, params: z.object({ botId: Id }), body: z.looseObject({ update_id: z.number().int() }) } },
    async (req, reply) => {
      const bot = await botById(ctx.db, req.params.botId);
      const given = Buffer.from(String(req.headers['x-telegram-bot-api-secret-token'] ?? ''));
      const expected = Buffer.from(bot?.webhookSecret ?? '');
      const matches = expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
      if (!bot?.tgBotId || !matches) throw new AppError(401, TELEGRAM_TEXTS.webhookForbidden);
      if (bot.enabled) await runtimeOf(ctx).accept(bot, req.body as unknown as Update);
      return reply.code(200).send({ ok: true });
    },
  );
};
