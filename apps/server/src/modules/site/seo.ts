import { PUBLIC_PAGE_META, SITE_NAME, SITE_OG_IMAGE } from '@otklik/contract/site-constants';

/** Pages of the public site that search engines may index (spec §2.1), with their sitemap weight. */
export const PUBLIC_PAGES: readonly { path: string; priority: number; changefreq: 'weekly' | 'monthly' }[] = [
  { path: '/', priority: 1, changefreq: 'weekly' },
  { path: '/prompt-helper', priority: 0.8, changefreq: 'monthly' },
  { path: '/blog', priority: 0.7, changefreq: 'weekly' },
  { path: '/blog/tg-integration', priority: 0.6, changefreq: 'monthly' },
  { path: '/blog/knowledge', priority: 0.6, changefreq: 'monthly' },
  { path: '/blog/prompt-guide', priority: 0.6, changefreq: 'monthly' },
  { path: '/partnership', priority: 0.5, changefreq: 'monthly' },
  { path: '/signup', priority: 0.4, changefreq: 'monthly' },
  { path: '/login', priority: 0.2, changefreq: 'monthly' },
];

/** The cabinet, the creation flow and the API are private; the rest is open. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /assistant/',
    'Disallow: /api/',
    'Disallow: /dev/',
    'Disallow: /forgot-password',
    'Disallow: /reset-password',
    'Disallow: /confirm-email',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.map(
    (p) =>
      `  <url><loc>${escapeXml(`${publicUrl}${p.path}`)}</loc><changefreq>${p.changefreq}</changefreq><priority>${p.priority.toFixed(1)}</priority></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `/blog/` and `/blog` are one page; the query string never changes the page. */
export function normalizePagePath(url: string): string {
  const path = (url.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/**
 * The head tags of a page as link previews and crawlers (which run no JavaScript) must see
 * them: title, description, canonical link and Open Graph for the public pages of
 * PUBLIC_PAGE_META (the web app sets the same on client navigation, use-page-meta.ts);
 * `noindex` for everything else (the cabinet, the account links, unknown paths).
 */
export function pageHeadTags(path: string, publicUrl: string): { title: string; tags: string } {
  const meta = PUBLIC_PAGE_META[path];
  if (!meta) return { title: SITE_NAME, tags: '<meta name="robots" content="noindex" />' };
  const url = `${publicUrl}${path === '/' ? '/' : path}`;
  const e = escapeHtml;
  const tags = [
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(url)}" />`,
    `<meta property="og:type" content="${path === '/' ? 'website' : 'article'}" />`,
    `<meta property="og:site_name" content="${e(SITE_NAME)}" />`,
    '<meta property="og:locale" content="ru_RU" />',
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(url)}" />`,
    `<meta property="og:image" content="${e(`${publicUrl}${SITE_OG_IMAGE}`)}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="twitter:card" content="summary_large_image" />',
  ].join('\n    ');
  return { title: meta.title, tags };
}

/** The web build's manifest (vite `build.manifest`): source module → its chunk, imports and CSS. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * Where the code of each public page starts in the web build (the lazy routes of
 * apps/web/src/app/router.tsx). The account forms sit under the lazy TanStack Query layout.
 */
const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/features/landing/landing-page.tsx'],
  '/prompt-helper': ['src/features/prompt-helper/prompt-helper-page.tsx'],
  '/blog': ['src/features/blog/blog-page.tsx'],
  '/blog/knowledge': ['src/features/blog/articles/knowledge-article.tsx'],
  '/blog/prompt-guide': ['src/features/blog/articles/prompt-guide-article.tsx'],
  '/blog/tg-integration': ['src/features/blog/articles/tg-integration-article.tsx'],
  '/partnership': ['src/features/partnership/partnership-page.tsx'],
  '/login': ['src/app/query-layout.tsx', 'src/features/auth/login-page.tsx'],
  '/signup': ['src/app/query-layout.tsx', 'src/features/auth/signup-page.tsx'],
};

/**
 * Preload links for the page's own chunks, so the browser fetches and compiles them while the
 * entry script runs instead of after it (the router asks for them only once it has started).
 * What the entry already loads is left out; an unknown page or a missing manifest gives none.
 */
export function pagePreloadTags(path: string, manifest: BuildManifest | undefined): string[] {
  const modules = PAGE_MODULES[path];
  if (!manifest || !modules) return [];
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  const seen = new Set<string>(entry ? [entry[0], ...(entry[1].imports ?? [])] : []);
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of modules) visit(key);
  return [
    ...[...new Set(styles)].map((href) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(href)}" />`),
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(href)}" />`),
  ];
}

/**
 * index.html of the built web app with the page's own head: the build's title and
 * description are replaced, the meta and preload tags go before </head>.
 */
export function renderIndexHtml(indexHtml: string, path: string, publicUrl: string, manifest?: BuildManifest): string {
  const { title, tags } = pageHeadTags(path, publicUrl);
  const head = [tags, ...pagePreloadTags(path, manifest)].join('\n    ');
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${head}\n  </head>`);
}
