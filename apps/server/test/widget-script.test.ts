import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_APP_PATH, WIDGET_SCRIPT_PATH } from '../src/modules/public/widget-script';
import { repoPath } from '../src/paths';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { multipart } from './knowledge-helpers';

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

it("serves the conversation's code under the version the embed script names: a year's cache for it, none for any other", async () => {
  const script = readFileSync(WIDGET_SCRIPT_PATH, 'utf8');
  const app = readFileSync(WIDGET_APP_PATH);
  // The embed script carries the path of the build made with it (apps/widget/build.mjs).
  const named = /app\.js\?v=[\w-]{12}/.exec(script)?.[0];
  expect(named).toBeTruthy();
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/widget/${named}`,
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(res.rawPayload).equals(app)).toBe(true);
  expect(res.rawPayload.length + readFileSync(`${WIDGET_SCRIPT_PATH}.gz`).length).toBeLessThanOrEqual(20 * 1024);
  expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('__otklikWidget');

  // A page that kept an old embed script names an old build: today's code, revalidated every time.
  const old = await server.app.inject({ method: 'GET', url: '/api/widget/app.js?v=old' });
  expect(old.statusCode).toBe(200);
  expect(old.rawPayload.equals(app)).toBe(true);
  expect(old.headers['cache-control']).toBe('no-cache');
  const again = await server.app.inject({
    method: 'GET',
    url: '/api/widget/app.js?v=old',
    headers: { 'if-none-match': String(old.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
});

describe('the script addressed with an assistant id (the snippet since issue #18)', () => {
  let owner: TestOwner;
  let widgetId: string;
  let assistantId: string;
  const inject = (opts: InjectOptions) => server.app.inject(opts);
  const scriptUrl = () => `/api/widget/script?assistantId=${assistantId}`;
  const setDesign = async (design: Record<string, unknown>) => {
    const res = await inject({
      method: 'POST',
      url: '/api/widget',
      headers: bearer(owner.token),
      payload: { id: widgetId, ...design },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The design the served script carries, read back from its string literal. */
  const designIn = (body: string) => {
    const literal = /"\{\\"assistantId\\"(?:[^"\\]|\\.)*"/.exec(body)?.[0];
    return literal ? (JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>) : null;
  };

  beforeAll(async () => {
    owner = await createOwner(server.app);
    widgetId = json<{ id: string }>(
      await inject({ method: 'POST', url: '/api/widget/init', headers: bearer(owner.token) }),
    ).id;
    await setDesign({ accentColor: '#2f5d50', botName: 'Ромашка </script><b>' });
    const body = multipart([{ name: 'requestJson', value: JSON.stringify({ title: 'Сайт', widgetId }) }]);
    const res = await inject({
      method: 'POST',
      url: '/api/assistant/create',
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    assistantId = json<{ id: string }>(res).id;
  });

  it('carries the public design in place of the marker, the same as the design endpoint serves', async () => {
    const res = await inject({ method: 'GET', url: scriptUrl() });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('__OTKLIK_DESIGN__');
    // A bot name with markup never closes a <script> element nor becomes markup.
    expect(res.body).not.toContain('</script>');
    const endpoint = await inject({ method: 'GET', url: `/api/public/assistants/${assistantId}/widget` });
    expect(designIn(res.body)).toEqual(json(endpoint));
    expect(designIn(res.body)).toMatchObject({ assistantId, accentColor: '#2f5d50', botName: 'Ромашка </script><b>' });
    // Fresh for a minute only, revalidated by its tag after that.
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=3600');

    const zipped = await inject({ method: 'GET', url: scriptUrl(), headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(res.body);
    expect(zipped.rawPayload.length).toBeLessThanOrEqual(20 * 1024);
  });

  it("revalidates to 304 while the design is unchanged, and serves the owner's new colour once it changed", async () => {
    const first = await inject({ method: 'GET', url: scriptUrl(), headers: { 'accept-encoding': 'gzip' } });
    const etag = String(first.headers.etag);
    const plain = await inject({ method: 'GET', url: '/api/widget/script', headers: { 'accept-encoding': 'gzip' } });
    expect(etag).not.toBe(plain.headers.etag);
    const same = await inject({
      method: 'GET',
      url: scriptUrl(),
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);

    await setDesign({ accentColor: '#aa3355', botName: 'Ромашка' });
    const changed = await inject({
      method: 'GET',
      url: scriptUrl(),
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(designIn(gunzipSync(changed.rawPayload).toString('utf8'))).toMatchObject({ accentColor: '#aa3355' });
  });

  it('serves the plain script, which fetches the design itself, for an unknown or malformed assistant id', async () => {
    const script = readFileSync(WIDGET_SCRIPT_PATH);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'не-uuid']) {
      const res = await inject({ method: 'GET', url: `/api/widget/script?assistantId=${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(script)).toBe(true);
      expect(res.headers['cache-control']).toContain('max-age=300');
    }
  });
});

it("documents the script's optional assistantId in the OpenAPI document", async () => {
  const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = json<{
    paths: Record<string, { get?: { parameters?: { name: string; in: string; required?: boolean }[] } }>;
  }>(res);
  expect(doc.paths['/api/widget/script']?.get?.parameters).toEqual([
    expect.objectContaining({ name: 'assistantId', in: 'query', required: false }),
  ]);
});
