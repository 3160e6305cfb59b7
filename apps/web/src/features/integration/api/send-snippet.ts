import { INTEGRATION_TEXTS, OkReply, type SendSnippetRequest } from '@otklik/contract';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/shared/api/api-error';
import { api } from '@/shared/api/client';

/**
 * POST /api/assistant/sendSnippet, made without the bearer token (spec §6, §7). The server
 * builds the mail from the assistant's own snippet; `snippet` and `instructions` are sent as
 * the spec has them. On failure the store-level text of spec §8 is logged and the error rethrown.
 */
export async function sendSnippet(body: SendSnippetRequest): Promise<OkReply> {
  try {
    return await api.post('/api/assistant/sendSnippet', body, { auth: false, schema: OkReply });
  } catch (error) {
    console.error(`${INTEGRATION_TEXTS.sendFailedLog}${errorMessage(error, '')}`);
    throw error;
  }
}

export const useSendSnippet = () => useMutation({ mutationFn: sendSnippet });
