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
