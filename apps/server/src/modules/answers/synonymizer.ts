import { SYNONYMS_MIN_QUERY_LENGTH } from '@otklik/contract';
import { SYNONYM_GROUPS } from '../retrieval';

/** Synonyms for a corrected answer's question; a model-backed one plugs in behind the same shape. */
export interface Synonymizer {
  synonyms(question: string): Promise<string[]>;
}

const STOP = new Set(
  'и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее её мне было вот от меня еще ещё нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно всю между ваш ваша ваше ваши какие какой сколько как-то скажите подскажите пожалуйста здравствуйте добрый день'.split(
    ' ',
  ),
);

const VOWEL_END = /[аяеёиоуыэюйь]$/;
/** Present-tense verb endings; a few nouns end so too (кредит, билет) and just get no forms. */
const VERB_END = /(ит|ет|ёт|ат|ят|ут|ют|ешь|ишь|ем|им|ём)$/;

const stemOf = (word: string) => {
  const w = word.toLowerCase().replace(/ё/g, 'е');
  if (w.length <= 4) return w;
  return w.replace(
    /(ами|ями|ого|его|ому|ему|ыми|ими|ой|ей|ом|ем|ам|ям|ах|ях|ию|ия|ие|ий|ый|ая|яя|ое|ее|ую|юю|ы|и|а|я|у|ю|о|е|ь)$/,
    '',
  );
};

/** Case forms of a Russian noun from its ending; only the common regular patterns. */
export function wordForms(word: string): string[] {
  const w = word.toLowerCase();
  if (w.length < 4 || !/^[а-яё-]+$/.test(w)) return [];
  const hush = /[кгхжшщч]$/;
  if (w.endsWith('ие')) {
    const s = w.slice(0, -1);
    return [`${s}я`, `${s}ю`, `${s}ем`];
  }
  if (w.endsWith('ия')) {
    const s = w.slice(0, -1);
    return [`${s}и`, `${s}ю`, `${s}ей`];
  }
  if (w.endsWith('а')) {
    const s = w.slice(0, -1);
    return [`${s}${hush.test(s) ? 'и' : 'ы'}`, `${s}у`, `${s}ой`, `${s}е`];
  }
  if (w.endsWith('я')) {
    const s = w.slice(0, -1);
    return [`${s}и`, `${s}ю`, `${s}ей`];
  }
  if (/(ый|ий|ой)$/.test(w)) {
    const s = w.slice(0, -2);
    return [`${s}ая`, `${s}ое`, `${s}${hush.test(s) ? 'ие' : 'ые'}`];
  }
  // «стоит», «работает», «едем» are verbs: declining them as nouns gives words that do not exist.
  if (VERB_END.test(w)) return [];
  if (!VOWEL_END.test(w)) return [`${w}а`, `${w}у`, `${w}ом`, `${w}${hush.test(w) ? 'и' : 'ы'}`];
  return [];
}

/** The local answerer's synonymizer: dictionary synonyms of the question's words, then their word forms. */
export const localSynonymizer: Synonymizer = {
  async synonyms(question) {
    const text = question.trim();
    if (text.length < SYNONYMS_MIN_QUERY_LENGTH) return [];
    const words = (text.toLowerCase().match(/[а-яёa-z0-9-]+/g) ?? []).filter((w) => !STOP.has(w) && w.length > 2);
    const own = new Set(words);
    const fresh = (list: string[]) => [...new Set(list)].filter((s) => !own.has(s));
    // The question's own word forms are kept whole; the group words fill the rest of the 24.
    const forms = fresh(words.flatMap(wordForms)).slice(0, 12);
    const related = fresh(
      words.flatMap((word) => {
        const stem = stemOf(word);
        // Each word of a group is matched by its beginning (a crude stem): "доставки" finds "доставка".
        return SYNONYM_GROUPS.filter((group) => group.some((g) => !g.includes(' ') && stemOf(g) === stem)).flat();
      }),
    ).filter((s) => !forms.includes(s));
    return [...related.slice(0, 24 - forms.length), ...forms];
  },
};
