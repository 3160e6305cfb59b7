import type { WidgetConfig } from './config';
import { mountInShadow, type WidgetHandle } from './mount';
import { CSS } from './styles';

export { deriveTextColor, LUMINANCE_THRESHOLD, luminance } from './colors';
export type { DemoMessage, WidgetConfig, WidgetDesign, WidgetMode } from './config';
export { DEFAULT_BOTTOM_MARGIN, DEFAULT_DESIGN } from './config';
export type { WidgetHandle } from './mount';
export { EMOJI } from './texts';

/**
 * Renders the widget into `element`'s shadow root (created if needed), so the host page's
 * styles and ours never meet. Used by the cabinet preview, the landing demo and the tests; the
 * embed script paints its launcher first and mounts through mountInShadow (embed.ts).
 */
export function mountWidget(element: HTMLElement, config: WidgetConfig): WidgetHandle {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = CSS;
  shadow.append(style);
  const widget = mountInShadow(shadow, config);
  return {
    update: widget.update,
    destroy() {
      widget.destroy();
      style.remove();
    },
  };
}
