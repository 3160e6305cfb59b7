import { h, render } from 'preact';
import { Widget } from './components/widget';
import type { WidgetConfig } from './config';
import type { fetchDesign } from './visitor-api';

export interface WidgetHandle {
  /** Re-renders with a new config (the cabinet calls it on every design change). */
  update(config: WidgetConfig): void;
  /** Unmounts, closes the visitor's connections and removes what was added to the element. */
  destroy(): void;
}

/**
 * Renders the widget into a shadow root that already holds the stylesheet: the embed script's
 * first frame put it there (boot.ts), or mountWidget did (index.ts).
 */
export function mountInShadow(shadow: ShadowRoot, config: WidgetConfig): WidgetHandle {
  const container = document.createElement('div');
  shadow.append(container);
  render(h(Widget, { config }), container);
  return {
    update(next) {
      render(h(Widget, { config: next }), container);
    },
    destroy() {
      render(null, container);
      container.remove();
    },
  };
}

/** What the widget's second script (app.ts → /api/widget/app.js) gives the embed script. */
export interface WidgetApp {
  mount: typeof mountInShadow;
  /** The assistant's design, for a snippet whose script carries none (installed before issue #18). */
  fetchDesign: typeof fetchDesign;
}

declare global {
  interface Window {
    __otklikWidget?: WidgetApp;
  }
}
