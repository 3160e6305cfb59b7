import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import type { WidgetConfig, WidgetDesign } from './config';
import { mountWidget, type WidgetHandle } from './index';

export const DESIGN: WidgetDesign = {
  botName: 'Артем',
  botRole: 'Консультант',
  greeting: 'Здравствуйте, чем могу помочь?',
  backgroundColor: '#FF7F50',
  accentColor: '#1d4ed8',
  messageColor: '#A8FFA8',
  avatarUrl: '/avatars/avatar3.svg',
  brandLogoVisible: true,
  allowFileAttachment: true,
  predefinedQuestions: ['Здравствуйте', 'Сколько стоит доставка?'],
  headerPatternUrl: '/api/widget/patterns/dots/data',
  patternOpacity: 0.4,
  patternScale: 1.5,
};

export interface Mounted {
  host: HTMLElement;
  root: ShadowRoot;
  handle: WidgetHandle;
  $: <T extends Element = HTMLElement>(selector: string) => T | null;
  $$: (selector: string) => Element[];
  /** The button, link or field with this accessible name (aria-label or text). */
  byLabel: <T extends HTMLElement = HTMLButtonElement>(label: string) => T;
}

export function mount(config: Partial<WidgetConfig> = {}): Mounted {
  const host = document.createElement('div');
  document.body.appendChild(host);
  let handle: WidgetHandle | undefined;
  void act(() => {
    handle = mountWidget(host, { mode: 'preview', design: DESIGN, ...config });
  });
  const root = host.shadowRoot as ShadowRoot;
  const $$ = (s: string) => [...root.querySelectorAll(s)];
  return {
    host,
    root,
    handle: handle as WidgetHandle,
    $: <T extends Element>(s: string) => root.querySelector<T>(s) as T | null,
    $$,
    byLabel: <T extends HTMLElement>(label: string) => {
      const found = $$('button, a, input, textarea, [role]').find(
        (el) => el.getAttribute('aria-label') === label || el.textContent?.trim() === label,
      );
      if (!found) throw new Error(`nothing labelled "${label}"`);
      return found as T;
    },
  };
}

/** Types into a textarea or input the way a browser does: new value, then an input event. */
export function typeText(el: HTMLTextAreaElement | HTMLInputElement, value: string) {
  void act(() => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function press(el: Element, key: string, init: KeyboardEventInit = {}) {
  void act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true, ...init }));
  });
}

export function click(el: Element) {
  void act(() => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
  });
}

export function pointerDown(el: EventTarget) {
  void act(() => {
    el.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
  });
}

/** Runs `fn` and lets Preact render and run effects before returning. */
export function run(fn: () => unknown) {
  void act(() => {
    fn();
  });
}

/** Advances fake timers and renders what they changed. */
export function tick(ms: number) {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}
