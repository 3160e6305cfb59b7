/**
 * Answers as Telegram messages (Bot API `parse_mode: 'HTML'`): the text escaped, markdown links
 * of the answer (`[label](https://…)`, the widget's attachment links) kept as <a> tags, bold
 * (`**…**`) as <b>; cut into messages below Telegram's 4,096-character limit at sentence
 * boundaries, never inside a tag. Written here, not with a library: Telegram's HTML is a small
 * fixed subset, and the splitting must know where our own tags are.
 */

/** Telegram refuses longer texts ("message is too long"); the parsed text is what counts, we keep a margin. */
export const TELEGRAM_TEXT_LIMIT = 4096;
const PIECE_LIMIT = 3800;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
export const escapeAttr = (s: string) => escapeHtml(s).replace(/"/g, '&quot;');

const LINK = /\[((?:\\.|[^\]\\\n]){1,300})\]\(((?:https?:\/\/|tg:\/\/)[^\s)]{1,2000})\)/g;
const BOLD = /\*\*([^*\n]{1,500})\*\*/g;

/** One piece of an answer as Telegram HTML. */
export function toTelegramHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    out += inline(text.slice(last, m.index));
    // The label may carry escaped brackets (`\[`), as the widget's attachment links do.
    out += `<a href="${escapeAttr(m[2] ?? '')}">${escapeHtml((m[1] ?? '').replace(/\\([[\]\\])/g, '$1'))}</a>`;
    last = (m.index ?? 0) + m[0].length;
  }
  return out + inline(text.slice(last));
}

const inline = (s: string) => escapeHtml(s).replace(BOLD, '<b>$1</b>');

/** Length of the text Telegram counts: without tags, entities as one character. */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]+>/g, '').replace(/&(?:amp|lt|gt|quot);/g, '_').length;
}

/**
 * The answer as Telegram messages: whole when it fits, else pieces cut after a sentence (or a
 * line, or a word, as a last resort) so that each stays below the limit.
 */
export function telegramMessages(text: string): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest) {
    if (fits(rest)) {
      pieces.push(toTelegramHtml(rest));
      break;
    }
    const cut = cutAt(rest);
    pieces.push(toTelegramHtml(rest.slice(0, cut).trim()));
    rest = rest.slice(cut).trim();
  }
  return pieces.filter(Boolean);
}

const fits = (s: string) => s.length <= PIECE_LIMIT && visibleLength(toTelegramHtml(s)) < TELEGRAM_TEXT_LIMIT;

/** Where to cut: the last sentence end, else line break, else space within the limit, never inside a link. */
function cutAt(s: string): number {
  const window = s.slice(0, PIECE_LIMIT);
  const links = [...s.matchAll(LINK)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  const safe = (i: number) => i > 0 && !links.some(([a, b]) => i > a && i < b);
  for (const boundary of [/[.!?…](?=\s)/g, /\n/g, /\s/g]) {
    let best = -1;
    for (const m of window.matchAll(boundary)) {
      const i = (m.index ?? 0) + m[0].length;
      if (safe(i)) best = i;
    }
    if (best > PIECE_LIMIT / 2) return best;
  }
  return PIECE_LIMIT;
}
