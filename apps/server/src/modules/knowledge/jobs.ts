import type { KnowledgeFileType } from '@otklik/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { knowledgeFiles } from '../../infra/db/schema';
import { warmAnswerer } from '../answerer';
import { embedAfterIndexing, indexChunks, lockAssistantIndex } from '../retrieval';
import { chunkBlocks } from './chunker';
import { type Block, ParseFailure, parseDocument, textBlocks } from './parsers';
import { QuotaExceeded, SITE_QUOTA_EXCEEDED, withinQuota } from './quota';
import { crawlSite, maxCrawlMs, type ScrapeLimits } from './scrape';

const INGEST = 'knowledge.ingest';
const SCRAPE = 'knowledge.scrape';

type JobCtx = Pick<AppContext, 'db' | 'database' | 'embeddings' | 'storage' | 'queue' | 'log' | 'config'>;

interface IngestJob {
  fileId: string;
  type: KnowledgeFileType;
  /** Tests shorten it; INGEST_TIME_LIMIT_MS otherwise. */
  timeLimitMs?: number;
  /** False: the answerer is not warmed up on the file's passages (see warmAnswerer); default true. */
  warm?: boolean;
}

interface ScrapeJob {
  fileId: string;
  /** The start page, already fetched once by the request that created the job. */
  url: string;
  limits?: Partial<ScrapeLimits>;
  /** Tests shorten it; the longest possible crawl plus a margin otherwise. */
  timeLimitMs?: number;
}

export const FAILED_GENERIC = 'Не удалось обработать файл. Попробуйте загрузить его ещё раз.';
export const FAILED_TIME_LIMIT = 'Не удалось обработать файл за отведённое время. Попробуйте загрузить его ещё раз.';
/** A parse that hangs (a crafted file, a stuck library) must not leave the file `processing` for ever. */
const INGEST_TIME_LIMIT_MS = 5 * 60_000;

/** Parsing and indexing run as jobs (in-process or BullMQ), so an upload replies at once. */
export function registerKnowledgeJobs(ctx: JobCtx): void {
  ctx.queue.process(INGEST, async (data) => {
    const job = data as IngestJob;
    await runIngest(
      ctx,
      job.fileId,
      job.timeLimitMs ?? INGEST_TIME_LIMIT_MS,
      async (file, signal) => titled(await parseDocument(job.type, await readAll(ctx, file.storageKey), signal), file),
      job.warm,
    );
  });
  ctx.queue.process(SCRAPE, async (data) => {
    const job = data as ScrapeJob;
    const limits = { allowLoopback: ctx.config.SCRAPE_ALLOW_LOOPBACK, ...job.limits };
    await runIngest(ctx, job.fileId, job.timeLimitMs ?? maxCrawlMs(limits) + 60_000, async (file, signal) => {
      const text = await crawlSite(job.url, limits, signal);
      await storeSiteText(ctx, file, text, signal);
      return textBlocks(text);
    });
  });
}

// A parse failure is final (the file is marked failed and the job ends well); the retries are for
// the database or storage failing under the job, and a retry of a file already done does nothing.
export async function enqueueIngest(ctx: Pick<AppContext, 'queue'>, job: IngestJob): Promise<void> {
  await ctx.queue.add(INGEST, job, { attempts: 3 });
}

export async function enqueueScrape(ctx: Pick<AppContext, 'queue'>, job: ScrapeJob): Promise<void> {
  await ctx.queue.add(SCRAPE, job, { attempts: 3 });
}

async function readAll(ctx: Pick<AppContext, 'storage'>, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of ctx.storage.read(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Parse → chunk → index in one transaction with the status change, so a file is `ready` exactly
 * when its passages are searchable. Any failure marks the file `failed` with a Russian reason;
 * nothing here may take the process down.
 */
async function runIngest(
  ctx: JobCtx,
  fileId: string,
  timeLimitMs: number,
  produce: (file: FileRow, signal: AbortSignal) => Promise<Block[]>,
  /** Unset: warmed up (see IngestJob.warm). */
  warm = true,
) {
  const [file] = await ctx.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
  if (file?.status !== 'processing') return;
  try {
    const blocks = await withTimeLimit(timeLimitMs, (signal) => produce(file, signal));
    const chunks = chunkBlocks(blocks);
    if (chunks.length === 0) throw new ParseFailure('В файле не найден текст.');
    const indexed = await ctx.db.transaction(async (tx) => {
      await lockAssistantIndex(tx, file.assistantId);
      // Deleted while being parsed, or finished by another run of the job (one re-queued at
      // start-up, a stalled BullMQ job taken over): nothing to index.
      const [still] = await tx
        .select({ id: knowledgeFiles.id })
        .from(knowledgeFiles)
        .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.status, 'processing')));
      if (!still) return false;
      await indexChunks(tx, file.assistantId, fileId, chunks);
      await tx
        .update(knowledgeFiles)
        .set({ status: 'ready', statusReason: null })
        .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.status, 'processing')));
      return true;
    });
    // Outside the transaction and after `ready`: vectors only add to the lexical index, and a
    // provider failure must not fail the file (embedAfterIndexing never throws).
    await embedAfterIndexing(ctx, file.assistantId, fileId);
    // Only passages this run indexed are worth reading before visitors ask.
    if (indexed && warm) void warmAnswerer(ctx, file.assistantId, chunks);
  } catch (err) {
    const reason = err instanceof ParseFailure ? err.message : FAILED_GENERIC;
    if (!(err instanceof ParseFailure)) ctx.log.error({ err, fileId }, 'knowledge file processing failed');
    // Only a file still processing: a late run must not turn another run's `ready` into `failed`.
    // If even this fails the job throws, and the queue tries again.
    await ctx.db
      .update(knowledgeFiles)
      .set({ status: 'failed', statusReason: reason })
      .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.status, 'processing')));
  }
}

type FileRow = typeof knowledgeFiles.$inferSelect;

/**
 * A document without a heading of its own (a sheet of rows, a CSV, a text of paragraphs) is
 * titled with what the owner called it: the title given at upload, else the file's name when it
 * is words ("Меню кафе.csv", not "menu_v2.csv"), so its passages say what they are part of.
 */
export function titled(blocks: Block[], file: Pick<FileRow, 'title' | 'name'>): Block[] {
  if (blocks.some((b) => b.kind === 'heading')) return blocks;
  const name = file.name
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  const title = file.title.trim() || (/\p{Script=Cyrillic}{3}/u.test(name) ? name : '');
  return title ? [{ kind: 'heading', level: 1, text: title }, ...blocks] : blocks;
}

/**
 * `work` or, past the limit, a ParseFailure with the Russian reason. The signal tells the work to
 * stop (a crawl does, and a PDF's parse); a parse that cannot be stopped runs on, but its result is dropped.
 */
async function withTimeLimit<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The reason first: the work's own rejection on abort must not win the race.
      reject(new ParseFailure(FAILED_TIME_LIMIT));
      abort.abort();
    }, ms);
  });
  try {
    return await Promise.race([work(abort.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The crawl's text becomes the file's bytes, within the assistant's limit: the size is set under
 * the quota lock, and only then are the bytes stored, so a site that does not fit takes no room.
 */
async function storeSiteText(ctx: JobCtx, file: FileRow, text: string, signal: AbortSignal): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  signal.throwIfAborted();
  try {
    await withinQuota(
      ctx.db,
      file.assistantId,
      bytes.length,
      (tx) => tx.update(knowledgeFiles).set({ size: bytes.length }).where(eq(knowledgeFiles.id, file.id)),
      file.id,
    );
  } catch (err) {
    if (err instanceof QuotaExceeded) throw new ParseFailure(SITE_QUOTA_EXCEEDED);
    throw err;
  }
  await ctx.storage.put(file.storageKey, bytes);
}
