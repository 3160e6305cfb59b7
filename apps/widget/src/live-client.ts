import type { PublicWidget, VisitorCreated, VisitorMessage, VisitorPush } from '@otklik/contract';
import { readSse } from './sse';

/** Repeated from @otklik/contract (only its types may enter the bundle); a test checks they agree. */
export const MESSAGE_MAX_LENGTH = 2000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const storageKey = (assistantId: string) => `otklik:v:${assistantId}`;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A refused call: `message` is the server's Russian text when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const FALLBACK = 'Произошла ошибка. Попробуйте позже.';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** 1 s, 2 s, 4 s … up to 30 s, with jitter so that a server restart is not met by every visitor at once. */
export const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

const base = (apiBase: string, assistantId: string) =>
  `${apiBase.replace(/\/+$/, '')}/api/public/assistants/${encodeURIComponent(assistantId)}`;

async function errorOf(res: Response): Promise<ApiError> {
  let message = FALLBACK;
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // not JSON: keep the fallback
  }
  return new ApiError(message, res.status);
}

/**
 * fetch with retries on connection failures and 502/503/504 (a restarting server or proxy);
 * other statuses are answers and go back to the caller.
 */
async function fetchRetrying(url: string, init: RequestInit, attempts: number): Promise<Response> {
  for (let n = 0; ; n++) {
    try {
      const res = await fetch(url, init);
      if (n + 1 < attempts && res.status >= 502 && res.status <= 504) {
        await sleep(backoff(n) / 2);
        continue;
      }
      return res;
    } catch (e) {
      if (init.signal?.aborted || n + 1 >= attempts) throw e;
      await sleep(backoff(n) / 2);
    }
  }
}

function isMessage(x: unknown): x is VisitorMessage {
  const m = x as VisitorMessage | null;
  return !!m && typeof m.content === 'string' && (m.role === 'user' || m.role === 'assistant');
}

function parseJson(data: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(data);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The design's address: the HTML snippet preloads this very URL (contract's widgetDesignUrl). */
export const designUrl = (apiBase: string, assistantId: string) => `${base(apiBase, assistantId)}/widget`;

export async function fetchDesign(apiBase: string, assistantId: string): Promise<PublicWidget> {
  // No init options: a preload (`as="fetch" crossorigin`) is only reused by a plain GET.
  const res = await fetchRetrying(designUrl(apiBase, assistantId), {}, 3);
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as PublicWidget;
}

export interface LiveClientOptions {
  apiBase: string;
  assistantId: string;
  storage: StorageLike;
  onPush: (push: VisitorPush) => void;
  /** false while the event stream is down and being retried. */
  onConnection?: (online: boolean) => void;
}

export type SendResult = { message: VisitorMessage } | { paused: true };

/** The visitor's side of ARCHITECTURE §3. One per mounted live widget. */
export class LiveClient {
  private creds: VisitorCreated | null;
  private creating: Promise<VisitorCreated> | null = null;
  private listening = false;
  private closed = false;
  private abort: AbortController | null = null;
  private wake: (() => void) | null = null;
  private readonly url: string;
  /** Ids of the messages this page already has, so a catch-up after a reconnection repeats none. */
  private readonly seen = new Set<string>();

  constructor(private readonly opts: LiveClientOptions) {
    this.url = base(opts.apiBase, opts.assistantId);
    this.creds = this.readCreds();
  }

  get hasVisitor(): boolean {
    return !!this.creds;
  }

  private readCreds(): VisitorCreated | null {
    try {
      const v = JSON.parse(this.opts.storage.getItem(storageKey(this.opts.assistantId)) ?? 'null') as VisitorCreated;
      return v && typeof v.visitorToken === 'string' && typeof v.visitorId === 'string' ? v : null;
    } catch {
      return null;
    }
  }

  /** A token the server no longer knows (database reset, visitor deleted): start afresh. */
  private forget() {
    this.creds = null;
    try {
      this.opts.storage.removeItem(storageKey(this.opts.assistantId));
    } catch {
      // storage may be blocked (privacy mode); the visitor just is not remembered
    }
  }

  /** Visitors are created on their first message, not on page view, so idle pages cost nothing. */
  private async visitor(): Promise<VisitorCreated> {
    if (this.creds) return this.creds;
    this.creating ??= (async () => {
      const res = await fetchRetrying(`${this.url}/visitors`, { method: 'POST' }, 3);
      if (!res.ok) throw await errorOf(res);
      const creds = (await res.json()) as VisitorCreated;
      this.creds = creds;
      try {
        this.opts.storage.setItem(storageKey(this.opts.assistantId), JSON.stringify(creds));
      } catch {
        // see forget()
      }
      return creds;
    })().finally(() => {
      this.creating = null;
    });
    const creds = await this.creating;
    this.listen();
    return creds;
  }

  private auth(token: string, extra?: Record<string, string>): Record<string, string> {
    return { Authorization: `Bearer ${token}`, ...extra };
  }

  /** The stored conversation, oldest first; [] for a new visitor. */
  async history(): Promise<VisitorMessage[]> {
    const list = await this.fetchHistory();
    for (const m of list) this.seen.add(m.id);
    return list;
  }

  private async fetchHistory(): Promise<VisitorMessage[]> {
    const creds = this.creds;
    if (!creds) return [];
    const res = await fetchRetrying(`${this.url}/messages`, { headers: this.auth(creds.visitorToken) }, 3);
    if (res.status === 401 || res.status === 404) {
      this.forget();
      return [];
    }
    if (!res.ok) throw await errorOf(res);
    const body = (await res.json()) as { messages?: unknown };
    return Array.isArray(body.messages) ? body.messages.filter(isMessage) : [];
  }

  /** Sends a message; `onDelta` gets the answer as it streams. */
  async send(content: string, onDelta: (text: string) => void, retried = false): Promise<SendResult> {
    const creds = await this.visitor();
    const res = await fetchRetrying(
      `${this.url}/messages`,
      {
        method: 'POST',
        headers: this.auth(creds.visitorToken, { 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
        body: JSON.stringify({ content }),
      },
      2,
    );
    if (res.status === 401 && !retried) {
      this.forget();
      return this.send(content, onDelta, true);
    }
    if (!res.ok || !res.body) throw await errorOf(res);
    let result: SendResult | null = null;
    let failure: string | null = null;
    await readSse(res.body, (ev) => {
      const data = parseJson(ev.data);
      if (!data) return;
      if (ev.event === 'delta' && typeof data.text === 'string') onDelta(data.text);
      else if (ev.event === 'message' && isMessage(data.message)) {
        this.seen.add(data.message.id);
        result = { message: data.message };
      } else if (ev.event === 'done') result ??= { paused: true };
      else if (ev.event === 'error') failure = typeof data.message === 'string' ? data.message : FALLBACK;
    });
    if (result) return result;
    throw new ApiError(failure ?? FALLBACK, 200);
  }

  async attach(file: File): Promise<VisitorMessage> {
    const creds = await this.visitor();
    const form = new FormData();
    form.append('file', file);
    const res = await fetchRetrying(
      `${this.url}/attachments`,
      { method: 'POST', headers: this.auth(creds.visitorToken), body: form },
      2,
    );
    if (!res.ok) throw await errorOf(res);
    const body = (await res.json()) as { message?: unknown };
    if (!isMessage(body.message)) throw new ApiError(FALLBACK, res.status);
    this.seen.add(body.message.id);
    return body.message;
  }

  async sendPhone(phone: string): Promise<void> {
    const creds = await this.visitor();
    const res = await fetchRetrying(
      `${this.url}/phone`,
      {
        method: 'POST',
        headers: this.auth(creds.visitorToken, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ phone }),
      },
      2,
    );
    if (!res.ok) throw await errorOf(res);
  }

  /**
   * Keeps the visitor's push stream open while there is a visitor, reconnecting with backoff.
   * Read with fetch rather than EventSource so a 401/404 (stale token) is seen and ends the
   * retries, and so the same SSE parser serves both streams.
   */
  listen(): void {
    if (this.listening || this.closed || !this.creds) return;
    this.listening = true;
    void this.listenLoop().finally(() => {
      this.listening = false;
    });
  }

  /** Hands over what the operator wrote while the stream was down (the server keeps no backlog). */
  private async catchUp(): Promise<void> {
    const list = await this.fetchHistory().catch(() => []);
    for (const m of list) this.deliver(m);
  }

  private deliver(message: VisitorMessage): void {
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    if (message.role !== 'user') this.opts.onPush({ type: 'message', message });
  }

  private async listenLoop(): Promise<void> {
    let attempt = 0;
    let reconnecting = false;
    while (!this.closed && this.creds) {
      const abort = new AbortController();
      this.abort = abort;
      let failed = false;
      try {
        const res = await fetch(`${this.url}/events?token=${encodeURIComponent(this.creds.visitorToken)}`, {
          headers: { Accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (res.status === 401 || res.status === 404) {
          this.forget();
          return;
        }
        if (!res.ok || !res.body) throw new Error(String(res.status));
        attempt = 0;
        this.opts.onConnection?.(true);
        if (reconnecting) void this.catchUp();
        reconnecting = true;
        await readSse(res.body, (ev) => {
          const data = parseJson(ev.data);
          if (data?.type === 'phone-request') this.opts.onPush({ type: 'phone-request' });
          else if (data?.type === 'message' && isMessage(data.message)) this.deliver(data.message);
        });
      } catch {
        failed = true;
      }
      if (this.closed) return;
      if (failed) this.opts.onConnection?.(false);
      // A stream the server ended cleanly is reopened soon; a failing one backs off.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, failed ? backoff(attempt++) : 1000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  close(): void {
    this.closed = true;
    this.abort?.abort();
    this.wake?.();
  }
}
