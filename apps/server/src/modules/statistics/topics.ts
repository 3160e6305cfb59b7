/**
 * The month's questions in groups (spec §3 "Statistics result" without a language model): a
 * deterministic method, so the same month always gives the same result. Questions are compared
 * by their Russian stems (PostgreSQL's `to_tsvector('russian')`, stop words already gone);
 * a question joins the first group whose first question shares at least half of the stems
 * (Jaccard), else starts a group. Written here: the grouping is a few lines over stems the
 * database already gives, no clustering library fits a deterministic, dependency-free need.
 */
export interface Question {
  text: string;
  /** Russian stems of the text, a synonym group's stems as one key ('~n'). */
  lexemes: string[];
  /** The stems as they are (to find the visitors' own word for a topic). */
  stems?: string[];
  /** The bot handed it off (or the visitor asked for a person) instead of answering. */
  handedOff: boolean;
  /** The bot answered it (from knowledge or a corrected answer). */
  answered: boolean;
}

export interface Topic {
  /** The group's most typical question: the most frequent wording, then the shortest, then the first. */
  name: string;
  /** A word for the topic: the most frequent stem of the group, as the visitors wrote it. */
  word: string;
  size: number;
  handedOff: number;
  answered: number;
  /** Questions of the group marked wrong by the owner ('Неверно'). */
  wrong: number;
  /** Other wordings of the group, the most frequent first. */
  examples: string[];
}

const SIMILAR = 0.5;

/** A wording without case and punctuation: two questions that differ only there are one. */
export const normalQuestion = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const normal = normalQuestion;

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

interface Group {
  key: Set<string>;
  members: Question[];
  wrong: number;
}

export function groupQuestions(questions: Question[], wrongMarks: { lexemes: string[] }[] = []): Topic[] {
  const groups: Group[] = [];
  const byText = new Map<string, Group>();
  const find = (lexemes: string[], text: string) => {
    const key = new Set(lexemes);
    if (key.size === 0) return byText.get(normal(text));
    let best: Group | undefined;
    let bestScore = SIMILAR;
    for (const g of groups) {
      const score = jaccard(key, g.key);
      if (score >= bestScore && (!best || score > bestScore)) {
        best = g;
        bestScore = score;
      }
    }
    return best;
  };
  for (const q of questions) {
    if (!normal(q.text)) continue;
    let group = find(q.lexemes, q.text);
    if (!group) {
      group = { key: new Set(q.lexemes), members: [], wrong: 0 };
      groups.push(group);
      if (group.key.size === 0) byText.set(normal(q.text), group);
    }
    group.members.push(q);
  }
  for (const mark of wrongMarks) {
    const group = find(mark.lexemes, mark.lexemes.join(' '));
    if (group) group.wrong++;
  }
  return groups
    .map((g) => ({
      name: typical(g.members),
      word: topicWord(g.members),
      size: g.members.length,
      handedOff: g.members.filter((m) => m.handedOff).length,
      answered: g.members.filter((m) => m.answered).length,
      wrong: g.wrong,
      examples: wordings(g.members).slice(1, EXAMPLES + 1),
    }))
    .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
}

const EXAMPLES = 3;

/** The group's distinct wordings: the most frequent first, then the shortest, then the first asked. */
function wordings(members: Question[]): string[] {
  const counts = new Map<string, { n: number; text: string; first: number }>();
  members.forEach((m, i) => {
    const k = normal(m.text);
    const c = counts.get(k);
    if (c) c.n++;
    else counts.set(k, { n: 1, text: m.text.trim(), first: i });
  });
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || a.text.length - b.text.length || a.first - b.first)
    .map((c) => c.text);
}

function typical(members: Question[]): string {
  return wordings(members)[0] ?? '';
}

/**
 * Russian verb forms by their endings (стоит, открывается, работаете, заказать): a topic is
 * better named by a noun (доставка, магазин), so among equally frequent words a verb comes last.
 * A suffix test, not a tagger: no maintained JS morphology library fits a single check.
 */
const VERB_ENDING = /(ть|ться|ти|ает|яет|еет|ует|ёт|ит|ут|ют|ат|ят|ется|ится|ются|ятся|утся|ете|ите|ешь|ишь|ем|им)$/;

/** The visitors' most frequent word for a key (a Russian stem is the start of its words). */
function surfaceWord(members: Question[], key: string): string {
  const stems = new Set<string>();
  for (const m of members)
    m.lexemes.forEach((l, i) => {
      if (l === key) stems.add(m.stems?.[i] ?? l);
    });
  const words = new Map<string, number>();
  for (const m of members)
    for (const w of m.text.toLowerCase().match(/\p{L}+/gu) ?? [])
      if ([...stems].some((st) => w.startsWith(st))) words.set(w, (words.get(w) ?? 0) + 1);
  return (
    [...words.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0]?.[0] ??
    [...stems][0] ??
    key
  );
}

function topicWord(members: Question[]): string {
  // The topic's key: the most frequent one; among those as frequent, a noun-like word before a
  // verb, a key of the synonym list (a content word) before others, then the alphabet.
  const keys = new Map<string, number>();
  for (const m of members) for (const l of new Set(m.lexemes)) keys.set(l, (keys.get(l) ?? 0) + 1);
  const top = Math.max(0, ...keys.values());
  const candidates = [...keys.entries()]
    .filter(([, n]) => n === top)
    .map(([key]) => ({ key, word: surfaceWord(members, key) }))
    .sort(
      (a, b) =>
        Number(VERB_ENDING.test(a.word)) - Number(VERB_ENDING.test(b.word)) ||
        Number(b.key.startsWith('~')) - Number(a.key.startsWith('~')) ||
        a.key.localeCompare(b.key),
    );
  const word = candidates[0]?.word;
  if (!word) return typical(members);
  return word.charAt(0).toUpperCase() + word.slice(1);
}
