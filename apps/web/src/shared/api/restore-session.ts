import { isApiError } from './api-error';
import { api } from './client';
import { getSession, markSignedIn } from './session';

let pending: Promise<void> | null = null;

/**
 * Spec §2.1: when the user is not yet known to be signed in, ask the server (GET /api/check-auth).
 * Without a stored token there is nothing to ask about. A 401 is handled by the client (§4);
 * a network failure leaves the user signed out for this navigation and is retried on the next.
 */
export function restoreSession(): Promise<void> {
  const { status, token } = getSession();
  if (status === 'signed-in' || !token) return Promise.resolve();
  pending ??= api
    // Spec §7: only the ok status is read.
    .get('/api/check-auth')
    .then(markSignedIn)
    .catch((error: unknown) => {
      if (!isApiError(error)) throw error;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
