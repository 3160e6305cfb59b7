import type { KnowledgeFileType } from '@otklik/contract';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { type PdfLine, pdfPages } from './pdf-worker';

/** A piece of a document with its role, so chunking can keep headings, paragraphs and table rows apart. */
export type Block = { kind: 'heading'; text: string; level: number } | { kind: 'paragraph' | 'row'; text: string };

/** A parse that cannot go on; its message is the Russian reason shown beside the file. */
export class ParseFailure extends Error {}

const clean = (s: string) =>
  s
    .replace(/\u00ad/g, '')
    .replace(/[\t\u00a0 ]+/g, ' ')
    .trim();

/** `signal` stops a parse that can be stopped (a PDF's, on its own thread) when the job's time is up. */
export async function parseDocument(type: KnowledgeFileType, bytes: Buffer, signal?: AbortSignal): Promise<Block[]> {
  let blocks: Block[];
  try {
    blocks = await PARSERS[type](bytes, signal);
  } catch (err) {
    if (err instanceof ParseFailure) throw err;
    throw new ParseFailure(`Не удалось прочитать файл: он повреждён или это не ${type.toUpperCase()}.`);
  }
  blocks = blocks.map((b) => ({ ...b, text: clean(b.text) })).filter((b) => b.text.length > 0);
  if (blocks.length === 0) throw new ParseFailure('В файле не найден текст.');
  return blocks;
}

const PARSERS: Record<KnowledgeFileType, (bytes: Buffer, signal?: AbortSignal) => Promise<Block[]>> = {
  pdf: parsePdf,
  doc: parseDoc,
  docx: parseDocx,
  txt: async (bytes) => textBlocks(decodeText(bytes)),
  xlsx: parseXlsx,
  csv: async (bytes) => parseCsv(decodeText(bytes)),
};

/** UTF-8 when the bytes are valid UTF-8 (with or without a BOM), otherwise Windows-1251. */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'win1251');
  }
}

/**
 * A line that titles what follows: short, not ending a sentence or a list item, not a table row
 * ("Часы работы", "Что не покрывает гарантия"). Owners write such titles in plain text and PDFs
 * without marking them; kept as headings, the sentences under them keep their subject.
 */
export function isTitleLine(line: string): boolean {
  return (
    line.length >= 2 &&
    line.length <= 70 &&
    /^[\p{Lu}\d«"]/u.test(line) &&
    !/[.!?;:,…]$/.test(line) &&
    !/^([-*•–]|\d+[.)]\s+\p{Ll})/u.test(line) &&
    !/[;|]|\t/.test(line) &&
    (line.match(/\s+/g)?.length ?? 0) <= 8
  );
}

/**
 * Plain text: blank lines separate paragraphs; Markdown-style '#' lines are headings, and so is a
 * title line (isTitleLine) that opens a paragraph or stands alone before one: the file's first
 * one at level 1, the others under it.
 */
export function textBlocks(text: string, more = false): Block[] {
  const blocks: Block[] = [];
  const parts = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  const markdown = parts.some((part) => /^#{1,6}\s/m.test(part));
  let titles = 0;
  parts.forEach((part, p) => {
    const lines = part
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const table = tableOfLines(lines);
    if (table) {
      blocks.push(...(table.headed ? rowsToBlocks(table.rows, true) : cellLinesBlocks(table.rows)));
      return;
    }
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    lines.forEach((line, i) => {
      const md = /^(#{1,6})\s+(.+)$/.exec(line);
      const followed = more || i + 1 < lines.length || parts.slice(p + 1).some((x) => x.trim());
      if (md) {
        flush();
        blocks.push({ kind: 'heading', level: md[1]?.length ?? 1, text: md[2] ?? '' });
      } else if (!markdown && i === 0 && followed && isTitleLine(line)) {
        blocks.push({ kind: 'heading', level: titles++ === 0 && p === 0 ? 1 : 2, text: line });
      } else if (/^([-*•–]|\d+[.)])\s+/.test(line)) {
        // List items stay separate lines: each is usually one fact.
        flush();
        paragraph.push(line);
        flush();
      } else if (line) paragraph.push(line);
    });
    flush();
  });
  return blocks;
}

/**
 * A table typed in plain text: lines of cells between pipes (markdown's "| Услуга | Цена |", its
 * "|---|" line left out) or separated by tabs (a sheet pasted into a text file), two or more of
 * the same number of cells; else undefined.
 */
function tableOfLines(lines: string[]): { rows: string[][]; headed: boolean } | undefined {
  if (lines.length < 2) return undefined;
  const piped = lines.every((l) => /^\|.*\|$/.test(l));
  const tabbed = !piped && lines.every((l) => l.includes('\t'));
  if (!piped && !tabbed) return undefined;
  const rule = (l: string) => piped && /^\|[\s|:-]+\|$/.test(l);
  const rows = lines
    .filter((l) => !rule(l))
    .map((l) => (piped ? l.slice(1, -1).split('|') : l.split('\t')).map((c) => clean(c)));
  const width = rows[0]?.length ?? 0;
  // Markdown's rule under the first line says it names the columns.
  if (rows.length >= 2 && width >= 2 && rows.every((r) => r.length === width))
    return { rows, headed: rule(lines[1] ?? '') };
  return undefined;
}

/** A cell that holds a value, not a column's name: a figure, a time, an amount, or a label ending in ":". */
const VALUE_CELL = /^[\d+−–-]|\d{1,2}[:.]\d{2}|\d\s*(?:₽|руб\.?|р\.?|%)$|:$/u;

/**
 * Lines of cells found among paragraphs (a PDF's, a Word 97 file's, a text file's): records with
 * the first line's column names when it reads as them (no cell of it holds a value), else each
 * line a paragraph of its cells ("Пн–Пт 9:00–20:00" of a list of hours set in two columns).
 */
function cellLinesBlocks(rows: string[][]): Block[] {
  const [first] = rows;
  if (rows.length >= 2 && first && first.every((c) => !VALUE_CELL.test(c))) return rowsToBlocks(rows);
  return rows.map((r) => ({ kind: 'paragraph' as const, text: r.filter(Boolean).join(' ') }));
}

/** A PDF's text, read by pdf.js in its own thread (pdf-worker.ts), as headings and paragraphs. */
async function parsePdf(bytes: Buffer, signal?: AbortSignal): Promise<Block[]> {
  const table: PdfTable = { header: undefined };
  return joinAcrossPages((await pdfPages(bytes, signal)).map((lines) => pdfPageBlocks(lines, table)));
}

/**
 * A paragraph a page ends in mid-sentence goes on with the next page's first paragraph when that
 * starts in lower case ("… Неиспользованные" / "занятия, кроме пропущенных…").
 */
function joinAcrossPages(pages: Block[][]): Block[] {
  const blocks: Block[] = [];
  for (const page of pages) {
    const last = blocks[blocks.length - 1];
    const [first, ...rest] = page;
    if (
      last?.kind === 'paragraph' &&
      first?.kind === 'paragraph' &&
      !/[.!?:;…]["»)]?$/.test(last.text) &&
      /^[a-zа-яё]/.test(first.text)
    ) {
      const hyphen = /\p{L}-$/u.test(last.text);
      blocks[blocks.length - 1] = {
        kind: 'paragraph',
        text: hyphen ? last.text.slice(0, -1) + first.text : `${last.text} ${first.text}`,
      };
      blocks.push(...rest);
    } else blocks.push(...page);
  }
  return blocks;
}

/** The header of the table a page ended with: the next page's rows of as many cells go on under it. */
interface PdfTable {
  header: string[] | undefined;
}

/** The body text's font size of a page: the size most of its characters are set in. */
function bodyHeight(lines: PdfLine[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) if (l.height) chars.set(l.height, (chars.get(l.height) ?? 0) + l.text.length);
  return [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * PDF text comes as lines; a line that does not end a sentence and is followed by more text
 * continues the same paragraph, hyphenated words are joined. A title line set larger than the
 * page's body text is a heading (the largest of the page's titles a level above the others).
 */
function pdfPageBlocks(lines: PdfLine[], table: PdfTable): Block[] {
  const blocks: Block[] = [];
  const body = bodyHeight(lines);
  const titleHeights = lines.filter((l) => body && l.height > body * 1.05 && isTitleLine(l.text.trim()));
  const top = Math.max(0, ...titleHeights.map((l) => l.height));
  const chars = (list: PdfLine[]) => list.reduce((n, l) => n + l.text.trim().length, 0);
  const fewBold = chars(lines.filter((l) => l.bold)) * 2 < chars(lines);
  let current = '';
  const flush = () => {
    if (current) blocks.push({ kind: 'paragraph', text: current });
    current = '';
  };
  // Lines of cells (the worker marks a column gap with a tab): two or more together are a table,
  // its first line the column names, unless they go on with the previous page's table.
  const cellLines = lines.map((l) => {
    const cells = l.text.trim().split(/\t+/);
    return cells.length >= 2 ? cells.map((c) => c.trim()) : undefined;
  });
  // Lines of as many cells as the previous page's table, at the top of this page, may go on with it.
  const carriedOn = (cells: string[] | undefined) =>
    table.header !== undefined && blocks.length === 0 && !current && cells?.length === table.header.length;
  // Each line's next line with text, found in one pass from the end (a look past every line for
  // each would be quadratic in a page's lines).
  const nextLine: (PdfLine | undefined)[] = [];
  for (let i = lines.length - 1, after: PdfLine | undefined; i >= 0; i--) {
    nextLine[i] = after;
    const l = lines[i];
    if (l?.text.trim()) after = l;
  }
  const nextText = nextLine.map((l) => l?.text.trim() ?? '');
  let rows: string[][] = [];
  const flushRows = () => {
    if (rows.length === 0) return;
    const header = table.header;
    // The previous page's table goes on: under its column names (repeated on this page or not),
    // unless this page's first line names other columns.
    const first = rows[0] ?? [];
    const repeated = header !== undefined && first.join('\t') === header.join('\t');
    const newHeader = !repeated && first.every((c) => !VALUE_CELL.test(c));
    const all = header && carriedOn(first) && !newHeader ? [header, ...(repeated ? rows.slice(1) : rows)] : rows;
    const kept = all.length >= 2 ? cellLinesBlocks(all) : [];
    if (kept.some((b) => b.kind === 'row')) table.header = all[0];
    if (kept.length) blocks.push(...kept);
    else current = rows.map((r) => r.join(' ')).join(' ');
    rows = [];
  };
  for (const [i, raw] of lines.entries()) {
    const cells = cellLines[i];
    // A line of as many cells as the table's lines so far (a row with an empty cell has fewer, and
    // its values would fall under the wrong names: it is read as a paragraph).
    const fits = cells && (rows.length === 0 || cells.length === rows[0]?.length);
    if (cells && fits && (rows.length > 0 || cells.length === cellLines[i + 1]?.length || carriedOn(cells))) {
      flush();
      rows.push(cells);
      continue;
    }
    flushRows();
    // A line of cells of no table (a row with an empty cell): a paragraph of its own.
    if (cells) {
      flush();
      blocks.push({ kind: 'paragraph', text: cells.join(' ') });
      continue;
    }
    const line = raw.text.replace(/\t+/g, ' ').trim();
    if (!line) {
      flush();
      continue;
    }
    if (titleHeights.includes(raw)) {
      flush();
      blocks.push({
        kind: 'heading',
        level: raw.height >= top && titleHeights.some((l) => l.height < top) ? 1 : 2,
        text: line,
      });
      continue;
    }
    // A title set in bold at the body's size, with text not in bold under it, on a page whose text
    // is not mostly bold: a section's title, as in a Word file (boldTitle).
    if (raw.bold && fewBold && titleInBold(line) && nextLine[i]?.bold === false) {
      flush();
      blocks.push({ kind: 'heading', level: BOLD_TITLE_LEVEL, text: line });
      continue;
    }
    if (!current) current = line;
    else if (/[А-Яа-яA-Za-z]-$/.test(current)) current = current.slice(0, -1) + line;
    else current = `${current} ${line}`;
    // A line ending in a colon or a semicolon goes on when the next starts in lower case ("…начал
    // работу:" / "их делают заранее…"): a line's end is no paragraph's.
    const next = nextText[i] ?? '';
    if (/[.!?]$/.test(line) || (/[:;]$/.test(line) && !/^[a-zа-яё]/.test(next))) flush();
  }
  flushRows();
  flush();
  // A page that does not end with a table leaves none for the next.
  if (blocks[blocks.length - 1]?.kind !== 'row') table.header = undefined;
  return blocks;
}

async function parseDoc(bytes: Buffer): Promise<Block[]> {
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(bytes);
  const text = [doc.getBody(), doc.getTextboxes({ includeHeadersAndFooters: false }), doc.getFootnotes()].join('\n');
  return wordTextBlocks(text);
}

/** The lines a table cell of a Word 97 file may run over. */
const MAX_CELL_LINES = 4;

/**
 * The blocks of a Word 97 file's text as word-extractor gives it: a paragraph a line, and a table
 * row a line of cells each ended by a tab ("Услуга\tЦена\t"; a cell holding a line break goes on
 * to the next line). Consecutive rows are a table whose first row names the columns, as in the
 * other formats, so a price list in a .doc stays records.
 */
export function wordTextBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let prose: string[] = [];
  let rows: string[][] = [];
  let pending = '';
  const flushProse = (tableNext = false) => {
    if (prose.length === 0) return;
    // Word ends every paragraph with a line break; a blank line between them keeps them apart.
    // A title line just before a table is the table's heading.
    const more = textBlocks(prose.join('\n').replace(/\r?\n/g, '\n\n'), tableNext);
    // One title for the file: text after a table goes on under it.
    const titled = blocks.some((b) => b.kind === 'heading');
    blocks.push(...more.map((b) => (b.kind === 'heading' && titled && b.level === 1 ? { ...b, level: 2 } : b)));
    prose = [];
  };
  const flushRows = () => {
    if (rows.length) blocks.push(...cellLinesBlocks(rows));
    rows = [];
  };
  let continued = 0;
  for (const line of text.split(/\r?\n/)) {
    const row = pending ? `${pending} ${line}` : line;
    if (/\t\s*$/.test(row)) {
      // A row ends with its last cell's tab.
      pending = '';
      continued = 0;
      flushProse(true);
      rows.push(
        row
          .replace(/\t\s*$/, '')
          .split('\t')
          .map(clean),
      );
      continue;
    }
    // Inside a table, a cell holding a line break goes on to the next line (a few at most);
    // elsewhere a tab is only a paragraph's ("г. Пенза\t\t1 марта 2024 г.").
    if (row.includes('\t') && rows.length > 0 && continued < MAX_CELL_LINES) {
      pending = row;
      continued++;
      continue;
    }
    pending = '';
    continued = 0;
    flushRows();
    prose.push(row);
  }
  if (pending) prose.push(pending);
  flushRows();
  flushProse();
  return blocks;
}

async function parseDocx(bytes: Buffer): Promise<Block[]> {
  const { default: mammoth } = await import('mammoth');
  // Word's title styles are headings too (mammoth maps only "Heading N" by default).
  const { value: html } = await mammoth.convertToHtml(
    { buffer: bytes },
    {
      styleMap: [
        "p[style-name='Title'] => h1:fresh",
        'p.Title => h1:fresh',
        "p[style-name='Subtitle'] => h2:fresh",
        'p.Subtitle => h2:fresh',
      ],
    },
  );
  return await htmlBlocks(html);
}

/** Headings, paragraphs, list items and table rows (with the header row's names) of an HTML fragment. */
export async function htmlBlocks(html: string): Promise<Block[]> {
  // Loaded by the first Word file rather than at start (idle memory).
  const { parseHTML } = await import('linkedom');
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return elementBlocks(document.body as unknown as DomElement);
}

/** The little of the DOM we read; the server is compiled without the DOM library. */
export interface DomElement {
  tagName: string;
  children: ArrayLike<DomElement>;
  textContent: string | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}

/**
 * A paragraph set wholly in bold that reads as a title ("Оплата", "Возврат и обмен"): how many
 * Word files and pages title their sections instead of with a heading style. Under the headings
 * that have a level of their own.
 */
const BOLD_TITLE_LEVEL = 3;
/** A line set in bold that reads as a title, not a fact set in bold ("Телефон: +7 900 123-45-67"). */
const titleInBold = (text: string) => isTitleLine(text) && !text.includes(':') && (text.match(/\d/g)?.length ?? 0) <= 4;
function boldTitle(p: DomElement): boolean {
  const text = clean(p.textContent ?? '');
  if (!titleInBold(text)) return false;
  const bare = (t: string) => t.replace(/\s+/g, '');
  // Bold inside bold counts its text twice; bold words apart lose the space between them.
  const bold = Array.from(p.querySelectorAll('strong, b'))
    .map((b) => bare(b.textContent ?? ''))
    .join('');
  return bold.includes(bare(text));
}

export function elementBlocks(root: DomElement): Block[] {
  const blocks: Block[] = [];
  const boldHeadings = new Set<BoldHeading>();
  const walk = (el: DomElement) => {
    for (const child of Array.from(el.children)) {
      const tag = child.tagName.toLowerCase();
      const heading = /^h([1-6])$/.exec(tag);
      if (heading) blocks.push({ kind: 'heading', level: Number(heading[1]), text: child.textContent ?? '' });
      else if (tag === 'table') blocks.push(...tableBlocks(child));
      else if (tag === 'p' || tag === 'li' || tag === 'pre' || tag === 'blockquote' || tag === 'dd' || tag === 'dt') {
        if (child.querySelector('table, ul, ol, p')) walk(child);
        else if (tag === 'p' && boldTitle(child)) {
          const heading: BoldHeading = { kind: 'heading', level: BOLD_TITLE_LEVEL, text: child.textContent ?? '' };
          boldHeadings.add(heading);
          blocks.push(heading);
        } else blocks.push({ kind: 'paragraph', text: child.textContent ?? '' });
      } else if (tag !== 'script' && tag !== 'style' && tag !== 'nav' && tag !== 'noscript') {
        if (child.children.length) walk(child);
        else if (child.textContent?.trim()) blocks.push({ kind: 'paragraph', text: child.textContent });
      }
    }
  };
  walk(root);
  // A bold line with nothing under it but another heading is text set in bold, not a title
  // (chunking drops a heading with nothing under it): a paragraph again.
  return blocks.map((b, i) => {
    const next = blocks[i + 1];
    const alone = !next || next.kind === 'heading';
    return b.kind === 'heading' && boldHeadings.has(b) && alone ? { kind: 'paragraph' as const, text: b.text } : b;
  });
}
type BoldHeading = Block & { kind: 'heading' };

/**
 * A cell's text, its paragraphs apart: Word keeps each line of a cell a paragraph ("3 этаж" / "Вход
 * с торца"), whose text run together would read "3 этажВход". A paragraph not ending a sentence
 * ends one.
 */
function cellText(cell: DomElement): string {
  const paragraphs = Array.from(cell.querySelectorAll('p'))
    .map((p) => clean(p.textContent ?? ''))
    .filter(Boolean);
  if (paragraphs.length < 2) return clean(cell.textContent ?? '');
  return paragraphs.reduce((text, p) => (text ? `${text}${/[.!?:;,]$/.test(text) ? ' ' : '. '}${p}` : p), '');
}

function tableBlocks(table: DomElement): Block[] {
  const trs = Array.from(table.querySelectorAll('tr'));
  const rows = trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map(cellText));
  // A first row of <th> cells names the columns, whatever they say.
  const first = trs.find((tr) => tr.textContent?.trim());
  const headed = !!first && first.querySelector('td') === null && first.querySelector('th') !== null;
  return rowsToBlocks(rows, headed);
}

/**
 * Rows of a sheet or a table, as blocks (oneTableBlocks). Empty rows may part tables: a sheet often
 * holds several, each with its column names ("Услуга | Цена" … "Маникюр | Цена | Время"), its
 * contacts below them. After an empty row, a row of names (capitalised, no values) with values
 * under it opens a new table; rows holding values of the kinds the last table's rows hold go on
 * under its names (an empty spacer row inside one table, "по запросу" for a price), their title
 * rows its section headings; other rows (a phone and an address under a price list) are a table of
 * their own. A row of names alone heads the rows after the next empty row; title rows alone title
 * what follows, and at the end are paragraphs. `headed`: the first row is known to name the columns
 * (a Markdown rule under it, a row of <th>).
 */
export function rowsToBlocks(rows: string[][], headed = false): Block[] {
  const groups: string[][][] = [[]];
  for (const row of rows) {
    if (row.some((c) => c !== '')) groups[groups.length - 1]?.push(row);
    else if (groups[groups.length - 1]?.length) groups.push([]);
  }
  const filled = groups.filter((g) => g.length > 0);
  if (filled.length <= 1) return oneTableBlocks(filled[0] ?? [], headed);
  const blocks: Block[] = [];
  let header: string[] | undefined;
  let sample: string[] | undefined;
  let titles: string[][] = [];
  let names: string[] | undefined;
  filled.forEach((group, g) => {
    const at = group.findIndex((r) => cellCount(r) >= 2);
    titles.push(...group.slice(0, at < 0 ? group.length : at));
    const body = at < 0 ? [] : group.slice(at);
    const [first] = body;
    if (!first) return;
    const last = g === filled.length - 1;
    const own = (headed && g === 0) || headerRow(first);
    if (body.length === 1 && own && !last && !names) {
      names = first;
      return;
    }
    const table = names ? [names, ...body] : own && body.some((r) => valuesUnder(r, first)) ? body : undefined;
    names = undefined;
    const fits = (r: string[]) => !!header && cellCount(r) <= header.length;
    if (
      !table &&
      header &&
      sample &&
      body.every(fits) &&
      (body.every((r) => sameKinds(r, sample ?? [])) || (body.length === 1 && !labelValueTable(body)))
    ) {
      // Rows going on under the last names; title rows between them are its sections.
      for (const t of titles) blocks.push({ kind: 'heading', level: SECTION_LEVEL, text: t.find(Boolean) ?? '' });
      titles = [];
      for (const r of body) blocks.push(recordOf(header, r));
      return;
    }
    const read = oneTableBlocks([...titles, ...(table ?? body)], table !== undefined || (headed && g === 0));
    titles = [];
    blocks.push(...read);
    if (read.some((b) => b.kind === 'row')) {
      header = (table ?? body)[0];
      sample = (table ?? body)[1];
    } else header = sample = undefined;
  });
  const rest = names ? [...titles, names] : titles;
  blocks.push(...rest.map((r): Block => ({ kind: 'paragraph', text: r.filter(Boolean).join(' ') })));
  return blocks;
}

/**
 * A row naming columns: none of its cells holds a value, each begins with a capital ("Цена, руб."),
 * or names its unit after a comma as no value does ("5 сеансов (−10 %), ₽", "Вес, г").
 */
const headerRow = (row: string[]) =>
  row
    .filter(Boolean)
    .every((c) => UNIT_NAME.test(c) || (!VALUE_CELL.test(c) && !contactValue(c) && /^[\p{Lu}«"]/u.test(c)));
const UNIT_NAME = /\p{L}.*,\s*(?:₽|руб\.?|р\.|%|мин\.?|г|кг|мл|л|см|шт\.?)$/u;
/** Whether a row holds a value in a column whose name `names` holds. */
const valuesUnder = (row: string[], names: string[]) =>
  row !== names && row.some((c, i) => c !== '' && cellKind(c) !== 'text' && cellKind(names[i] ?? '') === 'text');
/** What a cell holds, as far as telling one table's rows from another's. */
function cellKind(cell: string): string {
  if (!cell) return 'empty';
  if (LINK.test(cell)) return 'link';
  if (isPhone(cell)) return 'phone';
  if (TIME.test(cell)) return 'time';
  if (ADDRESS.test(cell)) return 'address';
  if (/^(?:от\s+|до\s+|\+)?\d/.test(cell) || /\d\s*(?:₽|руб\.?|р\.?|%)$/.test(cell)) return 'number';
  return 'text';
}
/**
 * Rows whose value cells (past the first, which names the row) hold values alike: a price and "по
 * запросу" are, a price and a phone, a time or an address are not.
 */
function sameKinds(row: string[], sample: string[]): boolean {
  const plain = (kind: string) => kind === 'text' || kind === 'number';
  return row.every((c, i) => {
    const a = cellKind(c);
    const b = cellKind(sample[i] ?? '');
    return i === 0 || a === 'empty' || b === 'empty' || a === b || (plain(a) && plain(b));
  });
}
/** Cells holding a contact: an e-mail or a link, a phone, an address; and a time of day. */
const LINK = /@|https?:|www\.|t\.me\//i;
const isPhone = (cell: string) =>
  /^\+\d/.test(cell) || (/^[\d\s()–-]+$/.test(cell) && (cell.match(/\d/g)?.length ?? 0) >= 10);
const ADDRESS = /(?<!\p{L})(?:ул|пр|пер|д|корп|стр)\.\s*\S|(?<!\p{L})г\.\s*\p{Lu}/u;
const TIME = /(?<![\d.,])\d{1,2}:\d{2}(?!\d)/;
const contactValue = (cell: string) => LINK.test(cell) || isPhone(cell) || ADDRESS.test(cell);
/** The level of a table's section heading (a title row between its rows). */
const SECTION_LEVEL = 3;
const cellCount = (r: string[]) => r.filter(Boolean).length;

/**
 * Each row keeps the header row's names ("Колонка: значение; …"), so a price-list row found
 * alone by search still says what its numbers are.
 */
function oneTableBlocks(rows: string[][], headed = false): Block[] {
  const filled = rows.filter((r) => r.some((c) => c !== ''));
  // A sheet's title above its table ("Прайс-лист салона «Лилия»" in A1): rows of one cell before
  // the first of several are titles, not the column names.
  const wide = filled.some((r) => cellCount(r) >= 2);
  const titles: Block[] = [];
  while (wide && filled.length > 1 && cellCount(filled[0] ?? []) === 1) {
    const title = (filled.shift() ?? []).find(Boolean) ?? '';
    titles.push(isTitleLine(title) ? { kind: 'heading', level: 2, text: title } : { kind: 'paragraph', text: title });
  }
  const [header, ...body] = filled;
  if (!header) return titles;
  // A table of labels and their values ("Адрес | ул. Ленина, 5", "Телефон | +7 …") has no
  // header: its first row is a record like the others, each row a label and its value.
  if (!headed && labelValueTable(filled))
    return [
      ...titles,
      ...filled.map((row): Block => {
        const [label = '', ...rest] = row.filter(Boolean);
        return { kind: 'paragraph', text: rest.length ? `${label.replace(/:$/, '')}: ${rest.join(' ')}` : label };
      }),
    ];
  if (body.length === 0) return [...titles, { kind: 'row', text: header.filter(Boolean).join('; ') }];
  const names = header.map((h, i) => h || `Колонка ${i + 1}`);
  // A row of its first cell alone in a table of three columns or more names the section the rows
  // below it belong to ("Мужской зал"): a heading over them, not a record.
  const section = (row: string[]) => names.length >= 3 && cellCount(row) === 1 && isTitleLine(row[0] ?? '');
  return [
    ...titles,
    ...body.map(
      (row): Block =>
        section(row) ? { kind: 'heading', level: SECTION_LEVEL, text: row[0] ?? '' } : recordOf(names, row),
    ),
  ];
}

/** A row as a record of its cells under the header's names ("Услуга: Стрижка; Цена: 1800"). */
function recordOf(header: string[], row: string[]): Block {
  const text = row
    .map((value, i) => (value ? `${header[i] || `Колонка ${i + 1}`}: ${value}` : ''))
    .filter(Boolean)
    .join('; ');
  return { kind: 'row', text };
}

/**
 * Rows of two cells whose first row is no header: its second cell holds a value (a figure, a time,
 * a phone, an address, a link) where a header holds a column's name ("Цена, руб.", "Цена 2024").
 */
function labelValueTable(rows: string[][]): boolean {
  const [first] = rows;
  if (!first || rows.some((r) => cellCount(r) > 2)) return false;
  const [label = '', value = ''] = first.filter(Boolean);
  return isTitleLine(label.replace(/:$/, '')) && (VALUE_CELL.test(value) || contactValue(value));
}

/**
 * `;` and `,` (and tab) are told apart by papaparse's delimiter guess over the first rows, made
 * without the empty lines (a line of one empty field upsets it); the empty lines are kept, as they
 * part tables (rowsToBlocks).
 */
export function parseCsv(text: string): Block[] {
  const bare = text.replace(/^\ufeff/, '');
  const { delimiter } = Papa.parse<string[]>(bare, {
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: 'greedy',
    preview: 100,
  }).meta;
  const result = Papa.parse<string[]>(bare, { delimiter, skipEmptyLines: false });
  return rowsToBlocks(result.data.map((row) => row.map((c) => clean(String(c ?? '')))));
}

async function parseXlsx(bytes: Buffer): Promise<Block[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const blocks: Block[] = [];
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    let previous = 0;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      // An empty row between parts tables (rowsToBlocks).
      if (row.number > previous + 1 && rows.length) rows.push([]);
      previous = row.number;
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = clean(cell.text ?? '');
      });
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
    const sheetBlocks = rowsToBlocks(rows);
    if (sheetBlocks.length === 0) return;
    if (workbook.worksheets.length > 1 || !/^(Sheet|Лист)\s*\d+$/i.test(sheet.name))
      blocks.push({ kind: 'heading', level: 1, text: sheet.name });
    blocks.push(...sheetBlocks);
  });
  return blocks;
}
