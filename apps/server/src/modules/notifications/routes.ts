import {
  ConfirmNotificationRequest,
  Id,
  NotificationEvents,
  NotificationReply,
  NotificationToggleQuery,
  SendNotificationConfirmationRequest,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perOwner, RATE_LIMITS } from '../../core/rate-limits';
import { sendTestAlert } from './alerts';
import * as notifications from './service';

const AssistantParams = z.object({ id: Id });

/** Spec §7 "Notifications and messaging-app integration": every call owner-scoped, but the mail's link. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Уведомления'];
  const onRequest = app.authenticate;

  app.post(
    '/api/assistant/:id/notification/send-confirmation',
    {
      onRequest,
      schema: {
        tags,
        params: AssistantParams,
        body: SendNotificationConfirmationRequest,
        response: { 200: NotificationReply },
      },
      // Each call sends a mail to the address given: a few per owner.
      config: {
        rateLimit: { ...RATE_LIMITS.notificationConfirmation, keyGenerator: perOwner('notification-confirmation') },
      },
    },
    (req) => notifications.sendNotificationConfirmation(req.ctx, req.userId, req.params.id, req.body.email),
  );
  app.post(
    '/api/assistant/:id/notification/toggle-email',
    {
      onRequest,
      schema: {
        tags,
        params: AssistantParams,
        querystring: NotificationToggleQuery,
        response: { 200: NotificationReply },
      },
    },
    (req) => notifications.toggleEmail(req.ctx, req.userId, req.params.id, req.query.enable),
  );
  app.post(
    '/api/assistant/:id/notification/toggle-telegram',
    {
      onRequest,
      schema: {
        tags,
        params: AssistantParams,
        querystring: NotificationToggleQuery,
        response: { 200: NotificationReply },
      },
    },
    (req) => notifications.toggleTelegram(req.ctx, req.userId, req.params.id, req.query.enable),
  );
  app.put(
    '/api/assistant/:id/notification/events',
    {
      onRequest,
      schema: { tags, params: AssistantParams, body: NotificationEvents, response: { 200: NotificationReply } },
    },
    (req) => notifications.setEvents(req.ctx, req.userId, req.params.id, req.body),
  );
  app.post(
    '/api/assistant/:id/notification/test',
    {
      onRequest,
      schema: { tags, params: AssistantParams, response: { 200: z.object({ message: z.string() }) } },
      config: { rateLimit: { ...RATE_LIMITS.notificationConfirmation, keyGenerator: perOwner('notification-test') } },
    },
    (req) => sendTestAlert(req.ctx, req.userId, req.params.id),
  );
  app.post(
    '/api/notification/confirm',
    {
      schema: { tags, body: ConfirmNotificationRequest, response: { 200: z.object({ message: z.string() }) } },
      config: { rateLimit: RATE_LIMITS.resetPassword },
    },
    (req) => notifications.confirmNotificationEmail(req.ctx, req.body.token),
  );
};
