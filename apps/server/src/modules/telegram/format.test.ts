import { describe, expect, it } from 'vitest';
import { TELEGRAM_TEXT_LIMIT, telegramMessages, toTelegramHtml, visibleLength } from './format';

describe('answers as Telegram HTML', () => {
  it('escapes what Telegram would parse as markup, keeps links and bold', () => {
    expect(toTelegramHtml('<script>alert(1)</script> & "кавычки"')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; "кавычки"',
    );
    expect(toTelegramHtml('Прайс: [цены](https://example.ru/a?b=1&c="2") и **скидки**')).toBe(
      'Прайс: <a href="https://example.ru/a?b=1&amp;c=&quot;2&quot;">цены</a> и <b>скидки</b>',
    );
    expect(toTelegramHtml('📎 [Счёт \\[копия\\].pdf](https://x.ru/f.pdf)')).toBe(
      '📎 <a href="https://x.ru/f.pdf">Счёт [копия].pdf</a>',
    );
    // Only web and tg links become links: anything else stays text.
    expect(toTelegramHtml('[x](javascript:alert(1))')).toBe('[x](javascript:alert(1))');
  });

  it('keeps a short answer whole and splits a long one below 4,096 characters at sentence ends', () => {
    expect(telegramMessages('Коротко.')).toEqual(['Коротко.']);
    const sentence = 'Чистка пуховика стоит 1500 рублей и занимает три дня. ';
    const long = sentence.repeat(200);
    const pieces = telegramMessages(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) {
      expect(visibleLength(p)).toBeLessThan(TELEGRAM_TEXT_LIMIT);
      expect(p.endsWith('дня.')).toBe(true);
    }
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(long.trim().replace(/\s+/g, ' '));
  });

  it('never cuts inside a link, and cuts a text without sentence ends at words', () => {
    const link = `[${'ссылка '.repeat(40).trim()}](https://example.ru/${'a'.repeat(300)})`;
    const text = `${'слово '.repeat(600)}${link} ${'слово '.repeat(300)}`;
    const pieces = telegramMessages(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.filter((p) => p.includes('<a href')).length).toBe(1);
    for (const p of pieces) {
      expect(visibleLength(p)).toBeLessThan(TELEGRAM_TEXT_LIMIT);
      expect((p.match(/<a /g) ?? []).length).toBe((p.match(/<\/a>/g) ?? []).length);
    }
  });
});
