/** @jsxImportSource preact */
import { useEffect, useRef } from 'preact/hooks';
import { EMOJI, TEXTS } from '../texts';

interface Props {
  id: string;
  onPick: (emoji: string) => void;
  onClose: (refocus: boolean) => void;
  /** Elements whose clicks do not count as "outside" (the toggle button). */
  keepOpenFor: () => (EventTarget | null)[];
}

export function EmojiPanel({ id, onPick, onClose, keepOpenFor }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Listening on the document sees clicks anywhere on the page; composedPath looks into
    // our shadow root, where event.target would only show the host element.
    const onDown = (e: Event) => {
      const path = e.composedPath();
      if (path.includes(ref.current as EventTarget)) return;
      if (keepOpenFor().some((el) => el && path.includes(el))) return;
      onClose(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [onClose, keepOpenFor]);
  return (
    <div
      class="emoji-panel"
      id={id}
      ref={ref}
      role="dialog"
      aria-label={TEXTS.emojiPanel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose(true);
        }
      }}
    >
      {EMOJI.map((em) => (
        <button type="button" key={em} class="emoji" aria-label={em} onClick={() => onPick(em)}>
          {em}
        </button>
      ))}
    </div>
  );
}
