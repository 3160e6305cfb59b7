import type { AppContext } from '../../core/context';
import type { MessageAttachment, MessageRole } from '../../infra/db/schema';

/** A stored message as it travels on the bus (dates as ISO strings: payloads cross processes as JSON). */
export interface MessagePayload {
  id: string;
  visitorId: string;
  role: MessageRole;
  content: string;
  attachments: MessageAttachment[];
  source: string | null;
  createdAt: string;
}

/**
 * Everything that happens in a conversation, published by this module only (one event per
 * change: a message appended, a visitor changed, a conversation paused or resumed). The visitor's SSE stream, the owner's live channel
 * (STOMP topics of spec §7) and other instances (Redis) all listen to these.
 */
export type ConversationEvent =
  | { type: 'message'; assistantId: string; visitorId: string; message: MessagePayload }
  /** A new visitor, or its name/phone/contacts changed. */
  | { type: 'visitor'; assistantId: string; visitorId: string }
  | { type: 'paused'; assistantId: string; visitorId: string; isPaused: boolean }
  /** The operator asked for the visitor's phone; `message` is the note stored in the conversation. */
  | { type: 'phone-request'; assistantId: string; visitorId: string; message: MessagePayload }
  /** A suggested reply for the operator of a paused conversation (topic …/autocomplete). */
  | { type: 'autocomplete'; assistantId: string; visitorId: string; content: string };

/** One conversation's events: what the STOMP topic /topic/assistant/{a}/{v} and the visitor's stream follow. */
export const conversationTopic = (assistantId: string, visitorId: string) => `conv:${assistantId}:${visitorId}`;
/** Every event of an assistant's conversations: for the chats list. */
export const assistantTopic = (assistantId: string) => `conv:${assistantId}`;

/** Publishes on both topics; a failing bus is logged and never fails the caller (the message is stored). */
export async function publishConversationEvent(
  ctx: Pick<AppContext, 'bus' | 'log'>,
  event: ConversationEvent,
): Promise<void> {
  try {
    await Promise.all([
      ctx.bus.publish(conversationTopic(event.assistantId, event.visitorId), event),
      ctx.bus.publish(assistantTopic(event.assistantId), event),
    ]);
  } catch (err) {
    ctx.log.error({ err, type: event.type }, 'conversation event not published');
  }
}

export function subscribeConversation(
  ctx: Pick<AppContext, 'bus'>,
  assistantId: string,
  visitorId: string,
  handler: (event: ConversationEvent) => void,
): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(conversationTopic(assistantId, visitorId), (payload) =>
    handler(payload as ConversationEvent),
  );
}

export function subscribeAssistant(
  ctx: Pick<AppContext, 'bus'>,
  assistantId: string,
  handler: (event: ConversationEvent) => void,
): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(assistantTopic(assistantId), (payload) => handler(payload as ConversationEvent));
}
