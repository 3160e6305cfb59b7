import { AvatarUploadReply, PatternList, Widget, WidgetInitReply, type WidgetSaveRequest } from '@otklik/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { assistantKeys } from './assistants-api';

/** Spec §7 "Widget". */
export const patternsQuery = queryOptions({
  queryKey: ['widget', 'patterns'],
  queryFn: ({ signal }) => api.get('/api/widget/patterns', { schema: PatternList, signal }),
  staleTime: 60 * 60_000,
});

export const usePatterns = () => useQuery(patternsQuery);

export const initWidget = () => api.post('/api/widget/init', undefined, { schema: WidgetInitReply });

export function useSaveWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WidgetSaveRequest) => api.post('/api/widget', body, { schema: Widget }),
    // The list shows the accent colour, avatar and bot name; the edit page refetches its assistant.
    onSuccess: () => client.invalidateQueries({ queryKey: assistantKeys.all }),
  });
}

export const uploadAvatar = (widgetId: string, file: Blob, name = 'avatar') => {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : name);
  return api.post(`/api/widget/uploadAvatar/${encodeURIComponent(widgetId)}`, form, { schema: AvatarUploadReply });
};

export const deleteAvatar = (widgetId: string) => api.delete(`/api/widget/avatar/${encodeURIComponent(widgetId)}`);
