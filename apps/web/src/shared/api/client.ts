import type { ZodType } from 'zod';
import { PATHS } from '@/shared/lib/paths';
import { showAlert, showAlertAfterReload } from '@/shared/ui/alert-store';
import { ApiError } from './api-error';
import { API_TEXTS } from './ru';
import { clearSignedIn, getSession, pageActions, signOut } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData goes as it is (the browser sets its boundary). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Spec §6: every call carries the token, except the few that must not (send-snippet). */
  auth?: boolean;
  /** Validates and types the reply. */
  schema?: ZodType<T>;
}

let unauthorizedHandled = false;

/** Spec §4: a 401 warns, logs out everywhere and reloads; on /login it only clears the state. */
function handleUnauthorized() {
  if (window.location.pathname === PATHS.login) {
    clearSignedIn();
    return;
  }
  if (unauthorizedHandled) return;
  unauthorizedHandled = true;
  showAlert(API_TEXTS.reauth, 'warning');
  showAlertAfterReload(API_TEXTS.reauth, 'warning');
  signOut();
  pageActions.reload();
}

/** For tests: a new page load starts with no 401 handled. */
export function resetUnauthorizedHandling(): void {
  unauthorizedHandled = false;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}

/** The one API client of spec §7. Throws ApiError for every failed call. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, signal, auth = true, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const token = getSession().token;
  if (auth && token) headers.Authorization = `Bearer ${token}`;

  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, API_TEXTS.network, { cause });
  }

  const data = await readBody(res);
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized();
    const fallback = res.status >= 500 ? API_TEXTS.server : `Ошибка ${res.status}`;
    throw new ApiError(res.status, serverMessage(data) ?? fallback);
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(res.status, API_TEXTS.invalidReply, { cause: parsed.error });
  return parsed.data;
}

/**
 * A file download (bytes, not JSON) with the same token, 401 handling and errors as apiRequest.
 * The headers are returned too: the file name comes from Content-Disposition (spec §7).
 */
export async function apiBlob(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const headers: Record<string, string> = {};
  const token = getSession().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers, signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, API_TEXTS.network, { cause });
  }
  if (!res.ok) {
    const data = await readBody(res);
    if (res.status === 401) handleUnauthorized();
    throw new ApiError(
      res.status,
      serverMessage(data) ?? (res.status >= 500 ? API_TEXTS.server : `Ошибка ${res.status}`),
    );
  }
  return { blob: await res.blob(), headers: res.headers };
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
};
