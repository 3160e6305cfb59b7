/** @jsxImportSource preact */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { TEXTS } from '../texts';

/** Spec §9: the suggested questions leave 500 ms after the visitor picks one or types. */
export const CHIPS_DELAY_MS = 500;
/** Length of the slide-out animation (CSS `.chips.leaving`). */
export const CHIPS_SLIDE_MS = 300;

export type ChipsState = 'shown' | 'leaving' | 'gone';

/** The chips' life: shown until the visitor speaks, then slide out and are removed. */
export function useChips(visitorSpoke: boolean) {
  const [state, setState] = useState<ChipsState>('shown');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const clear = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  }, []);
  const dismiss = useCallback(() => {
    if (timers.current.length) return;
    timers.current.push(
      setTimeout(() => setState((s) => (s === 'shown' ? 'leaving' : s)), CHIPS_DELAY_MS),
      setTimeout(() => setState('gone'), CHIPS_DELAY_MS + CHIPS_SLIDE_MS),
    );
  }, []);
  const restore = useCallback(() => {
    clear();
    setState('shown');
  }, [clear]);
  useEffect(() => {
    // A conversation that starts over (demo loop, preview reset) offers the questions again.
    if (visitorSpoke) dismiss();
    else restore();
  }, [visitorSpoke, dismiss, restore]);
  useEffect(() => clear, [clear]);
  return { state, dismiss, restore };
}

interface Props {
  questions: string[];
  state: ChipsState;
  onPick: (q: string) => void;
}

export function SuggestedQuestions({ questions, state, onPick }: Props) {
  const list = questions.map((q) => q.trim()).filter(Boolean);
  if (state === 'gone' || !list.length) return null;
  const leaving = state === 'leaving';
  return (
    <ul
      class={`chips${leaving ? ' leaving' : ''}`}
      aria-label={TEXTS.suggested}
      aria-hidden={leaving ? 'true' : undefined}
    >
      {list.map((q, n) => (
        <li key={n}>
          <button type="button" class="chip" tabIndex={leaving ? -1 : 0} onClick={() => onPick(q)}>
            {q}
          </button>
        </li>
      ))}
    </ul>
  );
}
