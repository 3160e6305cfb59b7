import { LUMINANCE_THRESHOLD, colorLuminance as luminance } from '@otklik/contract';
import { describe, expect, it } from 'vitest';
import { pickAvatars, withTimestamp } from './avatars';
import {
  applyDesignPatch,
  cleanQuestions,
  DEFAULT_DESIGN_STATE,
  moveItem,
  questionsOrDefault,
  toPreviewDesign,
  withDerivedTextColors,
} from './design';
import { BASE_PALETTE, HEX_COLOR, PALETTES, sameColor } from './palettes';

describe('text colours by luminance (spec §3, threshold 155)', () => {
  it('weighs red, green and blue by 0.299, 0.587 and 0.114', () => {
    expect(LUMINANCE_THRESHOLD).toBe(155);
    expect(luminance('#ff0000')).toBeCloseTo(0.299 * 255);
    expect(luminance('#00ff00')).toBeCloseTo(0.587 * 255);
    expect(luminance('#0000ff')).toBeCloseTo(0.114 * 255);
    expect(luminance('#fff')).toBeCloseTo(255);
  });

  it('gives white text at exactly 155 and black just above it', () => {
    // #9b9b9b is grey 155 on every channel, #9c9c9c is 156.
    expect(withDerivedTextColors({ backgroundColor: '#9b9b9b', messageColor: '#9c9c9c' })).toMatchObject({
      headerTextColor: '#fff',
      messageTextColor: '#000',
    });
  });

  it('derives the header colour from the background and the message colour from the messages', () => {
    const dark = applyDesignPatch(DEFAULT_DESIGN_STATE, { backgroundColor: '#1F2937' });
    expect(dark.headerTextColor).toBe('#fff');
    expect(dark.messageTextColor).toBe('#000');
    const both = applyDesignPatch(dark, { messageColor: '#312E81', backgroundColor: '#FFF4CC' });
    expect(both.headerTextColor).toBe('#000');
    expect(both.messageTextColor).toBe('#fff');
  });

  it('ignores text colours a caller tries to set', () => {
    const next = applyDesignPatch(DEFAULT_DESIGN_STATE, { headerTextColor: '#ffffff', backgroundColor: '#ffffff' });
    expect(next.headerTextColor).toBe('#000');
  });
});

describe('palettes (spec §2.9, §9)', () => {
  it('offers 8 palettes of 3 valid, distinct colours, the base set first', () => {
    expect(PALETTES).toHaveLength(8);
    expect(PALETTES[0]).toBe(BASE_PALETTE);
    expect(BASE_PALETTE.colors).toEqual(['#FF7F50', '#FFF4CC', '#A8FFA8']);
    const all = PALETTES.flatMap((p) => p.colors);
    expect(all).toHaveLength(24);
    for (const color of all) expect(color).toMatch(HEX_COLOR);
    expect(new Set(all.map((c) => c.toLowerCase())).size).toBe(24);
    expect(new Set(PALETTES.map((p) => p.name)).size).toBe(8);
  });

  it('gives every palette colour a text colour that is readable on it', () => {
    for (const color of PALETTES.flatMap((p) => p.colors)) {
      const { headerTextColor } = withDerivedTextColors({ backgroundColor: color, messageColor: color });
      const contrastWith = headerTextColor === '#000' ? 0 : 255;
      expect(Math.abs(luminance(color) - contrastWith)).toBeGreaterThan(90);
    }
  });

  it('compares colours regardless of case and short form', () => {
    expect(sameColor('#FFF', '#ffffff')).toBe(true);
    expect(sameColor('#ff7f50', '#FF7F50')).toBe(true);
    expect(sameColor('#ff7f50', '#ff7f51')).toBe(false);
  });
});

describe('suggested questions (spec §3)', () => {
  it('falls back to the three default questions when none are saved', () => {
    expect(questionsOrDefault([])).toEqual(['Здравствуйте', 'Добрый день! У меня вопрос', 'Мне нужна помощь']);
    expect(questionsOrDefault(null)).toHaveLength(3);
    expect(questionsOrDefault(['Цены?'])).toEqual(['Цены?']);
  });

  it('saves questions trimmed and without empty ones', () => {
    expect(cleanQuestions(['  Цены? ', '', '   ', 'Доставка'])).toEqual(['Цены?', 'Доставка']);
  });

  it('reorders by moving one question', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('gives the preview a bot name even when the field is empty', () => {
    const preview = toPreviewDesign({ ...DEFAULT_DESIGN_STATE, botName: '  ', logoUrl: '/a.png' }, null);
    expect(preview.botName).toBe('Ваш бот');
    expect(preview.avatarUrl).toBe('/a.png');
  });
});

describe('avatars (spec §2.9, §4)', () => {
  it('shows three different avatars of the eleven', () => {
    for (let i = 0; i < 50; i++) {
      const shown = pickAvatars();
      expect(shown).toHaveLength(3);
      expect(new Set(shown).size).toBe(3);
      for (const n of shown) expect(n >= 1 && n <= 11).toBe(true);
    }
  });

  it('rerolls to three avatars that were not on screen', () => {
    for (let i = 0; i < 50; i++) {
      const before = pickAvatars();
      const after = pickAvatars(before);
      expect(after.some((n) => before.includes(n))).toBe(false);
    }
  });

  it('appends a timestamp query to an uploaded uri', () => {
    expect(withTimestamp('/files/a.png', 5)).toBe('/files/a.png?t=5');
    expect(withTimestamp('/files/a.png?v=1', 5)).toBe('/files/a.png?v=1&t=5');
  });
});
