/**
 * Entry of the embed script (GET /api/widget/script): defines window.initChatWidget.
 * Built by build.mjs into one minified IIFE; nothing else of the widget runs on load.
 */
import type { PublicWidget } from '@otklik/contract';
import { DEFAULT_BOTTOM_MARGIN } from './config';
import { mountWidget, type WidgetHandle } from './index';
import { fetchDesign } from './visitor-api';

export interface InitOptions {
  assistantId: string;
  bottomMargin?: number;
}

declare global {
  interface Window {
    initChatWidget?: (options: InitOptions) => void;
  }
}

const PREFIX = '[Отклик]';
// Captured now: currentScript is only set while the script itself is running.
const script = document.currentScript as HTMLScriptElement | null;
/** The API lives where the script came from, not on the customer's site. */
const apiBase = script?.src ? new URL(script.src).origin : location.origin;
const mounted = new Map<string, WidgetHandle>();
const designKey = (assistantId: string) => `otklik:d:${assistantId}`;

/**
 * The server writes the assistant's design here when the script's URL names the assistant
 * (`/api/widget/script?assistantId=…`, apps/server widget-script.ts): the launcher then shows
 * in the owner's colours as soon as the script runs, with no request for the design first.
 * Served any other way the marker stays as it is and parses as nothing.
 */
const INLINE_DESIGN = '__OTKLIK_DESIGN__';

function inlineDesign(assistantId: string): PublicWidget | null {
  try {
    const design = JSON.parse(INLINE_DESIGN) as PublicWidget | null;
    return design?.assistantId === assistantId ? design : null;
  } catch {
    return null;
  }
}

function readCachedDesign(assistantId: string): PublicWidget | null {
  try {
    return JSON.parse(localStorage.getItem(designKey(assistantId)) ?? 'null') as PublicWidget | null;
  } catch {
    return null;
  }
}

function start({ assistantId, bottomMargin = DEFAULT_BOTTOM_MARGIN }: InitOptions) {
  if (mounted.has(assistantId)) return;
  const host = document.createElement('div');
  host.setAttribute('data-otklik-widget', assistantId);
  // Page rules such as `body > div { display: none }` reach the host element itself.
  host.style.setProperty('display', 'block', 'important');
  document.body.appendChild(host);
  let handle: WidgetHandle | null = null;
  const show = (design: PublicWidget) => {
    const config = { mode: 'live' as const, assistantId, apiBase, design, bottomMargin, inline: false };
    if (handle) handle.update(config);
    else {
      handle = mountWidget(host, config);
      mounted.set(assistantId, handle);
    }
  };
  // The design in the script is as fresh as the script (a minute at most): nothing to fetch.
  const inline = inlineDesign(assistantId);
  if (inline) {
    show(inline);
    return;
  }
  // A returning visitor sees the launcher at once from the cached design; the fresh one follows.
  const cached = readCachedDesign(assistantId);
  if (cached) show(cached);
  fetchDesign(apiBase, assistantId)
    .then((design) => {
      // The launcher first; the cache for the next page view after it.
      show(design);
      try {
        localStorage.setItem(designKey(assistantId), JSON.stringify(design));
      } catch {
        // storage blocked: no cache, no harm
      }
    })
    .catch((e: unknown) => {
      console.error(PREFIX, 'Не удалось загрузить виджет', e);
      if (!handle) host.remove();
    });
}

window.initChatWidget = (options) => {
  if (!options || typeof options.assistantId !== 'string' || !options.assistantId) {
    console.error(PREFIX, 'initChatWidget: не указан assistantId');
    return;
  }
  if (document.body) start(options);
  else document.addEventListener('DOMContentLoaded', () => start(options), { once: true });
};

// <script src=".../api/widget/script" data-assistant-id="…"> works without any inline code.
const auto = script?.dataset.assistantId;
if (auto) window.initChatWidget({ assistantId: auto, bottomMargin: Number(script?.dataset.bottomMargin) || undefined });
