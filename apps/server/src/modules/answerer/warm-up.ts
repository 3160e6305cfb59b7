import type { AppContext } from '../../core/context';
import { type RetrievalContext, retrieve, splitUnits } from '../retrieval';
import { composeLocalAnswer } from './local-answer';

type Ctx = Pick<AppContext, 'log'> & RetrievalContext;

/** Questions a warm-up asks at most: a few hundred milliseconds of CPU. */
const WARM_QUESTIONS = 40;

const running = new Set<string>();

/**
 * A file just indexed is read by the answerer once, before visitors ask: questions made of the
 * file's own passages (a heading, the start of a sentence) are retrieved and answered locally,
 * and nothing is stored or sent. The first visitors then meet the assistant's caches warm (its
 * passage index loaded, the stems of its sentences) and the engine's code compiled: a burst of
 * 1,000 first messages right after an upload cost about twice the CPU a message of the next
 * burst did. In the background and never failing: at most one warm-up per assistant at a time.
 */
export async function warmAnswerer(
  ctx: Ctx,
  assistantId: string,
  passages: readonly { heading: string; content: string }[],
): Promise<void> {
  if (running.has(assistantId) || passages.length === 0) return;
  running.add(assistantId);
  try {
    const step = Math.max(1, Math.floor(passages.length / WARM_QUESTIONS));
    const questions: string[] = [];
    for (let i = 0; i < passages.length && questions.length < WARM_QUESTIONS; i += step) {
      const p = passages[i];
      if (!p) continue;
      const title = p.heading.split(' › ').pop()?.trim();
      const sentence = splitUnits(p.content)[0]?.text.split(/\s+/).slice(0, 8).join(' ');
      // Headings and sentences in turn: a FAQ's question lines and prose both get read.
      const question = questions.length % 2 === 0 && title ? title : sentence;
      if (question) questions.push(/\?$/.test(question) ? question : `${question}?`);
    }
    // Lexical retrieval only: an embeddings provider is paid by the request, and a warm-up must
    // cost the owner nothing.
    const lexical: Ctx = { database: ctx.database, log: ctx.log };
    for (const question of questions)
      await composeLocalAnswer(lexical, assistantId, await retrieve(lexical, assistantId, question));
  } catch (err) {
    ctx.log.debug({ err, assistantId }, 'answerer warm-up stopped');
  } finally {
    running.delete(assistantId);
  }
}
