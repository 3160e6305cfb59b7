import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { repoPath } from '../../paths';

/** Where `npm run build -w apps/widget` puts the embed script. */
export const WIDGET_SCRIPT_PATH = repoPath('apps', 'widget', 'dist', 'widget.js');

interface Script {
  mtimeMs: number;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

const NOT_BUILT = `console.error('[Отклик] Скрипт виджета не собран: выполните npm run build -w apps/widget');`;

/**
 * GET /api/widget/script: the embed script that defines `window.initChatWidget` (ARCHITECTURE
 * §3). Read once and re-read when the file changes (a rebuild during development), served with
 * a strong ETag so browsers revalidate cheaply (304) instead of downloading it again, gzipped
 * for the clients that accept it.
 */
export const widgetScriptRoute: FastifyPluginAsync = async (app) => {
  let cached: Script | undefined;
  const load = async (): Promise<Script | undefined> => {
    const info = await stat(WIDGET_SCRIPT_PATH).catch(() => undefined);
    if (!info) return undefined;
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const body = await readFile(WIDGET_SCRIPT_PATH);
    cached = {
      mtimeMs: info.mtimeMs,
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
    return cached;
  };

  app.get('/api/widget/script', { schema: { tags: ['Виджет: посетитель'], hide: false } }, async (req, reply) => {
    const script = await load();
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      // Any site may load it; it is the same for everyone.
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin');
    if (!script) {
      req.log.error({ path: WIDGET_SCRIPT_PATH }, 'widget script is not built');
      return reply.code(503).header('cache-control', 'no-store').send(NOT_BUILT);
    }
    // Each encoding is its own representation with its own strong tag (RFC 9110 §8.8.3).
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const etag = gzip ? `${script.etag.slice(0, -1)}-gz"` : script.etag;
    reply
      .header('etag', etag)
      // Revalidated after 5 minutes, used stale for a day while revalidating: a new release
      // reaches visitors within minutes, and a returning visitor usually gets a 304.
      .header('cache-control', 'public, max-age=300, stale-while-revalidate=86400')
      .header('vary', 'accept-encoding');
    const match = req.headers['if-none-match'];
    if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    if (gzip) return reply.header('content-encoding', 'gzip').send(script.gzip);
    return reply.send(script.body);
  });
};
