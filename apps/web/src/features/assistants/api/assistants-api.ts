import {
  Assistant,
  type AssistantCreateRequest,
  AssistantList,
  type AssistantPatchRequest,
  ModelList,
} from '@otklik/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** Spec §7 "Assistants". */
export const assistantKeys = {
  all: ['assistants'] as const,
  list: () => [...assistantKeys.all, 'list'] as const,
  one: (id: string) => [...assistantKeys.all, 'one', id] as const,
};

export const assistantsQuery = queryOptions({
  queryKey: assistantKeys.list(),
  queryFn: ({ signal }) => api.get('/api/assistant', { schema: AssistantList, signal }),
});

export const assistantQuery = (id: string) =>
  queryOptions({
    queryKey: assistantKeys.one(id),
    queryFn: ({ signal }) => api.get(`/api/assistant/${encodeURIComponent(id)}`, { schema: Assistant, signal }),
  });

export const modelsQuery = queryOptions({
  queryKey: ['models'],
  queryFn: ({ signal }) => api.get('/api/models', { schema: ModelList, signal }),
  staleTime: 5 * 60_000,
});

export const useAssistants = () => useQuery(assistantsQuery);
export const useAssistant = (id: string) => useQuery(assistantQuery(id));
export const useModels = () => useQuery(modelsQuery);

/** POST /api/assistant/create: multipart with 'file' (optional) and 'requestJson'. */
export function useCreateAssistant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, file }: { request: AssistantCreateRequest; file: File | null }) => {
      const form = new FormData();
      if (file) form.append('file', file);
      form.append('requestJson', JSON.stringify(request));
      return api.post('/api/assistant/create', form, { schema: Assistant });
    },
    onSuccess: (assistant) => {
      client.setQueryData(assistantKeys.one(assistant.id), assistant);
      void client.invalidateQueries({ queryKey: assistantKeys.list() });
    },
  });
}

export function usePatchAssistant(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AssistantPatchRequest) =>
      api.patch(`/api/assistant/${encodeURIComponent(id)}`, body, { schema: Assistant }),
    onSuccess: (assistant) => {
      client.setQueryData(assistantKeys.one(id), assistant);
      void client.invalidateQueries({ queryKey: assistantKeys.list() });
    },
  });
}

/** Deletes the assistant with its widget, files and conversations. */
export function useDeleteAssistant(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/assistant/${encodeURIComponent(id)}`),
    onSuccess: () => {
      client.removeQueries({ queryKey: assistantKeys.one(id) });
      void client.invalidateQueries({ queryKey: assistantKeys.list() });
    },
  });
}
