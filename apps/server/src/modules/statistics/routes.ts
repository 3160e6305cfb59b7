import { MonthMessageList, StatisticsRequest, StatisticsResult } from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyseMonth, monthMessages } from './service';

/** Spec §7 "Statistics", and the analysis made on the server (spec §2.14's six fields). */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Статистика'];
  const onRequest = app.authenticate;
  app.get(
    '/api/assistant/this-month-messages',
    { onRequest, schema: { tags, response: { 200: MonthMessageList } } },
    (req) => monthMessages(ctx, req.userId),
  );
  app.post(
    '/api/statistics/analysis',
    { onRequest, schema: { tags, body: StatisticsRequest.optional(), response: { 200: StatisticsResult } } },
    (req) => analyseMonth(ctx, req.userId, req.body?.assistantId),
  );
};
