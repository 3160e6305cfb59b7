import type { PublicWidget, VisitorMessage } from '@otklik/contract';

/** Repeated from @otklik/contract (only its types may enter the bundle); a test checks they agree. */
export const MESSAGE_MAX_LENGTH = 2000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A refused call: `message` is the server's Russian text when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const FALLBACK = 'Произошла ошибка. Попробуйте позже.';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** 1 s, 2 s, 4 s … up to 30 s, with jitter so that a server restart is not met by every visitor at once. */
export const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

/** The visitor API of one assistant (ARCHITECTURE §3). */
export const assistantUrl = (apiBase: string, assistantId: string) =>
  `${apiBase.replace(/\/+$/, '')}/api/public/assistants/${encodeURIComponent(assistantId)}`;

export async function errorOf(res: Response): Promise<ApiError> {
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
export async function fetchRetrying(url: string, init: RequestInit, attempts: number): Promise<Response> {
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

export function isMessage(x: unknown): x is VisitorMessage {
  const m = x as VisitorMessage | null;
  return !!m && typeof m.content === 'string' && (m.role === 'user' || m.role === 'assistant');
}

/** An event's JSON data as an object, or null when it is not one. */
export function parseJson(data: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(data);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The design's address: the HTML snippet preloads this very URL (contract's widgetDesignUrl). */
export const designUrl = (apiBase: string, assistantId: string) => `${assistantUrl(apiBase, assistantId)}/widget`;

export async function fetchDesign(apiBase: string, assistantId: string): Promise<PublicWidget> {
  // No init options: a preload (`as="fetch" crossorigin`) is only reused by a plain GET.
  const res = await fetchRetrying(designUrl(apiBase, assistantId), {}, 3);
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as PublicWidget;
}
