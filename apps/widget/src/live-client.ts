import type { VisitorCreated, VisitorMessage, VisitorPush } from '@otklik/contract';
import { createPushStream, type PushStream } from './push-stream';
import { readSse } from './sse';
import { ApiError, assistantUrl, errorOf, FALLBACK, fetchRetrying, isMessage, parseJson } from './visitor-api';
import { type StorageLike, type VisitorCredentials, visitorCredentials } from './visitor-credentials';

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
  private readonly creds: VisitorCredentials;
  private creating: Promise<VisitorCreated> | null = null;
  private readonly url: string;
  private readonly stream: PushStream;
  /** Ids of the messages this page already has, so a catch-up after a reconnection repeats none. */
  private readonly seen = new Set<string>();

  constructor(private readonly opts: LiveClientOptions) {
    this.url = assistantUrl(opts.apiBase, opts.assistantId);
    this.creds = visitorCredentials(opts.storage, opts.assistantId);
    this.stream = createPushStream({
      url: () => {
        const token = this.creds.current()?.visitorToken;
        return token ? `${this.url}/events?token=${encodeURIComponent(token)}` : null;
      },
      gone: () => this.creds.forget(),
      // Hands over what the operator wrote while the stream was down (the server keeps no backlog).
      opened: (again) => {
        if (again) void this.catchUp();
      },
      data: (data) => {
        if (data.type === 'phone-request') this.opts.onPush({ type: 'phone-request' });
        else if (data.type === 'message' && isMessage(data.message)) this.deliver(data.message);
      },
      connection: (online) => this.opts.onConnection?.(online),
    });
  }

  get hasVisitor(): boolean {
    return !!this.creds.current();
  }

  /** Visitors are created on their first message, not on page view, so idle pages cost nothing. */
  private async visitor(): Promise<VisitorCreated> {
    const known = this.creds.current();
    if (known) return known;
    this.creating ??= (async () => {
      const res = await fetchRetrying(`${this.url}/visitors`, { method: 'POST' }, 3);
      if (!res.ok) throw await errorOf(res);
      const creds = (await res.json()) as VisitorCreated;
      this.creds.save(creds);
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
    const creds = this.creds.current();
    if (!creds) return [];
    const res = await fetchRetrying(`${this.url}/messages`, { headers: this.auth(creds.visitorToken) }, 3);
    if (res.status === 401 || res.status === 404) {
      this.creds.forget();
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
      this.creds.forget();
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

  /** Keeps the visitor's push stream open while there is a visitor (see PushStream). */
  listen(): void {
    this.stream.start();
  }

  private async catchUp(): Promise<void> {
    const list = await this.fetchHistory().catch(() => []);
    for (const m of list) this.deliver(m);
  }

  private deliver(message: VisitorMessage): void {
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    if (message.role !== 'user') this.opts.onPush({ type: 'message', message });
  }

  close(): void {
    this.stream.close();
  }
}
