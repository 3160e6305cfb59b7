/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { renderMarkdown } from '../markdown';
import { TEXTS } from '../texts';
import type { ChatMessage } from '../use-messages';

export function Bubble({
  from: role,
  content,
  failed,
  streaming,
}: Omit<ChatMessage, 'key' | 'role'> & { from: ChatMessage['role'] }) {
  const cls = `bubble ${role === 'user' ? 'from-user' : 'from-bot'}${failed ? ' failed' : ''}`;
  return (
    <div class={`row ${role === 'user' ? 'row-user' : 'row-bot'}`}>
      <div class={cls} aria-busy={streaming ? 'true' : undefined}>
        {role === 'user' && <span class="sr-only">{TEXTS.you}: </span>}
        {/* mid-stream, a list marker with no text yet would flash as a lone "-" */}
        {renderMarkdown(streaming ? content.replace(/\n\s*(?:[-*+•]|\d+[.)])?\s*$/, '') : content)}
      </div>
    </div>
  );
}

export function TypingIndicator({ botName }: { botName: string }) {
  return (
    <div class="row row-bot">
      <div class="bubble from-bot typing" role="status">
        <span class="sr-only">
          {botName} {TEXTS.typing}
        </span>
        <i />
        <i />
        <i />
      </div>
    </div>
  );
}

interface Props {
  greeting: string;
  messages: ChatMessage[];
  typing: boolean;
  botName: string;
  /** Rendered after the messages (the phone form). */
  children?: ComponentChildren;
  /** Changes when `children` changes what they show. */
  tailKey?: string;
}

export function MessageList({ greeting, messages, typing, botName, children, tailKey }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  // Follow the conversation: new messages, streamed text and the typing dots scroll into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll is caused by these values changing
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content, typing, tailKey]);
  return (
    // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <div class="body" ref={ref} role="log" aria-live="polite" aria-label={TEXTS.messages} tabIndex={0}>
      {greeting && <Bubble from="assistant" content={greeting} />}
      {messages.map((m) => (
        <Bubble key={m.key} from={m.role} content={m.content} failed={m.failed} streaming={m.streaming} />
      ))}
      {typing && <TypingIndicator botName={botName} />}
      {children}
    </div>
  );
}
