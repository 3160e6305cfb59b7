import { describe, expect, it } from 'vitest';
import { clockAsked, fitsClock, fitsQuantity, quantitiesAsked } from './quantity-fit';

describe('a rule that bounds the visitor’s own quantity', () => {
  it('reads the quantities a visitor states, with their units', () => {
    // The numbers are figures already (retrieval's quantities.ts).
    expect(quantitiesAsked('отменяем где-то за 30 часов до начала, сколько вернёте?')).toEqual([
      { value: 30 * 60, measure: 'time', word: 'часов' },
    ]);
    expect(quantitiesAsked('сыну 2 годика, сошьёте костюм?')).toEqual([
      { value: 2 * 365 * 24 * 60, measure: 'time', word: 'годика' },
    ]);
    expect(quantitiesAsked('нас 12 человек, на 1,5 часа')).toEqual([
      { value: 12, measure: 'people', word: 'человек' },
      { value: 90, measure: 'time', word: 'часа' },
    ]);
    expect(quantitiesAsked('сколько стоит стрижка?')).toEqual([]);
  });

  it('counts employees as people: "2 работников" fits a tariff for "до 3 человек"', () => {
    const asked = quantitiesAsked('ип на упрощенке, 2 работников. какой тариф?');
    expect(asked).toEqual([{ value: 2, measure: 'people', word: 'работников' }]);
    expect(fitsQuantity('Тариф: «ИП Доходы плюс»; Сотрудники: до 3 человек; Цена в месяц, ₽: 4 900', asked)).toBe(
      'fits',
    );
  });

  it('counts visits as a pass does: "на 10 раз" fits "10 сеансов", not "5 сеансов"', () => {
    const asked = quantitiesAsked('взяла абонемент на 10 раз, за какой срок надо отходить?');
    expect(asked).toEqual([{ value: 10, measure: 'visits', word: 'раз' }]);
    expect(fitsQuantity('Абонемент: 10 сеансов; Срок действия: 90 дней', asked)).toBe('fits');
    expect(fitsQuantity('Абонемент: 5 сеансов; Скидка: 10 %; Срок действия: 45 дней', asked)).toBeUndefined();
  });

  it('finds the rule whose range or bound holds the quantity, in the same unit', () => {
    const asked = quantitiesAsked('отменяю за 30 часов');
    expect(fitsQuantity('При отмене за 48–24 часа возвращаем 50% предоплаты.', asked)).toBe('fits');
    expect(fitsQuantity('При отмене от 24 до 48 часов возвращаем половину.', asked)).toBe('fits');
    expect(fitsQuantity('При отмене более чем за 48 часов предоплата возвращается полностью.', asked)).toBe('bounds');
    expect(fitsQuantity('При отмене менее чем за 24 часа предоплата не возвращается.', asked)).toBe('bounds');
    // Another range, or the figure in another unit, says nothing of this quantity.
    expect(fitsQuantity('Ревакцинация через 3–4 недели.', asked)).toBeUndefined();
    expect(fitsQuantity('Отмена за 30 дней бесплатно.', asked)).toBeUndefined();
    expect(fitsQuantity('Стоимость — 30 ₽.', asked)).toBeUndefined();
  });

  it('reads "не дольше" as a bound from above: a call of an hour is past a booth\'s 30 minutes', () => {
    const asked = quantitiesAsked('у меня созвон на час, можно в будке?');
    expect(fitsQuantity('Занимать будку можно не дольше 30 минут подряд.', asked)).toBe('bounds');
    expect(fitsQuantity('Занимать будку можно не дольше 2 часов подряд.', asked)).toBe('fits');
  });

  it('reads a table cell whose column names the unit as that quantity, exactly', () => {
    const row = (count: number, minutes: number) =>
      `Абонемент: «Базовый»; Занятий: ${count}; Длительность, мин: ${minutes}; Цена, ₽: 8 400`;
    expect(fitsQuantity(row(8, 60), quantitiesAsked('абонемент на 8 занятий'))).toBe('fits');
    expect(fitsQuantity(row(8, 45), quantitiesAsked('уроки по 45 минут'))).toBe('fits');
    // A lesson of 60 minutes is no answer to one of 45, nor 4 lessons to 8.
    expect(fitsQuantity(row(4, 60), quantitiesAsked('8 занятий по 45 минут'))).toBeUndefined();
    // The price's figure names no unit asked.
    expect(fitsQuantity(row(4, 60), quantitiesAsked('за 8400 рублей'))).toBeUndefined();
  });

  it('reads "и раньше", "и более" after a figure as bounding it from below', () => {
    const asked = quantitiesAsked('если отменим за 2 суток');
    expect(fitsQuantity('Когда вы отменили игру: за 7 суток до игры и раньше; возвращаем 100 %', asked)).toBe('bounds');
    expect(fitsQuantity('Когда вы отменили игру: от 24 до 72 часов до игры; возвращаем 50 %', asked)).toBe('fits');
    expect(fitsQuantity('Отмена за 1 сутки и более — без штрафа.', asked)).toBe('fits');
  });

  it('reads "до", "больше" and the like as leaving the figure out', () => {
    const two = quantitiesAsked('малому 2 года');
    expect(fitsQuantity('Детям до 3 лет в парную нельзя.', two)).toBe('fits');
    expect(fitsQuantity('Шьём для детей от 3 лет.', two)).toBe('bounds');
    const late = quantitiesAsked('могу опоздать на 15 минут');
    expect(fitsQuantity('При опоздании больше чем на 15 минут ребёнок не допускается.', late)).toBe('bounds');
    expect(fitsQuantity('Опоздание до 15 минут не сокращает сеанс.', late)).toBe('bounds');
    expect(fitsQuantity('Ждём не более 15 минут.', late)).toBe('fits');
  });

  it('compares a time in any of its units, a unit said alone as one, and a thing counted by its word', () => {
    const week = quantitiesAsked('через неделю после переезда заметили царапину');
    expect(week).toEqual([{ value: 7 * 24 * 60, measure: 'time', word: 'неделю' }]);
    expect(fitsQuantity('Претензии принимаем в течение 3 дней после переезда.', week)).toBe('bounds');
    expect(fitsQuantity('Претензии принимаем в течение 14 дней.', week)).toBe('fits');
    // "Минут 20", as a chat puts it; a verb after a figure is no unit.
    expect(quantitiesAsked('курьер минут 20 ждать будет?')).toEqual([{ value: 20, measure: 'time', word: 'минут' }]);
    expect(quantitiesAsked('отменяю за час до машины')).toEqual([{ value: 60, measure: 'time', word: 'час' }]);
    // "Часа через 2"; "сможете" after a figure is a verb.
    expect(quantitiesAsked('газелька нужна, часа через 2 сможете?')).toEqual([
      { value: 120, measure: 'time', word: 'часа' },
    ]);
    // An ordinal with "с" bounds from below: "с 31-го дня" holds a month and a half.
    const stored = quantitiesAsked('уже 1,5 месяца прошло, за хранение платить?');
    expect(fitsQuantity('С 31-го дня хранение платное — 30 ₽ в сутки.', stored)).toBe('fits');
    // A time said bare lasts that long: it holds a stay of the visitor's not much shorter.
    const away = quantitiesAsked('уезжаю на 3 недели, тираж у вас полежит?');
    expect(fitsQuantity('Готовые тиражи храним 30 дней.', away)).toBe('fits');
    expect(fitsQuantity('Скидка при оплате за 6 месяцев.', away)).toBeUndefined();
    expect(fitsQuantity('Печать занимает 2 дня.', away)).toBeUndefined();
    // A year in a date is no length of time.
    expect(quantitiesAsked('каким было население в 1901 году?')).toEqual([]);
    const bags = quantitiesAsked('осталось мешков 15, нет, 15 мешков со строймусором');
    expect(fitsQuantity('Вывоз строительного мусора — от 20 мешков.', bags)).toBe('bounds');
    expect(fitsQuantity('Стоимость — 1 500 руб. за 15 минут.', bags)).toBeUndefined();
  });

  it('finds the span of the day that holds the time asked, past midnight too', () => {
    const q = clockAsked('можно привезти к 6:30? сколько это будет стоить дополнительно') as number;
    expect(q).toBe(6 * 60 + 30);
    expect(fitsClock('Ночная доставка: с 22:00 до 08:00, +700 ₽ к тарифу зоны.', q)).toBe(true);
    expect(fitsClock('Дневная доставка: 09:00–21:00.', q)).toBe(false);
    const late = clockAsked('выеду в 17:00, сколько это стоит?') as number;
    expect(fitsClock('Поздний выезд до 18:00 — 50% стоимости суток.', late)).toBe(false);
    expect(fitsClock('Выезд 12:00–18:00 — 50% стоимости суток.', late)).toBe(true);
    // Two times asked say no one time.
    expect(clockAsked('с 7:00 до 9:00')).toBeUndefined();
  });
});

describe('a rule that bounds the temperature', () => {
  const fits = (question: string, rule: string) => fitsQuantity(rule, quantitiesAsked(question));

  it('reads the temperature a visitor says, below zero for "минус" and "мороз", past it for "за"', () => {
    expect(quantitiesAsked('на улице минус 22, поведут гулять?')).toEqual([
      { value: -22, measure: 'temperature', word: 'минус' },
    ]);
    expect(quantitiesAsked('обещают жару за 30')).toEqual([{ value: 30.5, measure: 'temperature', word: 'жару' }]);
  });

  it('holds a frost in the rule it meets, and bounds it in the rule it does not', () => {
    const walks = 'Прогулки в поле отменяем в гололёд и при морозе −18\u00a0°C и холоднее.';
    expect(fits('если будет минус 20, прогулка состоится?', walks)).toBe('fits');
    expect(fits('если будет минус 10, прогулка состоится?', walks)).toBe('bounds');
    const kids = 'Не выходим на прогулку, если мороз сильнее −15\u00a0°C для «Капелек».';
    expect(fits('на улице минус 22, поведут гулять?', kids)).toBe('fits');
    expect(fits('на улице минус 15, окна помоете?', 'Снаружи моем только при температуре не ниже -10 °C.')).toBe(
      'bounds',
    );
    expect(fits('на улице минус 5, окна помоете?', 'Снаружи моем только при температуре не ниже -10 °C.')).toBe('fits');
    expect(fits('если будет минус 20?', 'В манеже занимаемся при морозе до −25\u00a0°C.')).toBe('fits');
    expect(fits('жара за 30, можно в обед?', 'В жару выше +30\u00a0°C гуляем только утром.')).toBe('fits');
  });
});

describe('a temperature read apart from other quantities', () => {
  const fits = (question: string, rule: string) => fitsQuantity(rule, quantitiesAsked(question));

  it('reads "минус 20" as no minutes, and no temperature in a discount or a company', () => {
    expect(quantitiesAsked('если будет минус 20?')).toEqual([{ value: -20, measure: 'temperature', word: 'минус' }]);
    expect(quantitiesAsked('минус 20 градусов, занятие будет?')).toEqual([
      { value: -20, measure: 'temperature', word: 'минус' },
    ]);
    expect(quantitiesAsked('скидка минус 10% будет?')).toEqual([]);
    expect(quantitiesAsked('нас 4 плюс 2 ребёнка').some((q) => q.measure === 'temperature')).toBe(false);
  });

  it('reads ranges, and no bound in a degree figure no word bounds', () => {
    expect(fits('если будет минус 10?', 'Гуляем при температуре от -15 до -5 °C.')).toBe('fits');
    expect(fits('если будет минус 3?', 'Гуляем при температуре от -15 до -5 °C.')).toBe('bounds');
    expect(fits('жара за 30, будет занятие?', 'Вода в бассейне 26-28 °C.')).toBe('bounds');
    expect(fits('если будет минус 20?', 'Угол наклона горки 30°, высота 2 м.')).toBeUndefined();
  });
});

describe('a screen size in inches', () => {
  it('reads the inch mark of a price list\'s row as the inches asked ("65 дюймов" of "от 55" до 75"")', () => {
    const asked = quantitiesAsked('нужно повесить телевизор 65 дюймов, сколько стоит?');
    expect(asked).toEqual([{ value: 65, measure: 'inch', word: 'дюймов' }]);
    expect(fitsQuantity('Навес: Телевизор от 55" до 75" на кронштейн; Цена, ₽: 2 800', asked)).toBe('fits');
    expect(fitsQuantity('Навес: Телевизор до 55" на кронштейн; Цена, ₽: 2 000', asked)).toBe('bounds');
  });
});
