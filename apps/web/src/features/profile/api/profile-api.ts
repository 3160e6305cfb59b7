import {
  ChangePasswordReply,
  type ChangePasswordRequest,
  OkReply,
  type UpdateProfileRequest,
  UserProfile,
} from '@otklik/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { signIn } from '@/shared/api/session';

/** Spec §7, the account calls of the profile screen. */
export const profileQuery = queryOptions({
  queryKey: ['user', 'profile'],
  queryFn: ({ signal }) => api.get('/api/user/profile', { schema: UserProfile, signal }),
});

export const useProfile = () => useQuery(profileQuery);

function useProfileMutation<V>(mutationFn: (vars: V) => Promise<UserProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => client.setQueryData(profileQuery.queryKey, profile),
  });
}

export const useUpdateProfile = () =>
  useProfileMutation((body: UpdateProfileRequest) => api.put('/api/user/profile', body, { schema: UserProfile }));

export const useSetNotify = () =>
  useProfileMutation((isAllowedNotify: boolean) =>
    api.patch('/api/user/notify', { isAllowedNotify }, { schema: UserProfile }),
  );

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api.post('/api/user/change-password', body, { schema: ChangePasswordReply }),
    // The old password's sessions are all ended; this tab (and its siblings) go on with the new token.
    onSuccess: ({ token }) => signIn(token),
  });

export const useSendConfirmation = () =>
  useMutation({ mutationFn: () => api.post('/api/user/send-confirmation', undefined, { schema: OkReply }) });

export const useDeleteAccount = () => useMutation({ mutationFn: () => api.delete('/api/user', { schema: OkReply }) });

/** Revokes the token on the server (spec leaves the call out; ours ends the session for real). */
export const logoutOnServer = () => api.post('/api/logout', undefined, { schema: OkReply });
