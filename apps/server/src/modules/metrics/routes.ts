import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../core/errors';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN as a bearer
 * token (401 otherwise); without METRICS_TOKEN the path does not exist (404). Registered on the
 * root instance, not as an encapsulated plugin: its onResponse hook counts every route's replies.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metrics, config } = app.ctx;
  const token = config.METRICS_TOKEN;
  if (!metrics.enabled || !token) return;
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the raw URL (ids would make a series per visitor); 404s as one.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !sameSecret(given, token)) throw fail('unauthorized');
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
