import { type AppContext, rootContext } from '../../core/context';
import type { MessagePayload } from './events';

/** What the pipeline knows when it hands a visitor's message to the triggers (ARCHITECTURE §4 step 2). */
export interface TriggerHookContext {
  ctx: AppContext;
  assistantId: string;
  visitorId: string;
  channel: 'web' | 'telegram';
}

/**
 * What the triggers decided:
 * - `reply`: the pipeline sends this text as the bot's answer to this message (source 'trigger')
 *   instead of asking the answerer;
 * - `stop`: the conversation stops: the pipeline pauses it (the bot stays silent until the
 *   operator resumes it) and does not answer this message (after sending `reply`, if any).
 * Notifications are the hook's own business (it has `ctx`).
 */
export interface TriggerOutcome {
  stop?: boolean;
  reply?: string;
}

export type TriggerHook = (hookCtx: TriggerHookContext, message: MessagePayload) => Promise<TriggerOutcome>;

/**
 * The triggers module installs its implementation at start-up (`setTriggerHook(ctx, runTriggers)`
 * next to the job registrations in app.ts), so conversations does not import triggers and either
 * can be built and tested alone. Keyed by context: test apps in one process never share hooks.
 */
const hooks = new WeakMap<AppContext, TriggerHook>();

export function setTriggerHook(ctx: AppContext, hook: TriggerHook): void {
  hooks.set(ctx, hook);
}

export const noTriggers: TriggerHook = async () => ({});

export function triggerHookOf(ctx: AppContext): TriggerHook {
  return hooks.get(rootContext(ctx)) ?? noTriggers;
}
