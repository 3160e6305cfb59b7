/**
 * The answerer: what the bot says to a message (small talk, the owner's corrected answers, the
 * local answer composed from retrieved passages, or the assistant's model), and the one way the
 * service calls a language model (askModel).
 */
export {
  type Answer,
  type AnswerRequest,
  type AnswerSettings,
  answerQuestion,
  type BotSource,
  type KnowledgeRead,
  readKnowledge,
} from './answer';
export { type AskModelRequest, type AskModelResult, askModel } from './ask-model';
export type { AnswerSource } from './local-answer';
export { ANSWER_TEXTS } from './texts';
export { warmAnswerer } from './warm-up';
