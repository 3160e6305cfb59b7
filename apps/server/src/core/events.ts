import type { AppContext } from './context';

/**
 * Events about assistants that other modules keep state for (the conversation engine caches
 * settings): published by the assistants module on every edit and deletion, on the bus, so
 * every instance hears them. Here, not in a module, so that listeners need not import the
 * module that publishes.
 */
const ASSISTANT_CHANGED = 'assistant-changed';

export async function publishAssistantChanged(ctx: Pick<AppContext, 'bus' | 'log'>, assistantId: string) {
  try {
    await ctx.bus.publish(ASSISTANT_CHANGED, { assistantId });
  } catch (err) {
    ctx.log.error({ err, assistantId }, 'assistant change not published');
  }
}

export function onAssistantChanged(
  ctx: Pick<AppContext, 'bus'>,
  handler: (assistantId: string) => void,
): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(ASSISTANT_CHANGED, (payload) => handler((payload as { assistantId: string }).assistantId));
}

/**
 * An owner's tokens were revoked (logout, a new password, the account deleted): whoever holds a
 * session on one of them (the live channel) checks it again at once, in every instance.
 */
const OWNER_SESSIONS_CHANGED = 'owner-sessions-changed';

export async function publishOwnerSessionsChanged(ctx: Pick<AppContext, 'bus' | 'log'>, userId: string) {
  try {
    await ctx.bus.publish(OWNER_SESSIONS_CHANGED, { userId });
  } catch (err) {
    ctx.log.error({ err }, 'revocation of sessions not published');
  }
}

export function onOwnerSessionsChanged(
  ctx: Pick<AppContext, 'bus'>,
  handler: (userId: string) => void,
): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(OWNER_SESSIONS_CHANGED, (payload) => handler((payload as { userId: string }).userId));
}
