import {
  Assistant,
  MessageReply,
  type NotificationEvents,
  NotificationReply,
  type NotificationSettings,
  TelegramChatIdReply,
} from '@otklik/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { api } from '@/shared/api/client';

const assistantPath = (assistantId: string) => `/api/assistant/${encodeURIComponent(assistantId)}`;

/** The notification settings (spec §3) as GET /api/assistant/{id} gives them. */
export const notificationsQuery = (assistantId: string) =>
  queryOptions({
    queryKey: ['assistants', assistantId, 'notifications'],
    queryFn: async ({ signal }) =>
      (await api.get(assistantPath(assistantId), { schema: Assistant, signal })).notification,
  });

export const useNotifications = (assistantId: string) => useQuery(notificationsQuery(assistantId));

/** Every notification call answers with the settings as they now are: they replace the cached ones. */
function store(client: QueryClient, assistantId: string, notification: NotificationSettings) {
  client.setQueryData(notificationsQuery(assistantId).queryKey, notification);
}

/** POST /api/assistant/{id}/notification/send-confirmation with {email} (spec §7). */
export const sendConfirmation = (assistantId: string, email: string) =>
  api.post(`${assistantPath(assistantId)}/notification/send-confirmation`, { email }, { schema: NotificationReply });

/** POST /api/assistant/{id}/notification/toggle-email|toggle-telegram?enable=bool, no body (spec §7). */
export const toggleNotification = (assistantId: string, channel: 'email' | 'telegram', enable: boolean) =>
  api.post(`${assistantPath(assistantId)}/notification/toggle-${channel}`, undefined, {
    query: { enable },
    schema: NotificationReply,
  });

/**
 * PUT /api/assistant/{id}/notification/events with the whole choice of what the owner is alerted
 * about; 200 {message, notification}, 400/404 {message}.
 */
export const saveNotificationEvents = (assistantId: string, events: NotificationEvents) =>
  api.put(`${assistantPath(assistantId)}/notification/events`, events, { schema: NotificationReply });

/** Spec §7: the chat-id reply is a failure when its text says 'ошибка'. */
export const isChatIdFailure = (message: string) => message.toLowerCase().includes('ошибка');

/**
 * GET telegram/{token}/assistant/{id} (spec §7), served under /api. A reply whose text says
 * 'ошибка' is thrown like a refused call, so both reach the caller as one kind of failure.
 */
export async function findChat(assistantId: string, token: string) {
  const reply = await api.get(
    `/api/telegram/${encodeURIComponent(token)}/assistant/${encodeURIComponent(assistantId)}`,
    {
      schema: TelegramChatIdReply,
    },
  );
  if (isChatIdFailure(reply.message)) throw new ApiError(200, reply.message);
  return reply;
}

/**
 * POST /api/assistant/{id}/notification/test, no body: a test alert through the channels that
 * are on. 200 {message} says where it went; 400 {message} says there is nowhere to send.
 */
export const sendTestNotification = (assistantId: string) =>
  api.post(`${assistantPath(assistantId)}/notification/test`, undefined, { schema: MessageReply });

/** The test alert goes through the server's queue: the delivery state is read again after this. */
export const TEST_REREAD_MS = 3000;

/** POST /api/notification/confirm with the token of the mail's link (a public call, signed out too). */
export const confirmNotification = (token: string) =>
  api.post('/api/notification/confirm', { token }, { schema: MessageReply });

export function useSendConfirmation(assistantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendConfirmation(assistantId, email),
    onSuccess: (reply) => store(client, assistantId, reply.notification),
  });
}

export function useToggleNotification(assistantId: string, channel: 'email' | 'telegram') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enable: boolean) => toggleNotification(assistantId, channel, enable),
    onSuccess: (reply) => store(client, assistantId, reply.notification),
  });
}

export function useSaveNotificationEvents(assistantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (events: NotificationEvents) => saveNotificationEvents(assistantId, events),
    onSuccess: (reply) => store(client, assistantId, reply.notification),
  });
}

export function useFindChat(assistantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => findChat(assistantId, token),
    // The server stored the token and the chat: read the settings again to show them.
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsQuery(assistantId).queryKey }),
  });
}

/** Sends a test alert, then reads the settings again once it has had time to arrive (or fail). */
export function useSendTestNotification(assistantId: string) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMutation({
    mutationFn: () => sendTestNotification(assistantId),
    onSuccess: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => void client.invalidateQueries({ queryKey: notificationsQuery(assistantId).queryKey }),
        TEST_REREAD_MS,
      );
    },
  });
}
