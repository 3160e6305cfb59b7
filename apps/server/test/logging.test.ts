import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOwner } from './helpers/factories';
import { bearer, startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';
import { newVisitor } from './visitor-helpers';

// ARCHITECTURE §6: secrets never appear in logs. The server's real log is read here.
let server: TestServer;
const log = new PassThrough();
let written = '';
log.on('data', (chunk: Buffer) => {
  written += chunk.toString('utf8');
});

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: log });
});
afterAll(async () => server?.close());

it("keeps the owner's and the visitor's tokens out of the request log", async () => {
  const owner = await createOwner(server.app);
  const assistantId = await createAssistant(server.app, owner.userId, 'Журнал');
  const visitor = await newVisitor(server.app, assistantId);
  await server.app.inject({ url: '/api/user/profile', headers: bearer(owner.token) });
  // An unknown token is refused at once, so the stream ends; the URL is logged all the same.
  await server.app.inject({ url: `/api/public/assistants/${assistantId}/events?token=${visitor.visitorToken}x` });

  expect(written).toContain('/api/user/profile');
  expect(written).toContain(`/api/public/assistants/${assistantId}/events?token=***`);
  expect(written).not.toContain(visitor.visitorToken);
  expect(written).not.toContain(owner.token);
});
