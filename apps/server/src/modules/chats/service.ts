import { CHAT_TEXTS, type ChatMessage, type ChatVisitor, VISITOR_TEXTS } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { AppError, conflict, notFound } from '../../core/errors';
import { requireOwnedAssistant } from '../../core/ownership';
import { type MessagePayload, publishConversationEvent } from '../conversations/events';
import { handleIncomingMessage } from '../conversations/pipeline';
import {
  chatVisitors,
  conversationMessages,
  type MessageRow,
  storeMessage,
  updateVisitorRow,
  type VisitorRow,
  visitorOfAssistant,
  visitorOfOwner,
} from './queries';

type Ctx = AppContext;

export const presentVisitor = (v: VisitorRow): ChatVisitor => ({
  id: v.id,
  type: v.channel,
  name: v.name,
  firstName: v.firstName,
  lastName: v.lastName,
  tgUsername: v.tgUsername,
  email: v.email,
  phone: v.phone,
  isPaused: v.isPaused,
  lastMessageAt: v.lastMessageAt?.toISOString() ?? null,
  messageCount: v.messageCount,
});

export const presentMessage = (m: MessageRow): ChatMessage => ({
  id: m.id,
  role: m.role === 'visitor' ? 'user' : 'assistant',
  content: m.content,
  createdAt: m.createdAt.getTime() / 1000,
  author: m.role,
});

const toPayload = (m: MessageRow): MessagePayload => ({
  id: m.id,
  visitorId: m.visitorId,
  role: m.role,
  content: m.content,
  attachments: m.attachments,
  source: m.source,
  createdAt: m.createdAt.toISOString(),
});

/** The owner's assistant and its visitor, or 404 for anything else (another owner's ids included). */
async function requireConversation(ctx: Ctx, userId: string, assistantId: string, visitorId: string) {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const visitor = await visitorOfAssistant(ctx.db, assistantId, visitorId);
  if (!visitor) throw notFound(CHAT_TEXTS.visitorNotFound);
  return visitor;
}

export async function listChats(ctx: Ctx, userId: string, assistantId: string): Promise<ChatVisitor[]> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  return (await chatVisitors(ctx.db, assistantId)).map(presentVisitor);
}

export async function chatHistory(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  visitorId: string,
): Promise<ChatMessage[]> {
  await requireConversation(ctx, userId, assistantId, visitorId);
  return (await conversationMessages(ctx.db, assistantId, visitorId)).map(presentMessage);
}

/**
 * The operator writes (spec §6: in the 'assistant' role). Stored first, then published: the
 * visitor's event stream and the owner's live channel get it at once.
 */
export async function sendOperatorMessage(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  visitorId: string,
  content: string,
): Promise<ChatMessage> {
  await requireConversation(ctx, userId, assistantId, visitorId);
  const row = await storeMessage(ctx.db, { assistantId, visitorId, role: 'operator', content, source: 'operator' });
  await publishConversationEvent(ctx, { type: 'message', assistantId, visitorId, message: toPayload(row) });
  return presentMessage(row);
}

/**
 * The operator asks for the visitor's phone: the widget shows its phone form (a push to the
 * visitor). The request is noted in the owner's history as a system note the visitor never sees.
 */
export async function requestPhone(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  visitorId: string,
): Promise<ChatMessage> {
  await requireConversation(ctx, userId, assistantId, visitorId);
  const row = await storeMessage(ctx.db, {
    assistantId,
    visitorId,
    role: 'system',
    content: CHAT_TEXTS.phoneRequest,
    source: 'phone-request',
  });
  await updateVisitorRow(ctx.db, assistantId, visitorId, { phoneRequestedAt: row.createdAt });
  await publishConversationEvent(ctx, { type: 'phone-request', assistantId, visitorId });
  return presentMessage(row);
}

export async function getVisitor(ctx: Ctx, userId: string, visitorId: string): Promise<ChatVisitor> {
  const visitor = await visitorOfOwner(ctx.db, userId, visitorId);
  if (!visitor) throw notFound(CHAT_TEXTS.visitorNotFound);
  return presentVisitor(visitor);
}

/** Spec §4 "Visitor conversation": paused means the bot stays silent and the operator answers. */
export async function setPause(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  visitorId: string,
  isPaused: boolean,
): Promise<ChatVisitor> {
  await requireConversation(ctx, userId, assistantId, visitorId);
  const row = await updateVisitorRow(ctx.db, assistantId, visitorId, { isPaused });
  if (!row) throw notFound(CHAT_TEXTS.visitorNotFound);
  await publishConversationEvent(ctx, { type: 'paused', assistantId, visitorId, isPaused });
  return presentVisitor(row);
}

/**
 * POST /api/assistant/messages/{assistantId}?visitorId: role 'assistant' is the operator
 * writing. Role 'user' (the statistics screen asking its assistant, spec §7) goes through the
 * conversation pipeline as a visitor message; the reply is the bot's answer.
 */
export async function sendMessage(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  visitorId: string,
  body: { role: 'user' | 'assistant'; content: string },
): Promise<ChatMessage> {
  if (body.role === 'assistant') return sendOperatorMessage(ctx, userId, assistantId, visitorId, body.content);
  const visitor = await requireConversation(ctx, userId, assistantId, visitorId);
  const result = await handleIncomingMessage(ctx, {
    assistantId,
    visitorId,
    channel: visitor.channel,
    content: body.content,
  });
  if (result.failed) throw new AppError(502, VISITOR_TEXTS.fallbackAnswer);
  // Paused or stopped by a trigger: the message is stored, but the caller asked for the bot's
  // answer (spec §7, statistics) and must not take the question for it.
  if (!result.answer) throw conflict(CHAT_TEXTS.noBotAnswer);
  const reply = result.answer;
  return {
    id: reply.id,
    role: reply.role === 'visitor' ? 'user' : 'assistant',
    content: reply.content,
    createdAt: new Date(reply.createdAt).getTime() / 1000,
    author: reply.role,
  };
}
