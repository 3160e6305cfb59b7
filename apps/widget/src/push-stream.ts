import { readSse } from './sse';
import { backoff, parseJson } from './visitor-api';

export interface PushStreamSource {
  /** The stream's address, or null when there is no visitor (any more). */
  url(): string | null;
  /** The server refused the token (401/404): the visitor is gone. */
  gone(): void;
  /** The stream is open; `again` after a reconnection (pushes may have been missed). */
  opened(again: boolean): void;
  /** One event's data. */
  data(data: Record<string, unknown>): void;
  /** false while the stream is down and being retried. */
  connection(online: boolean): void;
}

export interface PushStream {
  /** Opens the stream unless it is open, closed for good, or there is no visitor. */
  start(): void;
  /** For good. */
  close(): void;
}

/**
 * Keeps the visitor's push stream open, reconnecting with backoff. Read with fetch rather than
 * EventSource so a 401/404 (stale token) is seen and ends the retries, and so the same SSE
 * parser serves both streams. (Closures rather than a class: the bundle is smaller.)
 */
export function createPushStream(source: PushStreamSource): PushStream {
  let running = false;
  let closed = false;
  let abort: AbortController | null = null;
  let wake: (() => void) | null = null;

  const loop = async () => {
    let attempt = 0;
    let again = false;
    for (let url = source.url(); !closed && url; url = source.url()) {
      abort = new AbortController();
      let failed = false;
      try {
        const res = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: abort.signal });
        if (res.status === 401 || res.status === 404) {
          source.gone();
          return;
        }
        if (!res.ok || !res.body) throw new Error(String(res.status));
        attempt = 0;
        source.connection(true);
        source.opened(again);
        again = true;
        await readSse(res.body, (ev) => {
          const data = parseJson(ev.data);
          if (data) source.data(data);
        });
      } catch {
        failed = true;
      }
      if (closed) return;
      if (failed) source.connection(false);
      // A stream the server ended cleanly is reopened soon; a failing one backs off.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, failed ? backoff(attempt++) : 1000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  };

  return {
    start() {
      if (running || closed || !source.url()) return;
      running = true;
      void loop().finally(() => {
        running = false;
      });
    },
    close() {
      closed = true;
      abort?.abort();
      wake?.();
    },
  };
}
