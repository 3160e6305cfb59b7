import { describe, expect, it } from 'vitest';
import { chatSpelling } from './retrieve';

describe('chatSpelling', () => {
  it('writes out question words as a chat spells them, and nothing else', () => {
    expect(chatSpelling('скока стоит? чё по срокам, щас открыты? Скоко ждать')).toBe(
      'сколько стоит? что по срокам, сейчас открыты? сколько ждать',
    );
    expect(chatSpelling('Скоро чёрный пиджак будет готов?')).toBe('Скоро чёрный пиджак будет готов?');
    expect(chatSpelling('сколько очки выйдут? а сколько выходит в месяц')).toBe(
      'сколько очки обойдется? а сколько обходится в месяц',
    );
    expect(chatSpelling('когда выйдет мастер? насколько выйдет дороже? кошки и др.')).toBe(
      'когда выйдет мастер? насколько выйдет дороже? кошки и др.',
    );
    expect(chatSpelling('почем один на один с преподом? у меня др')).toBe(
      'почем индивидуально с преподом? у меня день рождения',
    );
    expect(chatSpelling('откуда можно самому забрать заказ? если сама приеду за покупками, дешевле? заберу сам')).toBe(
      'откуда можно самовывозом заказ? если самовывозом, дешевле? самовывозом',
    );
    // Not a pickup: "сам" of another verb, a child fetched, "забрать не смогу".
    for (const other of [
      'сам забор покрашу, а вы заберёте мусор?',
      'Я сама приеду за ребёнком в 19:00',
      'Сам забрать не смогу, доставите?',
    ])
      expect(chatSpelling(other)).toBe(other);
  });
});
