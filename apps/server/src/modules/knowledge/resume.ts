import type { KnowledgeFileType } from '@otklik/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { knowledgeFiles } from '../../infra/db/schema';
import { MIME_TYPES } from './detect';
import { enqueueIngest, enqueueScrape, FAILED_GENERIC } from './jobs';

const TYPE_OF_MIME = new Map(Object.entries(MIME_TYPES).map(([type, mime]) => [mime, type as KnowledgeFileType]));

/**
 * Start-up: queues again the ingestion of every file still `processing`. The in-process queue
 * forgets its jobs when the process ends, and a BullMQ job can end up failed as stalled, either
 * way leaving a file `processing` for ever. A file that does have a live job gets a second one,
 * which is harmless: a job does nothing to a file that is no longer `processing`, and indexes
 * only one that still is, under the assistant's index lock.
 *
 * Instances starting together share the work: each takes the rows no other one has locked.
 */
export async function resumeUnfinishedFiles(ctx: Pick<AppContext, 'db' | 'queue' | 'log'>): Promise<number> {
  // Almost always there is nothing to resume: a plain look first, so a start takes no locks
  // (and PGlite, whose memory never shrinks, runs no transaction for nothing).
  const [any] = await ctx.db
    .select({ id: knowledgeFiles.id })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.status, 'processing'))
    .limit(1);
  if (!any) return 0;
  return ctx.db.transaction(async (tx) => {
    const files = await tx
      .select({
        id: knowledgeFiles.id,
        source: knowledgeFiles.source,
        mimeType: knowledgeFiles.mimeType,
        sourceUrl: knowledgeFiles.sourceUrl,
      })
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.status, 'processing'))
      .for('update', { skipLocked: true });
    for (const file of files) {
      const type = TYPE_OF_MIME.get(file.mimeType);
      if (file.source === 'site' && file.sourceUrl) await enqueueScrape(ctx, { fileId: file.id, url: file.sourceUrl });
      else if (file.source === 'upload' && type) await enqueueIngest(ctx, { fileId: file.id, type });
      else
        await tx
          .update(knowledgeFiles)
          .set({ status: 'failed', statusReason: FAILED_GENERIC })
          .where(and(eq(knowledgeFiles.id, file.id), eq(knowledgeFiles.status, 'processing')));
    }
    if (files.length) ctx.log.info({ files: files.length }, 'knowledge files queued again after a restart');
    return files.length;
  });
}
