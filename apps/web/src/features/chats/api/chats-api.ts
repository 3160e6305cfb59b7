import { CHAT_TEXTS, ChatMessage, ChatMessageList, ChatVisitor, ChatVisitorList } from '@otklik/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { mergeHistory } from '../lib/messages';
import { sortVisitors } from '../lib/visitors';

/** Spec §7 "Chat monitoring": the visitors who wrote to the assistant, latest activity first. */
export const chatsQuery = (assistantId: string) =>
  queryOptions({
    queryKey: ['assistants', assistantId, 'chats'],
    queryFn: async ({ signal }) =>
      sortVisitors(await api.get(`/api/assistant/${assistantId}/chats`, { schema: ChatVisitorList, signal })),
  });

export const useChats = (assistantId: string) => useQuery(chatsQuery(assistantId));

/** A message as shown: the server's, or a local one (the send-failure bubble of spec §8). */
export type ShownMessage = ChatMessage & { local?: 'error' };

export const historyQuery = (assistantId: string, visitorId: string) =>
  queryOptions({
    queryKey: ['assistants', assistantId, 'chats', visitorId, 'messages'],
    queryFn: async ({ signal }): Promise<ShownMessage[]> => {
      try {
        return await api.get('/api/assistant/messages', {
          query: { assistantId, visitorId },
          schema: ChatMessageList,
          signal,
        });
      } catch (error) {
        // Spec §8: a failed history load is only logged.
        if (!signal.aborted) console.error('Chat history failed to load', error);
        throw error;
      }
    },
    retry: false,
    // Spec §4: selecting a visitor loads the history again (the cached one shows meanwhile).
    staleTime: 0,
    // Loaded again, it keeps what only the screen holds (mergeHistory).
    structuralSharing: (shown, loaded) => mergeHistory(shown as ShownMessage[] | undefined, loaded as ShownMessage[]),
  });

export const useHistory = (assistantId: string, visitorId: string) => useQuery(historyQuery(assistantId, visitorId));

/** Replaces fields of one visitor in the cached list (a pause, a phone, a live update). */
export function patchVisitor(client: QueryClient, assistantId: string, visitorId: string, patch: Partial<ChatVisitor>) {
  client.setQueryData(chatsQuery(assistantId).queryKey, (list) =>
    list?.map((v) => (v.id === visitorId ? { ...v, ...patch } : v)),
  );
}

/** The operator writes to the visitor (spec §6: role 'assistant'). */
export const sendOperatorMessage = (assistantId: string, visitorId: string, content: string) =>
  api.post(
    `/api/assistant/messages/${assistantId}`,
    { role: 'assistant', content },
    { query: { visitorId }, schema: ChatMessage },
  );

export const requestPhone = (assistantId: string, visitorId: string) =>
  api.post(
    `/api/assistant/messages/${assistantId}/phone-request`,
    { role: 'assistant', content: CHAT_TEXTS.phoneRequest },
    { query: { visitorId }, schema: ChatMessage },
  );

export const fetchVisitor = (visitorId: string) => api.get(`/api/visitors/${visitorId}`, { schema: ChatVisitor });

export const setPaused = (assistantId: string, visitorId: string, pause: boolean) =>
  api.put(`/api/visitors/${visitorId}/assistant/${assistantId}/pause`, undefined, {
    query: { pause },
    schema: ChatVisitor,
  });
