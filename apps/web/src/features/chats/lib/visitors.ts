import type { ChatMessage, ChatVisitor } from '@otklik/contract';
import { CHATS_TEXTS } from '../ru';
import { plainText } from './message-content';

/** Spec §2.13: the visitor's name, or 'Visitor [id]' when there is none. */
export function visitorName(v: ChatVisitor): string {
  const full = [v.firstName, v.lastName].filter(Boolean).join(' ').trim();
  return v.name?.trim() || full || CHATS_TEXTS.list.visitorFallback(v.id);
}

const activity = (v: ChatVisitor) => (v.lastMessageAt ? Date.parse(v.lastMessageAt) || 0 : 0);

/** Latest activity first; the server's order breaks ties. */
export const sortVisitors = (list: ChatVisitor[]): ChatVisitor[] =>
  list
    .map((v, i) => ({ v, i }))
    .sort((a, b) => activity(b.v) - activity(a.v) || a.i - b.i)
    .map(({ v }) => v);

/**
 * A live update of one visitor: it replaces the one in the list (or joins it) and the list is
 * sorted again. The list's preview is kept from the message when the update carries none.
 */
export function upsertVisitor(list: ChatVisitor[], visitor: ChatVisitor, message?: ChatMessage): ChatVisitor[] {
  const before = list.find((v) => v.id === visitor.id);
  const lastMessage =
    visitor.lastMessage ??
    (message && message.author !== 'system'
      ? { content: message.content, author: message.author }
      : (before?.lastMessage ?? null));
  const next = { ...visitor, lastMessage };
  return sortVisitors(before ? list.map((v) => (v.id === visitor.id ? next : v)) : [next, ...list]);
}

/** The one-line preview under the name: who wrote the last message, and its text without link syntax. */
export function previewText(v: ChatVisitor): string {
  const last = v.lastMessage;
  if (!last) return CHATS_TEXTS.list.noMessages;
  const prefix = last.author === 'operator' ? CHATS_TEXTS.list.you : last.author === 'bot' ? CHATS_TEXTS.list.bot : '';
  return `${prefix}${plainText(last.content).replace(/\s+/g, ' ').trim()}`;
}

/** The time of the last activity in the list: hours and minutes today, otherwise the date. */
export function activityLabel(v: ChatVisitor, now = new Date()): string {
  if (!v.lastMessageAt) return '';
  const at = new Date(v.lastMessageAt);
  if (Number.isNaN(at.getTime())) return '';
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString('ru-RU', { day: '2-digit', month: '2-digit' });
}
