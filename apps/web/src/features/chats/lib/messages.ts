import { ChatMessage, LiveAutocomplete, LiveVisitorUpdate } from '@otklik/contract';
import { z } from 'zod';

/** Spec §3: a push may carry only role and content; the client then stamps its own time. */
const BareMessage = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });

/** A conversation push as a message, or null for anything else. */
export function liveMessage(body: unknown): ChatMessage | null {
  const full = ChatMessage.safeParse(body);
  if (full.success) return full.data;
  const bare = BareMessage.safeParse(body);
  if (!bare.success) return null;
  return {
    id: crypto.randomUUID(),
    role: bare.data.role,
    content: bare.data.content,
    createdAt: Date.now() / 1000,
    author: bare.data.role === 'user' ? 'visitor' : 'bot',
  };
}

export const liveAutocomplete = (body: unknown): string | null => {
  const parsed = LiveAutocomplete.safeParse(body);
  return parsed.success ? parsed.data.content : null;
};

export const liveVisitorUpdate = (body: unknown): LiveVisitorUpdate | null => {
  const parsed = LiveVisitorUpdate.safeParse(body);
  return parsed.success ? parsed.data : null;
};

/**
 * A history loaded again (a reconnect, the visitor selected again) with what only the screen holds:
 * the send-failure bubbles, and the messages that came live after the newest one loaded (while the
 * request was on its way), unless loaded under their own id or, pushed bare, with their text.
 */
export function mergeHistory<T extends ChatMessage & { local?: string }>(shown: T[] | undefined, loaded: T[]): T[] {
  if (!shown?.length) return loaded;
  const ids = new Set(loaded.map((m) => m.id));
  const newest = loaded.reduce((at, m) => Math.max(at, m.createdAt), Number.NEGATIVE_INFINITY);
  const said = new Set(loaded.map((m) => `${m.role}\u0000${m.content}`));
  const kept = shown.filter(
    (m) =>
      !ids.has(m.id) && (m.local !== undefined || (m.createdAt > newest && !said.has(`${m.role}\u0000${m.content}`))),
  );
  return kept.length ? [...loaded, ...kept].sort((a, b) => a.createdAt - b.createdAt) : loaded;
}

/** Appends a message unless one with its id is shown already (the operator's own send comes back live). */
export function appendMessage<T extends ChatMessage>(list: T[] | undefined, message: T): T[] {
  const current = list ?? [];
  return current.some((m) => m.id === message.id) ? current : [...current, message];
}

/** Spec §4: the question paired with an answer is the nearest earlier user message. */
export function questionFor(list: ChatMessage[], answerId: string): string {
  const at = list.findIndex((m) => m.id === answerId);
  for (let i = at - 1; i >= 0; i--) {
    const m = list[i];
    if (m?.role === 'user') return m.content;
  }
  return '';
}
