import { describe, expect, it } from 'vitest';
import { phrasesOf } from './local-answer';

describe('phrasesOf', () => {
  const terms = ['имидж', 'измен', 'попытк', 'район', 'участк'];
  const phrases = phrasesOf('как назвали участок в попытке изменить имидж района?', terms);

  it("gives more to a sentence saying the question's words one after the other", () => {
    const together = phrases('Участок получил название от совета в попытке изменить имидж района.');
    const apart = phrases('Имидж района менялся; участок назван позже, после попыток его изменить.');
    expect(together).toBeGreaterThan(apart);
    expect(phrases('Погода в городе тёплая.')).toBe(0);
  });

  it('gives nothing to a question of one word', () => {
    expect(phrasesOf('имидж?', ['имидж'])('Имидж района.')).toBe(0);
  });
});
