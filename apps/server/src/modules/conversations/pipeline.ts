import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { assistants, type MessageAttachment } from '../../infra/db/schema';
import { languageModelFor, ModelCallError } from '../../infra/llm';
import { type AnswerSource, type Retrieval, retrieve } from './answer/local-answerer';
import { answerWithModel } from './answer/model-answerer';
import { publishConversationEvent } from './events';
import { notifyOwnerOfHandoff } from './notify-owner';
import { addTokens, insertMessage, listMessages, type StoredMessage, setPaused, tokensToday } from './queries';
import { ENGINE_TEXTS } from './texts';
import { triggerHookOf } from './trigger-hook';

export interface IncomingMessage {
  assistantId: string;
  visitorId: string;
  channel: 'web' | 'telegram';
  content: string;
  attachments?: MessageAttachment[];
  /** The answer's text as it is produced (streamed to the visitor). */
  onDelta?: (text: string) => void;
  /** The visitor went away: a model call in flight is abandoned (the message stays stored). */
  signal?: AbortSignal;
}

export type BotSource = AnswerSource | 'model' | 'trigger';

export interface PipelineResult {
  /** The visitor's message as stored. */
  message: StoredMessage;
  /** The bot's stored answer; absent when the conversation is paused or stopped, or the answer failed. */
  answer?: StoredMessage;
  /** The conversation is paused (before or because of this message): an operator answers. */
  paused: boolean;
  /** The answer failed (model error, timeout): the visitor is shown ENGINE_TEXTS.fallback. */
  failed: boolean;
}

type AssistantSettings = {
  userId: string;
  role: string;
  instructions: string;
  temperature: number;
  model: string;
  greeting: string;
};

/**
 * Settings are read for every message; a few seconds of staleness after the owner edits them is
 * harmless and saves a query on the hot path (per process, so other instances catch up as fast).
 */
const SETTINGS_TTL_MS = 3000;
const settingsCache = new Map<string, { at: number; settings: AssistantSettings }>();

async function assistantSettings(ctx: Pick<AppContext, 'db'>, assistantId: string): Promise<AssistantSettings> {
  const hit = settingsCache.get(assistantId);
  if (hit && Date.now() - hit.at < SETTINGS_TTL_MS) return hit.settings;
  const settings = await loadSettings(ctx, assistantId);
  if (settingsCache.size > 5000) settingsCache.clear();
  settingsCache.set(assistantId, { at: Date.now(), settings });
  return settings;
}

/** For the assistant routes: an edit takes effect with the next message. */
export function forgetAssistantSettings(assistantId: string): void {
  settingsCache.delete(assistantId);
}

async function loadSettings(ctx: Pick<AppContext, 'db'>, assistantId: string): Promise<AssistantSettings> {
  const [row] = await ctx.db
    .select({
      userId: assistants.userId,
      role: assistants.role,
      instructions: assistants.instructions,
      temperature: assistants.temperature,
      model: assistants.model,
      greeting: assistants.greeting,
    })
    .from(assistants)
    .where(eq(assistants.id, assistantId))
    .limit(1);
  if (!row) throw new Error(`assistant ${assistantId} not found`);
  return row;
}

/**
 * The conversation pipeline of ARCHITECTURE §4, the one code path of every channel (widget,
 * Telegram, the owner's statistics call):
 * 1. store the visitor's message and publish it — before anything can fail;
 * 2. triggers (they may answer with a custom text and/or stop the conversation);
 * 3. a paused conversation gets no bot answer, the operator gets a suggested reply instead;
 * 4–5. retrieval for this assistant only and the answer: a confident corrected answer, the
 *    assistant's model when one is configured (streamed), else the local answerer; nothing
 *    relevant → a hand-off and an e-mail to the owner;
 * 6. store the answer and publish it.
 */
export async function handleIncomingMessage(ctx: AppContext, input: IncomingMessage): Promise<PipelineResult> {
  const { assistantId, visitorId } = input;
  const content = input.content.trim();
  const message = await insertMessage(ctx, {
    assistantId,
    visitorId,
    role: 'visitor',
    content,
    attachments: input.attachments,
  });
  await publishConversationEvent(ctx, { type: 'message', assistantId, visitorId, message: strip(message) });

  const reply = async (text: string, source: BotSource, tokens = 0) => {
    input.onDelta?.(text);
    return storeAnswer(ctx, { assistantId, visitorId, content: text, source, tokens });
  };

  let outcome: { stop?: boolean; reply?: string } = {};
  try {
    outcome = await triggerHookOf(ctx)({ ctx, assistantId, visitorId, channel: input.channel }, strip(message));
  } catch (err) {
    ctx.log.error({ err, assistantId }, 'triggers failed; the message is answered as usual');
  }
  // A paused conversation gets no bot reply (§4.3), not even a trigger's own text: the operator
  // is answering. The trigger's notification was already sent by the hook.
  if (!message.isPaused && (outcome.reply?.trim() || outcome.stop)) {
    const answer = outcome.reply?.trim() ? await reply(outcome.reply.trim(), 'trigger') : undefined;
    if (outcome.stop) {
      await setPaused(ctx.db, assistantId, visitorId, true);
      await publishConversationEvent(ctx, { type: 'paused', assistantId, visitorId, isPaused: true });
    }
    return { message, answer, paused: Boolean(outcome.stop), failed: false };
  }

  if (message.isPaused) {
    if (content) suggestForOperator(ctx, assistantId, visitorId, content);
    return { message, paused: true, failed: false };
  }
  // A file without words asks nothing; the operator sees it in the chat.
  if (!content) return { message, paused: false, failed: false };

  const settings = await assistantSettings(ctx, assistantId);
  const retrieval = await retrieve(ctx, assistantId, content, settings.greeting);
  try {
    const produced = await produceAnswer(ctx, settings, retrieval, input);
    if (produced.source === 'handoff' || produced.source === 'operator-request')
      await notifyOwnerOfHandoff(ctx, { assistantId, visitorId, question: content }).catch((err) =>
        ctx.log.error({ err, assistantId }, 'hand-off notification failed'),
      );
    const answer = await storeAnswer(ctx, {
      assistantId,
      visitorId,
      content: produced.text,
      source: produced.source,
      tokens: produced.tokens,
    });
    return { message, answer, paused: false, failed: false };
  } catch (err) {
    if (input.signal?.aborted) return { message, paused: false, failed: true };
    const cause = err instanceof ModelCallError ? err.cause : err;
    ctx.log.error({ err: cause, assistantId, model: settings.model }, 'answer failed; the visitor gets the fallback');
    return { message, paused: false, failed: true };
  }
}

async function produceAnswer(
  ctx: AppContext,
  settings: AssistantSettings,
  retrieval: Retrieval,
  input: IncomingMessage,
): Promise<{ text: string; source: BotSource; tokens: number }> {
  const local = retrieval.local;
  const localAnswer = () => {
    input.onDelta?.(local.text);
    return { text: local.text, source: local.source, tokens: 0 };
  };
  // Owner-approved answers and small talk need no model.
  if (local.source === 'corrected' || local.source === 'smalltalk' || local.source === 'operator-request')
    return localAnswer();
  const model = languageModelFor(ctx.config, settings.model);
  if (!model) return localAnswer();
  if (!(await withinBudget(ctx, input.assistantId))) {
    ctx.log.warn({ assistantId: input.assistantId }, 'daily token budget spent; the local answerer replies');
    return localAnswer();
  }
  const history = (await listMessages(ctx.db, input.assistantId, input.visitorId, { limit: 12 }))
    .filter((m) => m.role !== 'system')
    .slice(0, -1)
    .map((m) => ({ role: m.role === 'visitor' ? ('user' as const) : ('assistant' as const), content: m.content }));
  const result = await answerWithModel(ctx, model, {
    role: settings.role,
    instructions: settings.instructions,
    temperature: settings.temperature,
    passages: retrieval.passages.slice(0, 5),
    history,
    question: retrieval.question,
    onDelta: (text) => input.onDelta?.(text),
    signal: input.signal,
  });
  await addTokens(ctx, input.assistantId, result.tokens);
  if (result.handoff) {
    input.onDelta?.(ENGINE_TEXTS.handoff);
    return { text: ENGINE_TEXTS.handoff, source: 'handoff', tokens: result.tokens };
  }
  return { text: result.text, source: 'model', tokens: result.tokens };
}

/** The assistant may still call its model today (LLM_DAILY_TOKENS; 0 means no limit). */
async function withinBudget(ctx: AppContext, assistantId: string): Promise<boolean> {
  const limit = ctx.config.LLM_DAILY_TOKENS;
  return limit === 0 || (await tokensToday(ctx, assistantId)) < limit;
}

async function storeAnswer(
  ctx: AppContext,
  a: { assistantId: string; visitorId: string; content: string; source: BotSource; tokens: number },
): Promise<StoredMessage> {
  const stored = await insertMessage(ctx, { ...a, role: 'bot' });
  await publishConversationEvent(ctx, {
    type: 'message',
    assistantId: a.assistantId,
    visitorId: a.visitorId,
    message: strip(stored),
  });
  return stored;
}

/** The message as it travels on the bus (without the conversation flag). */
const strip = ({ isPaused: _paused, ...m }: StoredMessage) => m;

/**
 * A paused conversation: the operator gets the answer the bot would have given, on the
 * autocomplete topic (spec §4 "Chat monitoring"). In the background: the visitor's request does
 * not wait for it, and a failure only costs the suggestion.
 */
function suggestForOperator(ctx: AppContext, assistantId: string, visitorId: string, content: string): void {
  const run = async () => {
    const settings = await assistantSettings(ctx, assistantId);
    const retrieval = await retrieve(ctx, assistantId, content, settings.greeting);
    let text = retrieval.local.source === 'handoff' ? '' : retrieval.local.text;
    const model = retrieval.local.source === 'corrected' ? undefined : languageModelFor(ctx.config, settings.model);
    if (model && (await withinBudget(ctx, assistantId))) {
      const result = await answerWithModel(ctx, model, {
        role: settings.role,
        instructions: settings.instructions,
        temperature: settings.temperature,
        passages: retrieval.passages.slice(0, 5),
        history: [],
        question: retrieval.question,
        onDelta: () => {},
      });
      await addTokens(ctx, assistantId, result.tokens);
      text = result.handoff ? '' : result.text;
    }
    if (text) await publishConversationEvent(ctx, { type: 'autocomplete', assistantId, visitorId, content: text });
  };
  run().catch((err) => ctx.log.warn({ err, assistantId }, 'operator suggestion failed'));
}
