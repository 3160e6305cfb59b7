import type { AppContext } from '../../core/context';
import { alertOwner } from './alert-hook';
import { deliverToChannel } from './channel-hook';
import { type ConversationEvent, type MessagePayload, publishConversationEvent } from './events';
import {
  insertMessage,
  type NewMessage,
  type StoredMessage,
  updateVisitorRow,
  type VisitorChange,
  type VisitorRow,
} from './store';
import { ENGINE_TEXTS } from './texts';

type Ctx = Pick<AppContext, 'database' | 'bus' | 'log'>;

/** The message as it travels on the bus (without the conversation flag). */
export const toPayload = ({ isPaused: _paused, startsConversation: _starts, ...m }: StoredMessage): MessagePayload => m;

/**
 * The one way a message enters a conversation, whoever wrote it (visitor, bot, operator, a
 * system note) and whichever channel it came by: stored first, then published as one event
 * (`message`, or the event given, e.g. the operator's phone request). The stored message
 * carries the conversation's paused flag as it is after it.
 */
export async function appendMessage(
  ctx: Ctx,
  m: NewMessage,
  event: (message: MessagePayload) => ConversationEvent = (message) => ({
    type: 'message',
    assistantId: m.assistantId,
    visitorId: m.visitorId,
    message,
  }),
): Promise<StoredMessage> {
  const stored = await insertMessage(ctx, m);
  await publishConversationEvent(ctx, event(toPayload(stored)));
  return stored;
}

/** Changes a visitor (contacts, name, phone request) and says so on the bus; undefined for anyone else's visitor. */
export async function updateVisitor(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log'>,
  assistantId: string,
  visitorId: string,
  values: Omit<VisitorChange, 'isPaused'>,
): Promise<VisitorRow | undefined> {
  const row = await updateVisitorRow(ctx.db, assistantId, visitorId, values);
  if (row) await publishConversationEvent(ctx, { type: 'visitor', assistantId, visitorId });
  return row;
}

/** Pauses (the bot stays silent, an operator answers) or resumes a conversation. */
export async function setPaused(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log'>,
  assistantId: string,
  visitorId: string,
  isPaused: boolean,
): Promise<VisitorRow | undefined> {
  const row = await updateVisitorRow(ctx.db, assistantId, visitorId, { isPaused });
  if (row) await publishConversationEvent(ctx, { type: 'paused', assistantId, visitorId, isPaused });
  return row;
}

/**
 * The operator writes into the conversation (spec §6: shown to the visitor as 'assistant'). The
 * visitor's event stream and the owner's live channel get it at once.
 */
export async function appendOperatorMessage(
  ctx: Ctx & Pick<AppContext, 'db'>,
  assistantId: string,
  visitorId: string,
  content: string,
): Promise<StoredMessage> {
  const stored = await appendMessage(ctx, { assistantId, visitorId, role: 'operator', content, source: 'operator' });
  await deliverToChannel(ctx, assistantId, visitorId, { kind: 'message', message: stored });
  // A person took over: the bot stops answering this conversation (it never talks over the
  // operator) until the owner resumes it with the toggle.
  if (!stored.isPaused) await setPaused(ctx, assistantId, visitorId, true);
  return stored;
}

/**
 * The operator asks for the visitor's phone: the widget shows its phone form (the
 * `phone-request` event is pushed to the visitor). The request is a system note in the owner's
 * history that the visitor never sees; remembered on the visitor, so a visitor who is away gets
 * the form on return.
 */
export async function requestPhone(
  ctx: Ctx & Pick<AppContext, 'db'>,
  assistantId: string,
  visitorId: string,
): Promise<StoredMessage> {
  await updateVisitorRow(ctx.db, assistantId, visitorId, { phoneRequestedAt: new Date() });
  const stored = await appendMessage(
    ctx,
    { assistantId, visitorId, role: 'system', content: ENGINE_TEXTS.phoneRequest, source: 'phone-request' },
    (message) => ({ type: 'phone-request', assistantId, visitorId, message }),
  );
  await deliverToChannel(ctx, assistantId, visitorId, { kind: 'phone-request', message: stored });
  return stored;
}

/** The visitor answers the phone request: kept on the visitor and said in the chat. */
export async function saveVisitorPhone(
  ctx: Ctx & Pick<AppContext, 'db'>,
  visitor: VisitorRow,
  phone: string,
): Promise<StoredMessage> {
  await updateVisitor(ctx, visitor.assistantId, visitor.id, { phone, phoneRequestedAt: null });
  await alertOwner(ctx, { reason: 'phone', assistantId: visitor.assistantId, visitorId: visitor.id, phone });
  return appendMessage(ctx, {
    assistantId: visitor.assistantId,
    visitorId: visitor.id,
    role: 'visitor',
    content: `📞 Мой телефон: ${phone}`,
  });
}
