import { derivedTextColor } from '@otklik/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { useIsMobile } from '@/shared/lib/use-media-query';
import { EyeIcon } from '@/shared/ui/icons';
import { Panel } from '@/shared/ui/panel';
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
          <EyeIcon size={18} strokeWidth={2} />
          <span>{T.preview}</span>
        </button>
        {actions}
      </div>
      <Panel
        open={open}
        onClose={() => setOpen(false)}
        placement="sheet"
        title={T.preview}
        label={T.previewLabel}
        closeLabel={T.previewHide}
      >
        <DesignPreview design={design} />
      </Panel>
    </div>
  );
}
