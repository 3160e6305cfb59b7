import { derivedTextColor } from '@otklik/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useIsMobile } from '@/shared/lib/use-media-query';
import { CloseIcon } from '@/shared/ui/icons';
import { usePatterns } from '../api/widget-api';
import { type DesignState, toPreviewDesign } from '../lib/design';
import { patternUrl } from '../lib/patterns';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './editor-layout.module.css';
import { WidgetPreview } from './widget-preview';

/** The live preview of a design (the pattern image comes from the pattern list). */
export function DesignPreview({ design }: { design: DesignState }) {
  const patterns = usePatterns();
  const preview = useMemo(
    () => toPreviewDesign(design, patternUrl(design.headerPattern, patterns.data)),
    [design, patterns.data],
  );
  return <WidgetPreview design={preview} />;
}

/**
 * The form with the live preview (spec §2.8, §2.9). Desktop: side by side, the preview stays in
 * view while the form scrolls. Phones: a floating button opens the preview over the page.
 */
export function EditorLayout({
  design,
  actions,
  children,
}: {
  design: DesignState;
  /** Buttons of a bar that stays at the bottom of the window (Save, Next…). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!mobile) {
    return (
      <div className={styles.split}>
        <div className={styles.main}>
          {children}
          {actions ? <div className={styles.bar}>{actions}</div> : null}
        </div>
        <aside className={styles.aside}>
          <div className={styles.sticky}>
            <p className={styles.previewTitle}>{T.preview}</p>
            <DesignPreview design={design} />
          </div>
        </aside>
      </div>
    );
  }

  return (
    <div className={styles.main}>
      {children}
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.previewButton}
          style={{ background: design.accentColor, color: derivedTextColor(design.accentColor) }}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <EyeGlyph />
          <span>{T.preview}</span>
        </button>
        {actions}
      </div>
      {open ? (
        <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={T.previewLabel}>
          <div className={styles.sheetHead}>
            <p className={styles.previewTitle}>{T.preview}</p>
            <button
              type="button"
              className={styles.sheetClose}
              aria-label={T.previewHide}
              onClick={() => setOpen(false)}
            >
              <CloseIcon size={20} />
            </button>
          </div>
          <div className={styles.sheetBody}>
            <DesignPreview design={design} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function EyeGlyph() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
