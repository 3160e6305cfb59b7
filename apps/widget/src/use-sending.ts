import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { WidgetMode } from './config';
import type { LiveClient } from './live-client';
import { TEXTS } from './texts';
import { type ChatMessage, localKey, type MessageList } from './use-messages';
import { ApiError, ATTACHMENT_MAX_BYTES } from './visitor-api';

const PREVIEW_ANSWER_MS = 700;

export interface Sending {
  /** A message is on its way and its answer is streaming. */
  busy: boolean;
  send(text: string): void;
  attach(file: File): void;
}

/**
 * What the visitor sends: a message, whose answer streams in token by token (live), or is an
 * illustrative echo (preview and demo never touch the network); and attachments.
 */
export function useSending(
  mode: WidgetMode,
  client: { current: LiveClient | null },
  { add, replace, setMessages }: MessageList,
  setTyping: (typing: boolean) => void,
): Sending {
  const [busy, setBusy] = useState(false);
  // Local echo timers of preview/demo, cleared on unmount.
  const echoTimers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      for (const t of echoTimers.current) clearTimeout(t);
    },
    [],
  );

  const send = useCallback(
    (raw: string) => {
      const text = raw.trim();
      if (!text) return;
      add({ key: localKey(), role: 'user', content: text });
      const live = client.current;
      if (mode !== 'live' || !live) {
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
      live
        .send(text, (delta) => {
          streamed += delta;
          setTyping(false);
          const m: ChatMessage = { key, role: 'assistant', content: streamed, streaming: true };
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
    [mode, client, add, replace, setMessages, setTyping],
  );

  const attach = useCallback(
    (file: File) => {
      const key = localKey();
      if (file.size > ATTACHMENT_MAX_BYTES) {
        add({ key, role: 'assistant', content: TEXTS.fileTooLarge(ATTACHMENT_MAX_BYTES / 1024 / 1024), failed: true });
        return;
      }
      const live = client.current;
      add({ key, role: 'user', content: `📎 ${file.name}`, streaming: !!live });
      if (!live) return;
      live
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
    [client, add, replace],
  );

  return { busy, send, attach };
}
