import { type AppContext, rootContext } from '../../core/context';

/**
 * Something in a conversation that needs the owner (spec §1: "alert the owner"): a trigger
 * that notifies, a question the bot could not answer (hand-off), a visitor asking for a person,
 * a visitor's phone, a new conversation. Who is told and how (the notification e-mail, Telegram, the quiet period)
 * is the notifications module's business, installed at start-up like the triggers.
 */
export type OwnerAlert =
  | {
      reason: 'trigger';
      assistantId: string;
      visitorId: string;
      message: string;
      triggers: { name: string; matched: string[] }[];
    }
  | {
      reason: 'handoff' | 'operator-request' | 'new-conversation';
      assistantId: string;
      visitorId: string;
      message: string;
    }
  | { reason: 'phone'; assistantId: string; visitorId: string; phone: string };

export type AlertHook = (alert: OwnerAlert) => Promise<void>;

const hooks = new WeakMap<object, AlertHook>();

export function setAlertHook(ctx: AppContext, hook: AlertHook): void {
  hooks.set(ctx, hook);
}

/** Tells the owner; a failure is logged and never fails the conversation (the message is stored). */
export async function alertOwner(ctx: Pick<AppContext, 'log'>, alert: OwnerAlert): Promise<void> {
  const hook = hooks.get(rootContext(ctx));
  if (!hook) return;
  await hook(alert).catch((err: unknown) =>
    ctx.log.error({ err, assistantId: alert.assistantId, reason: alert.reason }, 'owner alert failed'),
  );
}
