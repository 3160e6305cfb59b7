import type { AppContext } from '../../core/context';

/** Passages of a section read at most (a sheet of some hundreds of rows). */
const MAX_SECTION_PASSAGES = 30;

/**
 * The passages of one section of a file, in the file's order: a sheet split into passages when it
 * was indexed. A question that filters a table ("в каких номерах завтрак включён") is answered from
 * all its rows, not only from the passages that ranked.
 */
export async function sectionPassages(
  ctx: Pick<AppContext, 'database'>,
  assistantId: string,
  fileId: string,
  heading: string,
): Promise<string[]> {
  const rows = await ctx.database.query<{ content: string }>(
    'select content from knowledge_chunks where assistant_id = $1 and file_id = $2 and heading = $3 order by ord limit $4',
    [assistantId, fileId, heading, MAX_SECTION_PASSAGES],
  );
  return rows.map((r) => r.content);
}
