import type { VisitorMessageRole } from '@otklik/contract';
import { useCallback, useState } from 'preact/hooks';

export interface ChatMessage {
  /** Server id when known, else a local one. */
  key: string;
  role: VisitorMessageRole;
  content: string;
  streaming?: boolean;
  failed?: boolean;
}

let seq = 0;
/** A key for a message the server has not numbered (yet). */
export const localKey = () => `l${++seq}`;

export type SetMessages = (update: (list: ChatMessage[]) => ChatMessage[]) => void;

export interface MessageList {
  messages: ChatMessage[];
  setMessages: SetMessages;
  /** Appends a message unless one with its key is there already. */
  add(m: ChatMessage): void;
  /** Puts `m` where the message `key` is, or removes that message when `m` is null. */
  replace(key: string, m: ChatMessage | null): void;
}

/** The conversation's messages in order, with the two edits everyone needs. */
export function useMessages(): MessageList {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const add = useCallback((m: ChatMessage) => {
    setMessages((list) => (list.some((x) => x.key === m.key) ? list : [...list, m]));
  }, []);
  const replace = useCallback((key: string, m: ChatMessage | null) => {
    setMessages((list) => (m ? list.map((x) => (x.key === key ? m : x)) : list.filter((x) => x.key !== key)));
  }, []);
  return { messages, setMessages, add, replace };
}
