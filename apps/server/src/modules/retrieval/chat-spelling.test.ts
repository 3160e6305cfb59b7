import { describe, expect, it } from 'vitest';
import { chatSpelling } from './retrieve';

describe('chatSpelling', () => {
  it('writes out question words as a chat spells them, and nothing else', () => {
    expect(chatSpelling('скока стоит? чё по срокам, щас открыты? Скоко ждать')).toBe(
      'сколько стоит? что по срокам, сейчас открыты? сколько ждать',
    );
    expect(chatSpelling('Скоро чёрный пиджак будет готов?')).toBe('Скоро чёрный пиджак будет готов?');
  });
});
