import {
  ChangePasswordReply,
  ChangePasswordRequest,
  NotifyRequest,
  OkReply,
  UpdateProfileRequest,
  UserProfile,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITS } from '../../core/rate-limits';
import { sendConfirmation } from '../auth';
import * as users from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Профиль'];
  app.addHook('onRequest', app.authenticate);

  app.get('/api/user/profile', { schema: { tags, response: { 200: UserProfile } } }, (req) =>
    users.getProfile(req.ctx, req.userId),
  );

  app.put(
    '/api/user/profile',
    { schema: { tags, body: UpdateProfileRequest, response: { 200: UserProfile } } },
    (req) => users.updateProfile(req.ctx, req.userId, req.body),
  );

  app.patch('/api/user/notify', { schema: { tags, body: NotifyRequest, response: { 200: UserProfile } } }, (req) =>
    users.setNotify(req.ctx, req.userId, req.body.isAllowedNotify),
  );

  app.post(
    '/api/user/change-password',
    { schema: { tags, body: ChangePasswordRequest, response: { 200: ChangePasswordReply } } },
    async (req) => ({ ok: true as const, token: await users.changePassword(req.ctx, req.userId, req.body) }),
  );

  app.post(
    '/api/user/send-confirmation',
    { schema: { tags, response: { 200: OkReply } }, config: { rateLimit: RATE_LIMITS.sendConfirmation } },
    async (req) => {
      await sendConfirmation(req.ctx, req.userId);
      return { ok: true as const };
    },
  );

  app.delete('/api/user', { schema: { tags, response: { 200: OkReply } } }, async (req) => {
    await users.deleteUser(req.ctx, req.userId);
    return { ok: true as const };
  });
};
