import { Email, LoginRequest, NewPassword, SignupRequest, USERNAME_MAX_LENGTH } from '@otklik/contract';
import { z } from 'zod';

/** The forms validate with the server's own schemas (spec §5 texts live in the contract). */
export const signupForm = SignupRequest;
export type SignupForm = z.infer<typeof signupForm>;

/** Spec §2.6: login asks for a username too; the server does not need it. */
export const loginForm = z.object({
  username: z.string().max(USERNAME_MAX_LENGTH),
  email: Email,
  password: LoginRequest.shape.password,
});
export type LoginForm = z.infer<typeof loginForm>;

export const forgotForm = z.object({ email: Email });
export type ForgotForm = z.infer<typeof forgotForm>;

export const resetForm = z.object({ newPassword: NewPassword });
export type ResetForm = z.infer<typeof resetForm>;
