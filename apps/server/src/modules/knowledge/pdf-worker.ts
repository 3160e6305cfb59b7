import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A line of a PDF page as pdf.js lays it out: its text, the height of its largest glyphs and
 * whether all its text is set in a bold face.
 */
export interface PdfLine {
  text: string;
  height: number;
  bold?: boolean;
}

/**
 * pdf.js runs in a worker thread of its own, for three reasons measured on this server:
 * - Its legacy build (the one for Node 20) brings core-js polyfills that replace
 *   `Array.prototype.push`, `JSON.parse` and `JSON.stringify` in the realm that imports it, for
 *   good: after the first PDF an owner uploaded, every request of the server ran them about six
 *   times slower (200,000 stringify + parse + ten pushes: 0.54 s before the import, 3.1 s after).
 *   In a worker they change the worker's realm only.
 * - A long PDF's text takes seconds of CPU (100 pages: about 1.6 s), which the main thread owes
 *   to visitors' messages.
 * - A parse that hangs or swells (a crafted file) can be stopped: the worker is terminated, and
 *   its heap is bounded.
 * The worker is plain JavaScript given as text, like the database's (infra/db/pglite-worker.ts),
 * so it runs the same from the sources (tsx, vitest) and from the bundle. One parse at a time;
 * the worker ends when idle, and pdf.js's memory with it.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
let pdfjs;
// A gap on a line wider than this many times the font's size is a table's column gap.
const COLUMN_GAP = 1.5;
// A bold face's name ("Arial-BoldMT", "Calibri,Bold", "Roboto-SemiBold", "Helvetica-Black").
const BOLD = /bold|black|heavy/i;
parentPort.on('message', async (bytes) => {
  try {
    pdfjs ??= await import(workerData.pdfjs);
    const doc = await pdfjs.getDocument({
      data: bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      // Text only: images are never decoded (reading a page's drawing for its fonts would decode
      // them all, outside the worker's heap limit, four times the time of a page's text).
      maxImageSize: 0,
      verbosity: 0,
    }).promise;
    const pages = [];
    try {
      for (let p = 1; p <= doc.numPages; p++) {
        const page = await doc.getPage(p);
        const content = await page.getTextContent();
        const lines = [{ text: '', height: 0, fonts: [] }];
        // A gap wider than about three letters on a line is a table's column gap: pdf.js writes it
        // as a space as wide as the gap (or leaves the next cell further on); it becomes a tab.
        // (Backslashes doubled: this is the source of the worker, inside a template literal.)
        let end = null;
        for (const item of content.items) {
          if (!('str' in item)) continue;
          const line = lines[lines.length - 1];
          const size = Math.abs(item.transform[0]) || item.height || 10;
          const x = item.transform[4];
          if (!item.str.trim()) {
            line.text += item.width > COLUMN_GAP * size ? '\\t' : item.str;
          } else {
            if (end !== null && line.text && !/\\s$/.test(line.text) && x - end > COLUMN_GAP * size) line.text += '\\t';
            line.text += item.str;
            line.height = Math.max(line.height, item.height);
            line.fonts.push(item.fontName);
          }
          end = x + item.width;
          if (item.hasEOL) {
            lines.push({ text: '', height: 0, fonts: [] });
            end = null;
          }
        }
        // Which fonts are bold only the fonts' names tell ("Arial-BoldMT", "DejaVuSans-Bold"), and
        // pdf.js names them once the page's drawing is read, which costs about half as much again
        // as its text: only a page with a line shaped as parsers.ts's isTitleLine (short, a capital
        // first, no tab, ending no sentence) with text after it is read so.
        // The last line with text has nothing under it: no title.
        let lastText = lines.length - 1;
        while (lastText >= 0 && !lines[lastText].text.trim()) lastText--;
        const title = lines.some((l, i) => {
          const t = l.text.trim();
          return (
            i < lastText && t.length >= 2 && t.length <= 70 && /^[\\p{Lu}\\d«"]/u.test(t) &&
            !/[.!?;:,…]$/.test(t) && !t.includes('\\t')
          );
        });
        let fonts = false;
        if (title) {
          // Only titles hang on it: a page whose drawing cannot be read keeps its text.
          try {
            await page.getOperatorList();
            fonts = true;
          } catch {}
        }
        const boldFont = new Map();
        const isBold = (name) => {
          if (!boldFont.has(name)) {
            const font = page.commonObjs.has(name) ? page.commonObjs.get(name) : undefined;
            boldFont.set(name, BOLD.test((font && font.name) || ''));
          }
          return boldFont.get(name);
        };
        for (const line of lines) {
          if (fonts && line.fonts.length) line.bold = line.fonts.every(isBold);
          delete line.fonts;
        }
        page.cleanup();
        pages.push(lines);
      }
    } finally {
      await doc.destroy();
    }
    parentPort.postMessage({ pages });
  } catch (e) {
    parentPort.postMessage({ error: String((e && e.message) || e) });
  }
});
`;

/** The worker ends this long after its last parse (pdf.js holds tens of MB while loaded). */
const IDLE_MS = 10_000;
/** The worker's heap: a PDF whose text needs more is not a knowledge document. */
const MAX_HEAP_MB = 512;

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  const pdfjs = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  const w = new Worker(WORKER_CODE, {
    eval: true,
    workerData: { pdfjs },
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  });
  w.unref();
  return w;
}

function stopWorker(w: Worker): void {
  if (worker === w) worker = undefined;
  void w.terminate();
}

/** One parse on the worker (started if need be); a parse stopped by `signal` terminates it. */
function parseOnWorker(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfLine[][]> {
  clearTimeout(idleTimer);
  signal?.throwIfAborted();
  worker ??= startWorker();
  const w = worker;
  return new Promise<PdfLine[][]>((resolve, reject) => {
    const done = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      w.unref();
    };
    const onMessage = (m: { pages?: PdfLine[][]; error?: string }) => {
      done();
      idleTimer = setTimeout(() => stopWorker(w), IDLE_MS);
      idleTimer.unref();
      if (m.pages) resolve(m.pages);
      else reject(new Error(m.error ?? 'the PDF could not be read'));
    };
    const onError = (err: Error) => {
      done();
      stopWorker(w);
      reject(err);
    };
    const onExit = (code: number) => onError(new Error(`the PDF worker exited (${code})`));
    const onAbort = () => onError(signal?.reason instanceof Error ? signal.reason : new Error('the parse was stopped'));
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    w.ref();
    // A copy of the bytes is moved to the worker: the caller's buffer may be a view of a larger pool.
    const copy = new Uint8Array(bytes);
    w.postMessage(copy, [copy.buffer]);
  });
}

/**
 * The lines of each page of a PDF, read by pdf.js in its worker thread (see WORKER_CODE's
 * comment). Parses queue up one after another; an aborted one stops its worker at once.
 */
export function pdfPages(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfLine[][]> {
  const run = queue.then(() => parseOnWorker(bytes, signal));
  queue = run.catch(() => undefined);
  return run;
}

/** Whether a PDF worker is running now (tests: it ends when idle or stopped). */
export function pdfWorkerRunning(): boolean {
  return worker !== undefined;
}
