import { SITE_WIDGET_BOTTOM_MARGIN } from '@otklik/contract/site-constants';
import { useEffect } from 'react';
import { loadSiteConfig } from './site-config';

declare global {
  interface Window {
    initChatWidget?: (options: { assistantId: string; bottomMargin?: number }) => void;
  }
}

let started = false;
/** Whether a public page is on screen: the cabinet has its own widget previews, not ours. */
let onPublicPage = false;

/** The embed script's host element (apps/widget/src/embed.ts), hidden rather than removed. */
function showSiteWidget(shown: boolean): void {
  for (const host of document.querySelectorAll<HTMLElement>('[data-otklik-widget]')) {
    host.style.setProperty('display', shown ? 'block' : 'none', 'important');
  }
}

/**
 * Spec §1 and §7: the product's own pages load its chat widget script for the site assistant
 * with a bottom margin of 100. Loaded once, after the page is idle, so it never competes with
 * the page's own content; failures are logged (spec §8). Leaving the public pages for the
 * cabinet hides the widget, and coming back shows it with the conversation as it was.
 */
export function useSiteWidget(): void {
  useEffect(() => {
    onPublicPage = true;
    showSiteWidget(true);
    if (!started) {
      started = true;
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
      idle(() => {
        void loadSiteConfig().then(({ assistantId }) => {
          if (!assistantId) return;
          const script = document.createElement('script');
          // Named by the assistant, the script carries its design: the launcher shows without another request.
          script.src = `/api/widget/script?assistantId=${encodeURIComponent(assistantId)}`;
          script.async = true;
          script.onload = () => {
            if (typeof window.initChatWidget === 'function') {
              window.initChatWidget({ assistantId, bottomMargin: SITE_WIDGET_BOTTOM_MARGIN });
              showSiteWidget(onPublicPage);
            } else {
              console.error('Скрипт виджета загрузился, но не определил initChatWidget');
            }
          };
          script.onerror = () => console.error('Не удалось загрузить скрипт виджета');
          document.body.append(script);
        });
      });
    }
    return () => {
      onPublicPage = false;
      showSiteWidget(false);
    };
  }, []);
}
