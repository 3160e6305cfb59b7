import { describe, expect, it } from 'vitest';
import {
  cellMinutes,
  cellMonths,
  cellNumber,
  comparisonOf,
  filterOwnStem,
  filtersTable,
  filterTable,
  parseRow,
  rowNamesOf,
  type TableRow,
} from './table-filter';

const menu = [
  'Блюдо: Сырники; Цена, руб.: 250; Орехи: нет; Глютен: да',
  'Блюдо: Пахлава; Цена, руб.: 260; Орехи: да; Глютен: да',
  'Блюдо: Том ям; Цена, руб.: 520; Орехи: нет; Глютен: нет',
  'Блюдо: Паста с песто; Цена, руб.: от 480; Орехи: да; Глютен: да',
].map((t) => parseRow(t) as TableRow);

/** Column and row names matched by substring: the answerer's stem matching, without a database. */
const input = (question: string, namedRow?: string, rows = menu) => ({
  rows,
  question,
  namesColumn: (c: string) => (question.includes(c.slice(0, 4).toLowerCase()) ? 1 : 0),
  namesRow: (r: TableRow) => (namedRow && r.cells[0]?.[1] === namedRow ? 1 : 0),
  columnAt: (c: string) => question.indexOf(c.slice(0, 4).toLowerCase()),
  aboutTable: () => 0.5,
  valueWords: (v: string) => [question.includes(v.slice(0, 6).toLowerCase()) ? 1 : 0],
  maxChars: 300,
});

const services = [
  'Услуга: Маникюр; Цена: 1200 ₽; Мастер: мастер маникюра',
  'Услуга: Стрижка; Цена: 1800 ₽; Мастер: парикмахер',
  'Услуга: Окрашивание; Цена: от 3500 ₽; Мастер: парикмахер',
  'Услуга: Чистка лица; Цена: 3000 ₽; Мастер: косметолог',
  'Услуга: Пилинг; Цена: 2500 ₽; Мастер: косметолог',
  'Услуга: Педикюр; Цена: 2500 ₽; Мастер: мастер маникюра',
].map((t) => parseRow(t) as TableRow);

const vaccines = [
  'Вакцина: Rabies; От чего: бешенство; Для кого: кошки и собаки; Цена, руб.: 600',
  'Вакцина: Tricat; От чего: панлейкопения, калицивироз; Для кого: кошки; Цена, руб.: 1300',
  'Вакцина: Фелиген; От чего: панлейкопения, бешенство; Для кого: кошки; Цена, руб.: 1600',
  'Вакцина: DHPPi; От чего: чума, парагрипп; Для кого: собаки; Цена, руб.: 1200',
  'Вакцина: Lepto; От чего: лептоспироз; Для кого: собаки; Цена, руб.: 700',
  'Вакцина: Мультикан; От чего: чума, лептоспироз; Для кого: собаки; Цена, руб.: 1100',
].map((t) => parseRow(t) as TableRow);

const cakes = [
  'Изделие: Медовик; Категория: торты; Цена, руб.: 1600; Орехи: нет',
  'Изделие: Морковный с орехом; Категория: торты; Цена, руб.: 1900; Орехи: да',
  'Изделие: Фисташка; Категория: торты; Цена, руб.: 2600; Орехи: да',
  'Изделие: Капкейк ванильный; Категория: капкейки; Цена, руб.: 250; Орехи: нет',
  'Изделие: Капкейк с арахисом; Категория: капкейки; Цена, руб.: 280; Орехи: да',
  'Изделие: Пирог с вишней; Категория: пироги; Цена, руб.: 900; Орехи: нет',
].map((t) => parseRow(t) as TableRow);

describe('table questions', () => {
  it('reads a row back into named cells', () => {
    expect(menu[1]?.cells).toEqual([
      ['Блюдо', 'Пахлава'],
      ['Цена, руб.', '260'],
      ['Орехи', 'да'],
      ['Глютен', 'да'],
    ]);
    expect(parseRow('Просто предложение: без таблицы.')).toBeUndefined();
    expect(parseRow('Режим работы: пн–пт 9–21; сб: 10–18; вс — выходной')).toBeUndefined();
    // A cell's own "; " stays in the cell.
    expect(parseRow('Баня: Терем; Мест: 12; Примечание: банкетный зал; залог 5 000 руб.')?.cells).toEqual([
      ['Баня', 'Терем'],
      ['Мест', '12'],
      ['Примечание', 'банкетный зал; залог 5 000 руб.'],
    ]);
    expect(cellNumber('от 3 500')).toBe(3500);
    expect(cellNumber('да')).toBeUndefined();
    expect(comparisonOf('что стоит не дороже 300 рублей')).toMatchObject({ op: '<=', value: 300 });
    expect(comparisonOf('что дешевле 300')).toMatchObject({ op: '<', value: 300 });
    // "Работаю до 6" is the visitor's day (timetable.ts), no bound; a bound said too still is one.
    expect(comparisonOf('работаю до 6, есть группа по средам?')).toBeUndefined();
    expect(comparisonOf('работаю до 6, что есть дешевле 500?')).toMatchObject({ op: '<', value: 500 });
    for (const none of ['где мест уже нет?', 'на какие нет свободных мест', 'куда не осталось мест'])
      expect(comparisonOf(none)).toMatchObject({ op: '<=', value: 0 });
    // "Почти не осталось" is no "нет": the count said is asked.
    expect(comparisonOf('в каких группах почти не осталось мест, меньше 5?')).toMatchObject({ op: '<', value: 5 });
    expect(comparisonOf('чтоб в 4 тыщи уложиться, что подойдет?')).toMatchObject({ op: '<=', value: 4000 });
    expect(comparisonOf('хотим уложиться в 3500')).toMatchObject({ op: '<=', value: 3500 });
    expect(comparisonOf('молния сдохла, в 1500 уложитесь?')).toMatchObject({ op: '<=', value: 1500 });
    expect(comparisonOf('уложитесь в 2000?')).toMatchObject({ op: '<=', value: 2000 });
    expect(comparisonOf('что есть в пределах 4 тысяч за ночь')).toMatchObject({ op: '<=', value: 4000 });
    expect(comparisonOf('номер максимум 3000')).toMatchObject({ op: '<=', value: 3000 });
    expect(comparisonOf('что почистить стоит дороже 4 тыщ')).toMatchObject({ op: '>', value: 4000 });
    expect(comparisonOf('куда курьер ездит дороже чем за 500 р')).toMatchObject({ op: '>', value: 500 });
    expect(comparisonOf('что дороже 5 тысяч')).toMatchObject({ op: '>', value: 5000, said: 'дороже 5 тысяч' });
    expect(comparisonOf('какие стоят меньше тысячи')).toMatchObject({ op: '<', value: 1000, said: 'меньше тысячи' });
    // Money said apart from the figure: "подешевле, чтоб до 600 за пол кило" compares prices, not weights.
    expect(comparisonOf('какой мёд подешевле, чтоб до 600 за пол кило?')).toMatchObject({ value: 600, money: true });
    expect(comparisonOf('какие группы до 8 человек?')?.money).toBeUndefined();
  });

  it('selects the rows saying a yes/no column named and a comparison together', () => {
    expect(filterTable(input('какие блюда без орехов дешевле 300'))).toBe(
      'Орехи: нет, Цена, руб., дешевле 300\n- Сырники — 250',
    );
  });

  it('selects the rows whose yes/no column the question names, and the others for "без"', () => {
    expect(filterTable(input('в каких блюдах есть орехи'))).toBe('Орехи: да\n- Пахлава\n- Паста с песто');
    // Naming the column while asking a time or a price is no filter.
    expect(filterTable(input('когда привезут орехи'))).toBeUndefined();
    expect(filterTable(input('какие блюда без глютена'))).toBe('Глютен: нет\n- Том ям');
  });

  it('selects the rows saying both of two yes/no columns the question names', () => {
    expect(filterTable(input('какие блюда без орехов и с глютеном'))).toBe('Орехи: нет, Глютен: да\n- Сырники');
    expect(filterTable(input('какие блюда без орехов и без глютена'))).toBe('Орехи: нет, Глютен: нет\n- Том ям');
  });

  it('reads "без" before the word of a "без-" column as asking its "да"', () => {
    const dishes = [
      'Блюдо: Сырники; Цена: 300; Безглютеновое: нет',
      'Блюдо: Омлет; Цена: 250; Безглютеновое: да',
      'Блюдо: Блины; Цена: 280; Безглютеновое: нет',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable({ ...input('какие блюда без глютена', undefined, dishes), namesColumn: () => 0.65 })).toBe(
      'Безглютеновое: да\n- Омлет',
    );
  });

  it('lists the rows whose capacity takes the company counted, not a column of money naming guests', () => {
    const baths = [
      'Баня: Изба; Доплата за гостя: 300; Вместимость: до 6 человек',
      'Баня: Терем; Доплата за гостя: 400; Вместимость: до 12 человек',
      'Баня: Малая; Доплата за гостя: 200; Вместимость: до 3 человек',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('нас будет 11 человек, какая баня подойдет', undefined, baths))).toBe(
      'Вместимость: 11 и больше\n- Терем',
    );
    // "На 2 часа" is no company, nor are adults or children counted apart; "нас 7," is.
    expect(filterTable(input('мы на 2 часа, какая баня подойдет', undefined, baths))).toBeUndefined();
    expect(filterTable(input('нас 2 взрослых и 3 детей, какая баня подойдет', undefined, baths))).toBe(
      'Вместимость: 5 и больше\n- Изба\n- Терем',
    );
    expect(filterTable(input('у нас 2 ребенка, какая баня подойдет', undefined, baths))).toBeUndefined();
    expect(filterTable(input('нас 7, какая баня подойдет', undefined, baths))).toBe('Вместимость: 7 и больше\n- Терем');
    // "Едем вчетвером", as quantities.ts and chatSpelling write it.
    expect(filterTable(input('приезжаем на 7, какая баня подойдет', undefined, baths))).toBe(
      'Вместимость: 7 и больше\n- Терем',
    );
  });

  it('shows the days beside the rows of a value when the list question asks them', () => {
    const groups = [
      'Группа: LEGO; Дни: сб, 11:30; Преподаватель: Орлов',
      'Группа: Arduino; Дни: пт, 17:30; Преподаватель: Орлов',
      'Группа: Scratch; Дни: вт, 16:00; Преподаватель: Лисина',
      'Группа: Python; Дни: чт, 18:00; Преподаватель: Лисина',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('у орлова какие группы и в какие дни?', undefined, groups))).toBe(
      'Преподаватель: Орлов; Дни:\n- LEGO — сб, 11:30\n- Arduino — пт, 17:30',
    );
  });

  it('reads a column of ages as ranges, "от 3 до 5 лет" among them', () => {
    const classes = [
      'Занятие: Развивайка; Возраст: от 3 до 5 лет; Цена: 4800',
      'Занятие: Шахматы; Возраст: 6–11 лет; Цена: 3600',
      'Занятие: Мама и малыш; Возраст: до 3 лет; Цена: 4200',
      'Занятие: Английский; Возраст: с 4 лет; Цена: 5200',
    ].map((t) => parseRow(t) as TableRow);
    const ask = (q: string) => filterTable(input(q, undefined, classes));
    expect(ask('что у вас есть для 2 лет')).toBe('Возраст: 2 года\n- Мама и малыш');
    expect(ask('что у вас есть для 4 лет')).toBe('Возраст: 4 года\n- Развивайка\n- Английский');
    // Asked with the prices, or the times of a timetable: the rows with theirs.
    expect(ask('какие занятия для ребенка 6 лет и сколько стоят')).toBe(
      'Возраст: 6 лет; Цена:\n- Шахматы — 3600\n- Английский — 5200',
    );
    const timetable = [
      'Группа: Капельки; Возраст: 4–6 лет; Время: 10:45',
      'Группа: Дельфины; Возраст: 7–10 лет; Время: 12:00',
      'Группа: Подростки; Возраст: 11–16 лет; Время: 13:00',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('дочке 8 лет, что есть для нее? во сколько', undefined, timetable))).toBe(
      'Возраст: 8 лет; Время:\n- Дельфины — 12:00',
    );
    // With a comparison: the rows of that age that it holds.
    expect(ask('какие занятия есть для 4 лет дешевле 5000')).toBe(
      'Возраст: 4 года, Цена, дешевле 5000\n- Развивайка — 4800',
    );
    // Asked how many, not listed.
    expect(ask('сколько лет нужно для шахмат')).toBeUndefined();
  });

  it("picks a timetable's rows by the days and the time of day asked", () => {
    const timetable = [
      'День: Понедельник; Время: 07:30; Направление: Хатха-йога утренняя',
      'День: Понедельник; Время: 20:15; Направление: Стретчинг',
      'День: Вторник; Время: 18:00; Направление: Пилатес на реформерах',
      'День: Суббота; Время: 10:00; Направление: Хатха-йога для новичков',
      'День: Суббота; Время: 17:00; Направление: Виньяса-флоу',
    ].map((t) => parseRow(t) as TableRow);
    const ask = (q: string) => filterTable(input(q, undefined, timetable));
    expect(ask('что у вас есть по субботам с утра?')).toBe('По субботам, утром:\n- 10:00 — Хатха-йога для новичков');
    expect(ask('раньше 20:00 не освобождаюсь. есть что-нибудь попозже?')).toBe(
      'После 20:00:\n- Понедельник, 20:15 — Стретчинг',
    );
    // A word of the question names the rows among those of the time asked.
    expect(ask('хочу на реформер в будни вечером, когда есть группа?')).toBe(
      'В будни, вечером:\n- Вторник, 18:00 — Пилатес на реформерах',
    );
    // Not the opening hours, nor a question that asks nothing of the timetable.
    expect(ask('до скольки вы в субботу?')).toBeUndefined();
    expect(ask('на вечернюю виньясу опаздываю, меня пустят?')).toBeUndefined();
    // A session of one's own booking: not the timetable.
    expect(ask('у нас виньяса в субботу на 17:00, во сколько надо подъехать?')).toBeUndefined();
    // Whose age, and what a timetable lists, are the filter's words, which the table need not hold.
    const own = filterOwnStem('дочке 8 лет, по субботам есть для нее занятия? во сколько');
    for (const stem of ['дочк', 'лет', 'занят', 'суббот']) expect(own(stem), stem).toBe(stem !== 'суббот');
    expect(filterOwnStem('занятия в бассейне платные?')('занят')).toBe(false);
  });

  it("names a course's groups on the days asked by their start dates", () => {
    const groups = [
      'Группа: B-41; Начало: 2 декабря; Дни: пн, ср, пт; Время: 18:30–21:00; Формат: в классе',
      'Группа: B-42; Начало: 5 декабря; Дни: сб, вс; Время: 10:00–13:00; Формат: в классе',
      'Группа: B-43; Начало: 8 декабря; Дни: вт, чт; Время: 9:30–12:00; Формат: в классе',
      'Группа: B-47; Начало: 16 января; Дни: сб, вс; Время: 10:00–13:00; Формат: в классе',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('есть группы по выходным?', undefined, groups))).toBe(
      'По выходным:\n- сб, вс, 10:00–13:00 — B-42 (начало: 5 декабря)\n- сб, вс, 10:00–13:00 — B-47 (начало: 16 января)',
    );
    // A class named in words is no group told by its date; a time written "13.00" is no date.
    const classes = [
      'Занятие: Йога; Ближайшее: 6 декабря; Дни: сб, вс; Время: 10:00',
      'Занятие: Пилатес; Ближайшее: 8 декабря; Дни: вт, чт; Время: 18:00',
      'Занятие: Стретчинг; Ближайшее: 7 декабря; Дни: сб; Время: 12:00',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('есть занятия по выходным?', undefined, classes))).toBe(
      'По выходным:\n- сб, вс, 10:00 — Йога\n- сб, 12:00 — Стретчинг',
    );
    const ends = groups.map((r) => ({
      ...r,
      cells: r.cells.map(([c, v]): [string, string] => (c === 'Начало' ? ['Окончание', '13.00'] : [c, v])),
    }));
    expect(filterTable(input('есть группы по выходным?', undefined, ends))).toBe(
      'По выходным:\n- сб, вс, 10:00–13:00 — B-42\n- сб, вс, 10:00–13:00 — B-47',
    );
  });

  it('lists the prices of the category a table leads with, asked by its own word', () => {
    const prices = [
      'Категория: Домашний текстиль; Услуга: Плед; Цена (руб.): 700; Срок (дней): 5',
      'Категория: Домашний текстиль; Услуга: Шторы, за 1 кв. м; Цена (руб.): 250; Срок (дней): 5',
      'Категория: Ковры; Услуга: Ковёр синтетический, за 1 кв. м; Цена (руб.): 350; Срок (дней): 7',
      'Категория: Ковры; Услуга: Ковёр шерстяной, за 1 кв. м; Цена (руб.): 550; Срок (дней): 10',
      'Категория: Ковры; Услуга: Ковёр шёлковый ручной работы, за 1 кв. м; Цена (руб.): 1400; Срок (дней): 14',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('ковры почем чистите?', undefined, prices))).toBe(
      'Категория: Ковры; Цена (руб.):\n- Ковёр синтетический, за 1 кв. м — 350\n- Ковёр шерстяной, за 1 кв. м — 550\n- Ковёр шёлковый ручной работы, за 1 кв. м — 1400',
    );
    // Not when a row of it is named.
    const wool = (r: TableRow) => (r.cells[1]?.[1] === 'Ковёр шерстяной, за 1 кв. м' ? 1 : 0);
    expect(
      filterTable({ ...input('шерстяной ковёр почем чистите?', undefined, prices), namesRow: wool }),
    ).toBeUndefined();
    // Nor when the question says a figure: a row's own ("ковры 2 на 3 метра").
    expect(filterTable(input('ковры 2 на 3 метра почем чистите?', undefined, prices))).toBeUndefined();
  });

  it('reads the word of a "бес-" column said without its prefix as asking its "нет"', () => {
    const classes = [
      'Занятие: Развивайка; Цена: 4800; Пробное бесплатно: да',
      'Занятие: Скоро в школу; Цена: 7600; Пробное бесплатно: нет',
      'Занятие: Шахматы; Цена: 3600; Пробное бесплатно: да',
      'Занятие: Логопед; Цена: 2000; Пробное бесплатно: нет',
    ].map((t) => parseRow(t) as TableRow);
    const ask = (q: string) => filterTable({ ...input(q, undefined, classes), namesColumn: () => 0.65 });
    expect(ask('на какие занятия пробное платное?')).toBe('Пробное бесплатно: нет\n- Скоро в школу\n- Логопед');
    expect(ask('на какие занятия пробное бесплатное?')).toBe('Пробное бесплатно: да\n- Развивайка\n- Шахматы');
    // The column's word after "не", wherever the column's other words stand.
    expect(ask('на какие занятия пробное НЕ бесплатное?')).toBe('Пробное бесплатно: нет\n- Скоро в школу\n- Логопед');
  });

  it('reads no column the list question lists by ("какие занятия") as the figures it asks for', () => {
    const classes = [
      'Занятие: Музыка; Занятий в месяц: 8; Пробное бесплатно: —',
      'Занятие: Рисование; Занятий в месяц: 4; Пробное бесплатно: да',
      'Занятие: Шахматы; Занятий в месяц: 4; Пробное бесплатно: нет',
      'Занятие: Психолог; Занятий в месяц: —; Пробное бесплатно: нет',
    ].map((t) => parseRow(t) as TableRow);
    const question = 'на какие занятия пробное бесплатное?';
    const named = (c: string) => (c === 'Занятий в месяц' || c === 'Пробное бесплатно' ? 1 : 0);
    expect(
      filterTable({
        ...input(question, undefined, classes),
        namesColumn: named,
        listedAs: (c) => c.startsWith('Занят'),
      }),
    ).toBe('Пробное бесплатно: да\n- Рисование');
  });

  it('selects the rows a comparison with a number holds for', () => {
    expect(filterTable(input('что стоит дешевле 300 рублей'))).toBe(
      'Цена, руб., дешевле 300\n- Сырники — 250\n- Пахлава — 260',
    );
    // A price of "бесплатно" is below any.
    const consultations = [
      'Услуга: Консультация терапевта; Цена, руб.: 800',
      'Услуга: Консультация хирурга; Цена, руб.: бесплатно',
      'Услуга: КТ челюсти; Цена, руб.: 2800',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('что стоит до 1000 рублей', undefined, consultations))).toBe(
      'Цена, руб., до 1000\n- Консультация терапевта — 800\n- Консультация хирурга — бесплатно',
    );
  });

  it('compares with the column of numbers of the size asked, though the question names another too', () => {
    const courses = [
      'Курс: Малыши; Занятий в месяц: 8; Цена в месяц, руб.: 4800',
      'Курс: Разговорный клуб; Занятий в месяц: 4; Цена в месяц, руб.: 3200',
      'Курс: IELTS; Занятий в месяц: 8; Цена в месяц, руб.: 9600',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable({ ...input('что есть до 5 тысяч в месяц', undefined, courses), namesColumn: () => 1 })).toBe(
      'Цена в месяц, руб., до 5 тысяч\n- Малыши — 4800\n- Разговорный клуб — 3200',
    );
  });

  it('selects the rows whose count of people is the number a list or "is there" question asks for', () => {
    const rooms = [
      'Номер: Стандарт; Мест: 2; Этаж: 1; Цена, руб.: 3900',
      'Номер: Трёхместный; Мест: 3; Этаж: 2; Цена, руб.: 5400',
      'Номер: Семейный; Мест: 4; Этаж: 3; Цена, руб.: 7800',
      'Номер: Люкс; Мест: 4; Этаж: 2; Цена, руб.: 11500',
    ].map((t) => parseRow(t) as TableRow);
    // Quantities wrote "на четверых" as "на 4": the floor has no 4, places have, and places count people.
    expect(filterTable(input('какие номера на 4', undefined, rooms))).toBe('Мест: 4\n- Семейный\n- Люкс');
    expect(filterTable(input('номер на 3 есть', undefined, rooms))).toBe('Мест: 3\n- Трёхместный');
    expect(filterTable(input('едем на 4, в какой номер мы все влезем', undefined, rooms))).toBe(
      'Мест: 4\n- Семейный\n- Люкс',
    );
    // A price asked is the row's, not a list.
    expect(filterTable(input('сколько стоит номер на 3', undefined, rooms))).toBeUndefined();
  });

  it('selects the rows of the category value a list question names', () => {
    expect(filterTable(input('какие процедуры делает косметолог', undefined, services))).toBe(
      'Мастер: косметолог\n- Чистка лица\n- Пилинг',
    );
    // Not a list question: the row itself answers ("сколько стоит пилинг у косметолога").
    expect(filterTable(input('сколько стоит пилинг у косметолога', undefined, services))).toBeUndefined();
  });

  it('reads a cell listing several values as holding each, and selects the rows holding every value named', () => {
    // Each word of the question its own entry, as the answerer gives them.
    const named = (question: string, words: string[]) => ({
      ...input(question, undefined, vaccines),
      valueWords: (v: string) => words.map((w) => (w === v ? 1 : 0)),
    });
    expect(filterTable(named('какие прививки есть для кошек', ['кошки']))).toBe(
      'Для кого: кошки\n- Rabies\n- Tricat\n- Фелиген',
    );
    expect(filterTable(named('какие прививки собакам от лептоспироза', ['собаки', 'лептоспироз']))).toBe(
      'От чего: лептоспироз, Для кого: собаки\n- Lepto\n- Мультикан',
    );
    // Two values named filter however asked; one, without a list word, names a row's detail.
    expect(filterTable(named('чем привить собаку от лептоспироза', ['собаки', 'лептоспироз']))).toBe(
      'От чего: лептоспироз, Для кого: собаки\n- Lepto\n- Мультикан',
    );
    expect(filterTable(named('сколько стоит прививка для кошки', ['кошки']))).toBeUndefined();
    // Cut at the last whole row that fits, saying there are more.
    expect(filterTable({ ...named('какие прививки для собак', ['собаки']), maxChars: 40 })).toBe(
      'Для кого: собаки\n- Rabies\n- DHPPi\n- …',
    );
  });

  it('narrows a yes/no column or a comparison to the category the question names', () => {
    const asked = (question: string, value: string) => ({
      ...input(question, undefined, cakes),
      valueWords: (v: string) => [v === value ? 1 : 0],
    });
    expect(filterTable(asked('какие капкейки без орехов', 'капкейки'))).toBe(
      'Категория: капкейки, Орехи: нет\n- Капкейк ванильный',
    );
    expect(filterTable(asked('у сына аллергия на орехи, какие капкейки можно', 'капкейки'))).toBe(
      'Категория: капкейки, Орехи: нет\n- Капкейк ванильный',
    );
    expect(filterTable(asked('какие торты с орехами', 'торты'))).toBe(
      'Категория: торты, Орехи: да\n- Морковный с орехом\n- Фисташка',
    );
    expect(filterTable(asked('какие торты дешевле 2000', 'торты'))).toBe(
      'Категория: торты, Цена, руб., дешевле 2000\n- Медовик — 1600\n- Морковный с орехом — 1900',
    );
  });

  it('reads two words naming two values of one column as either of them', () => {
    const words = ['торт', 'пирог'];
    const asked = (question: string) => ({
      ...input(question, undefined, cakes),
      valueWords: (v: string) => words.map((w) => (v.startsWith(w) ? 1 : 0)),
    });
    expect(filterTable(asked('какие торты и пироги без орехов'))).toBe(
      'Категория: торты, пироги, Орехи: нет\n- Медовик\n- Пирог с вишней',
    );
    // One word naming two values alike names neither.
    const alike = {
      ...input('какая выпечка без орехов', undefined, cakes),
      valueWords: () => [1],
    };
    expect(filterTable(alike)).toBe('Орехи: нет\n- Медовик\n- Капкейк ванильный\n- Пирог с вишней');
  });

  it('lists the rows a list question names by a word of their names, and filters within them', () => {
    const byName = (question: string) => ({
      ...input(question, undefined, cakes),
      namesRow: (r: TableRow) => (r.cells[0]?.[1]?.startsWith('Капкейк') ? 1 : 0),
      valueWords: () => [0],
    });
    expect(filterTable(byName('какие капкейки есть'))).toBe(
      'Цена, руб.:\n- Капкейк ванильный — 250\n- Капкейк с арахисом — 280',
    );
    expect(filterTable(byName('какие капкейки дешевле 260'))).toBe(
      'Цена, руб., дешевле 260\n- Капкейк ванильный — 250',
    );
    // Not a list question: the row itself answers.
    expect(filterTable(byName('сколько стоит капкейк ванильный'))).toBeUndefined();
  });

  it('compares durations in minutes, whatever unit a cell or the question says them in', () => {
    expect([cellMinutes('40 мин'), cellMinutes('1 час'), cellMinutes('1,5 часа'), cellMinutes('1 ч 30 мин')]).toEqual([
      40, 60, 90, 90,
    ]);
    expect(cellMinutes('1600')).toBeUndefined();
    expect(comparisonOf('какие процедуры идут дольше 2 часов')).toMatchObject({ op: '>', value: 120, minutes: true });
    expect(comparisonOf('что длится меньше 30 минут')).toMatchObject({ op: '<', value: 30, minutes: true });
    const visits = [
      'Услуга: Осмотр; Цена, руб.: 800; Длительность: 20 минут',
      'Услуга: Пломба; Цена, руб.: 5500; Длительность: 1 час',
      'Услуга: Каналы; Цена, руб.: 16000; Длительность: 2,5 часа',
      'Услуга: Коронка за визит; Цена, руб.: 33000; Длительность: 3 часа',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('какие процедуры идут дольше 2 часов', undefined, visits))).toBe(
      'Длительность, дольше 2 часов\n- Каналы — 2,5 часа\n- Коронка за визит — 3 часа',
    );
    expect(filterTable(input('что длится меньше 30 минут', undefined, visits))).toBe(
      'Длительность, меньше 30 минут\n- Осмотр — 20 минут',
    );
  });

  it('reads days of work as a duration, and "за 5 минут" asked which as a bound of the time it takes', () => {
    expect([cellMinutes('1 день'), cellMinutes('2–3 дня'), cellMinutes('5 дней')]).toEqual([1440, 2880, 7200]);
    expect(cellMinutes('3 рабочих дня')).toBe(4320);
    // A figure alone under a column saying the unit.
    expect([cellMinutes('3', 'Срок, дней'), cellMinutes('40', 'Длительность, мин')]).toEqual([4320, 40]);
    expect(cellMinutes('3', 'Цена, ₽')).toBeUndefined();
    expect(comparisonOf('что почините быстрее 2 дней')).toMatchObject({ op: '<', value: 2880, minutes: true });
    expect(comparisonOf('какие ключи делаете за 5 минут?')).toMatchObject({ op: '<=', value: 5, minutes: true });
    expect(comparisonOf('что из ремонта сделаете за 1 день?')).toMatchObject({ op: '<=', value: 1440 });
    // A time before (a cancellation's, "за 2 часа до") and a price's unit are no such bound.
    expect(comparisonOf('что будет, если отменим за 2 суток?')).toBeUndefined();
    expect(comparisonOf('какой массаж сделаете за 2 часа до начала?')).toBeUndefined();
    expect(comparisonOf('какая цена за 30 минут?')).toBeUndefined();
    expect(comparisonOf('сделаете за 1 день?')).toBeUndefined();
    // What a rental includes for its time is no bound of the rows' time.
    expect(comparisonOf('что входит в аренду за 3 часа?')).toBeUndefined();
    const keys = [
      'Домофонные ключи: Таблетка (Touch Memory); Цена: 250 ₽; Срок: 5 минут',
      'Домофонные ключи: Брелок 125 кГц; Цена: 300 ₽; Срок: 5 минут',
      'Домофонные ключи: Брелок Mifare 13,56 МГц; Цена: 500 ₽; Срок: 10 минут',
      'Домофонные ключи: Защищённый ключ; Цена: 900 ₽; Срок: 1 день',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('Какие домофонные ключи вы делаете за 5 минут?', undefined, keys))).toBe(
      'Срок, за 5 минут\n- Таблетка (Touch Memory) — 5 минут\n- Брелок 125 кГц — 5 минут',
    );
  });

  it('compares terms in months, in years or months as the question, the cell or its column says them', () => {
    expect([cellMonths('24', 'Гарантия, мес'), cellMonths('2 года', 'Гарантия'), cellMonths('1', 'Срок, лет')]).toEqual(
      [24, 24, 12],
    );
    expect(cellMonths('24', 'Гарантия')).toBeUndefined();
    // The unit said, what the cell says after it is its condition.
    expect(cellMonths('5 лет от пожелтения, отслоения', 'Гарантия')).toBe(60);
    expect(cellMonths('24 шт', 'Гарантия')).toBeUndefined();
    expect(comparisonOf('с гарантией больше 2 лет')).toMatchObject({ op: '>', value: 24, months: true });
    // A unit without a figure is one of it; "до часа" is a time of day.
    expect(comparisonOf('на какие работы гарантия больше года')).toMatchObject({ op: '>', value: 12, months: true });
    expect(comparisonOf('что идёт дольше часа')).toMatchObject({ op: '>', value: 60, minutes: true });
    expect(comparisonOf('работаете до часа?')).toBeUndefined();
    expect(comparisonOf('гарантия меньше 6 месяцев')).toMatchObject({ op: '<', value: 6, months: true });
    const works = [
      'Работа: Покраска стен; Цена, ₽: 350; Гарантия, мес: 12',
      'Работа: Штукатурка стен; Цена, ₽: 750; Гарантия, мес: 24',
      'Работа: Стяжка пола; Цена, ₽: 900; Гарантия, мес: 36',
      'Работа: Натяжной потолок; Цена, ₽: 600; Гарантия, мес: 60',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('какие работы с гарантией больше 2 лет', undefined, works))).toBe(
      'Гарантия, мес, больше 2 лет\n- Стяжка пола — 36\n- Натяжной потолок — 60',
    );
  });

  it('does not filter by the values named when the question holds a figure the table does not', () => {
    const named = (question: string) => ({
      ...input(question, undefined, vaccines),
      valueWords: (v: string) => [['собаки', 'лептоспироз'].includes(v) ? 1 : 0],
    });
    expect(filterTable(named('прививка собаке от лептоспироза к 19:30 есть'))).toBeUndefined();
  });

  it('lists the rows with their prices when the question asks what they cost', () => {
    expect(filterTable(input('какие капкейки есть и почем', undefined, cakes))).toBe(
      'Категория: капкейки; Цена, руб.:\n- Капкейк ванильный — 250\n- Капкейк с арахисом — 280',
    );
    expect(filterTable(input('какие капкейки есть', undefined, cakes))).toBe(
      'Категория: капкейки\n- Капкейк ванильный\n- Капкейк с арахисом',
    );
  });

  it('lists the prices of the rental length asked, of a price list by days', () => {
    const cars = [
      'Автомобиль: Duster; Кузов: кроссовер; Сутки при аренде 1–3 дня, руб.: 3900; Сутки при аренде 4–7 дней, руб.: 3500; Сутки при аренде от 8 дней, руб.: 3200',
      'Автомобиль: Jolion; Кузов: кроссовер; Сутки при аренде 1–3 дня, руб.: 4500; Сутки при аренде 4–7 дней, руб.: 4200; Сутки при аренде от 8 дней, руб.: 3800',
      'Автомобиль: Granta; Кузов: седан; Сутки при аренде 1–3 дня, руб.: 2200; Сутки при аренде 4–7 дней, руб.: 2000; Сутки при аренде от 8 дней, руб.: 1800',
      'Автомобиль: Logan; Кузов: седан; Сутки при аренде 1–3 дня, руб.: 2400; Сутки при аренде 4–7 дней, руб.: 2200; Сутки при аренде от 8 дней, руб.: 2000',
      'Автомобиль: Solaris; Кузов: седан; Сутки при аренде 1–3 дня, руб.: 3300; Сутки при аренде 4–7 дней, руб.: 3000; Сутки при аренде от 8 дней, руб.: 2700',
    ].map((t) => parseRow(t) as TableRow);
    const asked = (question: string) => ({
      ...input(question, undefined, cars),
      valueWords: (v: string) => [v === 'кроссовер' ? 1 : 0],
    });
    expect(filterTable(asked('какие кроссоверы есть на 2 недели и почем'))).toBe(
      'Кузов: кроссовер; Сутки при аренде от 8 дней, руб.:\n- Duster — 3200\n- Jolion — 3800',
    );
    expect(filterTable(asked('какие кроссоверы есть на 5 дней и почем'))).toBe(
      'Кузов: кроссовер; Сутки при аренде 4–7 дней, руб.:\n- Duster — 3500\n- Jolion — 4200',
    );
    expect(filterTable(asked('какие кроссоверы есть и почем'))).toBe(
      'Кузов: кроссовер; Сутки при аренде 1–3 дня, руб.:\n- Duster — 3900\n- Jolion — 4500',
    );
  });

  it('leaves a question about one row, or with no filter, to the row itself', () => {
    expect(filterTable(input('есть ли орехи в сырниках', 'Сырники'))).toBeUndefined();
    expect(filterTable(input('сколько стоит том ям'))).toBeUndefined();
  });
});

describe('a yes/no column with remarks', () => {
  const units = [
    'Объект: Шатёр «Сафари»; Туалет внутри: нет, общий санблок в 60 м; Цена: 5900',
    'Объект: Купол «Звездочёт»; Туалет внутри: да; Цена: 9900',
    'Объект: Домик «Гнездо»; Туалет внутри: нет (санблок рядом); Цена: 7400',
    'Объект: Дом «Лоцман»; Туалет внутри: да, и душ; Цена: 18900',
  ].map((t) => parseRow(t) as TableRow);

  it('reads "нет, …" and "да, …" as its values, and "нет" said after the column as asking its "нет"', () => {
    expect(filterTable(input('в каких номерах туалет внутри есть?', undefined, units))).toBe(
      'Туалет внутри: да\n- Купол «Звездочёт»\n- Дом «Лоцман»',
    );
    expect(filterTable(input('в каких номерах туалета внутри нет?', undefined, units))).toBe(
      'Туалет внутри: нет\n- Шатёр «Сафари»\n- Домик «Гнездо»',
    );
    // Named by a word of its own after "нет" ("удобств" of "Туалет внутри"), the column's "нет".
    const q = 'в каких номерах нет удобств внутри?';
    const said = {
      ...input(q, undefined, units),
      namesColumn: (c: string) => (c === 'Туалет внутри' ? 0.8 : 0),
      columnAt: (c: string) => (c === 'Туалет внутри' ? q.indexOf('внутр') : -1),
      columnSaidAt: (c: string) => (c === 'Туалет внутри' ? q.indexOf('удобств') : -1),
    };
    expect(filterTable(said)).toBe('Туалет внутри: нет\n- Шатёр «Сафари»\n- Домик «Гнездо»');
  });
});

describe('a catalogue whose first column repeats', () => {
  const foods = [
    'Бренд: Royal Canin; Корм: Kitten; Тип: сухой; Цена, руб.: 2890',
    'Бренд: Royal Canin; Корм: Instinctive в желе; Тип: влажный; Цена, руб.: 95',
    'Бренд: Мнямс; Корм: Паштет с телятиной; Тип: влажный; Цена, руб.: 79',
    'Бренд: Farmina; Корм: Pumpkin; Тип: сухой; Цена, руб.: 3450',
  ].map((t) => parseRow(t) as TableRow);

  it('lists the rows that have a figure in a column others leave out, for a list question naming it', () => {
    const byWeight = foods.map((r, i) => {
      const cells: [string, string][] = [...r.cells, ['На развес, руб. за кг', i % 2 === 0 ? '1380' : '—']];
      return { text: cells.map(([c, v]) => `${c}: ${v}`).join('; '), cells, table: `${r.table}|развес` };
    });
    expect(filterTable(input('какие корма продаёте на развес?', undefined, byWeight))).toBe(
      'На развес, руб. за кг:\n- Royal Canin Kitten — 1380\n- Мнямс Паштет с телятиной — 1380',
    );
  });

  it('lists the rows that have none in such a column for a question asking it absent ("гарантии нет")', () => {
    const repairs = [
      'Услуга: Замена набоек; Цена: 350 ₽; Гарантия: 14 дней',
      'Услуга: Растяжка; Цена: 600 ₽; Гарантия: нет',
      'Услуга: Замена подошвы; Цена: 2 500 ₽; Гарантия: 30 дней',
      'Услуга: Покраска; Цена: 1 500 ₽; Гарантия: нет',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('на какие работы гарантии нет?', undefined, repairs))).toBe(
      'Гарантия: нет\n- Растяжка\n- Покраска',
    );
    expect(filterTable(input('на какие работы есть гарантия?', undefined, repairs))).toBe(
      'Гарантия:\n- Замена набоек — 14 дней\n- Замена подошвы — 30 дней',
    );
  });

  it('names its rows by the brand and the name after it', () => {
    expect(filterTable(input('что стоит дешевле 300 рублей', undefined, foods))).toBe(
      'Цена, руб., дешевле 300\n- Royal Canin Instinctive в желе — 95\n- Мнямс Паштет с телятиной — 79',
    );
  });
});

describe('a timetable by date', () => {
  const classes = [
    'Дата: 29.03.2025; Мастер-класс: Детский: пицца; Цена, руб.: 1600; Возраст: 6–12 лет',
    'Дата: 05.04.2025; Мастер-класс: Детский: капкейки; Цена, руб.: 1600; Возраст: 6–12 лет',
    'Дата: 06.04.2025; Мастер-класс: Мама и малыш; Цена, руб.: 2100 за пару; Возраст: 4–6 лет',
    'Дата: 12.04.2025; Мастер-класс: Паста; Цена, руб.: 3200; Возраст: 18+',
  ].map((t) => parseRow(t) as TableRow);
  const ages = [
    'Детям: Детский мастер-класс; Возраст: 6–12 лет; Цена: 1 600 ₽',
    'Детям: Мама и малыш; Возраст: 4–6 лет; Цена: 2 100 ₽',
    'Детям: Юный шеф; Возраст: 11–15 лет; Цена: 7 200 ₽',
  ].map((t) => ({ ...(parseRow(t) as TableRow), table: 'ages' }));

  it('names its rows by what is on, after the date, with a price said with words', () => {
    expect(filterTable(input('что есть для ребенка 5 лет, сколько стоит', undefined, classes))).toBe(
      'Возраст: 5 лет; Цена, руб.:\n- 06.04.2025, Мама и малыш — 2100 за пару',
    );
  });

  it('keeps the rows of the month named, and is the table asked about', () => {
    expect(filterTable(input('что есть в апреле для ребенка 7 лет', undefined, [...ages, ...classes]))).toBe(
      'Возраст: 7 лет\n- 05.04.2025, Детский: капкейки',
    );
  });
});

describe('a menu of codes, each dish in several sizes', () => {
  const pizzas = [
    'Код: P01-25; Название: Маргарита; Размер: 25 см; Цена, ₽: 390; Состав: моцарелла, томаты; Аллергены: глютен, молоко; Вегетарианское: да',
    'Код: P01-30; Название: Маргарита; Размер: 30 см; Цена, ₽: 550; Состав: моцарелла, томаты; Аллергены: глютен, молоко; Вегетарианское: да',
    'Код: P02-25; Название: Пепперони; Размер: 25 см; Цена, ₽: 450; Состав: моцарелла, пепперони; Аллергены: глютен, молоко; Вегетарианское: нет',
    'Код: P02-30; Название: Пепперони; Размер: 30 см; Цена, ₽: 620; Состав: моцарелла, пепперони; Аллергены: глютен, молоко; Вегетарианское: нет',
    'Код: P10-25; Название: Груша; Размер: 25 см; Цена, ₽: 540; Состав: горгонзола, грецкий орех; Аллергены: глютен, орехи; Вегетарианское: да',
    'Код: P10-30; Название: Груша; Размер: 30 см; Цена, ₽: 740; Состав: горгонзола, грецкий орех; Аллергены: глютен, орехи; Вегетарианское: да',
    'Код: P15-25; Название: Банан-шоколад; Размер: 25 см; Цена, ₽: 420; Состав: ореховая паста, банан; Аллергены: орехи (фундук); Вегетарианское: да',
    'Код: D01; Название: Морс; Размер: 0,5 л; Цена, ₽: 150; Состав: клюква; Аллергены: —; Вегетарианское: да',
  ].map((t) => parseRow(t) as TableRow);

  it('names its rows by the column of words that repeats least, each name listed once', () => {
    expect(rowNamesOf(pizzas).get(pizzas[2] as TableRow)).toBe('Пепперони');
    expect(filterTable(input('какие пиццы вегетарианские', undefined, pizzas))).toBe(
      'Вегетарианское: да\n- Маргарита\n- Груша\n- Банан-шоколад\n- Морс',
    );
  });

  it('keeps the rows holding a value a word names by itself in any of the columns it names them in', () => {
    const nuts = (column: boolean) => ({
      ...input('аллергия на орехи, какие пиццы нельзя', undefined, pizzas),
      namesColumn: (c: string) => (column && c === 'Аллергены' ? 1 : 0),
      valueWords: (v: string) => [v === 'грецкий орех' || v.startsWith('орехи') ? 1 : 0],
    });
    expect(filterTable(nuts(true))).toBe(
      'Состав: грецкий орех, Аллергены: орехи, орехи (фундук)\n- Груша\n- Банан-шоколад',
    );
    // A column some of whose rows say "—" (a drink's allergens) is a category only when named.
    expect(filterTable(nuts(false))).toBe('Состав: грецкий орех\n- Груша');
  });
});

describe('a catalogue of codes whose model column holds a model named by a figure', () => {
  const profiles = [
    'Код: ML-L60; Марка: Melke; Система: Lite 60; Назначение: дачи; Ширина, мм: 60',
    'Код: KBE-ET58; Марка: KBE; Система: Эталон 58; Назначение: квартиры; Ширина, мм: 58',
    'Код: KBE-88; Марка: KBE; Система: 88; Назначение: частные дома; Ширина, мм: 88',
    'Код: RH-BN60; Марка: Rehau; Система: Blitz New; Назначение: квартиры; Ширина, мм: 60',
    'Код: RH-GE86; Марка: Rehau; Система: Geneo; Назначение: частные дома; Ширина, мм: 86',
    'Код: VK-EL58; Марка: Veka; Система: Euroline 58; Назначение: квартиры; Ширина, мм: 58',
    'Код: VK-SL82; Марка: Veka; Система: Softline 82; Назначение: частные дома; Ширина, мм: 82',
  ].map((t) => parseRow(t) as TableRow);

  it('names its rows by that column, not by a category whose values repeat less', () => {
    expect(rowNamesOf(profiles).get(profiles[4] as TableRow)).toBe('Geneo');
    expect(rowNamesOf(profiles).get(profiles[2] as TableRow)).toBe('88');
  });
});

describe('a sheet whose first column is a category', () => {
  const prices = [
    'Категория: Верхняя одежда; Услуга: Пальто шерстяное; Цена (руб.): 1450; Срочно возможно: да',
    'Категория: Верхняя одежда; Услуга: Пуховик; Цена (руб.): 1300; Срочно возможно: нет',
    'Категория: Верхняя одежда; Услуга: Плащ; Цена (руб.): 1100; Срочно возможно: да',
    'Категория: Кожа и мех; Услуга: Дублёнка; Цена (руб.): 4800; Срочно возможно: нет',
    'Категория: Кожа и мех; Услуга: Шуба норковая; Цена (руб.): 6500; Срочно возможно: нет',
    'Категория: Обувь; Услуга: Чистка кроссовок; Цена (руб.): 1200; Срочно возможно: да',
    'Категория: Обувь; Услуга: Чистка сапог; Цена (руб.): 1400; Срочно возможно: нет',
    'Категория: Ковры; Услуга: Чистка ковра; Цена (руб.): 350; Срочно возможно: нет',
  ].map((t) => parseRow(t) as TableRow);

  it('names its rows by the first column of their own names', () => {
    expect(rowNamesOf(prices).get(prices[3] as TableRow)).toBe('Дублёнка');
    expect(rowNamesOf(menu).get(menu[1] as TableRow)).toBe('Пахлава');
    expect(filterTable(input('что почистить дороже 4000', undefined, prices))).toBe(
      'Цена (руб.), дороже 4000\n- Дублёнка — 4800\n- Шуба норковая — 6500',
    );
  });

  it('filters by its category as by any other', () => {
    const named = {
      ...input('из верхней одежды что можно срочно', undefined, prices),
      namesColumn: (c: string) => (c === 'Срочно возможно' ? 1 : 0),
      valueWords: (v: string) => [v === 'Верхняя одежда' ? 1 : 0],
    };
    expect(filterTable(named)).toBe('Категория: Верхняя одежда, Срочно возможно: да\n- Пальто шерстяное\n- Плащ');
  });

  it('reads a word naming many rows, outside a list question, as the trade’s own word', () => {
    const clean = {
      ...input('что почистить дороже 4000', undefined, prices),
      namesRow: (r: TableRow) => (r.text.includes('Чистка') ? 1 : 0),
    };
    expect(filterTable(clean)).toBe('Цена (руб.), дороже 4000\n- Дублёнка — 4800\n- Шуба норковая — 6500');
  });

  it('reads a word naming several categories alike as all of them, and money compared as a price column’s', () => {
    const rolls = [
      'Название: Каппа маки; Раздел: Роллы; Вес, г: 110; Цена, руб.: 150',
      'Название: Филадельфия; Раздел: Роллы; Вес, г: 250; Цена, руб.: 590',
      'Название: Запечённый с лососем; Раздел: Запечённые роллы; Вес, г: 260; Цена, руб.: 190',
      'Название: Вулкан; Раздел: Запечённые роллы; Вес, г: 270; Цена, руб.: 450',
      'Название: Мисо-суп; Раздел: Супы; Вес, г: 300; Цена, руб.: 180',
      'Название: Том ям; Раздел: Супы; Вес, г: 350; Цена, руб.: 390',
    ].map((t) => parseRow(t) as TableRow);
    const cheap = {
      ...input('какие роллы дешевле 200 рублей', undefined, rolls),
      namesColumn: (c: string) => (c.startsWith('Цена') ? 0.8 : 0),
      valueWords: (v: string) => [/роллы/i.test(v) ? 1 : 0],
    };
    expect(filterTable(cheap)).toBe(
      'Раздел: Роллы, Запечённые роллы, Цена, руб., дешевле 200\n- Каппа маки — 150\n- Запечённый с лососем — 190',
    );
    expect(comparisonOf('до 3 тысяч рублей')?.money).toBe(true);
    expect(comparisonOf('роллы до 500р')?.money).toBe(true);
    expect(comparisonOf('меньше 200 грамм')?.money).toBeUndefined();
  });
});

describe("a week's schedule with a column per day", () => {
  const week = [
    'Барбер: Артём Лебедев; Пн: 10:00–19:00; Вт: 10:00–19:00; Ср: выходной; Чт: 10:00–19:00; Пт: 10:00–19:00; Сб: 11:00–18:00; Вс: выходной; Стрижёт детей: нет',
    'Барбер: Максим Тарасов; Пн: 9:00–18:00; Вт: 9:00–18:00; Ср: выходной; Чт: 9:00–18:00; Пт: выходной; Сб: 10:00–20:00; Вс: 10:00–20:00; Стрижёт детей: да',
    'Барбер: Денис Кочетков; Пн: 12:00–21:00; Вт: выходной; Ср: 12:00–21:00; Чт: 12:00–21:00; Пт: 12:00–21:00; Сб: 9:00–20:00; Вс: выходной; Стрижёт детей: да',
    'Барбер: Илья Воронин; Пн: выходной; Вт: 9:00–17:00; Ср: 9:00–17:00; Чт: выходной; Пт: 9:00–17:00; Сб: 9:00–20:00; Вс: 10:00–19:00; Стрижёт детей: да',
    'Барбер: Егор Пантелеев; Пн: 13:00–21:00; Вт: 13:00–21:00; Ср: 13:00–21:00; Чт: выходной; Пт: 13:00–21:00; Сб: выходной; Вс: 10:00–19:00; Стрижёт детей: нет',
  ].map((t) => parseRow(t) as TableRow);
  /** "стриж" names the column "Стрижёт детей" fully, as the answerer's stems do. */
  const ofWeek = (question: string) => ({
    ...input(question, undefined, week),
    namesColumn: (c: string) => (c === 'Стрижёт детей' && question.includes('стриж') ? 1 : 0),
    columnAt: (c: string) => (c === 'Стрижёт детей' ? question.indexOf('стриж') : -1),
    valueWords: () => [0],
  });

  it('reads "кто" with a day as a question of the whole timetable', () => {
    expect(filtersTable('кто в воскресенье стрижет?')).toBe(true);
    expect(filtersTable('кто стрижет детей?')).toBe(false);
  });

  it('keeps the rows at work on the day asked, with their hours', () => {
    const answer = filterTable(ofWeek('кто в воскресенье стрижет?')) ?? '';
    expect(answer).toContain('Вс:');
    for (const name of ['Максим Тарасов — 10:00–20:00', 'Илья Воронин', 'Егор Пантелеев'])
      expect(answer).toContain(name);
    for (const name of ['Артём', 'Денис']) expect(answer).not.toContain(name);
  });

  it('narrows them by the branch named, though "в воскресенье" names the days\' "выходной" too', () => {
    const branches = ['Свободы', 'Свободы', 'Ленинградский', 'Ленинградский', 'Ленинградский'];
    const rows = week.map((r, i) =>
      parseRow(r.text.replace('; Пн:', `; Барбершоп: ${branches[i]}; Пн:`)),
    ) as TableRow[];
    const answer =
      filterTable({
        ...ofWeek('кто в воскресенье на ленинградском стрижет?'),
        rows,
        // "воскресенье" is a synonym of "выходной", as the answerer's synonyms have it.
        valueWords: (v: string) => [v === 'выходной' ? 0.8 : v === 'Ленинградский' ? 1 : 0],
      }) ?? '';
    expect(answer).toContain('Барбершоп: Ленинградский, Вс:');
    for (const name of ['Илья Воронин', 'Егор Пантелеев']) expect(answer).toContain(name);
    for (const name of ['Максим', 'Артём', 'Денис']) expect(answer).not.toContain(name);
  });

  it("answers one row asked of a day with that day's cell", () => {
    const ofIlya = (question: string) => ({
      ...ofWeek(question),
      namesRow: (r: TableRow) => (r.cells[0]?.[1] === 'Илья Воронин' ? 1 : 0),
    });
    expect(filterTable(ofIlya('хочу к Илье Воронину в понедельник, можно?'))).toBe('Илья Воронин — Пн: выходной');
    expect(filterTable(ofIlya('Илья Воронин в субботу до скольки?'))).toBe('Илья Воронин — Сб: 9:00–20:00');
  });

  it('narrows them by a yes/no column only when the question says all of its words', () => {
    const answer = filterTable(ofWeek('кто у вас детей стрижет в среду?')) ?? '';
    expect(answer).toContain('Стрижёт детей: да, Ср:');
    for (const name of ['Денис Кочетков', 'Илья Воронин']) expect(answer).toContain(name);
    for (const name of ['Егор', 'Максим', 'Артём']) expect(answer).not.toContain(name);
  });
});

describe('superlatives of a column the question names', () => {
  const fleet = [
    'Машина: Isuzu NQR 90; Тип: сдвижная платформа; Платформа, м: 6,2; Ночь, ₽: 4 290',
    'Машина: ГАЗ-33106 «Валдай»; Тип: ломаная платформа; Платформа, м: 5,5; Ночь, ₽: 3 640',
    'Машина: Hyundai HD78; Тип: сдвижная платформа; Платформа, м: 6,5; Ночь, ₽: 3 900',
    'Машина: Foton Aumark; Тип: ломаная платформа; Платформа, м: 5,2; Ночь, ₽: 5 850',
  ].map((t) => parseRow(t) as TableRow);

  it('measures that column ("какой длины самая большая платформа"), and "платформа" asks no price', () => {
    const text = filterTable(input('какой длины у вас самая большая платформа?', undefined, fleet)) ?? '';
    expect(text).toContain('Hyundai HD78');
    expect(text).not.toContain('Isuzu');
    expect(text).not.toContain('Foton');
    expect(filterTable(input('какая машина самая дешёвая ночью?', undefined, fleet)) ?? '').toContain('Валдай');
  });
});

describe('a menu whose notes say "без глютена"', () => {
  const cafe = [
    'Позиция: Боул с киноа; Цена, руб.: 390; Категория: Обед; Примечание: без глютена',
    'Позиция: Боул с нутом; Цена, руб.: 350; Категория: Обед; Примечание: веганское, без глютена',
    'Позиция: Суп дня; Цена, руб.: 220; Категория: Обед; Примечание: веганское',
    'Позиция: Сэндвич с индейкой; Цена, руб.: 290; Категория: Перекус; Примечание: до 12:00',
    'Позиция: Круассан с лососем; Цена, руб.: 340; Категория: Перекус; Примечание: до 12:00',
    'Позиция: Шоколадный брауни; Цена, руб.: 160; Категория: Десерты; Примечание: без глютена',
    'Позиция: Морковный торт; Цена, руб.: 230; Категория: Десерты; Примечание: до 12:00',
  ].map((t) => parseRow(t) as TableRow);

  it('filters nothing when no row holds it with a value named in its own words', () => {
    // "блюда" names "Перекус" through "перекусить" (0.8); "глютена" names "без глютена" itself.
    const question = 'какие блюда без глютена?';
    const text =
      filterTable({
        ...input(question, undefined, cafe),
        valueWords: (v: string) => [v === 'Перекус' ? 0.8 : 0, v === 'без глютена' ? 1 : 0],
      }) ?? '';
    expect(text).toContain('Примечание: без глютена');
    for (const name of ['Боул с киноа', 'Боул с нутом', 'Шоколадный брауни']) expect(text).toContain(name);
    expect(text).not.toContain('Сэндвич');
  });

  it('reads "что есть без …" as a list question, as "что есть с …"', () => {
    const question = 'что у вас есть без глютена?';
    const text =
      filterTable({ ...input(question, undefined, cafe), valueWords: (v: string) => [v === 'без глютена' ? 1 : 0] }) ??
      '';
    for (const name of ['Боул с киноа', 'Боул с нутом', 'Шоколадный брауни']) expect(text).toContain(name);
  });
});

describe("an order's amount against a threshold column", () => {
  const delivery = [
    'Доставка: По городу; Куда: в черте города, включая Нововятский район; Стоимость, ₽: 250; Бесплатно от, ₽: 5 000',
    'Доставка: Пригород; Куда: Радужный, Порошино, Костино; Стоимость, ₽: 400; Бесплатно от, ₽: 8 000',
    'Доставка: Область; Куда: Слободской, Кирово-Чепецк; Стоимость, ₽: 900; Бесплатно от, ₽: 15 000',
  ].map((t) => parseRow(t) as TableRow);

  it('reads "закажу на 8000" asked which as reaching the rows whose threshold is at most that', () => {
    expect(comparisonOf('в какие посёлки доставка бесплатная, если закажу на 8000?')).toMatchObject({
      op: '<=',
      value: 8000,
      threshold: true,
    });
    // Not asked which: the order's amount is the visitor's case, no filter.
    expect(comparisonOf('сколько стоит доставка заказа на 1500 в Железнодорожный район?')).toBeUndefined();
    expect(comparisonOf('какой заказ на 2 часа?')).toBeUndefined();
    // People, pieces and thousands said in words are no amount of money.
    expect(comparisonOf('какие залы подойдут, если заказ на 20 гостей?')).toBeUndefined();
    expect(comparisonOf('какие есть варианты, если закажу на 8000 5 штук?')).toBeUndefined();
    expect(comparisonOf('в какие районы бесплатно, если заказ на 12 500?')).toMatchObject({ value: 12500 });
  });

  it('lists those rows with the words beside their names, not by the price column', () => {
    expect(filterTable(input('в какие посёлки доставка бесплатная, если закажу на 8000?', undefined, delivery))).toBe(
      'Бесплатно от, ₽, заказ на 8000\n' +
        '- По городу (в черте города, включая Нововятский район) — 5 000\n' +
        '- Пригород (Радужный, Порошино, Костино) — 8 000',
    );
  });
});

describe('a threshold of money, not of people', () => {
  it('lists the halls whose free-service threshold the order reaches', () => {
    const halls = [
      'Зал: Малый; Гостей от: 10; Гостей до: 20; Бесплатно при заказе от, ₽: 30 000',
      'Зал: Большой; Гостей от: 30; Гостей до: 60; Бесплатно при заказе от, ₽: 80 000',
      'Зал: Веранда; Гостей от: 15; Гостей до: 40; Бесплатно при заказе от, ₽: 50 000',
    ].map((t) => parseRow(t) as TableRow);
    expect(filterTable(input('какие залы бесплатно, если заказ на 60000?', undefined, halls))).toBe(
      'Бесплатно при заказе от, ₽, заказ на 60000\n- Малый — 30 000\n- Веранда — 50 000',
    );
  });
});
