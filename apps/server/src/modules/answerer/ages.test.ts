import { describe, expect, it } from 'vitest';
import { normalizeQuantities } from '../retrieval/quantities';
import { agesOf } from './local-answer';

/** The age read from a question as the answerer reads it: its numbers in figures, lower case. */
const ageIn = (question: string) => {
  const lower = question.toLowerCase().replace(/ё/g, 'е');
  return agesOf(normalizeQuantities(question).toLowerCase().replace(/ё/g, 'е'), lower)?.[0];
};

describe('agesOf', () => {
  it.each([
    ['Сыну два с половиной года, можно записать его на осмотр?', 'сыну 2,5'],
    ['мне 17, родители не против, сделаете тату?', 'мне 17'],
    ['Я на работе, дома будет только сын, ему пятнадцать. Может мастер прийти?', 'ему 15'],
    ['с сыном 15 лет хотим в пятницу погонять шары, пустите?', 'сыном 15 лет'],
    ['щеночку три месяца, хотим оставить его у вас', 'щеночку 3'],
    ['Мне 72 года. Могу я купить самокат в рассрочку?', 'мне 72'],
    ['мне 17 можно тату?', 'мне 17'],
    ['ребёнку 3 года можно в бассейн?', 'ребенку 3'],
    ['без прав мне 17 можно на карт?', 'мне 17'],
    ['ей 4, могу я её записать на плавание?', 'ей 4'],
    ['сыну 5, кто-нибудь из тренеров берёт таких?', 'сыну 5'],
  ])('reads the age told in "%s"', (question, age) => {
    expect(ageIn(question)).toBe(age);
  });

  it.each([
    'нам 5 человек, сколько стоит банкет?',
    'мне 2 букета к пятнице соберёте?',
    'во мне 130 кило, на взрослый карт посадите?',
    'собаке 40 кг корма хватит на месяц?',
    'мне 18:00 удобно, запишете?',
    'нам 3 порции с собой',
    'к нам 10 человек придёт, зал есть?',
    'нам 4, столик есть?',
    'мне 500, хватит?',
    'мне 15 числа удобно',
    'ко мне 5 гостей придут',
  ])('reads no age in "%s", a count, a weight or a time', (question) => {
    expect(ageIn(question)).toBeUndefined();
  });

  it.each(['дочке 5, можно я в зале посижу пока она занимается?', 'сын 6 лет, боится машинки. к кому лучше записать?'])(
    'leaves the age aside in "%s", asked of the visitor\'s own doing or of who',
    (question) => {
      expect(ageIn(question)).toBeUndefined();
    },
  );
});
