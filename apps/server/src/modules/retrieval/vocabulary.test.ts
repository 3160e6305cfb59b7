import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../infra/db';
import { forgetVocabulary, knownStats, latinSpellings, nearSpellings, soundSkeleton, vocabularyOf } from './vocabulary';

/** A database that answers the vocabulary's query with the stems given, counting the loads. */
function stemsDatabase(stems: () => string[]) {
  let loads = 0;
  const database = {
    async query(_text: string, _params?: unknown[]) {
      loads++;
      return [
        ...stems().map((lexeme) => ({ lexeme, df: 1, version: null })),
        { lexeme: null, df: null, version: `${loads}:1` },
      ];
    },
  } as unknown as Database;
  return { database, loads: () => loads };
}

afterEach(() => vi.useRealTimers());

describe('vocabularyOf', () => {
  it('serves an old vocabulary while its successor loads, and a forgotten one is loaded before use', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let stems = ['химчистк', 'доставк'];
    const { database, loads } = stemsDatabase(() => stems);
    const id = 'vocabulary-test-assistant';
    const first = await vocabularyOf(database, id);
    expect(nearSpellings(first, ['химчиск'], 0.4).map((s) => s.lexeme)).toEqual(['химчистк']);
    expect(await vocabularyOf(database, id)).toBe(first);
    expect(loads()).toBe(1);

    stems = ['химчистк', 'доставк', 'пуховик'];
    vi.setSystemTime(Date.now() + 6 * 60_000);
    // Old: returned at once, reloaded behind it.
    expect(await vocabularyOf(database, id)).toBe(first);
    await vi.waitFor(() => expect(loads()).toBe(2));
    const second = await vocabularyOf(database, id);
    expect(second).not.toBe(first);
    expect(second.df.has('пуховик')).toBe(true);

    // The index changed here: the next question waits for the new stems.
    stems = ['пуховик', 'куртк'];
    forgetVocabulary(id);
    const third = await vocabularyOf(database, id);
    expect(third.df.has('куртк')).toBe(true);
    expect(loads()).toBe(3);
  });
});

describe('knownStats', () => {
  it('gives the counts of a vocabulary in memory and never loads one', async () => {
    const { database, loads } = stemsDatabase(() => ['химчистк', 'доставк']);
    const id = 'known-stats-test-assistant';
    expect(knownStats(id)).toBeUndefined();
    await vocabularyOf(database, id);
    const stats = knownStats(id);
    expect(stats?.n).toBe(1);
    expect(stats?.df.get('доставк')).toBe(1);
    expect(stats?.df.has('пуховик')).toBe(false);
    forgetVocabulary(id);
    expect(knownStats(id)).toBeUndefined();
    expect(loads()).toBe(1);
  });
});

describe('latinSpellings', () => {
  it('reads a brand said in Cyrillic as the Latin stems that sound the same', async () => {
    for (const [said, written] of <[string, string][]>[
      ['дастер', 'duster'],
      ['камри', 'camri'],
      ['хендай', 'hyundai'],
      ['мерседес', 'mercedes'],
      ['ворд', 'word'],
    ])
      expect(soundSkeleton(said), said).toBe(soundSkeleton(written));
    const { database } = stemsDatabase(() => ['solari', 'woodpeck', 'cross', 'duster', 'доставк', 'km']);
    const vocabulary = await vocabularyOf(database, 'latin-spellings-test-assistant');
    expect(latinSpellings(vocabulary, 'солярис')).toEqual(['solari']);
    expect(latinSpellings(vocabulary, 'вудпекер')).toEqual(['woodpeck']);
    expect(latinSpellings(vocabulary, 'дастер')).toEqual(['duster']);
    // The vowels must sound alike too: "хонда" is no Hyundai, "гарант" no Granta, "скидос" no Skoda.
    const cars = await vocabularyOf(
      stemsDatabase(() => ['hyundai', 'granta', 'skoda', 'logan']).database,
      'latin-cars',
    );
    expect(latinSpellings(cars, 'хендай')).toEqual(['hyundai']);
    for (const stem of ['хонд', 'гарант', 'скидос', 'логин']) expect(latinSpellings(cars, stem), stem).toEqual([]);
    // "Кресло" is no "Cross", and a skeleton of two ("кем") matches nothing.
    expect(latinSpellings(vocabulary, 'кресл')).toEqual([]);
    expect(latinSpellings(vocabulary, 'кем')).toEqual([]);
    expect(latinSpellings(vocabulary, 'duster')).toEqual([]);
  });

  it('reads a name with its figure, the figure the same ("интернет2" of "Internet2")', async () => {
    const { database } = stemsDatabase(() => ['internet2', 'internet', 'level3', 'доставк']);
    const vocabulary = await vocabularyOf(database, 'latin-figures-test-assistant');
    expect(latinSpellings(vocabulary, 'интернет2')).toEqual(['internet2']);
    expect(latinSpellings(vocabulary, 'интернет')).toEqual(['internet']);
    expect(latinSpellings(vocabulary, 'интернет3')).toEqual([]);
    expect(latinSpellings(vocabulary, 'левел3')).toEqual(['level3']);
  });
});
