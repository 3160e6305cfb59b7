import { CHAT_TEXTS, type ChatMessage, type ChatVisitor, VISITOR_TEXTS } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { AppError, conflict, notFound } from '../../core/errors';
import { requireOwnedAssistant } from '../../core/ownership';
import type { MessageRow, StoredMessage, VisitorRow } from '../conversations';
import * as conversations from '../conversations';

type Ctx = AppContext;

/**
 * Spec §7 "Chat monitoring": a thin reader and command layer over the conversations module;
 * every call owner-scoped (another owner's ids answer 404), the shapes are the spec's.
 */
export const presentVisitor = (v: VisitorRow, lastMessage?: ChatVisitor['lastMessage']): ChatVisitor => ({
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
  lastMessage: lastMessage ?? null,
});

/** Spec roles: the visitor is 'user', everyone else 'assistant'; `author` says who exactly. */
export const presentMessage = (
  m: Pick<MessageRow | StoredMessage, 'id' | 'role' | 'content' | 'createdAt'>,
): ChatMessage => ({
  id: m.id,
  role: m.role === 'visitor' ? 'user' : 'assistant',
  content: m.content,
  createdAt: new Date(m.createdAt).getTime() / 1000,
  author: m.role,
});

/** The owner's assistant and its visitor, or 404 for anything else (another owner's ids included). */
async function requireConversation(ctx: Ctx, userId: string, assistantId: string, visitorId: string) {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const visitor = await conversations.findVisitor(ctx.db, assistantId, visitorId);
  if (!visitor) throw notFound(CHAT_TEXTS.visitorNotFound);
  return visitor;
}

export async function listChats(ctx: Ctx, userId: string, assistantId: string): Promise<ChatVisitor[]> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const list = await conversations.chatVisitors(ctx.db, assistantId);
  const last = await conversations.lastMessages(
    ctx,
    list.map((v) => v.id),
  );
  return list.map((v) => presentVisitor(v, last.get(v.id)));
}

export async function chatHistory(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  visitorId: string,
): Promise<ChatMessage[]> {
  await requireConversation(ctx, userId, assistantId, visitorId);
  const rows = await conversations.listMessages(ctx.db, assistantId, visitorId, { limit: conversations.HISTORY_LIMIT });
  return rows.map(presentMessage);
}

/** The operator asks for the visitor's phone (the widget shows its phone form). */
export async function requestPhone(
  ctx: Ctx,
  userId: string,
  assistantId: string,
  visitorId: string,
): Promise<ChatMessage> {
  await requireConversation(ctx, userId, assistantId, visitorId);
  return presentMessage(await conversations.requestPhone(ctx, assistantId, visitorId));
}

export async function getVisitor(ctx: Ctx, userId: string, visitorId: string): Promise<ChatVisitor> {
  const visitor = await conversations.visitorOfOwner(ctx.db, userId, visitorId);
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
  const row = await conversations.setPaused(ctx, assistantId, visitorId, isPaused);
  if (!row) throw notFound(CHAT_TEXTS.visitorNotFound);
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
  const visitor = await requireConversation(ctx, userId, assistantId, visitorId);
  if (body.role === 'assistant')
    return presentMessage(await conversations.appendOperatorMessage(ctx, assistantId, visitorId, body.content));
  const result = await conversations.handleIncomingMessage(ctx, {
    assistantId,
    visitorId,
    channel: visitor.channel,
    content: body.content,
  });
  if (result.failed) throw new AppError(502, VISITOR_TEXTS.fallbackAnswer);
  // Paused or stopped by a trigger: the message is stored, but the caller asked for the bot's
  // answer (spec §7, statistics) and must not take the question for it.
  if (!result.answer) throw conflict(CHAT_TEXTS.noBotAnswer);
  return presentMessage(result.answer);
}
