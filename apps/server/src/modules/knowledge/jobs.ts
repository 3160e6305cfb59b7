import type { KnowledgeFileType } from '@otklik/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { knowledgeFiles } from '../../infra/db/schema';
import { indexChunks, lockAssistantIndex } from '../retrieval/index-store';
import { chunkBlocks } from './chunker';
import { type Block, ParseFailure, parseDocument, textBlocks } from './parsers';
import { crawlSite, type ScrapeLimits } from './scrape';

const INGEST = 'knowledge.ingest';
const SCRAPE = 'knowledge.scrape';

type JobCtx = Pick<AppContext, 'db' | 'storage' | 'queue' | 'log' | 'config'>;

interface IngestJob {
  fileId: string;
  type: KnowledgeFileType;
}

interface ScrapeJob {
  fileId: string;
  /** The start page, already fetched once by the request that created the job. */
  url: string;
  limits?: Partial<ScrapeLimits>;
}

const FAILED_GENERIC = 'Не удалось обработать файл. Попробуйте загрузить его ещё раз.';

/** Parsing and indexing run as jobs (in-process or BullMQ), so an upload replies at once. */
export function registerKnowledgeJobs(ctx: JobCtx): void {
  ctx.queue.process(INGEST, async (data) => {
    const job = data as IngestJob;
    await runIngest(ctx, job.fileId, async (key) => parseDocument(job.type, await readAll(ctx, key)));
  });
  ctx.queue.process(SCRAPE, async (data) => {
    const job = data as ScrapeJob;
    await runIngest(ctx, job.fileId, async (key) => {
      const text = await crawlSite(job.url, {
        allowLoopback: ctx.config.SCRAPE_ALLOW_LOOPBACK,
        ...job.limits,
      });
      const bytes = Buffer.from(text, 'utf8');
      await ctx.storage.put(key, bytes);
      await ctx.db.update(knowledgeFiles).set({ size: bytes.length }).where(eq(knowledgeFiles.id, job.fileId));
      return textBlocks(text);
    });
  });
}

export async function enqueueIngest(ctx: Pick<AppContext, 'queue'>, job: IngestJob): Promise<void> {
  // One attempt: a parse failure is final and is shown beside the file.
  await ctx.queue.add(INGEST, job, { attempts: 1 });
}

export async function enqueueScrape(ctx: Pick<AppContext, 'queue'>, job: ScrapeJob): Promise<void> {
  await ctx.queue.add(SCRAPE, job, { attempts: 1 });
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
async function runIngest(ctx: JobCtx, fileId: string, produce: (storageKey: string) => Promise<Block[]>) {
  const [file] = await ctx.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
  if (file?.status !== 'processing') return;
  try {
    const blocks = await produce(file.storageKey);
    const chunks = chunkBlocks(blocks);
    if (chunks.length === 0) throw new ParseFailure('В файле не найден текст.');
    await ctx.db.transaction(async (tx) => {
      await lockAssistantIndex(tx, file.assistantId);
      // Deleted while being parsed: nothing to index.
      const [still] = await tx
        .select({ id: knowledgeFiles.id })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.id, fileId));
      if (!still) return;
      await indexChunks(tx, file.assistantId, fileId, chunks);
      await tx
        .update(knowledgeFiles)
        .set({ status: 'ready', statusReason: null })
        .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.status, 'processing')));
    });
  } catch (err) {
    const reason = err instanceof ParseFailure ? err.message : FAILED_GENERIC;
    if (!(err instanceof ParseFailure)) ctx.log.error({ err, fileId }, 'knowledge file processing failed');
    await ctx.db
      .update(knowledgeFiles)
      .set({ status: 'failed', statusReason: reason })
      .where(eq(knowledgeFiles.id, fileId))
      .catch((e: unknown) => ctx.log.error({ err: e, fileId }, 'could not mark knowledge file failed'));
  }
}
