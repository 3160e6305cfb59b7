import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What a browser may load on a page of ours (the web app, the landing with its widget demo, the
 * dev mailbox, the API docs). Scripts come only from our own files: the Vite build has no
 * inline script. Styles may be inline: the widget colours itself with computed style attributes
 * and carries its CSS as text into its shadow root (CONVENTIONS, Widget).
 */
function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Avatars picked before upload are previewed from blob: URLs; small icons may be data: URLs.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // 'self' covers the live channel's websocket on the same host (CSP Level 3).
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // The cabinet holds the owner's token: no site may frame it (clickjacking).
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Paths that customers' sites load: the embed script, the visitor API (its CORS is in app.ts),
 * the widget's avatars and header patterns. They must be readable from any origin, so their
 * Cross-Origin-Resource-Policy is cross-origin; everything else stays same-origin.
 */
const CROSS_ORIGIN_PATHS = ['/api/public/', '/api/widget/', '/avatars/'];
export const isCrossOriginPath = (url: string) => CROSS_ORIGIN_PATHS.some((prefix) => url.startsWith(prefix));

/**
 * Security headers on every reply (helmet): the CSP above, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, no Referer to other sites, and HSTS only when the service is
 * reached over https (PUBLIC_URL), since HSTS on plain http would be ignored at best and lock
 * out a development machine at worst.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https://');
  // Helmet's middleware, built once. @fastify/helmet built it again for every request (the CSP's
  // directives parsed and dashed each time): in a burst of 1,000 visitor messages that was 55 ms of
  // the event loop's CPU and 14 MB of garbage, for the same headers.
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(https),
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (isCrossOriginPath(req.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });
}
