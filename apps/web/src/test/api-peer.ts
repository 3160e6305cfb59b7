import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerRequest {
  method: string;
  path: string;
  /** The path with its query string. */
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface PeerReply {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with `headers` (a text or a file reply); wins over `body`. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Holds the reply back this long (to see a loading state). */
  delayMs?: number;
}

type Handler = (request: PeerRequest) => PeerReply | Promise<PeerReply>;

/**
 * A real HTTP server on 127.0.0.1 that stands in for our API in component tests: it answers the
 * routes a test gives it and records every request. The page's URL is moved to its origin, so
 * the app's relative '/api/…' calls reach it exactly as they reach the real server.
 */
export interface ApiPeer {
  origin: string;
  requests: PeerRequest[];
  /** Sets (or replaces) the reply of "METHOD /path". */
  on(route: string, handler: Handler | PeerReply): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function startApiPeer(): Promise<ApiPeer> {
  const routes = new Map<string, Handler>();
  const requests: PeerRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const request: PeerRequest = {
        method: req.method ?? 'GET',
        path,
        url: req.url ?? path,
        headers: req.headers,
        body: await readJson(req),
      };
      requests.push(request);
      const handler = routes.get(`${request.method} ${path}`);
      const reply = handler ? await handler(request) : { status: 404, body: { message: 'Не найдено' } };
      const status = reply.status ?? 200;
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (reply.raw !== undefined) {
        res.writeHead(status, reply.headers).end(reply.raw);
        return;
      }
      if (reply.body === undefined) {
        res.writeHead(status).end();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
