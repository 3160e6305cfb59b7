import type { Readable } from 'node:stream';
import {
  KNOWLEDGE_FILE_MAX_BYTES,
  type KnowledgeFileItem,
  KnowledgeFileList,
  normalizeSiteUrl,
  SCRAPE_TEXTS,
} from '@otklik/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { AppError, badRequest, notFound, payloadTooLarge } from '../../core/errors';
import { requireOwnedAssistant } from '../../core/ownership';
import { assistants, knowledgeFiles } from '../../infra/db/schema';
import { safeDisplayName } from '../../lib/file-names';
import { unindexFile } from '../retrieval';
import { detectFileType, MIME_TYPES, RejectedFile } from './detect';
import { enqueueIngest, enqueueScrape } from './jobs';
import { fits, QUOTA_EXCEEDED, QuotaExceeded, withinQuota } from './quota';
import { FetchRefused } from './safe-fetch';
import { fetchStartPage, siteFileName } from './scrape';

export type Ctx = Pick<AppContext, 'db' | 'database' | 'storage' | 'queue' | 'log' | 'config'>;

export const FILE_NOT_FOUND = 'Файл не найден';
export const MAX_UPLOAD_BYTES = KNOWLEDGE_FILE_MAX_BYTES;
export const FILE_TOO_LARGE = `Файл слишком большой: не более ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} МБ.`;

type FileRow = typeof knowledgeFiles.$inferSelect;

export function presentFile(row: FileRow): KnowledgeFileItem {
  return {
    id: row.id,
    name: safeDisplayName(row.name, 255),
    uploadedAt: row.uploadedAt.toISOString(),
    mimeType: row.mimeType,
    title: row.title,
    description: row.description,
    size: row.size,
    status: row.status,
    statusReason: row.statusReason,
    source: row.source,
    sourceUrl: row.sourceUrl,
  };
}

export const storageKey = (userId: string, assistantId: string, fileId: string) =>
  `owners/${userId}/knowledge/${assistantId}/${fileId}`;

/** The insert of a file that takes `bytes` of the assistant's 200 MB, or 413 when they do not fit. */
async function insertWithinQuota(
  ctx: Pick<AppContext, 'db'>,
  values: typeof knowledgeFiles.$inferInsert,
  bytes: number,
): Promise<FileRow> {
  try {
    const [row] = await withinQuota(ctx.db, values.assistantId, bytes, (tx) =>
      tx.insert(knowledgeFiles).values(values).returning(),
    );
    if (!row) throw new Error('knowledge file not stored');
    return row;
  } catch (err) {
    if (err instanceof QuotaExceeded) throw payloadTooLarge(QUOTA_EXCEEDED);
    throw err;
  }
}

/**
 * Accepts an upload into an assistant's knowledge base: size and type (by content) are checked
 * at once, the bytes stored, and parsing and indexing left to a background job; the file is
 * listed as `processing` until then. Also used by assistant creation for its optional file.
 */
export async function addKnowledgeFile(
  ctx: Ctx,
  input: {
    userId: string;
    assistantId: string;
    filename: string;
    bytes: Buffer;
    title?: string;
    description?: string;
    /** False: no answerer warm-up after indexing (the site's demo, seeded at start-up). */
    warm?: boolean;
  },
): Promise<KnowledgeFileItem> {
  await requireOwnedAssistant(ctx.db, input.userId, input.assistantId);
  if (input.bytes.length > KNOWLEDGE_FILE_MAX_BYTES) throw payloadTooLarge(FILE_TOO_LARGE);
  let type: ReturnType<typeof detectFileType>;
  try {
    type = detectFileType(input.bytes, input.filename);
  } catch (err) {
    if (err instanceof RejectedFile) throw badRequest(err.message);
    throw err;
  }
  // An early refusal before up to 20 MB go to disk; the locked check with the insert is the one that holds.
  if (!(await fits(ctx.db, input.assistantId, input.bytes.length))) throw payloadTooLarge(QUOTA_EXCEEDED);
  const id = crypto.randomUUID();
  const key = storageKey(input.userId, input.assistantId, id);
  // Stored before the (locked) check and insert, so no transaction waits on the disk.
  await ctx.storage.put(key, input.bytes);
  let row: FileRow;
  try {
    row = await insertWithinQuota(
      ctx,
      {
        id,
        assistantId: input.assistantId,
        name: safeDisplayName(input.filename, 255),
        title: input.title?.trim() ?? '',
        description: input.description?.trim() ?? '',
        mimeType: MIME_TYPES[type],
        size: input.bytes.length,
        storageKey: key,
        source: 'upload',
      },
      input.bytes.length,
    );
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
  await enqueueIngest(ctx, { fileId: id, type, warm: input.warm });
  return presentFile(row);
}

export async function listFiles(ctx: Ctx, userId: string, assistantId: string): Promise<KnowledgeFileItem[]> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const rows = await ctx.db
    .select()
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.assistantId, assistantId))
    .orderBy(desc(knowledgeFiles.uploadedAt), desc(knowledgeFiles.id));
  return KnowledgeFileList.parse(rows.map(presentFile));
}

export async function deleteFile(ctx: Ctx, userId: string, assistantId: string, fileId: string): Promise<void> {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const removed = await ctx.db.transaction(async (tx) => {
    const [file] = await tx
      .select()
      .from(knowledgeFiles)
      .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.assistantId, assistantId)));
    if (!file) return undefined;
    await unindexFile(tx, assistantId, fileId);
    await tx.delete(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
    return file;
  });
  if (!removed) throw notFound(FILE_NOT_FOUND);
  await ctx.storage.remove(removed.storageKey);
}

/** The original bytes of a file of one of the owner's assistants. */
export async function openDownload(
  ctx: Ctx,
  userId: string,
  fileId: string,
): Promise<{ name: string; mimeType: string; size: number; stream: Readable }> {
  const [file] = await ctx.db
    .select({ file: knowledgeFiles })
    .from(knowledgeFiles)
    .innerJoin(assistants, eq(assistants.id, knowledgeFiles.assistantId))
    .where(and(eq(knowledgeFiles.id, fileId), eq(assistants.userId, userId)));
  if (!file) throw notFound(FILE_NOT_FOUND);
  const row = file.file;
  const name = row.source === 'site' && !/\.txt$/i.test(row.name) ? `${row.name}.txt` : row.name;
  const stream = ctx.storage.read(row.storageKey);
  // A missing blob (storage wiped) must be a 404, not a crash of the reply stream.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('readable', () => resolve());
    stream.once('error', () => reject(notFound(FILE_NOT_FOUND)));
  });
  return { name, mimeType: row.mimeType, size: row.size, stream };
}

/** Removes the stored bytes of an assistant's files; its rows go with the assistant (cascade). */
export async function removeAssistantKnowledge(ctx: Pick<AppContext, 'storage'>, userId: string, assistantId: string) {
  await ctx.storage.removePrefix(`owners/${userId}/knowledge/${assistantId}`);
}

/**
 * Site scrape: the start page is fetched in the request, so a wrong address or the site's own
 * error comes back at once with the status the client turns into the spec's text (§8); the
 * crawl of the linked pages and the indexing go on in a job, the file listed as `processing`.
 */
export async function scrapeSite(ctx: Ctx, userId: string, assistantId: string, rawUrl: string) {
  await requireOwnedAssistant(ctx.db, userId, assistantId);
  const url = normalizeSiteUrl(rawUrl);
  if (!url) throw badRequest(SCRAPE_TEXTS.urlRequired);
  let page: Awaited<ReturnType<typeof fetchStartPage>>;
  try {
    page = await fetchStartPage(url, { allowLoopback: ctx.config.SCRAPE_ALLOW_LOOPBACK });
  } catch (err) {
    throw scrapeError(err);
  }
  const id = crypto.randomUUID();
  const key = storageKey(userId, assistantId, id);
  // The row takes no room until the crawl's text is known (the job checks the limit again then);
  // the start page's size refuses at once a scrape into a base that is already full.
  const row = await insertWithinQuota(
    ctx,
    {
      id,
      assistantId,
      name: siteFileName(page.url),
      mimeType: 'text/plain',
      size: 0,
      storageKey: key,
      source: 'site',
      sourceUrl: page.url,
    },
    page.body.length,
  );
  // Empty until the crawl writes its text: a download meanwhile gives an empty file, not a 404.
  await ctx.storage.put(key, Buffer.alloc(0));
  await enqueueScrape(ctx, { fileId: id, url: page.url });
  return presentFile(row);
}

/** The reply status is the class of what went wrong, so the client shows the matching text of §8. */
export function scrapeError(err: unknown): AppError {
  if (!(err instanceof FetchRefused)) return new AppError(502, SCRAPE_TEXTS.other(502));
  switch (err.reason) {
    case 'address':
    case 'type':
      return badRequest(SCRAPE_TEXTS.badRequest);
    case 'status':
      // The site's 401 is answered 403: a 401 from our API means the owner's session ended
      // (spec §4 logs the user out on it), which a protected site must not do.
      if (err.status === 401 || err.status === 403) return new AppError(403, SCRAPE_TEXTS.unauthorized);
      if (err.status >= 500) return new AppError(500, SCRAPE_TEXTS.serverError);
      return new AppError(err.status >= 400 ? err.status : 502, SCRAPE_TEXTS.other(err.status));
    case 'timeout':
      return new AppError(504, SCRAPE_TEXTS.other(504));
    case 'size':
      return new AppError(413, SCRAPE_TEXTS.other(413));
    default:
      return new AppError(502, SCRAPE_TEXTS.other(502));
  }
}
