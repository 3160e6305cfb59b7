/** @jsxImportSource preact */
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { TEXTS } from '../texts';
import { MESSAGE_MAX_LENGTH } from '../visitor-api';
import { EmojiPanel } from './emoji-panel';
import { ClipIcon, SendIcon, SmileIcon } from './icons';

interface Props {
  idPrefix: string;
  allowAttachment: boolean;
  busy: boolean;
  onSend: (text: string) => void;
  onAttach: (file: File) => void;
  /** The visitor typed something (the suggested questions then leave). */
  onType: () => void;
  inputRef: { current: HTMLTextAreaElement | null };
}

const LINE_PX = 24;
const MAX_ROWS = 3;

export function Composer({ idPrefix, allowAttachment, busy, onSend, onAttach, onType, inputRef }: Props) {
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const panelId = `${idPrefix}-emoji`;

  // Grow with the text up to three lines, then scroll.
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    // Empty, the placeholder may wrap in a narrow window: keep the one-line height of the CSS.
    el.style.height = '';
    if (!text) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, LINE_PX * MAX_ROWS + 10)}px`;
  }, [text, inputRef]);

  const closeEmoji = useCallback((refocus: boolean) => {
    setEmojiOpen(false);
    if (refocus) toggleRef.current?.focus();
  }, []);
  const keepOpenFor = useCallback(() => [toggleRef.current], []);

  const submit = () => {
    if (!text.trim() || busy) return;
    onSend(text);
    setText('');
    setEmojiOpen(false);
  };

  const insertEmoji = (emoji: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    setText(next);
    onType();
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {emojiOpen && <EmojiPanel id={panelId} onPick={insertEmoji} onClose={closeEmoji} keepOpenFor={keepOpenFor} />}
      <textarea
        ref={inputRef}
        class="input"
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={TEXTS.placeholder}
        aria-label={TEXTS.placeholder}
        onInput={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          setEmojiOpen(false);
          if (value.trim()) onType();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div class="tools">
        <button
          type="button"
          ref={toggleRef}
          class={`icon-btn tool${emojiOpen ? ' active' : ''}`}
          aria-label={TEXTS.emoji}
          aria-expanded={emojiOpen}
          aria-controls={emojiOpen ? panelId : undefined}
          onClick={() => setEmojiOpen((o) => !o)}
        >
          <SmileIcon />
        </button>
        {allowAttachment && (
          <>
            <button
              type="button"
              class="icon-btn tool"
              aria-label={TEXTS.attach}
              onClick={() => fileRef.current?.click()}
            >
              <ClipIcon />
            </button>
            <input
              ref={fileRef}
              type="file"
              hidden
              tabIndex={-1}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) onAttach(file);
              }}
            />
          </>
        )}
        <button type="submit" class="send" aria-label={TEXTS.send} disabled={!text.trim() || busy}>
          <SendIcon />
        </button>
      </div>
    </form>
  );
}
