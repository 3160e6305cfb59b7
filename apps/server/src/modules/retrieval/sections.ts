import type { AppContext } from '../../core/context';
import { currentVocabulary, type Vocabulary } from './vocabulary';

/** Passages of a section read at most (a sheet of some hundreds of rows). */
const MAX_SECTION_PASSAGES = 30;

/**
 * Sections read, kept with the assistant's vocabulary (vocabulary.ts): it is dropped whenever the
 * assistant's index changes, here or in another instance (its totals are checked by the ranking
 * of every message), and the sections read go with it.
 */
const bySection = new WeakMap<Vocabulary, Map<string, Promise<string[]>>>();

/**
 * The passages of one section of a file, in the file's order: a sheet split into passages when it
 * was indexed. A question that filters a table ("в каких номерах завтрак включён") is answered from
 * all its rows, not only from the passages that ranked.
 */
export function sectionPassages(
  ctx: Pick<AppContext, 'database'>,
  assistantId: string,
  fileId: string,
  heading: string,
): Promise<string[]> {
  const vocabulary = currentVocabulary(assistantId);
  let sections = vocabulary && bySection.get(vocabulary);
  const key = `${fileId}\u0000${heading}`;
  const known = sections?.get(key);
  if (known) return known;
  const load = ctx.database
    .query<{ content: string }>(
      'select content from knowledge_chunks where assistant_id = $1 and file_id = $2 and heading = $3 order by ord limit $4',
      [assistantId, fileId, heading, MAX_SECTION_PASSAGES],
    )
    .then((rows) => rows.map((r) => r.content));
  if (vocabulary) {
    if (!sections) {
      sections = new Map();
      bySection.set(vocabulary, sections);
    }
    const kept = sections;
    kept.set(key, load);
    load.catch(() => kept.delete(key));
  }
  return load;
}
