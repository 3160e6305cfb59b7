import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A server-sent-events reply (WHATWG HTML §9.2): sent as a stream through Fastify, so CORS and
 * the other hooks' headers apply as to any reply. `closed` resolves when the client goes away.
 */
export interface SseStream {
  event(name: string | undefined, data: unknown): void;
  comment(text: string): void;
  end(): void;
  readonly signal: AbortSignal;
}

export function openSse(
  _request: FastifyRequest,
  reply: FastifyReply,
  opts: { closeConnection?: boolean } = {},
): SseStream {
  const stream = new PassThrough();
  const abort = new AbortController();
  let ended = false;
  // The response's 'close' is the client going away (the request's fires once its body is read).
  reply.raw.on('close', () => {
    if (!ended || !reply.raw.writableFinished) abort.abort();
  });
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // nginx and similar proxies otherwise buffer the stream and the deltas arrive at once.
    .header('x-accel-buffering', 'no');
  // A long-lived stream ends when the client leaves or the server stops: its connection is not
  // worth keeping alive (an idle kept-alive socket would also hold up the server's shutdown).
  if (opts.closeConnection) reply.header('connection', 'close');
  void reply.send(stream);
  const write = (text: string) => {
    if (!ended && !stream.destroyed) stream.write(text);
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
      stream.end();
    },
    signal: abort.signal,
  };
}
