import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openPostgres } from '../src/infra/db';

/**
 * Instances started at once on an empty PostgreSQL database (docker compose up with two app
 * services) migrate one after the other instead of failing on each other's tables.
 * Runs only in the server-postgres project.
 */
const name = `otklik_test_migrate_${Math.random().toString(36).slice(2, 10)}`;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
});

it('migrates an empty database from three instances at once', async () => {
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const opened = await Promise.allSettled([1, 2, 3].map(() => openPostgres(url.toString())));
  const failures = opened.filter((o) => o.status === 'rejected');
  expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
  for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
});
