/** Serves the built web app with server-written meta tags. */
export { registerWebApp } from './static';
