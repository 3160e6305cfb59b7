import { PUBLIC_PAGE_META } from '@otklik/contract/site-constants';
import { describe, expect, it } from 'vitest';
import {
  type BuildManifest,
  normalizePagePath,
  PUBLIC_PAGES,
  pagePreloadTags,
  renderIndexHtml,
  robotsTxt,
  sitemapXml,
} from './seo';

const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <title>Отклик — сборка</title>
    <meta name="description" content="Описание сборки" />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('page head written into index.html', () => {
  it('gives each public page its own title, description, canonical link and Open Graph tags', () => {
    for (const [path, meta] of Object.entries(PUBLIC_PAGE_META)) {
      const html = renderIndexHtml(INDEX, path, 'https://otklik.ru');
      expect(html).toContain(`<title>${meta.title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<meta name="description" content="${meta.description}" />`);
      expect(html).toContain(`<meta property="og:title" content="${meta.title}" />`);
      expect(html).toContain(`<meta property="og:description" content="${meta.description}" />`);
      const url = `https://otklik.ru${path}`;
      expect(html).toContain(`<link rel="canonical" href="${url}" />`);
      expect(html).toContain(`<meta property="og:url" content="${url}" />`);
      expect(html).toContain('<meta property="og:image" content="https://otklik.ru/og-image.png" />');
      expect(html).not.toContain('noindex');
      // The app's own tags stay where they were.
      expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
    }
  });

  it('marks the cabinet, account links and unknown paths noindex', () => {
    for (const path of ['/dashboard/assistants', '/reset-password', '/no-such-page']) {
      const html = renderIndexHtml(INDEX, path, 'https://otklik.ru');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('og:title');
    }
  });

  it('escapes what it writes and treats a trailing slash or a query as the same page', () => {
    expect(normalizePagePath('/blog/?utm_source=x')).toBe('/blog');
    expect(normalizePagePath('/')).toBe('/');
    expect(normalizePagePath('/?a=1')).toBe('/');
    const html = renderIndexHtml(INDEX, '/', 'https://otklik.ru/"><script>');
    expect(html).not.toContain('"><script>');
  });

  it('lists every page with meta in the sitemap, and keeps the cabinet out of robots', () => {
    expect(PUBLIC_PAGES.map((p) => p.path).sort()).toEqual(Object.keys(PUBLIC_PAGE_META).sort());
    const xml = sitemapXml('https://otklik.ru');
    for (const p of PUBLIC_PAGES) expect(xml).toContain(`<loc>https://otklik.ru${p.path}</loc>`);
    const robots = robotsTxt('https://otklik.ru');
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Sitemap: https://otklik.ru/sitemap.xml');
  });

  it("preloads the page's own chunks and styles, not what the entry already loads", () => {
    const manifest: BuildManifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_jsx-1.js'], css: ['assets/index-1.css'] },
      '_jsx-1.js': { file: 'assets/jsx-1.js' },
      '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_jsx-1.js'] },
      'src/features/landing/landing-page.tsx': {
        file: 'assets/landing-1.js',
        imports: ['index.html', '_shared-1.js', '_jsx-1.js'],
        css: ['assets/landing-1.css'],
      },
    };
    expect(pagePreloadTags('/', manifest)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/landing-1.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/landing-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js" />',
    ]);
    expect(renderIndexHtml(INDEX, '/', 'https://otklik.ru', manifest)).toContain('href="/assets/landing-1.js"');
    expect(pagePreloadTags('/dashboard', manifest)).toEqual([]);
    expect(pagePreloadTags('/', undefined)).toEqual([]);
  });
});
