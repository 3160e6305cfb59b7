import { createReadStream } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import { LIVE_ENDPOINT } from '@otklik/contract';
import type { FastifyInstance } from 'fastify';
import sockjs from 'sockjs';
import type { AppContext } from '../../core/context';
import { fail } from '../../core/errors';
import { LiveHub } from './hub';

export interface LiveOptions {
  resolveToken: (token: string) => Promise<{ userId: string; tokenHash: string } | undefined>;
}

/**
 * `/ws-endpoint` (spec §7, ARCHITECTURE §5): STOMP over SockJS on the app's own HTTP server,
 * every SockJS transport on (websocket, xhr-streaming, xhr-polling, eventsource…). A handshake
 * from a browser page of another origin is refused (403); clients without an Origin (servers,
 * tests) are let through: the owner's token in the CONNECT frame is what opens a session.
 */
export function attachLiveEndpoint(app: FastifyInstance, ctx: AppContext, opts: LiveOptions): LiveHub {
  const hub = new LiveHub(ctx, { resolveToken: opts.resolveToken, heartbeatMs: ctx.config.LIVE_HEARTBEAT_MS });
  hub.start();
  const server = sockjs.createServer({
    prefix: LIVE_ENDPOINT,
    log: (severity, line) => {
      if (severity === 'error') ctx.log.error({ line }, 'sockjs');
    },
    // The iframe transports load the SockJS client from this address; ours, not a CDN's.
    sockjs_url: `${ctx.config.publicUrl}/api/live/sockjs.min.js`,
    disconnect_delay: 5000,
    // An xhr-streaming response is renewed after this many bytes (SockJS default 128 KB); each renewal
    // holds messages back for a round trip, which showed as a p99 of 150–420 ms with 100 sessions.
    response_limit: 1024 * 1024,
  });
  server.on('connection', (conn) => {
    if (!conn) return; // sockjs emits a null connection for a closed iframe handshake.
    const session = hub.open({
      write: (text) => conn.write(text),
      // @types/sockjs types the code as a string; SockJS sends it as given, and clients expect the number.
      close: () => conn.close(1000 as unknown as string, 'STOMP session closed'),
    });
    conn.on('data', (text: string) => session.receive(text));
    conn.on('close', () => session.close());
  });
  serveSockjsClient(app);
  const http = app.server as Server;
  server.installHandlers(http);
  guardOrigin(http, allowedOrigins(ctx));
  app.addHook('preClose', async () => hub.close());
  return hub;
}

/**
 * The SockJS client that the iframe transports load inside their iframe (sockjs_url above). Only
 * browsers without cross-domain XHR ask for it; served from our own origin, never from a CDN.
 */
function serveSockjsClient(app: FastifyInstance): void {
  let file: string | undefined;
  try {
    file = createRequire(import.meta.url).resolve('sockjs-client/dist/sockjs.min.js');
  } catch {
    file = undefined;
  }
  app.get('/api/live/sockjs.min.js', { schema: { hide: true } }, async (_req, reply) => {
    if (!file) throw fail('notFound');
    return reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(file));
  });
}

function allowedOrigins(ctx: AppContext): (origin: string) => boolean {
  const own = new URL(ctx.config.publicUrl).origin;
  const dev = ctx.config.NODE_ENV === 'development';
  // `npm run dev` serves the cabinet from Vite on another localhost port, proxying the socket.
  return (origin) => origin === own || (dev && /^http:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?$/.test(origin));
}

const FOREIGN_ORIGIN = 'Подключение к живому каналу со страниц другого сайта запрещено';

/** Refuses a handshake of /ws-endpoint from a page of another origin, before SockJS sees it. */
function guardOrigin(http: Server, allowed: (origin: string) => boolean): void {
  const refused = (req: IncomingMessage) => {
    if (!req.url?.startsWith(LIVE_ENDPOINT)) return false;
    const origin = req.headers.origin;
    return typeof origin === 'string' && origin !== 'null' && !allowed(origin);
  };
  for (const event of ['request', 'upgrade'] as const) {
    const listeners = http.listeners(event).slice() as ((...args: unknown[]) => void)[];
    http.removeAllListeners(event);
    http.on(event, (req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer) => {
      if (refused(req)) {
        if (event === 'upgrade') (resOrSocket as Duplex).end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        else
          (resOrSocket as ServerResponse)
            .writeHead(403, { 'content-type': 'application/json; charset=utf-8' })
            .end(JSON.stringify({ message: FOREIGN_ORIGIN }));
        return;
      }
      for (const listener of listeners) listener.call(http, req, resOrSocket, head);
    });
  }
}
