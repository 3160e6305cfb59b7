import { CorrectAnswer, type CorrectAnswerInput, CorrectAnswerList, OkReply } from '@otklik/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** Spec §7: the corrected answers of one assistant. */
export const answersQuery = (assistantId: string) =>
  queryOptions({
    queryKey: ['assistants', assistantId, 'correct-answers'],
    queryFn: ({ signal }) =>
      api.get(`/api/assistant/${assistantId}/correct-answers`, { schema: CorrectAnswerList, signal }),
  });

export const useCorrectAnswers = (assistantId: string) => useQuery(answersQuery(assistantId));

export type AnswerBody = Required<Pick<CorrectAnswerInput, 'question' | 'correctAnswer'>> &
  Required<Pick<CorrectAnswerInput, 'originalAnswer' | 'synonyms' | 'isCorrect'>>;

export function useSaveAnswer(assistantId: string) {
  const client = useQueryClient();
  const key = answersQuery(assistantId).queryKey;
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AnswerBody }) =>
      id
        ? api.put(`/api/assistant/${assistantId}/correct-answers/${id}`, body, { schema: CorrectAnswer })
        : api.post(`/api/assistant/${assistantId}/correct-answers`, body, { schema: CorrectAnswer }),
    onSuccess: (saved) => {
      client.setQueryData(key, (list) =>
        list?.some((a) => a.id === saved.id)
          ? list.map((a) => (a.id === saved.id ? saved : a))
          : [saved, ...(list ?? [])],
      );
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useDeleteAnswer(assistantId: string) {
  const client = useQueryClient();
  const key = answersQuery(assistantId).queryKey;
  return useMutation({
    mutationFn: (answerId: string) =>
      api.delete(`/api/assistant/${assistantId}/correct-answers/${answerId}`, { schema: OkReply }),
    onSuccess: (_reply, answerId) => {
      client.setQueryData(key, (list) => list?.filter((a) => a.id !== answerId));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

/** GET /api/assistant/synonymizer: a text reply, the synonyms separated by commas (spec §7). */
export async function fetchSynonyms(question: string, signal?: AbortSignal): Promise<string> {
  const reply = await api.get<unknown>('/api/assistant/synonymizer', { query: { query: question }, signal });
  return typeof reply === 'string' ? reply.trim() : '';
}
