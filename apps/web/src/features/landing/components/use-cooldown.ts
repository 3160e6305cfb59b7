import { useCallback, useRef } from 'react';

/**
 * A cooldown measured against the clock rather than counted by timers, so the seconds left
 * are right whenever they are asked for (a background tab throttles timers).
 */
export function useCooldown(seconds: number) {
  const until = useRef(0);
  const start = useCallback(() => {
    until.current = Date.now() + seconds * 1000;
  }, [seconds]);
  /** Whole seconds left, rounded up; 0 when ready. */
  const left = useCallback(() => Math.max(0, Math.ceil((until.current - Date.now()) / 1000)), []);
  return { start, left };
}
