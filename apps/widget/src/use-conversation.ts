import type { VisitorMessageRole } from '@otklik/contract';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { DemoMessage, WidgetConfig } from './config';
import { ApiError, ATTACHMENT_MAX_BYTES, LiveClient } from './live-client';
import { TEXTS } from './texts';

export interface ChatMessage {
  /** Server id when known, else a local one. */
  key: string;
  role: VisitorMessageRole;
  content: string;
  streaming?: boolean;
  failed?: boolean;
}

export type PhoneFormState = 'hidden' | 'shown' | 'sent';

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

let seq = 0;
const localKey = () => `l${++seq}`;

/** Spec §2.3: step n (1…4) appears at 0.5 s + 2 s × (n − 1); after the last, 3 s, then restart. */
export const DEMO_FIRST_MS = 500;
export const DEMO_STEP_MS = 2000;
export const DEMO_RESTART_MS = 3000;
const PREVIEW_ANSWER_MS = 700;

export const DEFAULT_DEMO: DemoMessage[] = [
  { role: 'user', content: 'Здравствуйте! Сколько стоит доставка?' },
  { role: 'assistant', content: 'Доставка по городу — **300 ₽**, а при заказе от 3000 ₽ — *бесплатно*.' },
  { role: 'user', content: 'А можно забрать самому?' },
  {
    role: 'assistant',
    content: 'Конечно! Самовывоз из магазина на Ленина, 10:\n- пн–пт 10:00–20:00\n- сб–вс 11:00–18:00',
  },
];

export function useConversation(config: WidgetConfig, windowOpen: boolean): Conversation {
  const { mode, assistantId, apiBase = '' } = config;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [typing, setTyping] = useState(false);
  const [busy, setBusy] = useState(false);
  const [online, setOnline] = useState(true);
  const [phoneForm, setPhoneForm] = useState<PhoneFormState>('hidden');
  const [unread, setUnread] = useState(0);
  const clientRef = useRef<LiveClient | null>(null);
  const openRef = useRef(windowOpen);
  openRef.current = windowOpen;
  const storage = config.storage;
  // Local echo timers of preview/demo, cleared on unmount.
  const echoTimers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      for (const t of echoTimers.current) clearTimeout(t);
    },
    [],
  );

  const add = useCallback((m: ChatMessage) => {
    setMessages((list) => (list.some((x) => x.key === m.key) ? list : [...list, m]));
  }, []);
  const replace = useCallback((key: string, m: ChatMessage | null) => {
    setMessages((list) => (m ? list.map((x) => (x.key === key ? m : x)) : list.filter((x) => x.key !== key)));
  }, []);

  // Live: restore the history of a returning visitor and listen for the operator.
  useEffect(() => {
    if (mode !== 'live' || !assistantId) return;
    const client = new LiveClient({
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
    clientRef.current = client;
    if (client.hasVisitor) {
      client
        .history()
        .then((history) => {
          setMessages((current) => [
            ...history.map((m) => ({ key: m.id, role: m.role, content: m.content })),
            ...current.filter((c) => !history.some((h) => h.id === c.key)),
          ]);
          client.listen();
        })
        .catch(() => client.listen());
    }
    return () => {
      client.close();
      clientRef.current = null;
    };
  }, [mode, assistantId, apiBase, storage, add]);

  // Demo: the scripted conversation, looping.
  const demoScript = config.demoMessages ?? DEFAULT_DEMO;
  const demoKey = JSON.stringify(demoScript);
  useEffect(() => {
    if (mode !== 'demo') return;
    const script = JSON.parse(demoKey) as DemoMessage[];
    const timers: ReturnType<typeof setTimeout>[] = [];
    const run = () => {
      setMessages([]);
      script.forEach((m, n) => {
        const at = DEMO_FIRST_MS + DEMO_STEP_MS * n;
        // The assistant "types" for the second before each of its messages.
        if (m.role === 'assistant') timers.push(setTimeout(() => setTyping(true), Math.max(0, at - 1000)));
        timers.push(
          setTimeout(() => {
            setTyping(false);
            setMessages((list) => [...list, { key: `d${n}`, ...m }]);
          }, at),
        );
      });
      timers.push(setTimeout(run, DEMO_FIRST_MS + DEMO_STEP_MS * (script.length - 1) + DEMO_RESTART_MS));
    };
    run();
    return () => {
      for (const t of timers) clearTimeout(t);
      setTyping(false);
    };
  }, [mode, demoKey]);

  const send = useCallback(
    (raw: string) => {
      const text = raw.trim();
      if (!text) return;
      add({ key: localKey(), role: 'user', content: text });
      const client = clientRef.current;
      if (mode !== 'live' || !client) {
        // Preview and demo never touch the network: echo an illustrative answer.
        setTyping(true);
        echoTimers.current.push(
          setTimeout(() => {
            setTyping(false);
            add({ key: localKey(), role: 'assistant', content: TEXTS.previewAnswer });
          }, PREVIEW_ANSWER_MS),
        );
        return;
      }
      const key = localKey();
      let streamed = '';
      setBusy(true);
      setTyping(true);
      client
        .send(text, (delta) => {
          streamed += delta;
          setTyping(false);
          const m = { key, role: 'assistant' as const, content: streamed, streaming: true };
          setMessages((list) =>
            list.some((x) => x.key === key) ? list.map((x) => (x.key === key ? m : x)) : [...list, m],
          );
        })
        .then((result) => {
          if ('message' in result) {
            const m = result.message;
            setMessages((list) => {
              const final = { key: m.id, role: m.role, content: m.content };
              // A catch-up after a reconnection may have brought this answer in already.
              const rest = list.filter((x) => x.key !== m.id);
              return rest.some((x) => x.key === key) ? rest.map((x) => (x.key === key ? final : x)) : [...rest, final];
            });
          } else replace(key, null);
        })
        .catch((e: unknown) => {
          const content = e instanceof ApiError ? e.message : TEXTS.fallback;
          setMessages((list) => [
            ...list.filter((x) => x.key !== key),
            { key, role: 'assistant', content, failed: true },
          ]);
        })
        .finally(() => {
          setBusy(false);
          setTyping(false);
        });
    },
    [mode, add, replace],
  );

  const attach = useCallback(
    (file: File) => {
      const key = localKey();
      if (file.size > ATTACHMENT_MAX_BYTES) {
        add({ key, role: 'assistant', content: TEXTS.fileTooLarge(ATTACHMENT_MAX_BYTES / 1024 / 1024), failed: true });
        return;
      }
      const client = clientRef.current;
      add({ key, role: 'user', content: `📎 ${file.name}`, streaming: !!client });
      if (!client) return;
      client
        .attach(file)
        .then((m) => replace(key, { key: m.id, role: m.role, content: m.content }))
        .catch((e: unknown) => {
          replace(key, { key, role: 'user', content: `📎 ${file.name}` });
          add({
            key: localKey(),
            role: 'assistant',
            content: e instanceof ApiError ? e.message : TEXTS.fallback,
            failed: true,
          });
        });
    },
    [add, replace],
  );

  const sendPhone = useCallback(async (phone: string): Promise<string | null> => {
    try {
      await clientRef.current?.sendPhone(phone);
      setPhoneForm('sent');
      return null;
    } catch (e) {
      return e instanceof ApiError ? e.message : TEXTS.fallback;
    }
  }, []);

  const markRead = useCallback(() => setUnread(0), []);
  const reset = useCallback(() => {
    setMessages([]);
    setTyping(false);
  }, []);

  return {
    messages,
    typing,
    busy,
    online,
    phoneForm,
    unread,
    visitorSpoke: messages.some((m) => m.role === 'user'),
    send,
    attach,
    sendPhone,
    markRead,
    reset,
  };
}
