import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from './limits';

export const AUTH_TEXTS = {
  invalidEmail: 'Некорректная почта',
  shortPassword: `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`,
  longPassword: `Пароль должен содержать не более ${PASSWORD_MAX_LENGTH} символов`,
  usernameRequired: 'Введите имя пользователя',
  usernameTooLong: `Имя пользователя должно содержать не более ${USERNAME_MAX_LENGTH} символов`,
  passwordRequired: 'Введите пароль',
} as const;

/** A plain e-mail check: text without spaces, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const Email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, AUTH_TEXTS.invalidEmail)
  .regex(EMAIL_PATTERN, AUTH_TEXTS.invalidEmail);

export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_TEXTS.shortPassword)
  .max(PASSWORD_MAX_LENGTH, AUTH_TEXTS.longPassword);

export const Username = z
  .string()
  .trim()
  .min(1, AUTH_TEXTS.usernameRequired)
  .max(USERNAME_MAX_LENGTH, AUTH_TEXTS.usernameTooLong);

export const SignupRequest = z.object({ username: Username, email: Email, password: NewPassword });
export type SignupRequest = z.infer<typeof SignupRequest>;

/** Login names the account by e-mail; the username field of the form is accepted and not required. */
export const LoginRequest = z.object({
  username: z.string().max(USERNAME_MAX_LENGTH).optional().default(''),
  email: Email,
  password: z.string().min(1, AUTH_TEXTS.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const TokenReply = z.object({ token: z.string() });
export type TokenReply = z.infer<typeof TokenReply>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({ token: z.string().min(1).max(200), newPassword: NewPassword });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ConfirmEmailRequest = z.object({ token: z.string().min(1).max(200) });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

export const UserProfile = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isAllowedNotify: z.boolean(),
  isEmailConfirmed: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const UpdateProfileRequest = z.object({
  username: Username,
  email: Email,
  isAllowedNotify: z.boolean(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const ChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, AUTH_TEXTS.passwordRequired).max(PASSWORD_MAX_LENGTH),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
/** Every session ends with the old password; this token continues the one that changed it. */
export const ChangePasswordReply = z.object({ ok: z.literal(true), token: z.string() });
export type ChangePasswordReply = z.infer<typeof ChangePasswordReply>;

export const NotifyRequest = z.object({ isAllowedNotify: z.boolean() });
export type NotifyRequest = z.infer<typeof NotifyRequest>;
