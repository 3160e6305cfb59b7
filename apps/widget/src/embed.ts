/**
 * Entry of the embed script (GET /api/widget/script): defines window.initChatWidget.
 * Built by build.mjs into a small minified IIFE that paints the launcher (boot.ts) and fetches
 * the conversation's code (app.ts, GET /api/widget/app.js) beside it.
 */
import type { PublicWidget } from '@otklik/contract';
import { paintLauncher } from './boot';
import { DEFAULT_BOTTOM_MARGIN, type WidgetConfig } from './config';
import type { WidgetApp, WidgetHandle } from './mount';

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
/** `app.js?v=<hash of its build>` under /api/widget/, written in by build.mjs. */
declare const __OTKLIK_APP__: string;
const APP_PATH = typeof __OTKLIK_APP__ === 'string' ? __OTKLIK_APP__ : 'app.js';
// Captured now: currentScript is only set while the script itself is running.
const script = document.currentScript as HTMLScriptElement | null;
/** The API lives where the script came from, not on the customer's site. */
const apiBase = script?.src ? new URL(script.src).origin : location.origin;
const started = new Set<string>();
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

/** The conversation's code, requested once for every widget of the page (app.ts). */
let app: Promise<WidgetApp> | undefined;

function loadApp(): Promise<WidgetApp> {
  app ??= new Promise<WidgetApp>((resolve, reject) => {
    if (window.__otklikWidget) return resolve(window.__otklikWidget);
    const el = document.createElement('script');
    el.src = `${apiBase}/api/widget/${APP_PATH}`;
    el.async = true;
    // A site whose CSP allows our script by nonce allows the second one by the same nonce.
    if (script?.nonce) el.nonce = script.nonce;
    el.onload = () =>
      window.__otklikWidget ? resolve(window.__otklikWidget) : reject(new Error('app.js не определил виджет'));
    el.onerror = () => reject(new Error(`не загрузился ${el.src}`));
    (document.head ?? document.documentElement).append(el);
  }).catch((e: unknown) => {
    app = undefined;
    throw e;
  });
  return app;
}

/**
 * One assistant's widget: the launcher is painted as soon as the design is known (it is in the
 * script itself with the cabinet's snippet), while the conversation's code is fetched beside it;
 * that code then takes over the shadow root. A press on the launcher in between opens the chat
 * as soon as it can.
 */
function start({ assistantId, bottomMargin = DEFAULT_BOTTOM_MARGIN }: InitOptions) {
  if (started.has(assistantId)) return;
  started.add(assistantId);
  const host = document.createElement('div');
  host.setAttribute('data-otklik-widget', assistantId);
  // Page rules such as `body > div { display: none }` reach the host element itself.
  host.style.setProperty('display', 'block', 'important');
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const appReady = loadApp();
  let config: WidgetConfig | null = null;
  let handle: WidgetHandle | null = null;
  let painted: HTMLElement | null = null;
  let pressed = false;
  const fail = (e: unknown) => {
    console.error(PREFIX, 'Не удалось загрузить виджет', e);
    if (!handle) {
      host.remove();
      started.delete(assistantId);
    }
  };
  const mount = (widget: WidgetApp) => {
    if (handle || !config || !painted) return;
    const hadFocus = shadow.activeElement !== null;
    handle = widget.mount(shadow, config);
    painted.remove();
    painted = null;
    const launcher = shadow.querySelector<HTMLButtonElement>('.launcher');
    // The component's own toggle: the window opens and takes the focus as after any press.
    if (pressed) launcher?.click();
    else if (hadFocus) launcher?.focus();
  };
  const show = (design: PublicWidget) => {
    config = { mode: 'live', assistantId, apiBase, design, bottomMargin, inline: false };
    if (handle) return handle.update(config);
    if (painted) return;
    // The public design always carries its colours (the contract's PublicWidget), so no defaults here.
    painted = paintLauncher(shadow, design, bottomMargin, () => {
      pressed = true;
    });
    appReady.then(mount, fail);
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
  // The request for the design lives in the conversation's code, which is on its way already.
  appReady
    .then((widget) => widget.fetchDesign(apiBase, assistantId))
    .then((design) => {
      // The launcher first; the cache for the next page view after it.
      show(design);
      try {
        localStorage.setItem(designKey(assistantId), JSON.stringify(design));
      } catch {
        // storage blocked: no cache, no harm
      }
    })
    .catch(fail);
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
