import { domainToUnicode } from 'node:url';
import type { Readability } from '@mozilla/readability';
import { SCRAPE_MAX_PAGES, SCRAPE_PAGE_TIMEOUT_MS } from '@otklik/contract';
import { type DomElement, decodeText, elementBlocks } from './parsers';
import { type FetchedPage, FetchRefused, safeFetch } from './safe-fetch';

export interface ScrapeLimits {
  maxPages: number;
  pageTimeoutMs: number;
  pageMaxBytes: number;
  allowLoopback: boolean;
}

const DEFAULTS: ScrapeLimits = {
  maxPages: SCRAPE_MAX_PAGES,
  pageTimeoutMs: SCRAPE_PAGE_TIMEOUT_MS,
  pageMaxBytes: 5 * 1024 * 1024,
  allowLoopback: false,
};

/** Links to these are files, not pages. */
const NOT_A_PAGE =
  /\.(pdf|docx?|xlsx?|csv|zip|rar|7z|gz|jpe?g|png|gif|webp|svg|ico|mp[34]|avi|mov|webm|css|js|json|xml|woff2?|ttf|exe|dmg)$/i;

export const siteKey = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * The knowledge file's name: the site's host as the owner typed it. URL parsing turns a Cyrillic
 * domain into punycode (`xn--…`), which the owner would not recognise in the list.
 */
export function siteFileName(pageUrl: string): string {
  const host = new URL(pageUrl).hostname;
  return siteKey(domainToUnicode(host) || host);
}

/** The longest a crawl with these limits can take: every page waited for to its time limit. */
export function maxCrawlMs(limits: Partial<ScrapeLimits> = {}): number {
  const l = { ...DEFAULTS, ...limits };
  return l.maxPages * l.pageTimeoutMs;
}

/** The start page, checked and fetched; a refusal or the site's error status is thrown as FetchRefused. */
export async function fetchStartPage(
  url: string,
  limits: Partial<ScrapeLimits> = {},
  signal?: AbortSignal,
): Promise<FetchedPage> {
  const l = { ...DEFAULTS, ...limits };
  const page = await safeFetch(url, {
    allowLoopback: l.allowLoopback,
    timeoutMs: l.pageTimeoutMs,
    maxBytes: l.pageMaxBytes,
    signal,
  });
  if (page.status < 200 || page.status >= 300) throw new FetchRefused('status', page.status);
  if (!isTextual(page.contentType)) throw new FetchRefused('type');
  return page;
}

const isTextual = (contentType: string) =>
  contentType === '' || /^(text\/html|application\/xhtml\+xml|text\/plain)/i.test(contentType);

/**
 * The start page and same-site pages linked from it (breadth-first, up to the page limit), each
 * reduced to its main text, joined into one Markdown-like text: a '#' heading per page.
 * Pages that fail are skipped; only the start page must succeed. `signal` ends the crawl early
 * (the job's time limit), the page being fetched included.
 */
export async function crawlSite(
  startUrl: string,
  limits: Partial<ScrapeLimits> = {},
  signal?: AbortSignal,
): Promise<string> {
  const l = { ...DEFAULTS, ...limits };
  const start = await fetchStartPage(startUrl, l, signal);
  const dom = await loadDom();
  const site = siteKey(new URL(start.url).hostname);
  const seen = new Set<string>([normalize(startUrl), normalize(start.url)]);
  const queue: string[] = [];
  const sections: string[] = [];
  const seenTexts = new Set<string>();
  const take = (page: FetchedPage) => {
    const { title, text, links } = extract(page, dom);
    if (text && !seenTexts.has(text)) {
      seenTexts.add(text);
      sections.push(`# ${title || page.url}\n\n${text}`);
    }
    for (const link of links) {
      let u: URL;
      try {
        u = new URL(link, page.url);
      } catch {
        continue;
      }
      if ((u.protocol !== 'http:' && u.protocol !== 'https:') || siteKey(u.hostname) !== site) continue;
      if (NOT_A_PAGE.test(u.pathname)) continue;
      const key = normalize(u.toString());
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(u.toString());
    }
  };
  take(start);
  let fetched = 1;
  while (queue.length && fetched < l.maxPages) {
    signal?.throwIfAborted();
    const next = queue.shift() as string;
    fetched++;
    try {
      const page = await safeFetch(next, {
        allowLoopback: l.allowLoopback,
        timeoutMs: l.pageTimeoutMs,
        maxBytes: l.pageMaxBytes,
        signal,
      });
      if (
        page.status >= 200 &&
        page.status < 300 &&
        isTextual(page.contentType) &&
        siteKey(new URL(page.url).hostname) === site
      )
        take(page);
    } catch {
      // One broken link does not spoil the import.
    }
  }
  return sections.join('\n\n');
}

function normalize(u: string): string {
  const url = new URL(u);
  url.hash = '';
  url.hostname = siteKey(url.hostname);
  return url.toString().replace(/\/$/, '');
}

function charsetOf(contentType: string, head: string): string | undefined {
  return (
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1]
  )?.toLowerCase();
}

interface DomLibs {
  parseHTML: typeof import('linkedom').parseHTML;
  Readability: typeof Readability;
}

/** The HTML libraries, loaded by the first crawl rather than at start (idle memory). */
async function loadDom(): Promise<DomLibs> {
  const [{ parseHTML }, { Readability }] = await Promise.all([import('linkedom'), import('@mozilla/readability')]);
  return { parseHTML, Readability };
}

/** Main text with readability (menus, footers and ads dropped), headings kept as Markdown. */
function extract(
  page: FetchedPage,
  { parseHTML, Readability }: DomLibs,
): { title: string; text: string; links: string[] } {
  const head = page.body.subarray(0, 4096).toString('latin1');
  const charset = charsetOf(page.contentType, head);
  const source =
    charset && /1251|cp-?1251/.test(charset)
      ? decodeText(page.body)
      : page.body.toString('utf8').replace(/^\ufeff/, '');
  if (/^text\/plain/i.test(page.contentType)) return { title: '', text: source.trim(), links: [] };
  const { document } = parseHTML(source);
  const anchors = document.querySelectorAll('a[href]') as unknown as ArrayLike<{
    getAttribute(name: string): string | null;
  }>;
  const links = Array.from(anchors, (a) => a.getAttribute('href') ?? '');
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(document as never, { charThreshold: 100 }).parse();
  } catch {
    article = null;
  }
  const root = article?.content
    ? (parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body as unknown as DomElement)
    : (parseHTML(source).document.body as unknown as DomElement | null);
  const blocks = root ? elementBlocks(root) : [];
  const text = blocks
    .map((b) =>
      b.kind === 'heading'
        ? `${'#'.repeat(Math.min(6, b.level + 1))} ${b.text.trim()}`
        : b.text.replace(/\s+/g, ' ').trim(),
    )
    .filter(Boolean)
    .join('\n\n');
  return { title: (article?.title ?? pageTitle).trim(), text, links };
}
