import { type AppContext, rootContext } from '../../core/context';
import { findVisitor, type StoredMessage, type VisitorRow } from './store';

/**
 * What a person (the operator) sends a visitor of a messaging-app channel: a message, or the
 * phone request (Telegram asks with a contact button). The widget's visitors get these from
 * their event stream; a messaging app must be written to, by the module that owns the channel.
 */
export type Outbound = { kind: 'message'; message: StoredMessage } | { kind: 'phone-request'; message: StoredMessage };

export type ChannelHook = (visitor: VisitorRow, outbound: Outbound) => Promise<void>;

/**
 * The telegram module installs its delivery at start-up (as the triggers install theirs), so
 * conversations does not import telegram. Keyed by context: test apps in one process never
 * share hooks.
 */
const hooks = new WeakMap<object, ChannelHook>();

export function setChannelHook(ctx: AppContext, hook: ChannelHook): void {
  hooks.set(ctx, hook);
}

/**
 * Hands what the operator sent to the visitor's channel, when that is not the widget. Called
 * after the message is stored; a failing delivery is logged and never fails the operator's
 * call (the message is in the conversation, and the channel's own queue retries).
 */
export async function deliverToChannel(
  ctx: Pick<AppContext, 'db' | 'log'>,
  assistantId: string,
  visitorId: string,
  outbound: Outbound,
): Promise<void> {
  const hook = hooks.get(rootContext(ctx));
  if (!hook) return;
  try {
    const visitor = await findVisitor(ctx.db, assistantId, visitorId);
    if (visitor && visitor.channel !== 'web') await hook(visitor, outbound);
  } catch (err) {
    ctx.log.error({ err, assistantId }, 'operator message not handed to the channel');
  }
}
