import { describe, expect, it } from 'vitest';
import { columnForWhen, daysWanted, timeOf, timeWanted, weekdaysOf } from './timetable';

describe('timetable questions', () => {
  it('reads the time of day a visitor can come at', () => {
    // The times are figures already (quantities.ts).
    expect(timeWanted('раньше 20:00 не освобождаюсь. есть что-нибудь попозже?')).toEqual({
      from: 20 * 60,
      to: 24 * 60,
      said: 'после 20:00',
    });
    // An hour said of the evening is p.m.
    expect(timeWanted('работаю допоздна, освобождаюсь к 8. что-нибудь есть?')?.from).toBe(20 * 60);
    expect(timeWanted('есть группы после 19:00?')?.from).toBe(19 * 60);
    // Busy until an hour: free from it, p.m. when said alone ("до 6"), as said with minutes
    // ("до 8 утра" is "до 8:00" by then, quantities.ts); a date is no hour.
    expect(timeWanted('работаю до 6, есть группа вечером?')).toMatchObject({ from: 18 * 60, said: 'после 18:00' });
    expect(timeWanted('учусь до 15:30, что есть?')?.from).toBe(15 * 60 + 30);
    expect(timeWanted('работаю до 8:00, что есть днём?')?.from).toBe(8 * 60);
    expect(timeWanted('занята до 15 числа, что есть?')).toBeUndefined();
    expect(timeWanted('работаю до 31 декабря, что есть?')).toBeUndefined();
    expect(timeWanted('что есть до 12:00?')).toMatchObject({ from: 0, to: 12 * 60 });
    expect(timeWanted('на йогу к 7:30 в какие дни?')).toMatchObject({ from: 450, to: 450, said: 'в 07:30' });
    expect(timeWanted('что у вас по субботам с утра?')).toMatchObject({ from: 0, to: 12 * 60, said: 'утром' });
    expect(timeWanted('для взрослых вечером что-нибудь есть?')).toMatchObject({ from: 17 * 60, said: 'вечером' });
    expect(timeWanted('сколько стоит абонемент?')).toBeUndefined();
    // "Попозже чем в 11" of the night is 23:00; "ночное" is from 21:00.
    expect(timeWanted('есть что-нибудь ночное в пятницу, попозже чем в 11?')).toMatchObject({
      from: 23 * 60,
      said: 'после 23:00',
    });
    expect(timeWanted('есть ночное в субботу?')).toMatchObject({ from: 21 * 60, said: 'ночью' });
  });

  it('reads the days of a question and of a cell', () => {
    expect(daysWanted('что у вас по субботам?')?.days).toEqual([5]);
    expect(daysWanted('хочу в будни после работы')?.days).toEqual([0, 1, 2, 3, 4]);
    expect(daysWanted('в среду можно?')?.days).toEqual([2]);
    // "В среднем" is no Wednesday.
    expect(daysWanted('сколько в среднем длится занятие?')).toBeUndefined();
    expect(weekdaysOf('Суббота')).toEqual([5]);
    expect(weekdaysOf('вт, чт')).toEqual([1, 3]);
    expect(weekdaysOf('пн–пт')).toEqual([0, 1, 2, 3, 4]);
    expect(weekdaysOf('ежедневно')).toHaveLength(7);
    expect(weekdaysOf('Хатха-йога')).toEqual([]);
    expect(timeOf('19:30')).toBe(19 * 60 + 30);
    expect(timeOf('с 10.00 до 11.00')).toBe(600);
    expect(timeOf('60 мин')).toBeUndefined();
  });

  it('picks the price column of the days and the hour asked', () => {
    const columns = ['Пн–пт, начало до 17:00, ₽', 'Пн–пт, начало с 17:00, ₽', 'Сб–вс и праздники, ₽'];
    const columnFor = (question: string) => columnForWhen(columns, timeWanted(question), daysWanted(question)?.days);
    expect(columnFor('в будни вечерком что есть?')).toBe('Пн–пт, начало с 17:00, ₽');
    expect(columnFor('в среду утром что есть?')).toBe('Пн–пт, начало до 17:00, ₽');
    expect(columnFor('по субботам что есть?')).toBe('Сб–вс и праздники, ₽');
    // Not told: no column is the one.
    expect(columnFor('в будни что есть?')).toBeUndefined();
    expect(columnFor('что есть?')).toBeUndefined();
  });
});
