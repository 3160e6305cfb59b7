import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openPostgres } from '../../src/infra/db';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  /** Base URL once `listen()` was called. */
  listen(): Promise<string>;
  /** A second instance of the service on the same database and Redis (events cross over Redis when REDIS_URL is set). */
  sibling(): Promise<TestServer>;
  close(): Promise<void>;
}

/** True when this run of the suite targets PostgreSQL + Redis (the `server-postgres` project). */
export const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * The real app on a fresh database: PGlite in memory, or (server-postgres project) a new
 * PostgreSQL database for this test file, dropped at close. Nothing of ours is mocked.
 */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
  options: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otklik-test-'));
  const base: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '3000',
    PUBLIC_URL: 'http://localhost:3000',
    DATABASE_URL: undefined,
    REDIS_URL: onPostgres ? process.env.REDIS_URL : undefined,
    SMTP_URL: undefined,
    // No test reaches OpenAI itself: embeddings are on only where a test points them at a peer.
    EMBEDDINGS_MODEL: 'off',
    // The tests speak through a pretend proxy: X-Forwarded-For gives each case its own address.
    TRUST_PROXY: 'true',
  };
  const config = loadConfig({ ...base, ...env } as NodeJS.ProcessEnv);
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (onPostgres) {
    const made = await freshPostgresDatabase();
    database = made.database;
    dropDatabase = made.drop;
  }
  const redisPrefix = `test-${randomUUID()}`;
  const app = await buildApp(config, {
    inMemoryDb: true,
    database,
    serveWeb: false,
    redisPrefix,
    ...options,
  });
  await app.ready();
  return serverOf(app, config, {
    close: async () => {
      await dropDatabase?.();
      if (config.REDIS_URL) await removeRedisKeys(config.REDIS_URL, redisPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
    sibling: async () => {
      // The first instance owns the database: the second one's close leaves it open.
      const shared = { ...app.ctx.database, close: async () => {} };
      const twin = await buildApp(config, { database: shared, serveWeb: false, redisPrefix, ...options });
      await twin.ready();
      return serverOf(twin, config, {
        close: async () => {},
        sibling: async () => Promise.reject(new Error('one twin')),
      });
    },
  });
}

function serverOf(
  app: FastifyInstance,
  config: Config,
  own: { close: () => Promise<void>; sibling: () => Promise<TestServer> },
): TestServer {
  return {
    app,
    config,
    sibling: own.sibling,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await app.close();
      await own.close();
    },
  };
}

/** The file's queue jobs and rate-limit counters: the machine's Redis outlives the run. */
async function removeRedisKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function freshPostgresDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const name = `otklik_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres(dbUrl.toString());
  return {
    database,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** JSON body of an inject reply, typed by the caller. */
export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
