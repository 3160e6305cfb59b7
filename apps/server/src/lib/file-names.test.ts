import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, safeDisplayName } from './file-names';

describe('file names', () => {
  it('drops a right-to-left override, so evil\\u202Efdp.exe shows as what it is', () => {
    expect(cleanFileName('evil\u202Efdp.exe')).toBe('evilfdp.exe');
  });

  it('drops C0 and C1 controls, DEL, separators, bidi marks, embeddings, isolates and invisible characters', () => {
    const unsafe = [
      '\u0000',
      '\u0009',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u061c',
      '\u200b',
      '\u200e',
      '\u200f',
      '\u2028',
      '\u2029',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2060',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\ufeff',
    ];
    for (const c of unsafe) {
      const code = c.codePointAt(0)?.toString(16);
      expect(safeDisplayName(`отчёт${c}.pdf`), code).toBe('отчёт.pdf');
      expect(cleanFileName(`${c}отчёт.pdf${c}`), code).toBe('отчёт.pdf');
    }
  });

  it('keeps Cyrillic, emoji sequences with a joiner and Persian names with a non-joiner', () => {
    expect(cleanFileName('Прайс-лист 2026 (итог).xlsx')).toBe('Прайс-лист 2026 (итог).xlsx');
    expect(cleanFileName('семья 👨‍👩‍👧.png')).toBe('семья 👨‍👩‍👧.png');
    expect(cleanFileName('می‌خواهم.txt')).toBe('می‌خواهم.txt');
  });

  it('keeps no path and gives a name to a name left empty', () => {
    expect(cleanFileName('C:\\Users\\anna\\счёт.pdf')).toBe('счёт.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('\u202e\u200f')).toBe('файл');
  });

  it('sends no bidi or control character in Content-Disposition, even for a name stored with them', () => {
    const header = contentDisposition('evil\u202Efdp.exe\u0007');
    expect(header).toBe(`attachment; filename="evilfdp.exe"; filename*=UTF-8''evilfdp.exe`);
    const cyrillic = contentDisposition('счёт\u2066.pdf');
    expect(cyrillic).not.toMatch(/%E2%81%A6|%E2%80%AE/);
    expect(decodeURIComponent(cyrillic.split("UTF-8''")[1] ?? '')).toBe('счёт.pdf');
  });
});
