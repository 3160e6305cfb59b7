import {
  type ConfirmEmailRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  MessageReply,
  OkReply,
  type ResetPasswordRequest,
  type SignupRequest,
  TokenReply,
} from '@otklik/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** Spec §7. */
export const login = (body: LoginRequest) => api.post('/api/login', body, { schema: TokenReply });
export const signup = (body: SignupRequest) => api.post('/api/signup', body, { schema: TokenReply });
export const forgotPassword = (body: ForgotPasswordRequest) =>
  api.post('/api/forgot-password', body, { schema: MessageReply });
/** Ours: the link of the forgot-password mail. */
export const resetPassword = (body: ResetPasswordRequest) => api.post('/api/reset-password', body, { schema: OkReply });
/** Ours: the link of the confirmation mail. */
export const confirmEmail = (body: ConfirmEmailRequest) => api.post('/api/confirm-email', body, { schema: OkReply });

export const useLogin = () => useMutation({ mutationFn: login });
export const useSignup = () => useMutation({ mutationFn: signup });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
