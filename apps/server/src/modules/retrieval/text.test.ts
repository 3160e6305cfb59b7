import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../infra/db';
import { analyzeTexts, lexemesOf, rootIndex, rootStrength, splitUnits } from './text';

let database: Database;
/** The texts each query was asked to stem. */
const stemmed: string[][] = [];

beforeAll(async () => {
  const real = await openPglite(undefined);
  database = {
    ...real,
    query: (text, params) => {
      // The texts to stem are the last parameter of the analysis queries.
      if (text.includes('to_tsvector') && Array.isArray(params?.at(-1))) stemmed.push(params?.at(-1) as string[]);
      return real.query(text, params);
    },
  };
}, 60_000);
afterAll(() => database?.close());

describe('text analysis of the local answerer', () => {
  it("stems with Postgres' Russian configuration, a text once", async () => {
    const texts = ['Доставка по городу бесплатная от 3000 рублей.', 'Курьер приедет завтра утром.'];
    const first = { stems: await lexemesOf({ database }, texts) };
    expect(first.stems).toEqual([
      ['3000', 'бесплатн', 'город', 'доставк', 'рубл'],
      ['завтр', 'курьер', 'приедет', 'утр'],
    ]);
    expect(stemmed.at(-1)).toEqual(texts);

    stemmed.length = 0;
    // With an assistant the statistics are read too (none here), the cached text still not stemmed again.
    const again = await analyzeTexts({ database }, crypto.randomUUID(), [texts[1] ?? '', 'Самовывоз из офиса.'], []);
    expect(again.stems).toEqual([
      ['завтр', 'курьер', 'приедет', 'утр'],
      ['офис', 'самовывоз'],
    ]);
    // Only the new text went to the database.
    expect(stemmed).toEqual([['Самовывоз из офиса.']]);

    stemmed.length = 0;
    expect(await lexemesOf({ database }, ['Курьер приедет завтра утром.'])).toEqual([
      ['завтр', 'курьер', 'приедет', 'утр'],
    ]);
    expect(stemmed).toEqual([]);
  });
});

describe('stemming under load', () => {
  it('stems the texts of questions asked at once in one query, each given its own stems', async () => {
    stemmed.length = 0;
    const asked = ['Где забрать заказ?', 'Сколько стоит химчистка пальто?', 'Работаете в субботу?'];
    const found = await Promise.all(asked.map((t) => lexemesOf({ database }, [t])));
    expect(found).toEqual([[['забра', 'заказ']], [['пальт', 'скольк', 'сто', 'химчистк']], [['работа', 'суббот']]]);
    expect(stemmed).toEqual([asked]);
  });
});

describe('stems indexed by their roots', () => {
  it('gives every stem sharing a root with one asked, as measuring it against all of them does', () => {
    const stems = [
      'опозда',
      'опаздыва',
      'спрос',
      'спрашива',
      'замороз',
      'заморажива',
      'чист',
      'чистк',
      'почист',
      'вернет',
      'вернут',
      'верн',
      'автомойк',
      'автомоб',
      'мойк',
      'недел',
      'понедельник',
      'еженедельн',
      'идт',
      'идет',
      'заеха',
      'заезд',
      'выеха',
      'выезд',
      'постира',
      'стирк',
      'первичк',
      'первичн',
      'охлажденк',
      'охлажденн',
      'свобожд',
      'освобожд',
      'комнатн',
      'двухкомнатн',
      'остав',
      'доставк',
      'привезт',
      'привоз',
      'снят',
      'снима',
      'ковер',
      'ковр',
      'пек',
      'печ',
      'бронкос',
      'брон',
      'компьютер',
      'комплексн',
      'сна',
      'ёлк',
      'елк',
    ];
    const index = rootIndex(stems);
    for (const a of stems) {
      const measured = stems.flatMap((b, i) => (rootStrength(a, b) > 0 ? [i] : []));
      const found = index.candidates(a);
      for (const i of measured) expect(found, `${a} / ${stems[i]}`).toContain(i);
      expect(found).toEqual([...found].sort((x, y) => x - y));
    }
    // Only a few of them are measured.
    expect(index.candidates('доставк').length).toBeLessThan(stems.length / 4);
  });
});

describe('roots of two stems', () => {
  it('joins aspect pairs and alternating last consonants, never two words that only begin alike', () => {
    // Imperfective with а for the perfective's о, and с/ш, з/ж at the root's end.
    expect(rootStrength('опозда', 'опаздыва')).toBeGreaterThan(0);
    expect(rootStrength('спрос', 'спрашива')).toBeGreaterThan(0);
    expect(rootStrength('замороз', 'заморажива')).toBeGreaterThan(0);
    expect(rootStrength('чист', 'чистк')).toBeGreaterThan(0);
    // A verb's forms: "вернёте" / "вернуть".
    expect(rootStrength('вернет', 'вернут')).toBeGreaterThan(0);
    // "автомойка" is no "автомобиль", though both begin "автомо".
    expect(rootStrength('автомойк', 'автомоб')).toBe(0);
    // "на неделе" is no Monday: "понедельник" starts with no prefix.
    expect(rootStrength('недел', 'понедельник')).toBe(0);
    expect(rootStrength('недел', 'еженедельн')).toBeGreaterThan(0);
    // A short stem and a form with its fleeting vowel: "идти" / "идёт".
    expect(rootStrength('идт', 'идет')).toBeGreaterThan(0);
    // The verb of riding and its noun: "заехать" / "заезд".
    expect(rootStrength('заеха', 'заезд')).toBeGreaterThan(0);
    expect(rootStrength('выеха', 'выезд')).toBeGreaterThan(0);
    // A verb and its noun in -к-: "постирать" / "стирка".
    expect(rootStrength('постира', 'стирк')).toBeGreaterThan(0);
    // A chat's noun of an adjective in -к-: "первичка" / "первичные", "охлаждёнка" / "охлаждённое".
    expect(rootStrength('первичк', 'первичн')).toBeGreaterThan(0);
    expect(rootStrength('охлажденк', 'охлажденн')).toBeGreaterThan(0);
    // A stem held whole behind a prefix or in a compound, not behind a letter that is no prefix:
    // "оставить" is no "доставка".
    expect(rootStrength('свобожд', 'освобожд')).toBeGreaterThan(0);
    // …if it is long enough to tell: four letters are not.
    expect(rootStrength('мойк', 'автомойк')).toBe(0);
    expect(rootStrength('комнатн', 'двухкомнатн')).toBeGreaterThan(0);
    expect(rootStrength('остав', 'доставк')).toBe(0);
    // "-нять" and "-нимать": "снять" / "снимите", "принять" / "принимаем".
    expect(rootStrength('снят', 'сним')).toBeGreaterThan(0);
    expect(rootStrength('приня', 'принима')).toBeGreaterThan(0);
    // A short noun and its diminutive: "шары" / "шарики", "час" / "часик".
    expect(rootStrength('шар', 'шарик')).toBeGreaterThan(0);
    expect(rootStrength('час', 'часик')).toBeGreaterThan(0);
    // "-бирать" and its noun in "-бор": "убираете" / "уборка", "выбирать" / "выбор".
    expect(rootStrength('убира', 'уборк')).toBeGreaterThan(0);
    expect(rootStrength('выбира', 'выбор')).toBeGreaterThan(0);
    // Behind a prefix "-берёт" / "-брать" and "-лагать" / "-ложить".
    expect(rootStrength('уберет', 'убра')).toBeGreaterThanOrEqual(0.65);
    expect(rootStrength('предлага', 'предложен')).toBeGreaterThanOrEqual(0.65);
    // Not without one: "берёт" is no "брат", "обёртка" no "обратиться", "влага" no "вложение".
    expect(rootStrength('берет', 'брат')).toBe(0);
    expect(rootStrength('обертк', 'обрат')).toBe(0);
    expect(rootStrength('влаг', 'вложен')).toBe(0);
    // A diminutive in -очк- is also another word: "курить" / "курочка", "пол" / "полочка".
    expect(rootStrength('кур', 'курочк')).toBe(0);
    // No noun in -ин- of a short stem: "малина" is no "малый", "машина" no "машу".
    expect(rootStrength('мал', 'малин')).toBe(0);
    expect(rootStrength('маш', 'машин')).toBe(0);
    // A noun the stemmer cut as a verb: "Терем" → "тер", "в тереме" → "терем".
    expect(rootStrength('терем', 'тер')).toBeGreaterThanOrEqual(0.65);
  });
});

describe('sentences of a passage', () => {
  it('keeps a clause number with its sentence, not as a sentence of its own', () => {
    const units = splitUnits(
      '7.2. Одевайте ребёнка по погоде. Зимой положите варежки.\n7.3. В шкафчике должна быть пижама.\n10.1.3. Ключи у администратора.',
    );
    expect(units).toEqual([
      { text: 'Одевайте ребёнка по погоде.', line: 0 },
      { text: 'Зимой положите варежки.', line: 0 },
      { text: 'В шкафчике должна быть пижама.', line: 1 },
      { text: 'Ключи у администратора.', line: 2 },
    ]);
    // An abbreviation's full stop still ends no sentence, a year's figure is no clause number.
    expect(splitUnits('Открыты с 2019. Мы на ул. Ленина.').map((u) => u.text)).toEqual([
      'Открыты с 2019.',
      'Мы на ул. Ленина.',
    ]);
  });
});
