import type { FastifyBaseLogger } from 'fastify';

export type JobHandler = (data: unknown) => Promise<void>;

/** Background jobs (mail, ingestion, Telegram sends): in-process by default, BullMQ on Redis at scale. */
export interface Queue {
  add(name: string, data: unknown, opts?: { attempts?: number }): Promise<void>;
  process(name: string, handler: JobHandler): void;
  /**
   * Resolves once the queue is idle: every job added before the call, and every job those jobs
   * add, has finished, successfully or after its last attempt. A job waiting to be retried (its
   * backoff) is not finished. Tests call it to know a job's effect (a mail) is there if it ever
   * will be; close() calls it for a graceful shutdown. Never resolves while a job has no handler
   * (BullMQ) or keeps being added.
   */
  drain(): Promise<void>;
  /** Jobs added and not finished: waiting, delayed for a retry or running (a metric). */
  depth(): Promise<number>;
  close(): Promise<void>;
}

/** Jobs run at once, here and by BullMQ's worker: a burst of work (a thousand alerts) waits its turn behind the visitors' requests. */
export const JOB_CONCURRENCY = 4;

/**
 * Runs jobs in this process, in the order added, at most `concurrency` at a time (no ordering
 * between the jobs running), with retries and backoff; a job waiting for its retry holds no slot.
 */
export function memoryQueue(log: FastifyBaseLogger, concurrency = JOB_CONCURRENCY): Queue {
  const handlers = new Map<string, JobHandler>();
  const pending = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let closed = false;
  const slot = async () => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
  };
  // The slot passes straight to the next job waiting, if any.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const run = async (name: string, data: unknown, attempts: number) => {
    const handler = handlers.get(name);
    if (!handler) {
      log.error({ job: name }, 'job has no handler');
      return;
    }
    for (let attempt = 1; ; attempt++) {
      await slot();
      try {
        await handler(data);
        return;
      } catch (err) {
        if (attempt >= attempts || closed) {
          log.error({ err, job: name }, 'job failed');
          return;
        }
      } finally {
        release();
      }
      await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
    }
  };
  return {
    async add(name, data, opts) {
      if (closed) {
        log.warn({ job: name }, 'job added after the queue closed; dropped');
        return;
      }
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(name, data, opts?.attempts ?? 3))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    process(name, handler) {
      handlers.set(name, handler);
    },
    async depth() {
      return pending.size;
    },
    async drain() {
      // A job's retries run inside its promise; jobs added meanwhile join `pending`, hence the loop.
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.drain();
      closed = true;
    },
  };
}

/** BullMQ: jobs survive a restart and spread over every instance. */
export async function bullQueue(url: string, log: FastifyBaseLogger, prefix = 'otklik'): Promise<Queue> {
  const { Queue: BQueue, Worker } = await import('bullmq');
  const { Redis } = await import('ioredis');
  // Named after the prefix, so `CLIENT LIST` tells this app's connections from another's.
  const connection = () => new Redis(url, { maxRetriesPerRequest: null, connectionName: `${prefix}:jobs` });
  const queueName = 'jobs';
  const shared = connection();
  const queue = new BQueue(queueName, { connection: shared, prefix });
  const handlers = new Map<string, JobHandler>();
  let worker: InstanceType<typeof Worker> | undefined;
  // BullMQ leaves connections it was given open on close(): this one is closed here.
  let workerConnection: ReturnType<typeof connection> | undefined;
  const ensureWorker = () => {
    if (worker) return;
    workerConnection = connection();
    worker = new Worker(
      queueName,
      async (job) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(job.data);
      },
      { connection: workerConnection, prefix, concurrency: JOB_CONCURRENCY },
    );
    worker.on('failed', (job, err) => log.error({ err, job: job?.name }, 'job failed'));
  };
  return {
    async add(name, data, opts) {
      await queue.add(name, data, {
        attempts: opts?.attempts ?? 3,
        backoff: { type: 'exponential', delay: 200 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    process(name, handler) {
      handlers.set(name, handler);
      ensureWorker();
    },
    async depth() {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    },
    async drain() {
      // One atomic count (a Lua script): a job moving between states (active → delayed for a
      // retry, delayed → waiting) is never missed. 'waiting' includes 'paused'.
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await worker?.close();
      await queue.close();
      // quit() lets commands in flight finish; disconnect() only if the server is already gone.
      await Promise.all([shared, workerConnection].map((c) => c?.quit().catch(() => c.disconnect())));
    },
  };
}
