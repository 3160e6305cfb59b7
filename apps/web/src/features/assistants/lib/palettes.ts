/**
 * Spec §2.9 and §9: 8 palettes of 3 colours each; the first is the base set. A swatch sets the
 * colour of the chosen tab (background, accent or messages), so every palette mixes a bright,
 * a pale and a deep shade that work in any of the three roles.
 */
export interface Palette {
  name: string;
  colors: readonly [string, string, string];
}

export const BASE_PALETTE: Palette = { name: 'Базовая', colors: ['#FF7F50', '#FFF4CC', '#A8FFA8'] };

export const PALETTES: readonly Palette[] = [
  BASE_PALETTE,
  { name: 'Нейтральная', colors: ['#FFFFFF', '#E6E6E6', '#1F2937'] },
  { name: 'Индиго', colors: ['#4F46E5', '#EEF0FE', '#312E81'] },
  { name: 'Океан', colors: ['#0EA5E9', '#E0F2FE', '#0C4A6E'] },
  { name: 'Лес', colors: ['#10B981', '#D1FAE5', '#064E3B'] },
  { name: 'Закат', colors: ['#F43F5E', '#FFE4E6', '#881337'] },
  { name: 'Лаванда', colors: ['#8B5CF6', '#EDE9FE', '#4C1D95'] },
  { name: 'Песок', colors: ['#F59E0B', '#FEF3C7', '#78350F'] },
];

/** The three colour tabs of spec §2.9, in their order, with the design field each one sets. */
export const COLOR_TABS = [
  { field: 'backgroundColor', label: 'Фон' },
  { field: 'accentColor', label: 'Акцент' },
  { field: 'messageColor', label: 'Сообщения' },
] as const;

export type ColorField = (typeof COLOR_TABS)[number]['field'];

/** Colours compare case-insensitively and #rgb equals #rrggbb. */
export function sameColor(a: string, b: string): boolean {
  const norm = (c: string) => {
    const hex = c.trim().toLowerCase().replace(/^#/, '');
    return hex.length === 3 ? hex.replace(/./g, (x) => x + x) : hex;
  };
  return norm(a) === norm(b);
}

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
