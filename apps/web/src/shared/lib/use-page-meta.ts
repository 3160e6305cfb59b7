import { type PageMeta, PUBLIC_PAGE_META, SITE_NAME, SITE_OG_IMAGE } from '@otklik/contract/site-constants';
import { useEffect } from 'react';

function upsert(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.append(el);
  }
  el.setAttribute(attr, value);
}

const meta = (key: 'name' | 'property', name: string, content: string) =>
  upsert(
    `meta[${key}="${name}"]`,
    () => {
      const m = document.createElement('meta');
      m.setAttribute(key, name);
      return m;
    },
    'content',
    content,
  );

/**
 * Title, description, canonical link and Open Graph tags of a public page. The server writes
 * the same tags into index.html (apps/server/src/modules/site/seo.ts) for crawlers and link
 * previews, which run no JavaScript; this keeps them right on client navigation.
 */
export function usePageMeta(path: string, override?: Partial<PageMeta>): void {
  const base = PUBLIC_PAGE_META[path];
  const title = override?.title ?? base?.title ?? SITE_NAME;
  const description = override?.description ?? base?.description ?? '';
  useEffect(() => {
    const url = `${window.location.origin}${path}`;
    document.title = title;
    meta('name', 'description', description);
    meta('property', 'og:type', path === '/' ? 'website' : 'article');
    meta('property', 'og:site_name', SITE_NAME);
    meta('property', 'og:locale', 'ru_RU');
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:url', url);
    meta('property', 'og:image', `${window.location.origin}${SITE_OG_IMAGE}`);
    meta('name', 'twitter:card', 'summary_large_image');
    // The server marks pages without public meta noindex; a public page reached from one is indexable.
    document.head.querySelector('meta[name="robots"]')?.remove();
    upsert(
      'link[rel="canonical"]',
      () => {
        const l = document.createElement('link');
        l.setAttribute('rel', 'canonical');
        return l;
      },
      'href',
      url,
    );
  }, [path, title, description]);
}
