import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';
import { newVisitor } from './visitor-helpers';

// #18: security headers on every reply (helmet). The browser side (no violation on our own
// pages, the widget on a foreign origin, a refused frame) is e2e/security-headers.test.ts.

const directives = (csp: unknown) =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values] as const),
  );

describe('on plain http', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('sends a CSP without inline scripts that no site may frame, nosniff and X-Frame-Options DENY, and no HSTS', async () => {
    for (const url of ['/api/health', '/dev/mail', '/api/docs', '/nowhere']) {
      const res = await server.app.inject({ url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('leaves the embed script, the visitor API and the widget images usable from any origin', async () => {
    const origin = { origin: 'https://shop.example.ru' };
    const script = await server.app.inject({ url: '/api/widget/script', headers: origin });
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const avatar = await server.app.inject({ url: '/avatars/avatar1.svg', headers: origin });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/public/assistants/00000000-0000-4000-8000-000000000000/messages',
      headers: {
        ...origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const design = await server.app.inject({
      url: '/api/public/assistants/00000000-0000-4000-8000-000000000000/widget',
      headers: origin,
    });
    expect(design.statusCode).toBe(404);
    expect(design.headers['access-control-allow-origin']).toBe('*');
    expect(design.headers['cross-origin-resource-policy']).toBe('cross-origin');

    // The visitor's event streams (written straight to the response) carry the same headers.
    const owner = await createOwner(server.app);
    const assistantId = await createAssistant(server.app, owner.userId);
    const visitor = await newVisitor(server.app, assistantId);
    const message = await server.app.inject({
      method: 'POST',
      url: `/api/public/assistants/${assistantId}/messages`,
      headers: { ...origin, authorization: `Bearer ${visitor.visitorToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'Здравствуйте' }),
    });
    expect(message.statusCode).toBe(200);
    expect(message.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(message.headers['access-control-allow-origin']).toBe('*');
    expect(message.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(message.headers['x-content-type-options']).toBe('nosniff');
    expect(message.headers['x-ratelimit-limit']).toBeDefined();
    expect(message.body).toContain('event: message');

    // The cabinet's API is not for other sites.
    const cabinet = await server.app.inject({ url: '/api/user/profile', headers: origin });
    expect(cabinet.headers['access-control-allow-origin']).toBeUndefined();
    expect(cabinet.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('behind https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'https://otklik.example.ru' });
  });
  afterAll(async () => server?.close());

  it('adds HSTS and upgrades insecure requests', async () => {
    const res = await server.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});
