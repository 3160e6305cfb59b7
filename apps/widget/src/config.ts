import type { VisitorMessageRole } from '@otklik/contract';

/** The owner's design of the widget (spec §3 Widget), as the component needs it. */
export interface WidgetDesign {
  botName: string;
  botRole: string;
  greeting: string;
  backgroundColor: string;
  accentColor: string;
  messageColor: string;
  /**
   * Accepted for symmetry with the stored widget and ignored: spec §3 derives both text
   * colours from the surface colours, so the widget always derives them itself and a stale
   * stored value can never make text unreadable.
   */
  headerTextColor?: string;
  messageTextColor?: string;
  /** Absolute, or relative to `apiBase` (or the page when there is none). */
  avatarUrl?: string | null;
  brandLogoVisible: boolean;
  allowFileAttachment: boolean;
  predefinedQuestions: string[];
  /** Header pattern image (absolute or relative URL), tiled over the background colour. */
  headerPatternUrl?: string | null;
  patternOpacity: number;
  patternScale: number;
}

export interface DemoMessage {
  role: VisitorMessageRole;
  content: string;
}

/**
 * - `preview`: the cabinet's live preview: window open, inline, no network; what the owner
 *   types is echoed locally.
 * - `demo`: the landing page's animated preview: `demoMessages` appear one by one and loop.
 * - `live`: a real visitor on a customer's site, talking to the server.
 */
export type WidgetMode = 'preview' | 'demo' | 'live';

export interface WidgetConfig {
  mode: WidgetMode;
  design: WidgetDesign;
  /** Required in live mode. */
  assistantId?: string;
  /** Origin (or base URL) of the API, e.g. `https://otklik.example`; '' means same origin. */
  apiBase?: string;
  /** Inline: rendered in the flow of the host element. Floating: fixed launcher bottom-right. */
  inline?: boolean;
  /** Distance of the floating launcher from the bottom of the viewport, px. */
  bottomMargin?: number;
  /** Whether the window starts open (preview and demo: yes; live: no). */
  open?: boolean;
  /** Scripted conversation of demo mode. */
  demoMessages?: DemoMessage[];
  /** Storage for the visitor's credentials in live mode (default: localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export const DEFAULT_BOTTOM_MARGIN = 40;

/** Defaults of spec §3, used where a design field is missing. */
export const DEFAULT_DESIGN: WidgetDesign = {
  botName: 'Ваш бот',
  botRole: '',
  greeting: 'Привет! Как я могу помочь?',
  backgroundColor: '#ffffff',
  accentColor: '#007bff',
  messageColor: '#e6e6e6',
  avatarUrl: null,
  brandLogoVisible: true,
  allowFileAttachment: true,
  predefinedQuestions: ['Здравствуйте', 'Добрый день! У меня вопрос', 'Мне нужна помощь'],
  headerPatternUrl: null,
  patternOpacity: 1,
  patternScale: 1,
};

/** Resolves a relative asset URL against the API base (the embed script's origin on a customer's site). */
export function resolveUrl(url: string | null | undefined, apiBase: string | undefined): string | null {
  if (!url) return null;
  try {
    const base = apiBase || (typeof location === 'undefined' ? 'http://localhost/' : location.href);
    const resolved = new URL(url, base);
    // Only image-bearing schemes: the URL also lands in a CSS url(), where anything else is noise or worse.
    return /^(https?|data|blob):$/.test(resolved.protocol) ? resolved.href : null;
  } catch {
    return null;
  }
}
