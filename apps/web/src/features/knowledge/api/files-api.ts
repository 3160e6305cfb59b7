import { type KnowledgeFileItem, KnowledgeFileList, KnowledgeFileReply, OkReply } from '@otklik/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '@/shared/api/client';
import { saveBlob } from '@/shared/lib/download';
import { fileNameFromDisposition } from '../lib/format';

/** While a file is parsed (or a site crawled) the list is asked again this often. */
export const PROCESSING_POLL_MS = 2000;

/** Spec §7 "Knowledge and corrected answers": the files of one assistant. */
export const filesQuery = (assistantId: string) =>
  queryOptions({
    queryKey: ['assistants', assistantId, 'knowledge'],
    queryFn: ({ signal }) => api.get(`/api/assistant/${assistantId}/knowledge`, { schema: KnowledgeFileList, signal }),
  });

export const useKnowledgeFiles = (assistantId: string) =>
  useQuery({
    ...filesQuery(assistantId),
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.status === 'processing') ? PROCESSING_POLL_MS : false,
  });

/** Puts a new file at the top of the cached list at once, then asks the server again. */
function useAddToList(assistantId: string) {
  const client = useQueryClient();
  return (file: KnowledgeFileItem) => {
    const key = filesQuery(assistantId).queryKey;
    client.setQueryData(key, (list) => [file, ...(list ?? []).filter((f) => f.id !== file.id)]);
    void client.invalidateQueries({ queryKey: key });
  };
}

export interface UploadInput {
  file: File;
  title: string;
  description: string;
}

export function useUploadFile(assistantId: string) {
  const addToList = useAddToList(assistantId);
  return useMutation({
    mutationFn: ({ file, title, description }: UploadInput) => {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append(
        'fileDescriptionJson',
        new Blob([JSON.stringify({ title, description })], { type: 'application/json' }),
      );
      return api.post(`/api/assistant/${assistantId}/file`, form, { schema: KnowledgeFileReply });
    },
    onSuccess: ({ file }) => addToList(file),
  });
}

export function useScrapeSite(assistantId: string) {
  const addToList = useAddToList(assistantId);
  return useMutation({
    mutationFn: (url: string) =>
      api.post(`/api/assistant/${assistantId}/site-scrape`, undefined, { query: { url }, schema: KnowledgeFileReply }),
    onSuccess: ({ file }) => addToList(file),
  });
}

export function useDeleteFile(assistantId: string) {
  const client = useQueryClient();
  const key = filesQuery(assistantId).queryKey;
  return useMutation({
    mutationFn: (fileId: string) => api.delete(`/api/assistant/${assistantId}/file/${fileId}`, { schema: OkReply }),
    onSuccess: (_reply, fileId) => {
      client.setQueryData(key, (list) => list?.filter((f) => f.id !== fileId));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

/** Downloads the original bytes; the name comes from Content-Disposition (spec §7). */
export async function downloadFile(file: Pick<KnowledgeFileItem, 'id' | 'name'>): Promise<void> {
  const { blob, headers } = await apiBlob(`/api/assistant/knowledge/file/${file.id}/download`);
  const name = fileNameFromDisposition(headers.get('content-disposition')) ?? file.name;
  saveBlob(blob, name);
}

export const useDownloadFile = () => useMutation({ mutationFn: downloadFile });
