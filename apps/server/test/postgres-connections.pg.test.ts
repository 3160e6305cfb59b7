import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOwner } from './helpers/factories';
import { bearer, startTestServer, type TestServer } from './helpers/server';

// Runs only in the server-postgres project (vitest.config.ts): PGlite has no other backends to end.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

it('keeps serving after PostgreSQL ends its idle connections', async () => {
  const owner = await createOwner(server.app);
  const [current] = await server.app.ctx.database.query<{ db: string }>('SELECT current_database() AS db');

  // What a PostgreSQL restart or an administrator does to idle sessions: without the pool's
  // error listener, the FATAL notice on an idle client crashes the process.
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
    current?.db,
  ]);
  await admin.end();
  expect(ended.rowCount).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 200));

  const profile = await server.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(owner.token) });
  expect(profile.statusCode).toBe(200);
  expect(profile.json()).toMatchObject({ email: owner.email });
});
