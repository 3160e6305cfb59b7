import type { AppContext } from '../../core/context';
import { languageModelFor } from '../../infra/llm';
import { type Retrieval, type RetrievalContext, retrieve, searchCorrectedAnswers } from '../retrieval';
import { type AnswerSource, composeLocalAnswer, type LocalAnswer } from './local-answer';
import { answerWithModel } from './model-answer';
import { smallTalk } from './small-talk';
import { ANSWER_TEXTS } from './texts';

/** Where a bot answer came from: the local answerer's sources, the model, or a trigger's own text. */
export type BotSource = AnswerSource | 'model' | 'trigger';

/** The assistant's settings an answer depends on. */
export interface AnswerSettings {
  role: string;
  instructions: string;
  temperature: number;
  /** The model id, or 'local'. */
  model: string;
  greeting: string;
}

export interface AnswerRequest {
  assistantId: string;
  settings: AnswerSettings;
  /** The visitor's message. */
  text: string;
  /** Earlier turns, oldest first; read only when the model is asked. */
  history?: () => Promise<{ role: 'user' | 'assistant'; content: string }[]>;
  /** The answer's text as it is produced. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** What readKnowledge found for this text, started earlier (the pipeline reads ahead). */
  read?: Promise<KnowledgeRead>;
}

export interface Answer {
  text: string;
  source: BotSource;
  tokens: number;
}

type Ctx = Pick<AppContext, 'config' | 'database' | 'log'> & RetrievalContext;

/**
 * What an answer reads before any model is asked: small talk's reply (or the owner's corrected
 * answer to it), else the passages retrieved and the local answer made of them. Reading only (no
 * model call, nothing written), so it may start before it is known whether the bot answers at all.
 */
export type KnowledgeRead = { talk: LocalAnswer } | { retrieval: Retrieval; local: LocalAnswer };

export async function readKnowledge(
  ctx: Ctx,
  assistantId: string,
  text: string,
  greeting: string,
): Promise<KnowledgeRead> {
  const { talk, rest } = smallTalk(text, greeting);
  if (talk) {
    // The owner's own answer wins even here (ARCHITECTURE §4: corrected answers first), e.g. a
    // greeting with the shop's hours or "позовите оператора" answered with a phone number.
    const [own] = await searchCorrectedAnswers(ctx, assistantId, text, { limit: 1 });
    if (own?.confident) return { talk: { text: own.correctAnswer, source: 'corrected', confidence: own.similarity } };
    return {
      talk: { text: talk.reply, source: talk.kind === 'operator' ? 'operator-request' : 'smalltalk', confidence: 1 },
    };
  }
  const retrieval = await retrieve(ctx, assistantId, rest.trim() || text);
  return { retrieval, local: await composeLocalAnswer(ctx, assistantId, retrieval) };
}

/**
 * The answer to one message (ARCHITECTURE §4 steps 4–5), the same for every channel and for the
 * operator's suggestion: small talk and a confident corrected answer need no model; otherwise
 * the assistant's model with the retrieved passages (streamed), or, without a model (or with
 * its budget spent), the local answer; nothing relevant is a hand-off. A provider failure
 * throws (infra/llm's ModelCallError): the caller shows the fallback.
 */
export async function answerQuestion(ctx: Ctx, req: AnswerRequest): Promise<Answer> {
  const local = (a: LocalAnswer): Answer => {
    req.onDelta?.(a.text);
    return { text: a.text, source: a.source, tokens: 0 };
  };
  const read = await (req.read ?? readKnowledge(ctx, req.assistantId, req.text, req.settings.greeting));
  if ('talk' in read) return local(read.talk);
  const { retrieval, local: localAnswer } = read;
  // Owner-approved answers need no model; an assistant without a configured model answers locally.
  if (localAnswer.source === 'corrected' || !languageModelFor(ctx.config, req.settings.model))
    return local(localAnswer);
  const result = await answerWithModel(ctx, {
    assistantId: req.assistantId,
    model: req.settings.model,
    role: req.settings.role,
    instructions: req.settings.instructions,
    temperature: req.settings.temperature,
    passages: retrieval.passages.slice(0, 5),
    history: (await req.history?.()) ?? [],
    question: retrieval.question,
    onDelta: (text) => req.onDelta?.(text),
    signal: req.signal,
  });
  if (!result) return local(localAnswer);
  if (result.handoff) {
    req.onDelta?.(ANSWER_TEXTS.handoff);
    return { text: ANSWER_TEXTS.handoff, source: 'handoff', tokens: result.tokens };
  }
  return { text: result.text, source: 'model', tokens: result.tokens };
}
