import { MonthMessageList, StatisticsOverview, StatisticsQuery, StatisticsResult } from '@otklik/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyseMonth } from './analysis';
import { monthCsv } from './export';
import { monthMessages, statisticsOverview } from './service';

/** Spec §7 "Statistics", the analysis made on the server (spec §2.14's six fields), the month's overview and its CSV. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Статистика'];
  const onRequest = app.authenticate;
  app.get(
    '/api/assistant/this-month-messages',
    { onRequest, schema: { tags, response: { 200: MonthMessageList } } },
    (req) => monthMessages(req.ctx, req.userId),
  );
  app.post(
    '/api/statistics/analysis',
    { onRequest, schema: { tags, body: StatisticsQuery.optional(), response: { 200: StatisticsResult } } },
    (req) => analyseMonth(req.ctx, req.userId, req.body ?? undefined),
  );
  app.get(
    '/api/statistics/overview',
    { onRequest, schema: { tags, querystring: StatisticsQuery, response: { 200: StatisticsOverview } } },
    (req) => statisticsOverview(req.ctx, req.userId, req.query),
  );
  app.get(
    '/api/statistics/export',
    {
      onRequest,
      schema: {
        tags,
        summary: 'CSV разговоров месяца (UTF-8 с BOM, для Excel)',
        querystring: StatisticsQuery,
      },
    },
    async (req, reply) => {
      const { fileName, csv } = await monthCsv(req.ctx, req.userId, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );
};
