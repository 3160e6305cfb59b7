import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WIDGET_SCRIPT_PATH } from '../src/modules/public/widget-script';
import { repoPath } from '../src/paths';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;

beforeAll(async () => {
  // `npm test` builds the widget first; a lone run of this file builds it if missing.
  if (!existsSync(WIDGET_SCRIPT_PATH)) execFileSync(process.execPath, [repoPath('apps/widget/build.mjs')]);
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.close());

it('serves the built embed script with an ETag, cache headers and gzip', async () => {
  const script = readFileSync(WIDGET_SCRIPT_PATH);
  const res = await server.app.inject({ method: 'GET', url: '/api/widget/script' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.rawPayload.equals(script)).toBe(true);
  expect(res.body).toContain('initChatWidget');
  const etag = String(res.headers.etag);
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(res.headers['cache-control']).toContain('max-age=');

  const again = await server.app.inject({
    method: 'GET',
    url: '/api/widget/script',
    headers: { 'if-none-match': etag },
  });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  expect(again.headers.etag).toBe(etag);

  const stale = await server.app.inject({
    method: 'GET',
    url: '/api/widget/script',
    headers: { 'if-none-match': '"old"' },
  });
  expect(stale.statusCode).toBe(200);

  const zipped = await server.app.inject({
    method: 'GET',
    url: '/api/widget/script',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(zipped.rawPayload).equals(script)).toBe(true);
  expect(zipped.rawPayload.length).toBeLessThanOrEqual(20 * 1024);
  // The gzipped representation has a tag of its own, and revalidates with it.
  const zippedTag = String(zipped.headers.etag);
  expect(zippedTag).not.toBe(etag);
  const zippedAgain = await server.app.inject({
    method: 'GET',
    url: '/api/widget/script',
    headers: { 'accept-encoding': 'gzip', 'if-none-match': zippedTag },
  });
  expect(zippedAgain.statusCode).toBe(304);
});
