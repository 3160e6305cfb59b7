import { mountWidget, type WidgetDesign, type WidgetHandle } from '@otklik/widget';
import { useEffect, useRef } from 'react';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './widget-preview.module.css';

/**
 * The live preview: the real widget component (ARCHITECTURE §1) in preview mode, mounted once
 * and re-rendered with every change of the design, so the owner sees each edit at once.
 */
export function WidgetPreview({ design }: { design: WidgetDesign }) {
  const host = useRef<HTMLElement>(null);
  const handle = useRef<WidgetHandle | null>(null);
  const first = useRef(design);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    handle.current = mountWidget(element, { mode: 'preview', design: first.current, inline: true });
    return () => {
      handle.current?.destroy();
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    handle.current?.update({ mode: 'preview', design, inline: true });
  }, [design]);

  return <section ref={host} className={styles.host} aria-label={T.previewLabel} data-testid="preview" />;
}
