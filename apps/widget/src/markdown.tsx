/** @jsxImportSource preact */
import type { ComponentChildren, VNode } from 'preact';

/*
 * Safe markdown for model answers and operator messages, straight to Preact vnodes: text only
 * ever becomes text nodes, so raw HTML shows as typed and nothing reaches innerHTML.
 * Hand-written because the libraries that render to vnodes without an HTML step
 * (markdown-to-jsx, micromark + hast) cost 6–30 KB gzipped, more than the widget's whole
 * budget allows; chat answers need only paragraphs, line breaks, lists, bold, italic, code
 * and links.
 */

const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/** An absolute http(s)/mailto URL, normalised; anything else (javascript:, data:, relative) → null. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return SAFE_PROTOCOLS.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const link = (href: string, children: ComponentChildren, key: number) => (
  <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
    {children}
  </a>
);

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

// Sticky patterns tried at each position, in order.
const CODE = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/y;
const STRONG = /(\*\*|__)(?!\s)([\s\S]*?\S)\1/y;
const EM = /([*_])(?![\s*_])([\s\S]*?[^\s*_])\1/y;
const LINK = /\[([^\]\n]+)\]\(\s*<?([^)\s>]+)>?\s*\)/y;
const AUTOLINK = /(?:https?:\/\/|mailto:)[^\s<>()]*[^\s<>().,;:!?'"»)]/y;

function at(re: RegExp, text: string, i: number): RegExpExecArray | null {
  re.lastIndex = i;
  return re.exec(text);
}

/** The inline construct starting at `i`, as [node, length consumed], or null for plain text. */
function inlineAt(text: string, i: number, inLink: boolean, key: number): [ComponentChildren, number] | null {
  const c = text[i];
  const before = text[i - 1];
  if (c === '`') {
    const m = at(CODE, text, i);
    if (m) return [<code key={key}>{m[2]}</code>, m[0].length];
  }
  if (c === '*' || c === '_') {
    const strong = at(STRONG, text, i);
    if (strong && (c === '*' || !isWordChar(before)))
      return [<strong key={key}>{renderInline(strong[2] as string, inLink)}</strong>, strong[0].length];
    const em = at(EM, text, i);
    // snake_case_words are not emphasis
    if (em && (c === '*' || (!isWordChar(before) && !isWordChar(text[i + em[0].length]))))
      return [<em key={key}>{renderInline(em[2] as string, inLink)}</em>, em[0].length];
  }
  if (inLink) return null;
  if (c === '[') {
    const m = at(LINK, text, i);
    if (m) {
      const href = safeHref(m[2] as string);
      const label = renderInline(m[1] as string, true);
      // An unsafe target keeps its label as plain text and drops the address.
      return [href ? link(href, label, key) : <span key={key}>{label}</span>, m[0].length];
    }
  }
  if ((c === 'h' || c === 'm') && !isWordChar(before)) {
    const m = at(AUTOLINK, text, i);
    const href = m && safeHref(m[0]);
    if (m && href) return [link(href, m[0].replace(/^mailto:/, ''), key), m[0].length];
  }
  return null;
}

/**
 * A sum kept on one line: the spaces inside "1 500" and before "₽" or "%" become non-breaking,
 * so a narrow bubble never starts a line with "₽" or "500 ₽".
 */
const keepSums = (text: string) => text.replace(/(\d) (?=\d{3}(?!\d)|[₽%])/g, '$1\u00a0');

/** Inline markdown → children. `inLink` stops nested links. */
export function renderInline(text: string, inLink = false): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const next = text[i + 1];
    if (text[i] === '\\' && next && /[\\`*_[\]()#+\-.!~>]/.test(next)) {
      plain += next;
      i += 2;
      continue;
    }
    const found = inlineAt(text, i, inLink, out.length);
    if (!found) {
      plain += text[i];
      i++;
      continue;
    }
    if (plain) out.push(keepSums(plain));
    plain = '';
    out.push(found[0]);
    i += found[1];
  }
  if (plain) out.push(keepSums(plain));
  return out;
}

/** Lines of a paragraph, with soft breaks kept as <br> (chat text is written line by line). */
function withBreaks(lines: string[]): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  lines.forEach((l, n) => {
    if (n) out.push(<br key={`b${n}`} />);
    out.push(...renderInline(l));
  });
  return out;
}

const BULLET = /^\s*([-*+•])\s+(.*)$/;
const ORDERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/;

interface ListBlock {
  kind: 'ul' | 'ol';
  start: number;
  items: string[][];
}
interface ParagraphBlock {
  kind: 'p';
  lines: string[];
}
type Block = ParagraphBlock | ListBlock | { kind: 'h'; text: string };

function parseBlocks(src: string): Block[] {
  const blocks: Block[] = [];
  let list = null as ListBlock | null;
  let para = null as ParagraphBlock | null;
  for (const raw of src.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const item = BULLET.exec(line) ?? ORDERED.exec(line);
    const heading = HEADING.exec(line);
    if (!line.trim()) {
      list = null;
      para = null;
    } else if (item) {
      const kind = /\d/.test(item[1] as string) ? 'ol' : 'ul';
      if (list?.kind !== kind) {
        list = { kind, start: kind === 'ol' ? Number(item[1]) : 1, items: [] };
        blocks.push(list);
      }
      list.items.push([item[2] as string]);
      para = null;
    } else if (heading) {
      blocks.push({ kind: 'h', text: heading[1] as string });
      list = null;
      para = null;
    } else if (list && /^\s/.test(raw)) {
      // An indented line continues the last list item.
      list.items[list.items.length - 1]?.push(line.trim());
    } else if (para) {
      para.lines.push(line);
    } else {
      para = { kind: 'p', lines: [line] };
      blocks.push(para);
      list = null;
    }
  }
  return blocks;
}

/** Markdown → vnodes: paragraphs, headings (as bold lines), bulleted and numbered lists. */
export function renderMarkdown(src: string): VNode[] {
  return parseBlocks(src).map((b, n) => {
    if (b.kind === 'p') return <p key={n}>{withBreaks(b.lines)}</p>;
    if (b.kind === 'h')
      return (
        <p key={n}>
          <strong>{renderInline(b.text)}</strong>
        </p>
      );
    const items = b.items.map((lines, k) => <li key={k}>{withBreaks(lines)}</li>);
    return b.kind === 'ul' ? (
      <ul key={n}>{items}</ul>
    ) : (
      <ol key={n} start={b.start === 1 ? undefined : b.start}>
        {items}
      </ol>
    );
  });
}
