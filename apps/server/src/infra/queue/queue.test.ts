import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_WAIT_MS, bullQueue, JOB_CONCURRENCY, memoryQueue, type Queue } from './index';

const log = pino({ level: 'silent' });
const redisUrl = process.env.REDIS_URL;

const kinds: [string, () => Promise<{ queue: Queue; cleanup: () => Promise<void> }>][] = [
  ['memory', async () => ({ queue: memoryQueue(log), cleanup: async () => {} })],
];
// BullMQ needs a Redis server: CI (and the server-postgres runs) set REDIS_URL.
if (redisUrl) {
  kinds.push([
    'BullMQ',
    async () => {
      const prefix = `test-queue-${randomUUID()}`;
      const queue = await bullQueue(redisUrl, log, prefix);
      return {
        queue,
        async cleanup() {
          const { Redis } = await import('ioredis');
          const redis = new Redis(redisUrl);
          const keys = await redis.keys(`${prefix}:*`);
          if (keys.length) await redis.unlink(...keys);
          await redis.quit();
        },
      };
    },
  ]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(kinds)('%s queue drain()', (_kind, make) => {
  let opened: Awaited<ReturnType<typeof make>> | undefined;
  afterEach(async () => {
    await opened?.queue.close();
    await opened?.cleanup();
    opened = undefined;
  });
  const open = async () => {
    opened = await make();
    return opened.queue;
  };

  it(`runs at most ${JOB_CONCURRENCY} jobs at once, and all of them`, async () => {
    const queue = await open();
    let running = 0;
    let most = 0;
    const done = new Set<number>();
    queue.process('slow', async (data) => {
      running++;
      most = Math.max(most, running);
      await sleep(30);
      running--;
      done.add(data as number);
    });
    for (let i = 0; i < 12; i++) await queue.add('slow', i);
    await queue.drain();
    expect(most).toBe(JOB_CONCURRENCY);
    expect(done.size).toBe(12);
  });

  it('runs background jobs too, when nothing holds them back', async () => {
    const queue = await open();
    const ran: number[] = [];
    queue.process('alert', async (data) => {
      ran.push(data as number);
    });
    for (let i = 0; i < 3; i++) await queue.add('alert', i, { background: true });
    await queue.drain();
    expect(ran.sort()).toEqual([0, 1, 2]);
  });

  it('resolves at once on an empty queue', async () => {
    const queue = await open();
    await queue.drain();
  });

  it('waits for slow jobs and for the jobs they add', async () => {
    const queue = await open();
    const done: string[] = [];
    queue.process('parent', async (data) => {
      await sleep(100);
      await queue.add('child', data);
      done.push(`parent ${data}`);
    });
    queue.process('child', async (data) => {
      await sleep(100);
      done.push(`child ${data}`);
    });
    await queue.add('parent', 1);
    await queue.add('parent', 2);
    await queue.drain();
    expect(done.sort()).toEqual(['child 1', 'child 2', 'parent 1', 'parent 2']);
  });

  it('waits through the backoff of a retried job until it succeeds', async () => {
    const queue = await open();
    let calls = 0;
    let succeeded = false;
    queue.process('flaky', async () => {
      calls++;
      if (calls < 3) throw new Error(`attempt ${calls} fails`);
      succeeded = true;
    });
    await queue.add('flaky', {}, { attempts: 3 });
    await queue.drain();
    expect({ calls, succeeded }).toEqual({ calls: 3, succeeded: true });
  });

  it('resolves after the last attempt of a job that always fails', async () => {
    const queue = await open();
    let calls = 0;
    queue.process('broken', async () => {
      calls++;
      throw new Error('always');
    });
    await queue.add('broken', {}, { attempts: 2 });
    await queue.drain();
    expect(calls).toBe(2);
    await sleep(600); // longer than the next backoff: no attempt was still to come
    expect(calls).toBe(2);
  });
});

describe('memory queue: background jobs', () => {
  it('wait while the visitors are being answered, and run at once when none are', async () => {
    const queue = memoryQueue(log);
    let answering = true;
    queue.yieldTo(() => answering);
    const ran: string[] = [];
    queue.process('alert', async (data) => {
      ran.push(`alert ${data}`);
    });
    queue.process('reply', async (data) => {
      ran.push(`reply ${data}`);
    });
    await queue.add('alert', 1, { background: true });
    await queue.add('reply', 1);
    await sleep(100);
    // The reply to a customer does not wait; the alert does.
    expect(ran).toEqual(['reply 1']);
    answering = false;
    await queue.drain();
    expect(ran).toEqual(['reply 1', 'alert 1']);
    await queue.close();
  });

  it(`run after ${BACKGROUND_WAIT_MS} ms however busy the server stays`, async () => {
    const queue = memoryQueue(log);
    queue.yieldTo(() => true);
    let ranAfter = -1;
    const started = Date.now();
    queue.process('alert', async () => {
      ranAfter = Date.now() - started;
    });
    await queue.add('alert', 1, { background: true });
    await queue.drain();
    expect(ranAfter).toBeGreaterThanOrEqual(BACKGROUND_WAIT_MS - 50);
    expect(ranAfter).toBeLessThan(BACKGROUND_WAIT_MS + 1000);
    await queue.close();
  });
});
