import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as russianStem } from '@orama/stemmers/russian';

/**
 * Stop-word matching on word forms (ARCHITECTURE §4 step 2): the message and each stop-word are
 * cut into words, each word is reduced to its Snowball stem (Russian for Cyrillic words, English
 * for Latin ones), and a stop-word fires when its stems occur in the message one after another.
 * So 'жалоба' fires on 'жалобы', 'Жалобу', 'жалобой'; 'вернуть деньги' on 'верните деньги'; and
 * 'суд' does not fire on 'судно' (whole stems, never prefixes).
 */

const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /[а-я]/;
const LATIN = /[a-z]/;

/** Lower case, 'ё' as 'е' (Russian text is written both ways). */
const fold = (text: string) => text.toLowerCase().replaceAll('ё', 'е');

export function stemWord(word: string): string {
  const w = fold(word);
  if (CYRILLIC.test(w)) return russianStem(w);
  if (LATIN.test(w)) return englishStem(w);
  return w;
}

/** The stems of a text's words, in order. */
export function stems(text: string): string[] {
  return (fold(text).match(WORD) ?? []).map(stemWord);
}

/** A stop-word ready for matching: its spelling as the owner wrote it and its stems. */
export interface CompiledStopWord {
  word: string;
  stems: string[];
}

export function compileStopWords(words: readonly string[]): CompiledStopWord[] {
  return words.map((word) => ({ word, stems: stems(word) })).filter((w) => w.stems.length > 0);
}

function occursIn(haystack: readonly string[], needle: readonly string[]): boolean {
  const first = needle[0];
  if (first === undefined) return false;
  for (let i = haystack.indexOf(first); i !== -1 && i + needle.length <= haystack.length; ) {
    if (needle.every((s, k) => haystack[i + k] === s)) return true;
    i = haystack.indexOf(first, i + 1);
  }
  return false;
}

/** The stop-words (as the owner wrote them) that occur in the message stems. */
export function matchStopWords(messageStems: readonly string[], stopWords: readonly CompiledStopWord[]): string[] {
  return stopWords.filter((w) => occursIn(messageStems, w.stems)).map((w) => w.word);
}

/** Convenience for one-off checks: does any stop-word occur in the text? */
export function matchesText(text: string, stopWords: readonly string[]): string[] {
  return matchStopWords(stems(text), compileStopWords(stopWords));
}
