import {
  ChatHistoryQuery,
  ChatMessage,
  ChatMessageList,
  ChatSendRequest,
  ChatVisitor,
  ChatVisitorList,
  ChatVisitorQuery,
  Id,
  PauseParams,
  PauseQuery,
  PhoneRequestBody,
} from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as chats from './service';

const AssistantParams = z.object({ id: Id });
const SendParams = z.object({ assistantId: Id });
const VisitorParams = z.object({ id: Id });

/** Spec §7 "Chat monitoring": every call owner-scoped (another owner's ids answer 404). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Мониторинг чатов'];
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/assistant/:id/chats',
    { schema: { tags, params: AssistantParams, response: { 200: ChatVisitorList } } },
    (req) => chats.listChats(req.ctx, req.userId, req.params.id),
  );

  app.get(
    '/api/assistant/messages',
    { schema: { tags, querystring: ChatHistoryQuery, response: { 200: ChatMessageList } } },
    (req) => chats.chatHistory(req.ctx, req.userId, req.query.assistantId, req.query.visitorId),
  );

  app.post(
    '/api/assistant/messages/:assistantId',
    {
      schema: {
        tags,
        params: SendParams,
        querystring: ChatVisitorQuery,
        body: ChatSendRequest,
        response: { 200: ChatMessage },
      },
    },
    (req) => chats.sendMessage(req.ctx, req.userId, req.params.assistantId, req.query.visitorId, req.body),
  );

  app.post(
    '/api/assistant/messages/:assistantId/phone-request',
    {
      schema: {
        tags,
        params: SendParams,
        querystring: ChatVisitorQuery,
        body: PhoneRequestBody,
        response: { 200: ChatMessage },
      },
    },
    (req) => chats.requestPhone(req.ctx, req.userId, req.params.assistantId, req.query.visitorId),
  );

  app.get('/api/visitors/:id', { schema: { tags, params: VisitorParams, response: { 200: ChatVisitor } } }, (req) =>
    chats.getVisitor(req.ctx, req.userId, req.params.id),
  );

  app.put(
    '/api/visitors/:visitorId/assistant/:assistantId/pause',
    { schema: { tags, params: PauseParams, querystring: PauseQuery, response: { 200: ChatVisitor } } },
    (req) => chats.setPause(req.ctx, req.userId, req.params.assistantId, req.params.visitorId, req.query.pause),
  );
};
