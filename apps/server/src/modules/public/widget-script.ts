import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { PublicWidget } from '@otklik/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import { repoPath } from '../../paths';
import { publicWidget } from './visitor-service';

/** Where `npm run build -w apps/widget` puts the embed script. */
export const WIDGET_SCRIPT_PATH = repoPath('apps', 'widget', 'dist', 'widget.js');
/** …and the conversation's code, which the embed script fetches once it has painted the launcher. */
export const WIDGET_APP_PATH = repoPath('apps', 'widget', 'dist', 'widget-app.js');

/**
 * The string literal in the built script that stands for the design written into it
 * (apps/widget/src/embed.ts holds the same marker; its build checks it is there exactly once).
 */
const DESIGN_MARKER = /(["'`])__OTKLIK_DESIGN__\1/;

interface Script {
  mtimeMs: number;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  /** What the embed script calls this build of the conversation's code (apps/widget/build.mjs computes the same). */
  version: string;
}

const NOT_BUILT = `console.error('[Отклик] Скрипт виджета не собран: выполните npm run build -w apps/widget');`;

/** Scripts with a design inside, gzipped once per design: a few hundred sites fit in a few MB. */
const DESIGNED_CACHE_SIZE = 200;

const tag = (bytes: Buffer | string) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/**
 * The script with the assistant's public design in place of the marker: the launcher is painted
 * in the owner's colours as soon as the script runs, without a request for the design first.
 * The design goes in as a JS string of JSON, `<` escaped so no `</script>` ever appears.
 */
export function scriptWithDesign(script: string, design: PublicWidget): string {
  const literal = JSON.stringify(JSON.stringify(design)).replace(/</g, '\\u003c');
  return script.replace(DESIGN_MARKER, () => literal);
}

const Query = z.object({ assistantId: z.string().max(64).optional() });

/**
 * GET /api/widget/script: the embed script that defines `window.initChatWidget` (ARCHITECTURE
 * §3). Read once and re-read when the file changes (a rebuild during development), served with
 * a strong ETag so browsers revalidate cheaply (304) instead of downloading it again, gzipped
 * for the clients that accept it.
 *
 * With `?assistantId=…` (the snippet the cabinet gives since issue #18) the assistant's public
 * design is written into the script, so the launcher needs no second request; that variant is
 * fresh for a minute only, so an owner's new colours reach visitors soon, and revalidates with
 * an ETag of script and design together. Without it (snippets installed before) the script is
 * the same for everyone and fetches the design itself.
 */
/** A built file read once, and again when it changes on disk (a rebuild during development). */
function builtFile(file: string, onChange: () => void = () => {}) {
  let cached: Script | undefined;
  return async (): Promise<Script | undefined> => {
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const body = await readFile(file);
    cached = {
      mtimeMs: info.mtimeMs,
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag: tag(body),
      version: createHash('sha256').update(body).digest('base64url').slice(0, 12),
    };
    onChange();
    return cached;
  };
}

/** What every widget script is sent with: JavaScript, and loadable by any site. */
function asScript(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-type', 'text/javascript; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');
}

function notBuilt(req: FastifyRequest, reply: FastifyReply, file: string) {
  req.log.error({ path: file }, 'widget script is not built');
  return reply.code(503).header('cache-control', 'no-store').send(NOT_BUILT);
}

/**
 * Whether the client takes gzip, and the tag of the representation it gets: each encoding is its
 * own representation with its own strong tag (RFC 9110 §8.8.3); `fresh` when it holds that tag.
 */
function representation(req: FastifyRequest, baseTag: string) {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const etag = gzip ? `${baseTag.slice(0, -1)}-gz"` : baseTag;
  const fresh = Boolean(req.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
  return { gzip, etag, fresh };
}

const AppQuery = z.object({ v: z.string().max(64).optional() });

export const widgetScriptRoute: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const designed = new Map<string, Buffer>();
  const load = builtFile(WIDGET_SCRIPT_PATH, () => designed.clear());
  const loadApp = builtFile(WIDGET_APP_PATH);
  const designOf = async (assistantId: string | undefined) => {
    if (!assistantId) return undefined;
    try {
      return await publicWidget(ctx, assistantId);
    } catch (err) {
      // An unknown assistant gets the plain script: initChatWidget then reports it in the console.
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    }
  };

  /**
   * GET /api/widget/app.js?v=<hash>: the conversation's code. The embed script names the build it
   * was made with, so that URL never changes meaning: cached for a year; any other `v` (a page
   * that kept an old embed script) gets today's code, revalidated each time.
   */
  app.get(
    '/api/widget/app.js',
    { schema: { tags: ['Виджет: посетитель'], querystring: AppQuery } },
    async (req, reply) => {
      const script = await loadApp();
      asScript(reply);
      if (!script) return notBuilt(req, reply, WIDGET_APP_PATH);
      const { gzip, etag, fresh } = representation(req, script.etag);
      const current = req.query.v !== undefined && req.query.v === script.version;
      reply
        .header('etag', etag)
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('vary', 'accept-encoding');
      if (fresh) return reply.code(304).send();
      if (gzip) return reply.header('content-encoding', 'gzip').send(script.gzip);
      return reply.send(script.body);
    },
  );

  app.get(
    '/api/widget/script',
    { schema: { tags: ['Виджет: посетитель'], hide: false, querystring: Query } },
    async (req, reply) => {
      const script = await load();
      asScript(reply);
      if (!script) return notBuilt(req, reply, WIDGET_SCRIPT_PATH);
      const design = await designOf(req.query.assistantId);
      const designJson = design && JSON.stringify(design);
      const baseTag = designJson ? tag(script.etag + designJson) : script.etag;
      const { gzip, etag, fresh } = representation(req, baseTag);
      reply
        .header('etag', etag)
        // The plain script: revalidated after 5 minutes, used stale for a day while revalidating,
        // so a new release reaches visitors within minutes and a returning visitor usually gets a
        // 304. With a design inside: fresh for a minute, so the owner's changes show soon.
        .header(
          'cache-control',
          design
            ? 'public, max-age=60, stale-while-revalidate=3600'
            : 'public, max-age=300, stale-while-revalidate=86400',
        )
        .header('vary', 'accept-encoding');
      if (fresh) return reply.code(304).send();
      if (!design) {
        if (gzip) return reply.header('content-encoding', 'gzip').send(script.gzip);
        return reply.send(script.body);
      }
      const body = Buffer.from(scriptWithDesign(script.body.toString('utf8'), design));
      if (!gzip) return reply.send(body);
      let zipped = designed.get(baseTag);
      if (!zipped) {
        zipped = gzipSync(body, { level: 9 });
        if (designed.size >= DESIGNED_CACHE_SIZE) designed.delete(designed.keys().next().value ?? '');
        designed.set(baseTag, zipped);
      }
      return reply.header('content-encoding', 'gzip').send(zipped);
    },
  );
};
