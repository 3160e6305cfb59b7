import { describe, expect, test } from 'vitest';
import { deriveTextColor, inkOnWhite, luminance, mix, parseHex } from './colors';

describe('derived text colours (spec §3, threshold 155)', () => {
  test('reads #rgb and #rrggbb in any case and rejects anything else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#FF7F50')).toEqual([255, 127, 80]);
    expect(parseHex('red')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
  });

  test('weighs the channels 0.299, 0.587 and 0.114', () => {
    expect(luminance('#ff0000')).toBeCloseTo(76.245);
    expect(luminance('#00ff00')).toBeCloseTo(149.685);
    expect(luminance('#0000ff')).toBeCloseTo(29.07);
  });

  test('black text above 155, white at or below it', () => {
    expect(deriveTextColor('#ffffff')).toBe('#000000');
    expect(deriveTextColor('#000')).toBe('#ffffff');
    // #9b9b9b is exactly 155: not above, so white
    expect(luminance('#9b9b9b')).toBeCloseTo(155);
    expect(deriveTextColor('#9b9b9b')).toBe('#ffffff');
    expect(deriveTextColor('#9c9c9c')).toBe('#000000');
    // the base palette of spec §2.9
    expect(deriveTextColor('#FF7F50')).toBe('#000000');
    expect(deriveTextColor('#FFF4CC')).toBe('#000000');
    expect(deriveTextColor('#A8FFA8')).toBe('#000000');
    expect(deriveTextColor('#007bff')).toBe('#ffffff');
  });

  test('mixes colours and darkens pale accents for text on white', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('bad', '#ffffff', 0.5)).toBe('#ffffff');
    expect(inkOnWhite('#007bff')).toBe('#007bff');
    expect(luminance(inkOnWhite('#FFF4CC'))).toBeLessThan(100);
  });
});
