import { describe, expect, it } from 'vitest';
import { normalizeQuantities, quantityEquivalents } from './quantities';

describe('normalizeQuantities', () => {
  it.each([
    ['Можно прийти к половине седьмого вечера?', 'Можно прийти к 18:30?'],
    ['Сколько стоит полкило орехов?', 'Сколько стоит 500 г орехов?'],
    ['Храните трое суток?', 'Храните 3 суток?'],
    ['Доставка за двести рублей?', 'Доставка за 200 рублей?'],
    ['Что дешевле пяти тысяч?', 'Что дешевле 5000?'],
    ['весом сто десять килограммов', 'весом 110 килограммов'],
    ['на полторы тысячи', 'на 1500'],
    ['вернут через пару недель?', 'вернут через 2 недель?'],
    ['открыто в восемь утра, в десять вечера', 'открыто в 8:00, в 22:00'],
    ['двенадцатилетний ребёнок', '12 лет ребёнок'],
    ['Сколько стоит iPhone 15?', 'Сколько стоит iPhone 15?'],
    ['66 миллионов лет назад', '66 миллионов лет назад'],
    ['в Тридцатилетней войне', 'в Тридцатилетней войне'],
  ])('%s → %s', (said, written) => {
    expect(normalizeQuantities(said)).toBe(written);
  });
});

describe('quantityEquivalents', () => {
  it('gives a quantity in the other units documents use', () => {
    expect(quantityEquivalents('за 3 суток')).toEqual([
      {
        number: '3',
        unit: 'суток',
        equals: [
          { number: '72', unit: 'часов' },
          { number: '3', unit: 'дней' },
        ],
      },
    ]);
    expect(quantityEquivalents('через 2 недели')[0]?.equals).toEqual([{ number: '14', unit: 'дней' }]);
    expect(quantityEquivalents('за час')[0]?.equals).toEqual([{ number: '60', unit: 'минут' }]);
    expect(quantityEquivalents('цена 300 рублей')).toEqual([]);
  });
});
