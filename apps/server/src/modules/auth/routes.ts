import {
  ConfirmEmailRequest,
  ForgotPasswordRequest,
  LoginRequest,
  MessageReply,
  OkReply,
  ResetPasswordRequest,
  SignupRequest,
  TokenReply,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publishOwnerSessionsChanged } from '../../core/events';
import { RATE_LIMITS } from '../../core/rate-limits';
import * as auth from './service';
import { revokeToken } from './tokens';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Аккаунт'];

  app.post(
    '/api/signup',
    {
      schema: { tags, body: SignupRequest, response: { 200: TokenReply } },
      config: { rateLimit: RATE_LIMITS.signup },
    },
    async (req) => ({ token: (await auth.signup(req.ctx, req.body)).token }),
  );

  app.post(
    '/api/login',
    {
      schema: { tags, body: LoginRequest, response: { 200: TokenReply } },
      config: { rateLimit: RATE_LIMITS.login },
    },
    async (req) => ({ token: await auth.login(req.ctx, req.body.email, req.body.password) }),
  );

  app.get(
    '/api/check-auth',
    { schema: { tags, response: { 200: OkReply } }, onRequest: app.authenticate },
    async () => ({ ok: true as const }),
  );

  app.post(
    '/api/logout',
    { schema: { tags, response: { 200: OkReply } }, onRequest: app.authenticate },
    async (req) => {
      await revokeToken(ctx.db, req.tokenHash);
      await publishOwnerSessionsChanged(req.ctx, req.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      schema: { tags, body: ForgotPasswordRequest, response: { 200: MessageReply } },
      config: { rateLimit: RATE_LIMITS.forgotPassword },
    },
    async (req) => {
      await auth.forgotPassword(req.ctx, req.body.email);
      return { message: 'Если этот адрес зарегистрирован, мы отправили на него ссылку для восстановления пароля' };
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: { tags, body: ResetPasswordRequest, response: { 200: OkReply } },
      config: { rateLimit: RATE_LIMITS.resetPassword },
    },
    async (req) => {
      await auth.resetPassword(req.ctx, req.body.token, req.body.newPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/confirm-email',
    {
      schema: { tags, body: ConfirmEmailRequest, response: { 200: OkReply } },
      config: { rateLimit: RATE_LIMITS.resetPassword },
    },
    async (req) => {
      await auth.confirmEmail(req.ctx, req.body.token);
      return { ok: true as const };
    },
  );
};
