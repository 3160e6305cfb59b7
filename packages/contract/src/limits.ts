/** Limits shared by the server and the clients (spec §9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
/** Reset links live 30 minutes, confirmation links a day. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
