import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { htmlBlocks, parseDocument, textBlocks, wordTextBlocks } from './parsers';

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

describe('a Word 97 file whose paragraphs hold tabs', () => {
  it('keeps a paragraph with a tab inside as prose, and a title before a table as its heading', () => {
    const contract =
      'Договор оказания услуг\nг. Пенза\t\t1 марта 2024 г.\nИсполнитель обязуется оказать услуги.\nОплата\nОплата вносится заранее.\n';
    expect(wordTextBlocks(contract)).toEqual([
      { kind: 'heading', level: 1, text: 'Договор оказания услуг' },
      // Its tabs become spaces with the rest of the text's (parseDocument).
      { kind: 'paragraph', text: 'г. Пенза\t\t1 марта 2024 г.' },
      { kind: 'paragraph', text: 'Исполнитель обязуется оказать услуги.' },
      { kind: 'heading', level: 2, text: 'Оплата' },
      { kind: 'paragraph', text: 'Оплата вносится заранее.' },
    ]);
    expect(wordTextBlocks('Текст.\nПрайс\nУслуга\tЦена\t\nСтрижка\t500\t\n')).toEqual([
      { kind: 'paragraph', text: 'Текст.' },
      { kind: 'heading', level: 2, text: 'Прайс' },
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 500' },
    ]);
  });
});

describe('a table typed in a text file', () => {
  it('reads lines of cells without column names as paragraphs', () => {
    expect(textBlocks('Пн–Пт\t9:00–20:00\nСб\t10:00–18:00\nВс\tвыходной')).toEqual([
      { kind: 'paragraph', text: 'Пн–Пт 9:00–20:00' },
      { kind: 'paragraph', text: 'Сб 10:00–18:00' },
      { kind: 'paragraph', text: 'Вс выходной' },
    ]);
  });

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
  it('keeps facts set in bold as paragraphs, and reads a title in bold however its bold is nested or split', async () => {
    const html =
      '<p><b>Телефон: +7 900 123-45-67</b></p><p><b>Адрес: г. Пенза, ул. Ленина, 5</b></p>' +
      '<p><b>Наш салон</b></p><p><b>Часы работы</b></p><p>Ежедневно с 9:00 до 21:00.</p>' +
      '<p><b><strong>Оплата</strong></b></p><p>Картой.</p><p><strong>Возврат</strong> <strong>и обмен</strong></p><p>В течение 14 дней.</p>';
    expect(await htmlBlocks(html)).toEqual([
      { kind: 'paragraph', text: 'Телефон: +7 900 123-45-67' },
      { kind: 'paragraph', text: 'Адрес: г. Пенза, ул. Ленина, 5' },
      { kind: 'paragraph', text: 'Наш салон' },
      { kind: 'heading', level: 3, text: 'Часы работы' },
      { kind: 'paragraph', text: 'Ежедневно с 9:00 до 21:00.' },
      { kind: 'heading', level: 3, text: 'Оплата' },
      { kind: 'paragraph', text: 'Картой.' },
      { kind: 'heading', level: 3, text: 'Возврат и обмен' },
      { kind: 'paragraph', text: 'В течение 14 дней.' },
    ]);
  });

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

describe('a price list in a sheet with a title above its table and sections inside it', () => {
  it('reads the title as a heading, the first row of several cells as column names and a one-cell row as a section', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Лист1');
    for (const row of [
      ['Прайс-лист салона «Лилия»'],
      [],
      ['Услуга', 'Цена, руб.', 'Длительность'],
      ['Женский зал'],
      ['Стрижка', 1800, '1 час'],
      ['Мужской зал'],
      ['Стрижка машинкой', 700, '30 минут'],
    ])
      sheet.addRow(row);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await parseDocument('xlsx', bytes)).toEqual([
      { kind: 'heading', level: 2, text: 'Прайс-лист салона «Лилия»' },
      { kind: 'heading', level: 3, text: 'Женский зал' },
      { kind: 'row', text: 'Услуга: Стрижка; Цена, руб.: 1800; Длительность: 1 час' },
      { kind: 'heading', level: 3, text: 'Мужской зал' },
      { kind: 'row', text: 'Услуга: Стрижка машинкой; Цена, руб.: 700; Длительность: 30 минут' },
    ]);
  });
});

describe('a Word file titled with the Title style', () => {
  it('reads its Title and Subtitle paragraphs as headings', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Правила салона', heading: HeadingLevel.TITLE }),
            new Paragraph({ text: 'Запись и опоздания', style: 'Subtitle' }),
            new Paragraph('Опоздание больше 15 минут — запись переносится.'),
          ],
        },
      ],
    });
    expect(await parseDocument('docx', await Packer.toBuffer(doc))).toEqual([
      { kind: 'heading', level: 1, text: 'Правила салона' },
      { kind: 'heading', level: 2, text: 'Запись и опоздания' },
      { kind: 'paragraph', text: 'Опоздание больше 15 минут — запись переносится.' },
    ]);
  });
});

describe('a table of labels and their values', () => {
  const table = (rows: string[][]) =>
    new Table({
      rows: rows.map(
        (cells) => new TableRow({ children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })) }),
      ),
    });

  it('reads each row of a Word table without a header as its label and value, and a headed one as records', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Контакты', heading: HeadingLevel.HEADING_1 }),
            table([
              ['Адрес', 'г. Самара, ул. Ленина, 5'],
              ['Телефон', '+7 846 200-10-10'],
              ['Часы работы', 'Пн–Пт 9:00–20:00'],
              ['Парковка', 'во дворе, бесплатно'],
            ]),
            new Paragraph({ text: 'Цены', heading: HeadingLevel.HEADING_1 }),
            table([
              ['Услуга', 'Цена, руб.'],
              ['Стрижка', '1800'],
            ]),
          ],
        },
      ],
    });
    expect(await parseDocument('docx', await Packer.toBuffer(doc))).toEqual([
      { kind: 'heading', level: 1, text: 'Контакты' },
      { kind: 'paragraph', text: 'Адрес: г. Самара, ул. Ленина, 5' },
      { kind: 'paragraph', text: 'Телефон: +7 846 200-10-10' },
      { kind: 'paragraph', text: 'Часы работы: Пн–Пт 9:00–20:00' },
      { kind: 'paragraph', text: 'Парковка: во дворе, бесплатно' },
      { kind: 'heading', level: 1, text: 'Цены' },
      { kind: 'row', text: 'Услуга: Стрижка; Цена, руб.: 1800' },
    ]);
  });

  it('reads a sheet of two columns without a header as labels and values', async () => {
    expect(
      await parseDocument('csv', Buffer.from('Стрижка;1800 ₽\nУкладка;1200 ₽\nE-mail;salon@example.ru\n')),
    ).toEqual([
      { kind: 'paragraph', text: 'Стрижка: 1800 ₽' },
      { kind: 'paragraph', text: 'Укладка: 1200 ₽' },
      { kind: 'paragraph', text: 'E-mail: salon@example.ru' },
    ]);
  });
});

describe('a sheet holding several tables apart', () => {
  it('reads each table after an empty row under its own column names, rows going on under the last ones, and contacts as labels', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Прайс');
    for (const row of [
      ['Прайс-лист'],
      [],
      ['Услуга', 'Цена, руб.'],
      ['Стрижка', 1800],
      [],
      ['Укладка', 1200],
      [],
      [],
      ['Маникюр', 'Цена, руб.', 'Время'],
      ['Классический', 1200, '1 час'],
      [],
      ['Адрес', 'ул. Ленина, 5'],
      ['Телефон', '+7 846 200-10-10'],
    ])
      sheet.addRow(row);
    expect(await parseDocument('xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual([
      { kind: 'heading', level: 1, text: 'Прайс' },
      { kind: 'heading', level: 2, text: 'Прайс-лист' },
      { kind: 'row', text: 'Услуга: Стрижка; Цена, руб.: 1800' },
      { kind: 'row', text: 'Услуга: Укладка; Цена, руб.: 1200' },
      { kind: 'row', text: 'Маникюр: Классический; Цена, руб.: 1200; Время: 1 час' },
      { kind: 'paragraph', text: 'Адрес: ул. Ленина, 5' },
      { kind: 'paragraph', text: 'Телефон: +7 846 200-10-10' },
    ]);
  });

  it('opens a table whose column names hold figures and name their unit after a comma', async () => {
    const csv = [
      'Массаж;Время;Цена, ₽;Абонемент',
      'Массаж спины;30 мин;1 500;да',
      '',
      'Абонемент;Разовый сеанс, ₽;5 сеансов (−10 %), ₽;10 сеансов (−15 %), ₽',
      'Массаж спины, 30 мин;1 500;6 750;12 750',
    ].join('\n');
    expect(await parseDocument('csv', Buffer.from(csv))).toEqual([
      { kind: 'row', text: 'Массаж: Массаж спины; Время: 30 мин; Цена, ₽: 1 500; Абонемент: да' },
      {
        kind: 'row',
        text: 'Абонемент: Массаж спины, 30 мин; Разовый сеанс, ₽: 1 500; 5 сеансов (−10 %), ₽: 6 750; 10 сеансов (−15 %), ₽: 12 750',
      },
    ]);
  });

  it('reads a CSV with an empty line between two tables the same way', async () => {
    const csv = 'Услуга;Цена\nСтрижка;1800\n\nМаникюр;Цена;Время\nКлассический;1200;1 час\n';
    expect(await parseDocument('csv', Buffer.from(csv))).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 1800' },
      { kind: 'row', text: 'Маникюр: Классический; Цена: 1200; Время: 1 час' },
    ]);
  });
});

describe('tables apart and tables going on', () => {
  const csv = async (text: string) => parseDocument('csv', Buffer.from(text));

  it('keeps a header naming a year or an hour as column names, and a known header whatever it says', async () => {
    expect(await csv('Услуга;Цена 2024, руб.\nСтрижка;1800\n')).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена 2024, руб.: 1800' },
    ]);
    expect(textBlocks('| Услуга | 1 час |\n|---|---|\n| Аренда зала | 900 |')).toEqual([
      { kind: 'row', text: 'Услуга: Аренда зала; 1 час: 900' },
    ]);
    expect(
      await htmlBlocks(
        '<table><tr><th>Адрес</th><th>ул. Ленина, 5</th></tr><tr><td>Сайт</td><td>есть</td></tr></table>',
      ),
    ).toEqual([{ kind: 'row', text: 'Адрес: Сайт; ул. Ленина, 5: есть' }]);
  });

  it("keeps a Word table cell's paragraphs apart ('3 этаж' / 'Вход с торца' is no '3 этажВход')", async () => {
    const blocks = await htmlBlocks(
      '<table><tr><td><p>Адрес</p></td><td><p>ул. Молодогвардейская, 151, 3 этаж</p><p>Вход с торца, звонок справа,</p><p>домофон 12</p></td></tr>' +
        '<tr><td><p>Телефон</p></td><td><p>+7 846 200-10-10</p></td></tr></table>',
    );
    const text = blocks.map((b) => b.text).join('\n');
    expect(text).toContain('3 этаж. Вход с торца, звонок справа, домофон 12');
    expect(text).not.toContain('этажВход');
  });

  it('reads contacts after a price list and an empty row as labels, whichever comes first', async () => {
    expect(await csv('Услуга;Цена, руб.\nСтрижка;1800\n\nТелефон;+7 846 200-10-10\nАдрес;ул. Ленина, 5\n')).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена, руб.: 1800' },
      { kind: 'paragraph', text: 'Телефон: +7 846 200-10-10' },
      { kind: 'paragraph', text: 'Адрес: ул. Ленина, 5' },
    ]);
    expect(await csv('Телефон;+7 846 200-10-10\n')).toEqual([{ kind: 'paragraph', text: 'Телефон: +7 846 200-10-10' }]);
  });

  it('opens a table of the same width with names of its own, and reads prices as ranges and figures, not phones or times', async () => {
    expect(await csv('Услуга;Цена\nСтрижка;1800\n\nДень;Часы работы\nПн–Пт;9:00–20:00\n')).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 1800' },
      { kind: 'row', text: 'День: Пн–Пт; Часы работы: 9:00–20:00' },
    ]);
    expect(
      await csv('Услуга;Цена\nСтрижка;1.800\n\nОкрашивание;2500-4000\nУкладка;1 250 000\n\nЧистка;2.50\n'),
    ).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 1.800' },
      { kind: 'row', text: 'Услуга: Окрашивание; Цена: 2500-4000' },
      { kind: 'row', text: 'Услуга: Укладка; Цена: 1 250 000' },
      { kind: 'row', text: 'Услуга: Чистка; Цена: 2.50' },
    ]);
  });

  it('judges a group by its own rows, a lone price row going on, and a title in two columns as a section', async () => {
    expect(
      await csv(
        'Услуга;Цена;\nСтрижка;1800;\n\nОкрашивание;по запросу;\n\nТелефон;+7 846 200-10-10;\nАдрес;ул. Ленина, 5;\n',
      ),
    ).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 1800' },
      { kind: 'row', text: 'Услуга: Окрашивание; Цена: по запросу' },
      { kind: 'paragraph', text: 'Телефон: +7 846 200-10-10' },
      { kind: 'paragraph', text: 'Адрес: ул. Ленина, 5' },
    ]);
    expect(await csv('Услуга;Цена\nСтрижка;1800\n\nМужской зал;\nМашинкой;700\n')).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 1800' },
      { kind: 'heading', level: 3, text: 'Мужской зал' },
      { kind: 'row', text: 'Услуга: Машинкой; Цена: 700' },
    ]);
    expect(
      await htmlBlocks(
        '<table><tr><th>Услуга</th><th>1 час</th></tr><tr><td></td><td></td></tr><tr><td>Аренда</td><td>900</td></tr></table>',
      ),
    ).toEqual([{ kind: 'row', text: 'Услуга: Аренда; 1 час: 900' }]);
  });

  it('keeps one table across an empty spacer row, a header before an empty line and a section row between', async () => {
    expect(await csv('Услуга;Цена\nСтрижка;1800\n\nОкрашивание;по запросу\nУкладка;1200\n')).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 1800' },
      { kind: 'row', text: 'Услуга: Окрашивание; Цена: по запросу' },
      { kind: 'row', text: 'Услуга: Укладка; Цена: 1200' },
    ]);
    expect(await csv('Услуга;Цена\n\nСтрижка;1800\n')).toEqual([{ kind: 'row', text: 'Услуга: Стрижка; Цена: 1800' }]);
    expect(
      await csv(
        'Услуга;Цена;Время\nСтрижка;1800;1 час\n\nМужской зал;;\n\nМашинкой;700;30 минут\n\nЦены указаны в рублях;;\n',
      ),
    ).toEqual([
      { kind: 'row', text: 'Услуга: Стрижка; Цена: 1800; Время: 1 час' },
      { kind: 'heading', level: 3, text: 'Мужской зал' },
      { kind: 'row', text: 'Услуга: Машинкой; Цена: 700; Время: 30 минут' },
      { kind: 'paragraph', text: 'Цены указаны в рублях' },
    ]);
  });
});
