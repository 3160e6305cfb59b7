/** The public site's server part: contact form, prompt helper, demo assistant, SEO (spec §2.1, §7). */
export { siteRoutes } from './routes';
export { type BuildManifest, normalizePagePath, renderIndexHtml } from './seo';
