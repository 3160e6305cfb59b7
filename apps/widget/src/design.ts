/**
 * The design as the widget paints it, without Preact: the embed script's first frame (boot.ts)
 * and the component (components/widget.tsx) both use it, so the launcher looks the same in both.
 */
import { deriveTextColor, inkOnWhite, mix } from './colors';
import { DEFAULT_DESIGN, type WidgetDesign } from './config';

/** The design with defaults filled in where the caller left a field out (or null). */
export function completeDesign(design: Partial<WidgetDesign>): WidgetDesign {
  const out = { ...DEFAULT_DESIGN };
  for (const [k, v] of Object.entries(design)) {
    if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** The design's three colours; the text colours are derived from them. */
export type DesignColors = Pick<WidgetDesign, 'backgroundColor' | 'accentColor' | 'messageColor'>;

/** CSS variables of the owner's colours; the text colours are derived (spec §3). */
export function colorVars(d: DesignColors, bottomMargin: number): Record<string, string> {
  return {
    '--bg': d.backgroundColor,
    '--on-bg': deriveTextColor(d.backgroundColor),
    '--accent': d.accentColor,
    '--on-accent': deriveTextColor(d.accentColor),
    '--accent-ink': inkOnWhite(d.accentColor),
    '--msg': d.messageColor,
    '--on-msg': deriveTextColor(d.messageColor),
    '--surface': mix(d.backgroundColor, '#f9fafb', 0.045),
    '--bottom': `${bottomMargin}px`,
  };
}
