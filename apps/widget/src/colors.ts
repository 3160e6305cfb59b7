/** Colour rules of the widget (spec §3): text on a coloured surface is black or white by luminance. */

export const LUMINANCE_THRESHOLD = 155;

/** `#rgb` or `#rrggbb` → [r, g, b]; anything else → null. */
export function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return null;
  let hex = m[1];
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Perceived luminance 0.299R + 0.587G + 0.114B (0…255). */
export function luminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) return 255;
  return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
}

/** Black text on a light surface (luminance above 155), white otherwise. */
export function deriveTextColor(background: string): '#000000' | '#ffffff' {
  return luminance(background) > LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
}

const toHex = (v: number) => Math.round(v).toString(16).padStart(2, '0');

/** Blends `color` into `base` by `amount` (0 = base, 1 = color). Invalid input yields base. */
export function mix(color: string, base: string, amount: number): string {
  const a = parseHex(color);
  const b = parseHex(base);
  if (!a || !b) return base;
  return `#${[0, 1, 2].map((i) => toHex((b[i] ?? 0) + ((a[i] ?? 0) - (b[i] ?? 0)) * amount)).join('')}`;
}

/**
 * A version of `color` readable as text on white: the colour itself when it is dark enough,
 * else a darkened shade (pale accents such as #FFF4CC would vanish on a white chip).
 */
export function inkOnWhite(color: string): string {
  return luminance(color) > 150 ? mix(color, '#1f2328', 0.25) : color;
}
