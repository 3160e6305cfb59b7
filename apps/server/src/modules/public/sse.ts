import type { FastifyReply, FastifyRequest } from 'fastify';
import { isCrossOriginPath } from '../../core/security-headers';

/**
 * A server-sent-events reply (WHATWG HTML §9.2), written straight to the response. `signal`
 * aborts when the client goes away.
 *
 * The reply is hijacked rather than sent as a stream through Fastify: a PassThrough piped into
 * the response (its states, pipe, end-of-stream and unpipe listeners) cost every visitor message
 * more than the few writes it carries. The headers the hooks put on the reply (CORS, rate limits)
 * are written with it, helmet's are on the response already, and the one onSend hook of ours
 * (Cross-Origin-Resource-Policy of the public paths) is applied here; Fastify still logs and
 * counts the reply when it finishes (onResponse hooks follow the response's 'finish').
 */
export interface SseStream {
  event(name: string | undefined, data: unknown): void;
  comment(text: string): void;
  end(): void;
  readonly signal: AbortSignal;
}

export function openSse(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { closeConnection?: boolean } = {},
): SseStream {
  const res = reply.raw;
  const abort = new AbortController();
  let ended = false;
  // The response's 'close' is the client going away (the request's fires once its body is read).
  res.on('close', () => {
    if (!ended || !res.writableFinished) abort.abort();
  });
  reply.hijack();
  const set = Object.entries(reply.getHeaders()).filter(
    (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
  );
  res.writeHead(200, {
    ...Object.fromEntries(set),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies otherwise buffer the stream and the deltas arrive at once.
    'x-accel-buffering': 'no',
    ...(isCrossOriginPath(request.url) ? { 'cross-origin-resource-policy': 'cross-origin' } : {}),
    // A long-lived stream ends when the client leaves or the server stops: its connection is not
    // worth keeping alive (an idle kept-alive socket would also hold up the server's shutdown).
    ...(opts.closeConnection ? { connection: 'close' } : {}),
  });
  const write = (text: string) => {
    if (!ended && !res.destroyed) res.write(text);
  };
  return {
    event(name, data) {
      write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      if (!res.destroyed) res.end();
    },
    signal: abort.signal,
  };
}
