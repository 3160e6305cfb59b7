import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { createOwner } from './helpers/factories';
import { startTestServer } from './helpers/server';

// Runs only in the server-postgres project (vitest.config.ts), where REDIS_URL is set.
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(() => redis.quit());

const openConnections = async (name: string) =>
  String(await redis.call('CLIENT', 'LIST'))
    .split('\n')
    .filter((line) => line.includes(` name=${name} `)).length;

it('closes every Redis connection of its job queue when the app stops', async () => {
  const server = await startTestServer();
  const name = `${server.app.ctx.redisPrefix}:q:jobs`;
  await createOwner(server.app); // a confirmation mail goes through the queue
  expect(await openConnections(name)).toBeGreaterThanOrEqual(2);
  await server.close();
  for (let i = 0; i < 50 && (await openConnections(name)) > 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await openConnections(name)).toBe(0);
});
