import type { PromptHelperReply } from '@otklik/contract';
import { splitPromptHelperReply } from '@otklik/contract/site-constants';

const VISITOR_KEY = 'otklik:prompt-helper-visitor';

/** Spec §7 leaves the visitor id's origin open: one random id per browser, kept in localStorage. */
export function helperVisitorId(): string {
  try {
    const known = localStorage.getItem(VISITOR_KEY);
    if (known) return known;
    const id = crypto.randomUUID();
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/** POST /api/assistant/create-helper; the reply's content split as spec §7 says. */
export async function createHelperPrompt(content: string): Promise<{ prompt: string; insights: string[] }> {
  const res = await fetch(`/api/assistant/create-helper?visitorId=${encodeURIComponent(helperVisitorId())}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ role: 'user', content }),
  });
  if (!res.ok) throw new Error(`create-helper ${res.status}: ${await res.text().catch(() => '')}`);
  const reply = (await res.json()) as PromptHelperReply;
  return splitPromptHelperReply(reply.content);
}
