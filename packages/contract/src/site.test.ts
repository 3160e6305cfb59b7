import { describe, expect, it } from 'vitest';
import {
  contactRequestErrors,
  formatRussianPhone,
  isPhoneEmpty,
  isValidRussianPhone,
  splitPromptHelperReply,
} from './site';
import { isAppPage } from './site-constants';

describe('contact request rules (spec §5)', () => {
  it('accepts Russian numbers with +7, 7, 8 or no prefix, parentheses, dashes and spaces', () => {
    for (const phone of [
      '+7(912)345-67-89',
      '+79123456789',
      '89123456789',
      '79123456789',
      '8 (912) 345 67 89',
      '912 345-67-89',
      '9123456789',
    ]) {
      expect(isValidRussianPhone(phone), phone).toBe(true);
    }
  });

  it('refuses short, long and foreign numbers', () => {
    for (const phone of ['+7(912)345-67', '+1 912 345 67 89', '891234567890', 'телефон', '+7(912)345-67-8x']) {
      expect(isValidRussianPhone(phone), phone).toBe(false);
    }
  });

  it('counts a phone holding only the country digit as empty', () => {
    expect(isPhoneEmpty('+7(')).toBe(true);
    expect(isPhoneEmpty('+7')).toBe(true);
    expect(isPhoneEmpty('')).toBe(true);
    expect(isPhoneEmpty('+7(9')).toBe(false);
  });

  it('marks both fields when neither e-mail nor phone is given', () => {
    expect(contactRequestErrors({ name: 'Анна', phone: '+7(', email: '' })).toEqual({
      email: 'Укажите хотя бы email или телефон',
      phone: 'Укажите хотя бы email или телефон',
    });
  });

  it('reports each field with its own message', () => {
    expect(contactRequestErrors({ email: 'a@b', phone: '+7(912)3' })).toEqual({
      email: 'Некорректный e-mail',
      phone: 'Некорректный телефон',
    });
    expect(contactRequestErrors({ email: 'a@b.ru', message: 'я'.repeat(501) })).toEqual({
      message: 'Сообщение должно содержать не более 500 символов',
    });
    expect(contactRequestErrors({ email: 'a@b.ru', message: 'я'.repeat(500) })).toEqual({});
  });

  it('formats an accepted number one way for support', () => {
    expect(formatRussianPhone('8 912 345 67 89')).toBe('+7 (912) 345-67-89');
    expect(formatRussianPhone('9123456789')).toBe('+7 (912) 345-67-89');
  });
});

describe('prompt-helper reply (spec §7)', () => {
  it('splits at the insights heading and drops the prompt heading and blank lines', () => {
    expect(splitPromptHelperReply('Ваш промт:\nТы — Анна.\n\nAI-инсайты:\n1. Раз\n\n  2. Два  \n')).toEqual({
      prompt: 'Ты — Анна.',
      insights: ['1. Раз', '2. Два'],
    });
    expect(splitPromptHelperReply('Просто текст')).toEqual({ prompt: 'Просто текст', insights: [] });
  });
});

describe('pages of the web app (spec §2.1)', () => {
  it('knows every route and nothing else', () => {
    for (const page of [
      '/',
      '/login',
      '/signup/',
      '/forgot-password',
      '/blog',
      '/blog/tg-integration',
      '/partnership',
      '/prompt-helper',
      '/dashboard',
      '/dashboard/assistants',
      '/dashboard/assistants/3f1c2a7e-9b0d-4c55-8e21-6d7f0a9b1c2d',
      '/dashboard/assistants/3f1c2a7e-9b0d-4c55-8e21-6d7f0a9b1c2d/chats',
      '/dashboard/statistic',
      '/assistant/create/design',
    ])
      expect(isAppPage(page), page).toBe(true);
    for (const page of [
      '/dashboard/payment',
      '/blog/other',
      '/wp-admin',
      '/assistant/create',
      '/dashboard/assistants/1/x',
    ])
      expect(isAppPage(page), page).toBe(false);
  });
});
