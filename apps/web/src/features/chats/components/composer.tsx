import { OPERATOR_MESSAGE_MAX_LENGTH } from '@otklik/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { AutoTextarea } from '@/shared/ui/auto-textarea';
import { SendIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import type { Suggestion } from '../hooks/use-conversation';
import { CHATS_TEXTS } from '../ru';
import styles from './conversation.module.css';

const T = CHATS_TEXTS.composer;
/** Spec §4: a live suggestion flashes the input this long. */
export const SUGGESTION_FLASH_MS = 5000;

interface ComposerProps {
  sending: boolean;
  suggestion: Suggestion | null;
  onSend: (content: string) => void;
}

/** Spec §2.13 footer: Enter sends, Shift+Enter starts a new line; the input is cleared at once. */
export function Composer({ sending, suggestion, onSend }: ComposerProps) {
  const [value, setValue] = useState('');
  const [flash, setFlash] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);

  // Spec §4: a suggestion fills the input and flashes it; focusing the input stops the flash.
  useEffect(() => {
    if (!suggestion) return;
    setValue(suggestion.text);
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), SUGGESTION_FLASH_MS);
    return () => clearTimeout(timer);
  }, [suggestion]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = value.trim();
    if (!content || sending) return;
    setValue('');
    onSend(content);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={submit} data-flash={flash || undefined}>
      <AutoTextarea
        ref={input}
        className={styles.input}
        rows={1}
        maxRows={3}
        value={value}
        maxLength={OPERATOR_MESSAGE_MAX_LENGTH}
        placeholder={T.placeholder}
        aria-label={T.label}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setFlash(false)}
      />
      <button
        type="submit"
        className={styles.send}
        aria-label={T.send}
        title={T.send}
        disabled={sending || !value.trim()}
        aria-busy={sending || undefined}
      >
        {sending ? <Spinner size={18} /> : <SendIcon size={18} />}
      </button>
      <span className="visually-hidden" role="status">
        {flash ? T.suggestion : ''}
      </span>
    </form>
  );
}
