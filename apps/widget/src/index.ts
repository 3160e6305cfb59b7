import { h, render } from 'preact';
import { Widget } from './components/widget';
import type { WidgetConfig } from './config';
import { CSS } from './styles';

export { deriveTextColor, LUMINANCE_THRESHOLD, luminance } from './colors';
export type { DemoMessage, WidgetConfig, WidgetDesign, WidgetMode } from './config';
export { DEFAULT_BOTTOM_MARGIN, DEFAULT_DESIGN } from './config';
export { EMOJI } from './texts';

export interface WidgetHandle {
  /** Re-renders with a new config (the cabinet calls it on every design change). */
  update(config: WidgetConfig): void;
  /** Unmounts, closes the visitor's connections and removes what was added to the element. */
  destroy(): void;
}

/**
 * Renders the widget into `element`'s shadow root (created if needed), so the host page's
 * styles and ours never meet. Used by the embed script, the cabinet preview and the landing demo.
 */
export function mountWidget(element: HTMLElement, config: WidgetConfig): WidgetHandle {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = CSS;
  const container = document.createElement('div');
  shadow.append(style, container);
  render(h(Widget, { config }), container);
  return {
    update(next) {
      render(h(Widget, { config: next }), container);
    },
    destroy() {
      render(null, container);
      style.remove();
      container.remove();
    },
  };
}
