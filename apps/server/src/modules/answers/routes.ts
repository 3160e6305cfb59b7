import { CorrectAnswer, CorrectAnswerInput, CorrectAnswerList, Id, OkReply, SynonymizerQuery } from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perOwner, RATE_LIMITS } from '../../core/rate-limits';
import * as answers from './service';

const AssistantParams = z.object({ id: Id });
const AnswerParams = z.object({ id: Id, answerId: Id });

export const answerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Верные ответы'];
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/assistant/:id/correct-answers',
    { schema: { tags, params: AssistantParams, response: { 200: CorrectAnswerList } } },
    (req) => answers.listAnswers(req.ctx, req.userId, req.params.id),
  );

  app.post(
    '/api/assistant/:id/correct-answers',
    { schema: { tags, params: AssistantParams, body: CorrectAnswerInput, response: { 200: CorrectAnswer } } },
    (req) => answers.createAnswer(req.ctx, req.userId, req.params.id, req.body),
  );

  app.put(
    '/api/assistant/:id/correct-answers/:answerId',
    { schema: { tags, params: AnswerParams, body: CorrectAnswerInput, response: { 200: CorrectAnswer } } },
    (req) => answers.updateAnswer(req.ctx, req.userId, req.params.id, req.params.answerId, req.body),
  );

  app.delete(
    '/api/assistant/:id/correct-answers/:answerId',
    { schema: { tags, params: AnswerParams, response: { 200: OkReply } } },
    async (req) => {
      await answers.deleteAnswer(req.ctx, req.userId, req.params.id, req.params.answerId);
      return { ok: true as const };
    },
  );

  // A text reply (spec §7): the synonyms comma-separated, empty for questions of 3 characters or less.
  app.get(
    '/api/assistant/synonymizer',
    {
      schema: { tags, querystring: SynonymizerQuery, response: { 200: z.string() } },
      config: { rateLimit: { ...RATE_LIMITS.synonymizer, keyGenerator: perOwner('synonymizer') } },
    },
    async (req, reply) => {
      const list = await answers.synonymizerFor(req.ctx).synonyms(req.query.query);
      return reply.type('text/plain; charset=utf-8').send(list.join(', '));
    },
  );
};
