import { describe, expect, it } from 'vitest';
import { validationMessage } from './error-handler';

describe('validation messages', () => {
  it('name a missing or mistyped field in Russian, also inside lists', () => {
    expect(
      validationMessage([{ keyword: 'invalid_type', instancePath: '/isAllowedNotify', message: 'ожидалось boolean' }]),
    ).toBe('Неверный формат поля «уведомления»');
    expect(
      validationMessage([{ keyword: 'invalid_type', instancePath: '/content', message: 'получено undefined' }]),
    ).toBe('Не заполнено поле «текст»');
    expect(validationMessage([{ keyword: 'invalid_type', instancePath: '/0/stopWords/1', message: 'x' }])).toBe(
      'Неверный формат поля «стоп-слова»',
    );
  });

  it("keeps zod's own Russian message for other problems", () => {
    expect(
      validationMessage([{ keyword: 'too_big', instancePath: '/message', message: 'Слишком длинное значение' }]),
    ).toBe('Слишком длинное значение');
    expect(validationMessage([])).toBe('Некорректный запрос');
  });
});
