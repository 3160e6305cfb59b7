import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../core/context';
import { fail } from '../../core/errors';
import type { UploadedFile } from '../../core/multipart';
import type { MessageAttachment } from '../../infra/db/schema';
import { cleanFileName } from '../../lib/file-names';
import { rasterType } from '../../lib/image-type';
import type { VisitorRow } from './store';
import { ENGINE_TEXTS } from './texts';

/** How an attachment is served: images inline by their real type, anything else as a download. */
export function attachmentType(bytes: Uint8Array): { ext: string; mimeType: string } {
  const raster = rasterType(bytes);
  if (raster) return { ext: raster === 'jpeg' ? 'jpg' : raster, mimeType: `image/${raster}` };
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return { ext: 'pdf', mimeType: 'application/pdf' };
  return { ext: 'bin', mimeType: 'application/octet-stream' };
}

/** A stored attachment's file: `<uuid>.<ext>`. */
export const ATTACHMENT_FILE = /^([0-9a-f-]{36})\.(png|jpg|gif|webp|pdf|bin)$/;

/** Where an assistant's conversation files are stored; with '' the prefix of all of them. */
export const attachmentKey = (userId: string, assistantId: string, file: string) =>
  `owners/${userId}/chats/${assistantId}/${file}`;

/** The MIME type an attachment is served with, from its stored file's extension. */
export function attachmentMime(ext: string): string {
  if (ext === 'pdf') return 'application/pdf';
  if (ext === 'bin') return 'application/octet-stream';
  return `image/${ext === 'jpg' ? 'jpeg' : ext}`;
}

/** Removes the files visitors attached in an assistant's conversations (the assistant is being deleted). */
export function removeConversationFiles(ctx: Pick<AppContext, 'storage'>, userId: string, assistantId: string) {
  return ctx.storage.removePrefix(attachmentKey(userId, assistantId, ''));
}

/** Stores a visitor's file; the message that shows it is appended by the pipeline. */
export async function storeAttachment(
  ctx: Pick<AppContext, 'storage'>,
  visitor: VisitorRow,
  ownerId: string,
  file: UploadedFile,
): Promise<MessageAttachment> {
  if (file.bytes.length === 0) throw fail('badRequest', ENGINE_TEXTS.fileEmpty);
  const name = cleanFileName(file.filename);
  const { ext, mimeType } = attachmentType(file.bytes);
  const stored = `${randomUUID()}.${ext}`;
  const storageKey = attachmentKey(ownerId, visitor.assistantId, stored);
  await ctx.storage.put(storageKey, file.bytes);
  return { id: stored, name, mimeType, size: file.bytes.length, storageKey };
}

/**
 * The text of a message showing attachments: `📎 [name](url)` each, where the URL is a
 * capability link (an unguessable id) that the widget and the owner's chat both open.
 */
export function attachmentLinks(publicUrl: string, assistantId: string, attachments: MessageAttachment[]): string {
  return attachments
    .map((a) => {
      // Parentheses too: the link sits inside a markdown `(…)`.
      const encoded = encodeURIComponent(a.name).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
      const url = `${publicUrl}/api/public/assistants/${assistantId}/attachments/${a.id}/${encoded}`;
      return `📎 [${a.name.replace(/[[\]\\]/g, (c) => `\\${c}`)}](${url})`;
    })
    .join('\n');
}
