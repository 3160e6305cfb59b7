import { KNOWLEDGE_ASSISTANT_MAX_BYTES } from '@otklik/contract';
import type { FastifyInstance } from 'fastify';
import { assistants, knowledgeFiles, widgets } from '../src/infra/db/schema';
import { type IndexedPassage, indexChunks } from '../src/modules/retrieval/index-store';
import { bearer } from './helpers/server';

/** An assistant of the owner, made as rows (widget first, as the product does). */
export async function createAssistant(app: FastifyInstance, userId: string, name = 'Ассистент'): Promise<string> {
  const [widget] = await app.ctx.db.insert(widgets).values({ userId }).returning({ id: widgets.id });
  if (!widget) throw new Error('no widget');
  const [assistant] = await app.ctx.db
    .insert(assistants)
    .values({ userId, widgetId: widget.id, name })
    .returning({ id: assistants.id });
  if (!assistant) throw new Error('no assistant');
  return assistant.id;
}

/** A multipart body as a browser's FormData would send it. */
export function multipart(parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----otklik${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.contentType ?? (p.filename === undefined ? undefined : 'application/octet-stream');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  app: FastifyInstance,
  token: string,
  assistantId: string,
  filename: string,
  bytes: Buffer,
  description: { title?: string; description?: string } = {},
) {
  const body = multipart([
    { name: 'file', value: bytes, filename },
    { name: 'fileDescriptionJson', value: JSON.stringify(description) },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/assistant/${assistantId}/file`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** Fills the assistant's 200 MB but for `left` bytes, with a ready file that has no bytes on disk. */
export async function leaveRoom(app: FastifyInstance, assistantId: string, left: number): Promise<void> {
  await app.ctx.db.insert(knowledgeFiles).values({
    assistantId,
    name: 'большой.pdf',
    mimeType: 'application/pdf',
    size: KNOWLEDGE_ASSISTANT_MAX_BYTES - left,
    storageKey: 'owners/x/none',
    status: 'ready',
  });
}

/** A ready text file of the assistant, as a row (nothing on disk, nothing indexed). */
export async function knowledgeFileRow(app: FastifyInstance, assistantId: string, name: string): Promise<string> {
  const [file] = await app.ctx.db
    .insert(knowledgeFiles)
    .values({ assistantId, name, mimeType: 'text/plain', size: 0, storageKey: `test/${name}`, status: 'ready' })
    .returning({ id: knowledgeFiles.id });
  if (!file) throw new Error('no file');
  return file.id;
}

/** A ready file of the assistant with these passages indexed, as ingestion leaves it; its id. */
export async function indexedFile(
  app: FastifyInstance,
  assistantId: string,
  name: string,
  passages: IndexedPassage[],
): Promise<string> {
  const fileId = await knowledgeFileRow(app, assistantId, name);
  await app.ctx.db.transaction((tx) => indexChunks(tx, assistantId, fileId, passages));
  return fileId;
}
