export type ContentPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/** `[text](url)`: attachments arrive as `📎 [name](url)` (spec §7, the visitor's files). */
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Only web addresses and our own paths become links; anything else (javascript:, data:) stays text. */
export function safeHref(raw: string): string | null {
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits a message into text and links; the caller renders them as text nodes and anchors, never as HTML. */
export function parseContent(content: string): ContentPart[] {
  const parts: ContentPart[] = [];
  let last = 0;
  for (const match of content.matchAll(LINK)) {
    const [whole, text = '', raw = ''] = match;
    const href = safeHref(raw);
    if (!href) continue;
    if (match.index > last) parts.push({ type: 'text', text: content.slice(last, match.index) });
    parts.push({ type: 'link', text, href });
    last = match.index + whole.length;
  }
  if (last < content.length) parts.push({ type: 'text', text: content.slice(last) });
  return parts;
}

/** The message as plain text (links by their names), for one-line previews. */
export const plainText = (content: string): string =>
  parseContent(content)
    .map((p) => p.text)
    .join('');

/** Spec §2.13: the date in the Russian locale; createdAt is in seconds. */
export const formatMessageDate = (createdAt: number): string =>
  new Date(createdAt * 1000).toLocaleString('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
