/** @jsxImportSource preact */
import { render } from 'preact';
import { describe, expect, test } from 'vitest';
import { renderMarkdown, safeHref } from './markdown';

function html(md: string): HTMLElement {
  const el = document.createElement('div');
  render(<div>{renderMarkdown(md)}</div>, el);
  return el.firstElementChild as HTMLElement;
}

describe('safe markdown', () => {
  test('renders paragraphs, line breaks, bold, italic and code', () => {
    const el = html('Привет, **мир** и *всё*\nвторая строка\n\nАбзац с `кодом` и __жирным__ и _курсивом_');
    const ps = el.querySelectorAll('p');
    expect(ps).toHaveLength(2);
    expect(ps[0]?.querySelector('strong')?.textContent).toBe('мир');
    expect(ps[0]?.querySelector('em')?.textContent).toBe('всё');
    expect(ps[0]?.querySelector('br')).not.toBeNull();
    expect(ps[1]?.querySelector('code')?.textContent).toBe('кодом');
    expect(ps[1]?.querySelector('strong')?.textContent).toBe('жирным');
    expect(ps[1]?.querySelector('em')?.textContent).toBe('курсивом');
  });

  test('keeps a sum on one line: no break inside "1 500" or before "₽" and "%"', () => {
    const el = html('Баня — 3 500 ₽ за 2 часа, скидка 10 %, 2024 год');
    expect(el.textContent).toBe('Баня — 3\u00a0500\u00a0₽ за 2 часа, скидка 10\u00a0%, 2024 год');
  });

  test('renders bulleted and numbered lists', () => {
    const el = html('Состав:\n- перелёт\n* отель **4★**\n\n3. первый\n4) второй');
    const ul = el.querySelector('ul');
    expect([...(ul?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual(['перелёт', 'отель 4★']);
    const ol = el.querySelector('ol');
    expect(ol?.getAttribute('start')).toBe('3');
    expect(ol?.querySelectorAll('li')).toHaveLength(2);
  });

  test('links only http, https and mailto, opened safely in a new tab', () => {
    const el = html('[сайт](https://example.com/a?b=1) и mailto:info@example.com и http://x.ru/путь.');
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'mailto:info@example.com',
      'http://x.ru/%D0%BF%D1%83%D1%82%D1%8C',
    ]);
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    // the trailing full stop is not part of the address
    expect(el.textContent?.endsWith('.')).toBe(true);
  });

  test('never links javascript:, data: or relative targets, keeping only the label', () => {
    const el = html(
      '[нажми](javascript:alert(1)) [тоже](JaVaScRiPt:alert(1)) [картинка](data:text/html,<b>x</b>) [тут](/admin) javascript:alert(2)',
    );
    expect(el.querySelectorAll('a')).toHaveLength(0);
    expect(el.textContent).toContain('нажми');
    expect(el.textContent).not.toContain('alert(1)');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' https://ok.ru ')).toBe('https://ok.ru/');
  });

  test('shows raw HTML as text and creates no elements from it', () => {
    const src = '<img src=x onerror="alert(1)"> <script>alert(2)</script> <a href="javascript:1">a</a>';
    const el = html(src);
    expect(el.querySelector('img, script, a')).toBeNull();
    expect(el.textContent).toBe(src);
  });

  test('leaves snake_case words and lone asterisks alone', () => {
    const el = html('file_name_here и 2 * 3 * 4 и \\*не курсив\\*');
    expect(el.querySelector('em, strong')).toBeNull();
    expect(el.textContent).toBe('file_name_here и 2 * 3 * 4 и *не курсив*');
  });

  test('treats a heading as a bold line and an unfinished ** as text while streaming', () => {
    expect(html('## Цены').querySelector('p > strong')?.textContent).toBe('Цены');
    expect(html('Стоимость **300').textContent).toBe('Стоимость **300');
  });
});
