import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { onAssistantChanged } from '../../core/events';
import { assistants, type MessageAttachment } from '../../infra/db/schema';
import { ModelCallError } from '../../infra/llm';
import type { AnswerKind } from '../../infra/metrics';
import { shortCache } from '../../lib/short-cache';
import { type AnswerSettings, answerQuestion, type BotSource, type KnowledgeRead, readKnowledge } from '../answerer';
import { alertOwner } from './alert-hook';
import { attachmentLinks } from './attachments';
import { appendMessage, setPaused } from './conversation';
import { publishConversationEvent } from './events';
import { listMessages, type StoredMessage } from './store';
import { triggerHookOf } from './trigger-hook';
import { forgetVisitorCredentials } from './visitors';

export interface IncomingMessage {
  assistantId: string;
  visitorId: string;
  channel: 'web' | 'telegram';
  /** What the visitor wrote (may be empty when only files came). */
  content: string;
  /** Files the visitor sent with it, already stored (conversations/attachments). */
  attachments?: MessageAttachment[];
  /** The answer's text as it is produced (streamed to the visitor). */
  onDelta?: (text: string) => void;
  /** The visitor went away: a model call in flight is abandoned (the message stays stored). */
  signal?: AbortSignal;
}

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

type AssistantSettings = AnswerSettings & { userId: string };

/**
 * Settings are read for every message and kept a few seconds, which saves a query on the hot
 * path (a burst of visitors reads them once: concurrent reads share one load). An edit clears
 * them at once, in every instance, through the assistant-changed event (core/events), so no
 * caller has to remember to.
 */
const settingsCache = shortCache<AssistantSettings>(3000, 5000);

function assistantSettings(ctx: Pick<AppContext, 'db'>, assistantId: string): Promise<AssistantSettings> {
  return settingsCache.get(assistantId, async () => {
    const [settings] = await ctx.db
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
    if (!settings) throw new Error(`assistant ${assistantId} not found`);
    return settings;
  });
}

/**
 * Starts the engine's listeners: an edited or deleted assistant is answered with its new settings
 * from the next message, and its visitors' kept credentials are forgotten.
 */
export async function startConversationEngine(ctx: Pick<AppContext, 'bus'>): Promise<() => Promise<void>> {
  return onAssistantChanged(ctx, (assistantId) => {
    settingsCache.forget(assistantId);
    forgetVisitorCredentials(assistantId);
  });
}

/**
 * The conversation pipeline of ARCHITECTURE §4, the one entry of every visitor message
 * whatever the channel (widget, Telegram, files, the owner's statistics call):
 * 1. append the visitor's message (stored and published before anything can fail);
 * 2. triggers (they may answer with a custom text and/or stop the conversation);
 * 3. a paused conversation gets no bot answer, the operator gets a suggested reply instead;
 * 4–5. the answerer (retrieval for this assistant only, corrected answers, model or local
 *    answer); nothing relevant → a hand-off and a notification to the owner;
 * 6. append the answer.
 */
export async function handleIncomingMessage(ctx: AppContext, input: IncomingMessage): Promise<PipelineResult> {
  answering++;
  try {
    return await handle(ctx, input);
  } finally {
    answering--;
  }
}

let answering = 0;

/** Visitor messages being handled in this process now: the owner's alerts wait for them (app.ts, queue yieldTo). */
export const messagesInFlight = (): number => answering;

async function handle(ctx: AppContext, input: IncomingMessage): Promise<PipelineResult> {
  const { assistantId, visitorId } = input;
  const content = input.content.trim();
  const files = input.attachments ?? [];
  // Read ahead: retrieval and the local answer only read, so they start now and run on this
  // thread while the database stores the message. What they find is dropped when a trigger
  // answers instead; a paused conversation gets it as the operator's suggestion.
  const read = content
    ? assistantSettings(ctx, assistantId).then((s) => readKnowledge(ctx, assistantId, content, s.greeting))
    : undefined;
  // Awaited below where it is used; a message that fails to be stored leaves it unread.
  read?.catch(() => undefined);
  const message = await appendMessage(ctx, {
    assistantId,
    visitorId,
    role: 'visitor',
    content: [content, attachmentLinks(ctx.config.publicUrl, assistantId, files)].filter(Boolean).join('\n'),
    attachments: files,
  });
  ctx.metrics.visitorMessage(input.channel);
  if (message.startsConversation)
    await alertOwner(ctx, { reason: 'new-conversation', assistantId, visitorId, message: message.content });
  const botSays = (text: string, source: BotSource, tokens = 0) =>
    appendMessage(ctx, { assistantId, visitorId, role: 'bot', content: text, source, tokens });

  let outcome: { stop?: boolean; reply?: string } = {};
  try {
    // Triggers read what the visitor wrote, not the links of the files that came with it.
    const { isPaused: _p, ...payload } = message;
    outcome = await triggerHookOf(ctx)(
      { ctx, assistantId, visitorId, channel: input.channel },
      { ...payload, content },
    );
  } catch (err) {
    ctx.log.error({ err, assistantId }, 'triggers failed; the message is answered as usual');
  }
  // A paused conversation gets no bot reply (§4.3), not even a trigger's own text: the operator
  // is answering. The trigger's notification was already sent by the hook.
  if (!message.isPaused && (outcome.reply?.trim() || outcome.stop)) {
    const text = outcome.reply?.trim();
    if (text) input.onDelta?.(text);
    const answer = text ? await botSays(text, 'trigger') : undefined;
    if (answer) ctx.metrics.answer('trigger');
    if (outcome.stop) await setPaused(ctx, assistantId, visitorId, true);
    return { message, answer, paused: Boolean(outcome.stop), failed: false };
  }

  if (message.isPaused) {
    if (content) suggestForOperator(ctx, assistantId, visitorId, content, read);
    return { message, paused: true, failed: false };
  }
  // A file without words asks nothing; the operator sees it in the chat.
  if (!content) return { message, paused: false, failed: false };

  const settings = await assistantSettings(ctx, assistantId);
  try {
    const answer = await answerQuestion(ctx, {
      assistantId,
      settings,
      text: content,
      read,
      history: async () =>
        (await listMessages(ctx.db, assistantId, visitorId, { limit: 12 }))
          .filter((m) => m.role !== 'system')
          .slice(0, -1)
          .map((m) => ({
            role: m.role === 'visitor' ? ('user' as const) : ('assistant' as const),
            content: m.content,
          })),
      onDelta: input.onDelta,
      signal: input.signal,
    });
    if (answer.source === 'handoff' || answer.source === 'operator-request')
      await alertOwner(ctx, { reason: answer.source, assistantId, visitorId, message: content });
    ctx.metrics.answer(answerKind(answer.source));
    return { message, answer: await botSays(answer.text, answer.source, answer.tokens), paused: false, failed: false };
  } catch (err) {
    if (input.signal?.aborted) return { message, paused: false, failed: true };
    ctx.metrics.answer('failed');
    const cause = err instanceof ModelCallError ? err.cause : err;
    ctx.log.error({ err: cause, assistantId, model: settings.model }, 'answer failed; the visitor gets the fallback');
    return { message, paused: false, failed: true };
  }
}

/** A visitor asking for a person is a hand-off as much as a question nothing answers. */
const answerKind = (source: BotSource): AnswerKind => (source === 'operator-request' ? 'handoff' : source);

/**
 * A paused conversation: the operator gets the answer the bot would have given, on the
 * autocomplete topic (spec §4 "Chat monitoring"), made by the same answerer. In the background:
 * the visitor's request does not wait for it, and a failure only costs the suggestion.
 */
function suggestForOperator(
  ctx: AppContext,
  assistantId: string,
  visitorId: string,
  content: string,
  read?: Promise<KnowledgeRead>,
): void {
  const run = async () => {
    const settings = await assistantSettings(ctx, assistantId);
    const answer = await answerQuestion(ctx, { assistantId, settings, text: content, read });
    if (answer.source === 'handoff' || answer.source === 'operator-request') return;
    await publishConversationEvent(ctx, { type: 'autocomplete', assistantId, visitorId, content: answer.text });
  };
  run().catch((err) => ctx.log.warn({ err, assistantId }, 'operator suggestion failed'));
}
