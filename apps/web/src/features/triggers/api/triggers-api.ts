import { OkReply, type Trigger, type TriggerInput, TriggerList } from '@otklik/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** Spec §7 "Triggers": the list of one assistant. */
export const triggersQuery = (assistantId: string) =>
  queryOptions({
    queryKey: ['assistants', assistantId, 'triggers'],
    queryFn: ({ signal }) => api.get(`/api/v1/assistant/${assistantId}/triggers`, { schema: TriggerList, signal }),
  });

export const useTriggers = (assistantId: string) => useQuery(triggersQuery(assistantId));

/** The body item of the save call: what the spec lists, plus the id that keeps an existing trigger. */
export const toInput = (t: Trigger): TriggerInput => ({
  id: t.id,
  name: t.name,
  action: t.action,
  stopWords: t.stopWords,
  customAnswer: t.customAnswer,
});

/** POST the whole list (spec §7); the reply is the saved list. */
export function useSaveTriggers(assistantId: string) {
  const client = useQueryClient();
  const key = triggersQuery(assistantId).queryKey;
  return useMutation({
    mutationFn: (list: TriggerInput[]) =>
      api.post(`/api/v1/assistant/${assistantId}/triggers`, list, { schema: TriggerList }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}

export function useDeleteTrigger(assistantId: string) {
  const client = useQueryClient();
  const key = triggersQuery(assistantId).queryKey;
  return useMutation({
    mutationFn: (triggerId: string) =>
      api.delete(`/api/v1/assistant/${assistantId}/triggers/${triggerId}`, { schema: OkReply }),
    onSuccess: (_reply, triggerId) => {
      client.setQueryData(key, (list) => list?.filter((t) => t.id !== triggerId));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
