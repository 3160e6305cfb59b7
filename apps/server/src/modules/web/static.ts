import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '@otklik/contract/site-constants';
import type { FastifyInstance } from 'fastify';
import { repoPath } from '../../paths';
import { type BuildManifest, normalizePagePath, renderIndexHtml } from '../site';

export const WEB_DIST = repoPath('apps/web/dist');

/**
 * Serves the built web app; every non-API GET that matches no file gets index.html (client routing).
 * Unknown /api paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, webDist = WEB_DIST): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
      preCompressed: true,
      // Our own Cache-Control below, not send's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed file names never change content: cached for good. The rest is revalidated.
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The same URL answers gzip, brotli or plain: caches must key on Accept-Encoding. (Set in
    // onSend, since the CORS plugin writes its own Vary over what setHeaders puts there.)
    app.addHook('onSend', async (req, reply, payload) => {
      if (reply.hasHeader('content-encoding') && !req.url.startsWith('/api/')) {
        const vary = String(reply.getHeader('vary') ?? '');
        if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      return payload;
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : undefined;
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
    : undefined;
  // Each page's head (title, description, Open Graph, its chunks) is written in here, once per path.
  const pages = new Map<string, string>();
  const pageHtml = (html: string, url: string) => {
    const pagePath = normalizePagePath(url);
    let page = pages.get(pagePath);
    if (page === undefined) {
      page = renderIndexHtml(html, pagePath, app.ctx.config.publicUrl, manifest);
      // Unknown paths are endless; only a bounded number is kept.
      if (pages.size < 200) pages.set(pagePath, page);
    }
    return page;
  };
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || req.method !== 'GET' || !indexHtml) {
      return reply.code(404).send({ message: 'Не найдено' });
    }
    return reply
      .code(isAppPage(url) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(pageHtml(indexHtml, url));
  });
}
