/**
 * The answerer: what the bot says to a message (small talk, the owner's corrected answers, the
 * local answer composed from retrieved passages, or the assistant's model), and the one way the
 * service calls a language model (askModel).
 */
export { type Answer, type AnswerRequest, type AnswerSettings, answerQuestion, type BotSource } from './answer';
export { type AskModelRequest, type AskModelResult, askModel, tokensToday } from './ask-model';
export { type AnswerSource, composeLocalAnswer, type LocalAnswer, THRESHOLDS } from './local-answer';
export { buildPrompt, HANDOFF_MARKER } from './model-answer';
export { smallTalk } from './small-talk';
export { ANSWER_TEXTS } from './texts';
