import { useSyncExternalStore } from 'react';
import { requiresLogin } from '@/shared/lib/paths';
import { tokenStore } from '@/shared/lib/storage';

/**
 * Auth state of spec §3/§4 (isAuthenticated + token), with one more state: a token read from
 * storage is 'unknown' until the navigation guard has asked the server about it.
 */
export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface Session {
  status: AuthStatus;
  token: string | null;
}

type AuthMessage = { type: 'login' } | { type: 'logout' };

const CHANNEL_NAME = 'otklik-auth';

function initialSession(): Session {
  const token = tokenStore.get();
  return { status: token ? 'unknown' : 'signed-out', token };
}

let session: Session = initialSession();
const listeners = new Set<() => void>();
const signOutListeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function setSession(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

function broadcast(message: AuthMessage) {
  channel?.postMessage(message);
}

/** Page actions the session triggers; a seam so tests can see a reload without leaving the page. */
export const pageActions = {
  reload: () => window.location.reload(),
};

export const getSession = (): Session => session;

export const isSignedIn = (): boolean => session.status === 'signed-in';

export function useSession(): Session {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
    () => session,
  );
}

/** Runs on every sign-out of this tab (e.g. to drop cached server data). */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** A new token (login, signup): store it and tell the other tabs. */
export function signIn(token: string): void {
  tokenStore.set(token);
  setSession({ status: 'signed-in', token });
  broadcast({ type: 'login' });
}

/** The server confirmed the stored token. */
export function markSignedIn(): void {
  setSession({ status: 'signed-in', token: tokenStore.get() });
}

/** Spec §4 on /login: a 401 only clears the signed-in state (no broadcast, no reload). */
export function clearSignedIn(): void {
  tokenStore.clear();
  setSession({ status: 'signed-out', token: null });
  for (const listener of signOutListeners) listener();
}

/** Logout: clear the token, tell the other tabs. */
export function signOut(): void {
  clearSignedIn();
  broadcast({ type: 'logout' });
}

function onMessage(event: MessageEvent<AuthMessage>) {
  if (event.data?.type === 'login') {
    // Spec §4: another tab logged in, re-read the token.
    const token = tokenStore.get();
    setSession({ status: token ? 'signed-in' : 'signed-out', token });
  } else if (event.data?.type === 'logout') {
    clearSignedIn();
    // A cabinet page must not stay on screen without a session; the guard then sends to /login.
    if (requiresLogin(window.location.pathname)) pageActions.reload();
  }
}

/** Listens to the other tabs; call once at start-up. Returns the stop function. */
export function connectSessionChannel(): () => void {
  if (typeof BroadcastChannel === 'undefined' || channel) return () => {};
  const opened = new BroadcastChannel(CHANNEL_NAME);
  opened.addEventListener('message', onMessage);
  channel = opened;
  return () => {
    opened.removeEventListener('message', onMessage);
    opened.close();
    channel = null;
  };
}

/** Re-reads storage; for tests and for a start-up after storage changed. */
export function resetSession(): void {
  setSession(initialSession());
}
