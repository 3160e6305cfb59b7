/** Accounts: sign-up, sign-in, password reset, e-mail confirmation, the owners' tokens (spec §2.2–2.4, §7). */
export { actionMail } from './mails';
export { findUserById } from './queries';
export { authRoutes } from './routes';
export { AUTH_ERRORS, replacePassword, sendConfirmation } from './service';
export { issueAuthToken, userIdForToken } from './tokens';
