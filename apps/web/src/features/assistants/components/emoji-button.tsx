import { EMOJI } from '@otklik/widget';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './emoji-button.module.css';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** Inserts `text` at the caret of `control`, returning the new value and caret position. */
export function insertAtCaret(control: TextControl, text: string): { value: string; caret: number } {
  const start = control.selectionStart ?? control.value.length;
  const end = control.selectionEnd ?? start;
  return { value: control.value.slice(0, start) + text + control.value.slice(end), caret: start + text.length };
}

interface EmojiButtonProps {
  /** The field the emoji goes into, at its caret. */
  target: RefObject<TextControl | null>;
  onInsert: (value: string) => void;
  /** 'inline': a small borderless button that sits inside a text field. */
  variant?: 'default' | 'inline';
}

/**
 * Spec §2.9: the panel of the 20 emoji the widget offers its visitors (the same list), here to
 * put them into the greeting and the questions. Closes on a pick, an outside click or Escape.
 */
export function EmojiButton({ target, onInsert, variant = 'default' }: EmojiButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const pick = (emoji: string) => {
    const control = target.current;
    setOpen(false);
    if (!control) return;
    const { value, caret } = insertAtCaret(control, emoji);
    onInsert(value);
    // After React has written the new value, put the caret right after the emoji.
    requestAnimationFrame(() => {
      control.focus();
      control.setSelectionRange(caret, caret);
    });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the panel.
    <div
      ref={root}
      className={`${styles.root} ${variant === 'inline' ? styles.inline : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          target.current?.focus();
        }
      }}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-label={T.emoji}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">😊</span>
      </button>
      {open ? (
        <fieldset id={panelId} className={styles.panel}>
          <legend className="visually-hidden">{T.emojiPanel}</legend>
          {EMOJI.map((emoji) => (
            <button key={emoji} type="button" className={styles.emoji} onClick={() => pick(emoji)}>
              {emoji}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
