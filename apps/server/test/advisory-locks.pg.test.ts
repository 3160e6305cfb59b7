import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/infra/db';

/**
 * The advisory locks of two processes on one PostgreSQL database (each its own Database, as two
 * instances of the service have): a lock is held by one at a time, freed by unlock, and freed
 * by PostgreSQL when the holder's connection dies, which the holder is told of.
 * Runs only in the server-postgres project.
 */
let one: Database;
let two: Database;
const name = `otklik_test_locks_${Math.random().toString(36).slice(2, 10)}`;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  one = await openPostgres(url.toString());
  two = await openPostgres(url.toString());
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
});

it('gives a lock to one process at a time', async () => {
  const key = `test-lock:${Math.random()}`;
  expect(await one.locks.tryLock(key)).toBe(true);
  expect(await two.locks.tryLock(key)).toBe(false);
  // Held through this object already: not given twice (two instances in one process).
  expect(await one.locks.tryLock(key)).toBe(false);
  await one.locks.unlock(key);
  expect(await two.locks.tryLock(key)).toBe(true);
  expect(await one.locks.tryLock(key)).toBe(false);
  await two.locks.unlock(key);
});

it('frees the locks of a connection that died, and tells their holder', async () => {
  const key = `test-lock:${Math.random()}`;
  let lost = 0;
  const stop = one.locks.onLost(() => lost++);
  expect(await one.locks.tryLock(key)).toBe(true);
  const [{ pid } = { pid: 0 }] = await one.query<{ pid: number }>(
    `select pid from pg_locks where locktype = 'advisory' and objid = (hashtextextended($1, 0) & x'ffffffff'::bigint)::oid`,
    [key],
  );
  expect(pid).toBeGreaterThan(0);
  await admin((c) => c.query('select pg_terminate_backend($1)', [pid]));
  for (let i = 0; i < 50 && lost === 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(lost).toBe(1);
  expect(await two.locks.tryLock(key)).toBe(true);
  // The first one can lock again (a new connection), once the other lets go.
  await two.locks.unlock(key);
  expect(await one.locks.tryLock(key)).toBe(true);
  await one.locks.unlock(key);
  stop();
});
