import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { WidgetConfig } from './config';
import { LiveClient } from './live-client';
import { TEXTS } from './texts';
import type { MessageList } from './use-messages';
import { ApiError } from './visitor-api';

export type PhoneFormState = 'hidden' | 'shown' | 'sent';

export interface LiveSession {
  /** The connection of live mode; null in preview and demo, and before the first render. */
  client: { current: LiveClient | null };
  online: boolean;
  phoneForm: PhoneFormState;
  /** Messages that arrived while the window was closed. */
  unread: number;
  markRead(): void;
  /** Sends the phone the operator asked for; the error text, or null when it went through. */
  sendPhone(phone: string): Promise<string | null>;
}

/**
 * Live mode: restores a returning visitor's history, then listens for what comes unasked —
 * the operator's messages and the operator's request for a phone number.
 */
export function useLiveSession(
  config: WidgetConfig,
  windowOpen: boolean,
  { add, setMessages }: Pick<MessageList, 'add' | 'setMessages'>,
): LiveSession {
  const { mode, assistantId, apiBase = '', storage } = config;
  const [online, setOnline] = useState(true);
  const [phoneForm, setPhoneForm] = useState<PhoneFormState>('hidden');
  const [unread, setUnread] = useState(0);
  const client = useRef<LiveClient | null>(null);
  const openRef = useRef(windowOpen);
  openRef.current = windowOpen;

  useEffect(() => {
    if (mode !== 'live' || !assistantId) return;
    const live = new LiveClient({
      apiBase,
      assistantId,
      storage: storage ?? localStorage,
      onConnection: setOnline,
      onPush: (push) => {
        if (push.type === 'phone-request') setPhoneForm('shown');
        else add({ key: push.message.id, role: push.message.role, content: push.message.content });
        if (!openRef.current) setUnread((n) => n + 1);
      },
    });
    client.current = live;
    if (live.hasVisitor) {
      live
        .history()
        .then((history) => {
          setMessages((current) => [
            ...history.map((m) => ({ key: m.id, role: m.role, content: m.content })),
            ...current.filter((c) => !history.some((h) => h.id === c.key)),
          ]);
          live.listen();
        })
        .catch(() => live.listen());
    }
    return () => {
      live.close();
      client.current = null;
    };
  }, [mode, assistantId, apiBase, storage, add, setMessages]);

  const sendPhone = useCallback(async (phone: string): Promise<string | null> => {
    try {
      await client.current?.sendPhone(phone);
      setPhoneForm('sent');
      return null;
    } catch (e) {
      return e instanceof ApiError ? e.message : TEXTS.fallback;
    }
  }, []);

  const markRead = useCallback(() => setUnread(0), []);

  return { client, online, phoneForm, unread, markRead, sendPhone };
}
