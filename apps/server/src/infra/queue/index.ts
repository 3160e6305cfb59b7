import type { FastifyBaseLogger } from 'fastify';

export type JobHandler = (data: unknown) => Promise<void>;

export interface JobOptions {
  attempts?: number;
  /**
   * A job nobody is waiting on at that moment (the owner's alerts): it yields to the visitors. In
   * this process it waits while `yieldTo`'s predicate says visitor messages are being answered,
   * at most BACKGROUND_WAIT_MS; BullMQ takes every other job first (a lower priority).
   */
  background?: boolean;
}

/** Background jobs (mail, ingestion, Telegram sends): in-process by default, BullMQ on Redis at scale. */
export interface Queue {
  add(name: string, data: unknown, opts?: JobOptions): Promise<void>;
  process(name: string, handler: JobHandler): void;
  /** What background jobs wait for (see JobOptions.background): set once, by the app. */
  yieldTo(busy: () => boolean): void;
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
 * The longest a background job waits for the visitors in this process: a burst of 1,000 messages
 * is answered in a second or two, and an owner's alert is late by no more than this under a
 * steady load. In a burst the alerts' jobs (their queries, the mail) took 5–10 % of the CPU
 * that the visitors' answers were waiting for.
 */
export const BACKGROUND_WAIT_MS = 2000;

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
  let busy = () => false;
  // One wait shared by every background job, checked every 20 ms.
  let quiet: Promise<void> | undefined;
  const whenQuiet = () => {
    quiet ??= (async () => {
      const started = Date.now();
      while (!closed && busy() && Date.now() - started < BACKGROUND_WAIT_MS)
        await new Promise((r) => setTimeout(r, 20));
      quiet = undefined;
    })();
    return quiet;
  };
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
  const run = async (name: string, data: unknown, attempts: number, background: boolean) => {
    const handler = handlers.get(name);
    if (!handler) {
      log.error({ job: name }, 'job has no handler');
      return;
    }
    if (background && busy()) await whenQuiet();
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
        .then(() => run(name, data, opts?.attempts ?? 3, opts?.background === true))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    process(name, handler) {
      handlers.set(name, handler);
    },
    yieldTo(predicate) {
      busy = predicate;
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
        // Jobs without a priority go before any with one.
        ...(opts?.background ? { priority: 10 } : {}),
        backoff: { type: 'exponential', delay: 200 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    process(name, handler) {
      handlers.set(name, handler);
      ensureWorker();
    },
    // The workers of every instance take the jobs: this process's visitors are not theirs to wait for.
    yieldTo() {},
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
