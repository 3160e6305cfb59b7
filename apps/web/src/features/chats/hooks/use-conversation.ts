import { type ChatVisitor, liveTopics } from '@otklik/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { historyQuery, type ShownMessage, sendOperatorMessage, useHistory } from '../api/chats-api';
import type { LiveConnection } from '../lib/live-connection';
import { appendMessage, liveAutocomplete, liveMessage } from '../lib/messages';
import { CHATS_TEXTS } from '../ru';
import { useLiveTopic } from './use-live';

/** A live suggestion for the input; `at` tells two equal texts apart. */
export interface Suggestion {
  text: string;
  at: number;
}

/**
 * One visitor's conversation: the history, messages arriving live, the autocomplete suggestion
 * and the operator's send (spec §4 "Chat monitoring", §8).
 */
export function useConversation(assistantId: string, visitor: ChatVisitor, live: LiveConnection | null) {
  const client = useQueryClient();
  const history = useHistory(assistantId, visitor.id);
  const [sending, setSending] = useState(false);
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);

  const append = useCallback(
    (message: ShownMessage) =>
      client.setQueryData(historyQuery(assistantId, visitor.id).queryKey, (list) => appendMessage(list, message)),
    [client, assistantId, visitor.id],
  );

  useLiveTopic(
    live,
    liveTopics.conversation(assistantId, visitor.id),
    (body) => {
      const message = liveMessage(body);
      if (message) append(message);
    },
    // Listening from now on: what the visitor or the bot wrote before (the page was opening, the
    // connection was down) comes with the history loaded again.
    () => void client.invalidateQueries({ queryKey: historyQuery(assistantId, visitor.id).queryKey }),
  );
  useLiveTopic(live, liveTopics.autocomplete(assistantId, visitor.id), (body) => {
    const text = liveAutocomplete(body);
    if (text) setSuggestion({ text, at: Date.now() });
  });

  const send = async (content: string) => {
    setSending(true);
    try {
      append(await sendOperatorMessage(assistantId, visitor.id, content));
    } catch {
      // Spec §8: a failed send (non-OK or network) shows as an assistant bubble.
      append({
        id: crypto.randomUUID(),
        role: 'assistant',
        content: CHATS_TEXTS.message.sendError,
        createdAt: Date.now() / 1000,
        author: 'operator',
        local: 'error',
      });
    } finally {
      setSending(false);
    }
  };

  return { history, messages: history.data ?? [], append, send, sending, suggestion };
}
