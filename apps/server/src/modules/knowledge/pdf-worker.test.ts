import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ParseFailure, parseDocument } from './parsers';
import { pdfPages, pdfWorkerRunning } from './pdf-worker';

const pdf = readFileSync(fileURLToPath(new URL('../../../test/fixtures/knowledge/dostavka.pdf', import.meta.url)));

describe('PDF text on its own thread', () => {
  it("reads a PDF without touching this thread's built-ins (pdf.js's polyfills stay in its worker)", async () => {
    const before = [Array.prototype.push, JSON.parse, JSON.stringify];
    const blocks = await parseDocument('pdf', pdf);
    expect(blocks.map((b) => b.text).join(' ')).toMatch(/[а-яё]{4,}/i);
    expect([Array.prototype.push, JSON.parse, JSON.stringify]).toEqual(before);
    expect(before.every((f) => /\[native code\]/.test(Function.prototype.toString.call(f)))).toBe(true);
  });

  it('stops a parse whose time is up, worker and all, and reads the next PDF on a new one', async () => {
    const abort = new AbortController();
    const parse = pdfPages(pdf, abort.signal);
    await new Promise((resolve) => setImmediate(resolve)); // the bytes are on their way to the worker
    expect(pdfWorkerRunning()).toBe(true);
    abort.abort(new Error('time is up'));
    await expect(parse).rejects.toThrow('time is up');
    expect(pdfWorkerRunning()).toBe(false);
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(0);
    expect(pdfWorkerRunning()).toBe(true);
  });

  it('turns a file that is not a PDF into a Russian reason and keeps serving', async () => {
    const failure = await parseDocument('pdf', Buffer.from('%PDF-1.7\nне pdf\n')).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ParseFailure);
    expect((failure as Error).message).toMatch(/Не удалось прочитать файл/);
    expect((await parseDocument('pdf', pdf)).length).toBeGreaterThan(0);
  });

  it('keeps a table as records with its column names, on the next page too, and nothing else (prais.pdf, make-prais-pdf.ts)', async () => {
    const prices = readFileSync(fileURLToPath(new URL('../../../test/fixtures/knowledge/prais.pdf', import.meta.url)));
    const blocks = await parseDocument('pdf', prices);
    expect(blocks.filter((b) => b.kind === 'row').map((b) => b.text)).toEqual([
      'Услуга: Стрижка женская; Цена, руб.: 1800; Длительность: 1 час',
      'Услуга: Окрашивание в один тон; Цена, руб.: от 3500; Длительность: 3 часа',
      'Услуга: Маникюр с покрытием; Цена, руб.: 2200; Длительность: 1,5 часа',
      'Услуга: Педикюр; Цена, руб.: 2500; Длительность: 1,5 часа',
      'Услуга: Укладка; Цена, руб.: 1200; Длительность: 40 минут',
    ]);
    // The row whose price cell is empty has fewer cells: its words as said, not under wrong names;
    // the hours have no column names.
    expect(blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text)).toEqual([
      'Цены действуют с 1 марта, оплата картой или наличными.',
      'Консультация стилиста 15 минут',
      'Опоздание больше 15 минут — запись переносится.',
      'Пн–Пт 9:00–20:00',
      'Сб, вс 10:00–18:00',
    ]);
  });

  it('goes on with a paragraph a page or a line ends in mid-sentence (held-out-swim, held-out-tyres pravila.pdf)', async () => {
    const rules = readFileSync(
      fileURLToPath(new URL('../../../test/fixtures/engine/held-out-swim/pravila.pdf', import.meta.url)),
    );
    const texts = (await parseDocument('pdf', rules)).map((b) => b.text);
    expect(texts).toContain(
      'Детский абонемент рассчитан на календарный месяц: 4 занятия — раз в неделю, 8 занятий — 2 раза в неделю, 12 занятий — 3 раза в неделю. Неиспользованные занятия, кроме пропущенных по болезни, на следующий месяц не переносятся.',
    );
    // No paragraph starts in mid-sentence, after a page's end or a line's colon.
    expect(texts.filter((t) => /^[а-яё]/.test(t))).toEqual([]);
    const tyres = readFileSync(
      fileURLToPath(new URL('../../../test/fixtures/engine/held-out-tyres/pravila.pdf', import.meta.url)),
    );
    const tyreTexts = (await parseDocument('pdf', tyres)).map((b) => b.text);
    expect(tyreTexts.filter((t) => /^[а-яё]/.test(t))).toEqual([]);
    expect(tyreTexts.some((t) => /гарантии нет: это временный ремонт/.test(t))).toBe(true);
  });

  it('reads a title set in bold at the body size as a heading, not a fact in bold nor one with nothing under it (pravila-bold.pdf)', async () => {
    const rules = readFileSync(
      fileURLToPath(new URL('../../../test/fixtures/knowledge/pravila-bold.pdf', import.meta.url)),
    );
    const blocks = await parseDocument('pdf', rules);
    expect(blocks.filter((b) => b.kind === 'heading')).toEqual([
      { kind: 'heading', level: 2, text: 'Правила салона «Лилия»' },
      { kind: 'heading', level: 3, text: 'Запись' },
      { kind: 'heading', level: 3, text: 'Опоздания и отмена' },
      { kind: 'heading', level: 3, text: 'Оплата' },
    ]);
    // Under each title its text; the fact in bold and the title with nothing under it stay text.
    const text = blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Запись\nЗаписаться можно по телефону или в Telegram.');
    expect(text).toContain('Оплата\nОплата картой или наличными после процедуры.');
    expect(text).toContain('Телефон: +7 846 200-10-10');
    expect(text).toContain('Подарочные сертификаты');
  });
});
