import { useCallback, useState } from 'preact/hooks';
import type { WidgetConfig } from './config';
import { useDemo } from './use-demo';
import { type PhoneFormState, useLiveSession } from './use-live-session';
import { type ChatMessage, useMessages } from './use-messages';
import { useSending } from './use-sending';

/**
 * True in the embed script's conversation code (build.mjs defines it): a visitor's widget is
 * always live, so the landing page's demo script is left out of what every site downloads.
 */
declare global {
  var __OTKLIK_LIVE_ONLY__: boolean | undefined;
}

export interface Conversation {
  messages: ChatMessage[];
  /** The assistant is preparing an answer (no text yet). */
  typing: boolean;
  busy: boolean;
  online: boolean;
  phoneForm: PhoneFormState;
  /** Messages that arrived while the window was closed. */
  unread: number;
  /** Whether the visitor already wrote something (then suggested questions are not offered). */
  visitorSpoke: boolean;
  send(text: string): void;
  attach(file: File): void;
  sendPhone(phone: string): Promise<string | null>;
  markRead(): void;
  /** Preview: start the conversation over (the owner changed what it shows). */
  reset(): void;
}

/**
 * The widget's conversation in its three modes: the message list, plus the live session
 * (history, operator pushes, phone request), sending with streamed answers, and the demo script.
 */
export function useConversation(config: WidgetConfig, windowOpen: boolean): Conversation {
  const list = useMessages();
  const [typing, setTyping] = useState(false);
  const live = useLiveSession(config, windowOpen, list);
  const sending = useSending(config.mode, live.client, list, setTyping);
  // A constant of the build (folded there, so the demo leaves the bundle): every render calls the same hooks.
  if (globalThis.__OTKLIK_LIVE_ONLY__ !== true) useDemo(config.mode, config.demoMessages, list.setMessages, setTyping);

  const { setMessages } = list;
  const reset = useCallback(() => {
    setMessages(() => []);
    setTyping(false);
  }, [setMessages]);

  return {
    messages: list.messages,
    typing,
    busy: sending.busy,
    online: live.online,
    phoneForm: live.phoneForm,
    unread: live.unread,
    visitorSpoke: list.messages.some((m) => m.role === 'user'),
    send: sending.send,
    attach: sending.attach,
    sendPhone: live.sendPhone,
    markRead: live.markRead,
    reset,
  };
}
