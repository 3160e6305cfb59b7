/** Corrected answers: the owner's own answers to questions, with synonyms (spec §2.9, §7). */
export { answerRoutes } from './routes';
export { createAnswer } from './service';
