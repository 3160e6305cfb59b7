/** Paths the app links to from more than one place. */
export const PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  /** The link of the mail that confirms an assistant's notification e-mail. */
  notificationConfirm: '/notification/confirm',
  blog: '/blog',
  tgGuide: '/blog/tg-integration',
  partnership: '/partnership',
  promptHelper: '/prompt-helper',
  dashboard: '/dashboard',
  assistants: '/dashboard/assistants',
  profile: '/dashboard/profile',
  statistic: '/dashboard/statistic',
  payment: '/dashboard/payment',
  createDesign: '/assistant/create/design',
  createData: '/assistant/create/data',
  createIntegration: '/assistant/create/integration',
} as const;

export const assistantPath = (id: string) => `/dashboard/assistants/${encodeURIComponent(id)}`;
export const assistantChatsPath = (id: string) => `${assistantPath(id)}/chats`;

/** Spec §2.1 and §6: the dashboard and the assistant creation steps need a signed-in owner. */
export function requiresLogin(pathname: string): boolean {
  return (
    pathname === PATHS.dashboard || pathname.startsWith(`${PATHS.dashboard}/`) || pathname.startsWith('/assistant/')
  );
}

/**
 * Spec §2.1: every path but login, signup and forgot-password is remembered as the place to
 * return to after a login. The reset and confirmation links (ours, not in the spec) are left out
 * too: they carry single-use tokens, so coming back to them after a login would only show an
 * expired link.
 */
const NOT_REMEMBERED = new Set<string>([
  PATHS.login,
  PATHS.signup,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.confirmEmail,
  PATHS.notificationConfirm,
]);

export function isRememberedPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !NOT_REMEMBERED.has(trimmed);
}
