import type { ContactRequest } from '@otklik/contract';

/**
 * POST /api/notify/client-request. Spec §7: only the ok status is read; on failure the reply
 * text is logged. Network exceptions propagate (the form only logs them, spec §8).
 */
export async function sendContactRequest(body: ContactRequest): Promise<boolean> {
  const res = await fetch('/api/notify/client-request', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) console.error('contact request failed', res.status, await res.text().catch(() => ''));
  return res.ok;
}
