import { randomUUID } from 'node:crypto';
import type { PublicWidget, VisitorMessage } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { AppError, notFound, unauthorized } from '../../core/errors';
import { assistants, type MessageAttachment, widgets } from '../../infra/db/schema';
import { publishConversationEvent } from '../conversations/events';
import {
  createVisitor,
  findVisitor,
  insertMessage,
  listMessages,
  type MessageRow,
  updateVisitor,
  type VisitorRow,
} from '../conversations/queries';
import { ENGINE_TEXTS } from '../conversations/texts';
import { issueVisitorToken, tokenMatches, visitorIdOfToken } from '../conversations/visitor-token';
import { rasterType } from '../widgets/image-type';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** Messages of the history reply: the latest ones. */
export const VISITOR_HISTORY_LIMIT = 200;

type Ctx = Pick<AppContext, 'db'>;

/** An assistant of the visitor API: a malformed id and a missing one are both 404. */
export async function requirePublicAssistant(ctx: Ctx, assistantId: string) {
  if (!UUID.test(assistantId)) throw notFound(ENGINE_TEXTS.assistantNotFound);
  const [row] = await ctx.db
    .select({ assistant: assistants, widget: widgets })
    .from(assistants)
    .innerJoin(widgets, eq(widgets.id, assistants.widgetId))
    .where(eq(assistants.id, assistantId))
    .limit(1);
  if (!row) throw notFound(ENGINE_TEXTS.assistantNotFound);
  return row;
}

const color = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

/** The widget's design as a customer's site may see it: no owner, no title, no ids beyond the assistant's. */
export async function publicWidget(ctx: Ctx, assistantId: string): Promise<PublicWidget> {
  const { widget: w } = await requirePublicAssistant(ctx, assistantId);
  return {
    assistantId,
    botName: w.botName,
    botRole: w.botRole,
    greeting: w.greeting,
    backgroundColor: color(w.backgroundColor, '#ffffff'),
    accentColor: color(w.accentColor, '#007bff'),
    messageColor: color(w.messageColor, '#e6e6e6'),
    headerTextColor: color(w.headerTextColor, '#000'),
    messageTextColor: color(w.messageTextColor, '#000'),
    avatarUrl: w.avatarUrl,
    brandLogoVisible: w.brandLogoVisible,
    allowFileAttachment: w.allowFileAttachment,
    predefinedQuestions: w.predefinedQuestions,
    headerPatternUrl: w.headerPatternId ? `/api/widget/patterns/${encodeURIComponent(w.headerPatternId)}/data` : null,
    patternOpacity: Math.min(1, Math.max(0, w.patternOpacity)),
    patternScale: Math.min(2, Math.max(0.5, w.patternScale)),
  };
}

export async function createWebVisitor(ctx: Ctx, assistantId: string) {
  await requirePublicAssistant(ctx, assistantId);
  const id = randomUUID();
  const { token, hash } = issueVisitorToken(id);
  await createVisitor(ctx.db, { id, assistantId, channel: 'web', tokenHash: hash });
  return { visitorId: id, visitorToken: token };
}

/** The web visitor a token belongs to, of this assistant only; anything else is 401. */
export async function requireVisitor(ctx: Ctx, assistantId: string, token: string | undefined): Promise<VisitorRow> {
  if (!UUID.test(assistantId)) throw notFound(ENGINE_TEXTS.assistantNotFound);
  const id = token ? visitorIdOfToken(token) : undefined;
  const visitor = id && token ? await findVisitor(ctx.db, assistantId, id) : undefined;
  if (!visitor || !token || visitor.channel !== 'web' || !tokenMatches(token, visitor.tokenHash))
    throw unauthorized(ENGINE_TEXTS.visitorNotFound);
  return visitor;
}

/** Spec roles: the visitor is 'user'; the bot and the operator are both 'assistant'. */
export const toVisitorMessage = (m: {
  id: string;
  role: MessageRow['role'];
  content: string;
  createdAt: Date | string;
}): VisitorMessage => ({
  id: m.id,
  role: m.role === 'visitor' ? 'user' : 'assistant',
  content: m.content,
  createdAt: typeof m.createdAt === 'string' ? m.createdAt : m.createdAt.toISOString(),
});

export async function visitorHistory(ctx: Ctx, visitor: VisitorRow): Promise<VisitorMessage[]> {
  const rows = await listMessages(ctx.db, visitor.assistantId, visitor.id, {
    limit: VISITOR_HISTORY_LIMIT,
    roles: ['visitor', 'bot', 'operator'],
  });
  return rows.map(toVisitorMessage);
}

/** The visitor answers the operator's phone request: kept on the visitor and said in the chat. */
export async function saveVisitorPhone(
  ctx: Pick<AppContext, 'db' | 'database' | 'bus' | 'log'>,
  visitor: VisitorRow,
  phone: string,
): Promise<void> {
  await updateVisitor(ctx.db, visitor.assistantId, visitor.id, { phone, phoneRequestedAt: null });
  const { isPaused: _p, ...message } = await insertMessage(ctx, {
    assistantId: visitor.assistantId,
    visitorId: visitor.id,
    role: 'visitor',
    content: `📞 Мой телефон: ${phone}`,
  });
  await publishConversationEvent(ctx, { type: 'visitor', assistantId: visitor.assistantId, visitorId: visitor.id });
  await publishConversationEvent(ctx, {
    type: 'message',
    assistantId: visitor.assistantId,
    visitorId: visitor.id,
    message,
  });
}

/** How an attachment is served: images inline by their real type, anything else as a download. */
export function attachmentType(bytes: Uint8Array): { ext: string; mimeType: string } {
  const raster = rasterType(bytes);
  if (raster) return { ext: raster === 'jpeg' ? 'jpg' : raster, mimeType: `image/${raster}` };
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return { ext: 'pdf', mimeType: 'application/pdf' };
  return { ext: 'bin', mimeType: 'application/octet-stream' };
}

export const ATTACHMENT_FILE = /^([0-9a-f-]{36})\.(png|jpg|gif|webp|pdf|bin)$/;
export const attachmentKey = (userId: string, assistantId: string, file: string) =>
  `owners/${userId}/chats/${assistantId}/${file}`;

/**
 * A clean display name: no path, no control characters, at most 200 characters. Browsers send a
 * part's file name as raw UTF-8 and the multipart parser reads header bytes as latin1, so a name
 * made only of latin1 characters that decodes as valid UTF-8 is decoded back.
 */
export function cleanFileName(raw: string): string {
  let name = raw;
  if (/[\u0080-\u00ff]/.test(name) && [...name].every((c) => c.charCodeAt(0) <= 0xff)) {
    const decoded = Buffer.from(name, 'latin1').toString('utf8');
    if (!decoded.includes('\ufffd')) name = decoded;
  }
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'файл').slice(0, 200);
}

/**
 * Stores a visitor's file and the message that shows it: `📎 [name](url)`, where the URL is a
 * capability link (an unguessable id) that the widget and the owner's chat both open.
 */
export async function storeAttachment(
  ctx: Pick<AppContext, 'db' | 'database' | 'bus' | 'log' | 'storage' | 'config'>,
  visitor: VisitorRow,
  ownerId: string,
  file: { name: string; bytes: Buffer },
) {
  if (file.bytes.length === 0) throw new AppError(400, ENGINE_TEXTS.fileEmpty);
  const name = cleanFileName(file.name);
  const { ext, mimeType } = attachmentType(file.bytes);
  const stored = `${randomUUID()}.${ext}`;
  await ctx.storage.put(attachmentKey(ownerId, visitor.assistantId, stored), file.bytes);
  // Parentheses too: the link sits inside a markdown `(…)`.
  const encoded = encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const url = `${ctx.config.publicUrl}/api/public/assistants/${visitor.assistantId}/attachments/${stored}/${encoded}`;
  const attachment: MessageAttachment = {
    id: stored,
    name,
    mimeType,
    size: file.bytes.length,
    storageKey: attachmentKey(ownerId, visitor.assistantId, stored),
  };
  const label = name.replace(/[[\]\\]/g, (c) => `\\${c}`);
  const { isPaused: _p, ...message } = await insertMessage(ctx, {
    assistantId: visitor.assistantId,
    visitorId: visitor.id,
    role: 'visitor',
    content: `📎 [${label}](${url})`,
    attachments: [attachment],
  });
  await publishConversationEvent(ctx, {
    type: 'message',
    assistantId: visitor.assistantId,
    visitorId: visitor.id,
    message,
  });
  return toVisitorMessage(message);
}
