import { describe, expect, it } from 'vitest';
import { htmlBlocks, textBlocks, wordTextBlocks } from './parsers';

describe('a Word 97 file read as word-extractor gives its text', () => {
  it('keeps a table as records with its header, a cell broken over two lines in one row, and the prose around it', () => {
    // word-extractor ends each cell with a tab and each row with a line break (its own test files
    // test03.doc and test12.doc read so).
    const text =
      'Прайс-лист салона\nЦены действуют с 1 марта.\n' +
      'Услуга\tЦена, руб.\tСрок\t\n' +
      'Стрижка\t1800\t1 час\t\n' +
      'Окрашивание\tот 3500\t3 часа,\nс укладкой\t\n' +
      'Маникюр\t\t1 час\t\n' +
      '\nОплата картой или наличными.\nПравила\nОпоздание больше 15 минут — запись переносится.\n';
    expect(wordTextBlocks(text)).toEqual([
      { kind: 'heading', level: 1, text: 'Прайс-лист салона' },
      { kind: 'paragraph', text: 'Цены действуют с 1 марта.' },
      { kind: 'row', text: 'Услуга: Стрижка; Цена, руб.: 1800; Срок: 1 час' },
      { kind: 'row', text: 'Услуга: Окрашивание; Цена, руб.: от 3500; Срок: 3 часа, с укладкой' },
      { kind: 'row', text: 'Услуга: Маникюр; Срок: 1 час' },
      { kind: 'paragraph', text: 'Оплата картой или наличными.' },
      { kind: 'heading', level: 2, text: 'Правила' },
      { kind: 'paragraph', text: 'Опоздание больше 15 минут — запись переносится.' },
    ]);
  });
});

describe('a table typed in a text file', () => {
  it("reads markdown pipes and tab-separated lines as records with the first line's column names", () => {
    const text =
      'Цены\n\n| Услуга | Цена, руб. |\n|---|---:|\n| Стрижка | 1800 |\n| Укладка | 1200 |\n\n' +
      'Услуга\tСрок\nХимчистка пальто\t5 дней\nХимчистка куртки\t3 дня\n\nОплата картой.';
    expect(textBlocks(text)).toEqual([
      { kind: 'heading', level: 1, text: 'Цены' },
      { kind: 'row', text: 'Услуга: Стрижка; Цена, руб.: 1800' },
      { kind: 'row', text: 'Услуга: Укладка; Цена, руб.: 1200' },
      { kind: 'row', text: 'Услуга: Химчистка пальто; Срок: 5 дней' },
      { kind: 'row', text: 'Услуга: Химчистка куртки; Срок: 3 дня' },
      { kind: 'paragraph', text: 'Оплата картой.' },
    ]);
  });
});

describe('a Word file or a page titling its sections in bold', () => {
  it('reads a paragraph wholly in bold that reads as a title as a heading, and no other', async () => {
    const html =
      '<p><strong>Оплата и возврат</strong></p><p>Принимаем карты и наличные.</p>' +
      '<p>Предоплата <strong>50%</strong> не возвращается.</p>' +
      '<p><strong>Можно ли прийти с собакой?</strong></p><p>Да, на поводке.</p>';
    expect(await htmlBlocks(html)).toEqual([
      { kind: 'heading', level: 3, text: 'Оплата и возврат' },
      { kind: 'paragraph', text: 'Принимаем карты и наличные.' },
      { kind: 'paragraph', text: 'Предоплата 50% не возвращается.' },
      { kind: 'paragraph', text: 'Можно ли прийти с собакой?' },
      { kind: 'paragraph', text: 'Да, на поводке.' },
    ]);
  });
});
