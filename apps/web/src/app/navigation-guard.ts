import { redirect } from 'react-router';
import { restoreSession } from '@/shared/api/restore-session';
import { isSignedIn } from '@/shared/api/session';
import { isRememberedPath, PATHS, requiresLogin } from '@/shared/lib/paths';
import { redirectPathStore } from '@/shared/lib/storage';

/**
 * Spec §2.1, before every navigation: restore the session when the user is not yet known to be
 * signed in; remember the path (except login, signup, forgot-password) for after a login; send
 * a signed-out user on a login-only path to /login. Runs as the root route's loader, which the
 * router re-runs on every navigation (shouldRevalidate) and waits for before showing the page.
 */
export async function navigationGuard(url: URL): Promise<Response | null> {
  if (!isSignedIn()) await restoreSession();
  if (isRememberedPath(url.pathname)) redirectPathStore.set(`${url.pathname}${url.search}`);
  if (requiresLogin(url.pathname) && !isSignedIn()) return redirect(PATHS.login);
  return null;
}
