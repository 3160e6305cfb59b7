import { useLayoutEffect, useRef } from 'react';
import type { ShownMessage } from '../api/chats-api';
import { formatMessageDate } from '../lib/message-content';
import { CHATS_TEXTS } from '../ru';
import styles from './conversation.module.css';
import { MessageContent } from './message-content';

const T = CHATS_TEXTS.message;

interface MessageListProps {
  messages: ShownMessage[];
  loading: boolean;
  onVerdict: (message: ShownMessage, verdict: 'right' | 'wrong') => void;
}

/** Spec §2.13: the bubbles, scrolled to the bottom after a load, a send and every new message. */
export function MessageList({ messages, loading, onVerdict }: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    void lastId;
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  return (
    <div ref={box} className={styles.messages} role="log" aria-label={CHATS_TEXTS.conversation.label}>
      {messages.length === 0 && !loading ? <p className={styles.noMessages}>{CHATS_TEXTS.conversation.empty}</p> : null}
      <ol className={styles.messageList}>
        {messages.map((m) => (
          <li key={m.id} className={styles.row} data-role={m.role} data-author={m.author}>
            {m.author === 'system' ? <SystemNote message={m} /> : <Bubble message={m} onVerdict={onVerdict} />}
          </li>
        ))}
      </ol>
    </div>
  );
}

function SystemNote({ message }: { message: ShownMessage }) {
  return (
    <p className={styles.note}>
      {message.content} · <time>{formatMessageDate(message.createdAt)}</time>
    </p>
  );
}

function Bubble({ message, onVerdict }: { message: ShownMessage; onVerdict: MessageListProps['onVerdict'] }) {
  const answer = message.role === 'assistant' && !message.local;
  return (
    <article className={styles.bubble} data-error={message.local === 'error' || undefined}>
      <header className={styles.meta}>
        <span className={styles.author}>{T.author[message.author]}</span>
        <time className={styles.date}>{formatMessageDate(message.createdAt)}</time>
      </header>
      <MessageContent content={message.content} />
      {answer ? (
        <div className={styles.verdicts}>
          <button
            type="button"
            className={styles.verdict}
            data-verdict="right"
            onClick={() => onVerdict(message, 'right')}
          >
            {T.right}
          </button>
          <button
            type="button"
            className={styles.verdict}
            data-verdict="wrong"
            onClick={() => onVerdict(message, 'wrong')}
          >
            {T.wrong}
          </button>
        </div>
      ) : null}
    </article>
  );
}
