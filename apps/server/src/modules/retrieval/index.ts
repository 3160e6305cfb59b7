/**
 * Retrieval owns search: Russian tokenising and stemming, the one synonym list, scoring (BM25
 * over the assistant's passages, trigram near-spellings, vector similarity when embeddings are
 * on), token counting, and the index that ingestion writes. Nothing here decides what is said.
 */

export { type IndexedPassage, indexChunks, lockAssistantIndex, unindexFile } from './index-store';
/** For the local answerer's tables: a month said in words is the dates of a sheet. */
export { monthOf } from './quantities';
export { type QueryAnalysis, type Retrieval, type RetrievalContext, retrieve } from './retrieve';
export {
  type CorrectedAnswerMatch,
  DEFAULT_TUNING,
  forgetCorrectedAnswers,
  type KnowledgePassage,
  type SearchTuning,
  searchCorrectedAnswers,
  searchKnowledge,
} from './search';
export { sectionPassages } from './sections';
export { SYNONYM_GROUPS } from './synonyms';
/** For the local answerer, which reads passages sentence by sentence with the same stems and measures. */
export {
  analyzeTexts,
  measureRootStrength,
  measureTrigramSimilarity,
  rootStrength,
  splitUnits,
  trigramSimilarity,
} from './text';
export { embedAfterIndexing } from './vector-store';
export { knownStats } from './vocabulary';
