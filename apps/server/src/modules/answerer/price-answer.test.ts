import { describe, expect, it } from 'vitest';
import { PRICE_ANSWER } from './local-answer';

describe('PRICE_ANSWER', () => {
  it('finds a price said with its currency or in a column naming it', () => {
    for (const text of [
      'Стрижка — 1 200 ₽.',
      'Услуга: Стрижка; Цена, руб.: 1200',
      'Репетиционная точка: Группа, с 17:00 до 23:00; Будни, ₽ в час: 700; Выходные, ₽ в час: 750',
      'Консультация бесплатная.',
    ])
      expect(PRICE_ANSWER.test(text), text).toBe(true);
  });

  it('finds none in a row without one', () => {
    expect(PRICE_ANSWER.test('Зал: Малый; Время: с 10:00 до 17:00; Мест: 6')).toBe(false);
  });
});
