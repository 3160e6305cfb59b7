import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './help-tooltip.module.css';
import { HelpIcon } from './icons';
import { UI_TEXTS } from './ru';

/**
 * A "?" button with an explanation: shows on hover (CSS), on keyboard focus and on tap;
 * Escape or a tap elsewhere closes it. The text is also the button's description.
 */
export function HelpTooltip({ children, label = UI_TEXTS.help }: { children: ReactNode; label?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <span ref={root} className={styles.root}>
      <button
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((v) => !v)}
      >
        <HelpIcon size={16} />
      </button>
      <span id={id} role="tooltip" className={styles.bubble} data-open={open}>
        {children}
      </span>
    </span>
  );
}
