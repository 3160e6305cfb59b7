import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from './helpers/process';
import { onPostgres } from './helpers/server';

// #18: a start that cannot succeed ends within 10 s with exit code 1 and exactly one readable
// line on stderr saying what to fix, never a stack trace or a driver's retry loop.
// (Run once: the process ignores the suite's database either way.)

async function failedStart(env: Record<string, string>, opts: { uid?: number; gid?: number } = {}) {
  const server = await spawnServer(env, opts);
  const exit = await server.exited;
  const lines = server.stderr().split('\n').filter(Boolean);
  return { exit, lines, line: lines[0] ?? '' };
}

const closedPort = freePort; // a port just freed: nothing listens there

describe.skipIf(onPostgres)('start-up failures', () => {
  let tmp: string;
  let holder: Server;
  let heldPort: number;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'otklik-startup-'));
    holder = createServer();
    heldPort = await new Promise<number>((resolve) =>
      holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)),
    );
  });
  afterAll(async () => {
    await new Promise((r) => holder?.close(r));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a DATABASE_URL nobody answers at: one line naming it, without its password', async () => {
    const port = await closedPort();
    const { exit, lines, line } = await failedStart({
      DATABASE_URL: `postgres://otklik:s3cret@127.0.0.1:${port}/otklik`,
    });
    expect(exit.code).toBe(1);
    expect(exit.ms).toBeLessThan(10_000);
    expect(lines).toHaveLength(1);
    expect(line).toBe(
      `Не удалось подключиться к PostgreSQL (DATABASE_URL=postgres://otklik:***@127.0.0.1:${port}/otklik): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it.skipIf(!process.env.DATABASE_URL)('a DATABASE_URL naming a database that does not exist', async () => {
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = '/otklik_no_such_database';
    const { exit, lines, line } = await failedStart({ DATABASE_URL: url.toString() });
    expect(exit.code).toBe(1);
    expect(exit.ms).toBeLessThan(10_000);
    expect(lines).toHaveLength(1);
    expect(line).toMatch(/^Не удалось подключиться к PostgreSQL \(DATABASE_URL=.*\): .*otklik_no_such_database/);
  });

  it('a REDIS_URL out of reach: one line, no retry loop of the driver', async () => {
    const port = await closedPort();
    const { exit, lines, line } = await failedStart({ REDIS_URL: `redis://:pa55@127.0.0.1:${port}` });
    expect(exit.code).toBe(1);
    expect(exit.ms).toBeLessThan(10_000);
    expect(lines).toHaveLength(1);
    expect(line).toBe(
      `Не удалось подключиться к Redis (REDIS_URL=redis://:***@127.0.0.1:${port}): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('a DATA_DIR that is a file, or lies under one', async () => {
    const file = path.join(tmp, 'a-file');
    writeFileSync(file, '');
    for (const dir of [file, path.join(file, 'data')]) {
      const { exit, lines, line } = await failedStart({ DATA_DIR: dir });
      expect(exit.code).toBe(1);
      expect(exit.ms).toBeLessThan(10_000);
      expect(lines).toHaveLength(1);
      expect(line).toMatch(new RegExp(`^Папка данных DATA_DIR=${dir} недоступна для записи: это не папка \\(`));
    }
  });

  it('a DATA_DIR without the right to write', async () => {
    const dir = path.join(tmp, 'read-only');
    mkdirSync(dir);
    chmodSync(dir, 0o555);
    // root writes anywhere: the server is then started as nobody.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const { exit, lines, line } = await failedStart({ DATA_DIR: dir, HOME: tmp }, asNobody);
    expect(exit.code).toBe(1);
    expect(exit.ms).toBeLessThan(10_000);
    expect(lines).toHaveLength(1);
    expect(line).toMatch(
      new RegExp(`^Папка данных DATA_DIR=${dir} недоступна для записи: нет прав на запись \\(EACCES`),
    );
  });

  it('a port in use', async () => {
    const { exit, lines, line } = await failedStart({ PORT: String(heldPort) });
    expect(exit.code).toBe(1);
    expect(exit.ms).toBeLessThan(10_000);
    expect(lines).toHaveLength(1);
    expect(line).toBe(
      `Не удалось открыть 127.0.0.1:${heldPort}: порт ${heldPort} уже занят другим процессом (задайте другой в PORT)`,
    );
  });
});
