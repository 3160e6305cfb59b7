import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AVATAR_MAX_BYTES,
  derivedTextColor,
  WIDGET_TEXTS,
  type Widget,
  type WidgetSaveRequest,
} from '@otklik/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../core/context';
import { badRequest, notFound, payloadTooLarge } from '../../core/errors';
import type { Executor } from '../../infra/db';
import { assistants, widgets } from '../../infra/db/schema';
import { looksLikeMarkup, RASTER_EXT, RASTER_MIME, type RasterType, rasterType } from '../../lib/image-type';
import { isPredefinedAvatarUrl, matchPredefinedAvatar } from './assets';
import { findPattern } from './patterns';

export type WidgetRow = typeof widgets.$inferSelect;
type Ctx = Pick<AppContext, 'db' | 'storage'>;
type SaveInput = z.output<typeof WidgetSaveRequest>;

/** An owner keeps at most this many widgets not (yet) bound to an assistant; older ones are dropped on init. */
const MAX_UNBOUND_WIDGETS = 20;
export const AVATAR_CHOICE_REFUSED = 'Аватар можно выбрать из предложенных или загрузить файлом';

export function presentWidget(row: WidgetRow): Widget {
  return {
    id: row.id,
    botName: row.botName,
    botRole: row.botRole,
    greeting: row.greeting,
    backgroundColor: row.backgroundColor,
    accentColor: row.accentColor,
    messageColor: row.messageColor,
    headerTextColor: row.headerTextColor,
    messageTextColor: row.messageTextColor,
    avatarUrl: row.avatarUrl,
    brandLogoVisible: row.brandLogoVisible,
    allowFileAttachment: row.allowFileAttachment,
    headerPattern: row.headerPatternId,
    patternOpacity: row.patternOpacity,
    patternScale: row.patternScale,
    predefinedQuestions: row.predefinedQuestions,
  };
}

/** Another owner's widget and a missing one look the same: 404. */
export async function requireOwnedWidget(db: Executor, userId: string, widgetId: string): Promise<WidgetRow> {
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(eq(widgets.id, widgetId), eq(widgets.userId, userId)))
    .limit(1);
  if (!row) throw notFound(WIDGET_TEXTS.widgetNotFound);
  return row;
}

const widgetFolder = (userId: string, widgetId: string) => `owners/${userId}/widgets/${widgetId}`;
const avatarPath = (widgetId: string) => `/api/widget/avatar/${widgetId}/`;
/** The stored file name of an uploaded avatar: a random token (a new URL per upload) and the type's extension. */
export const AVATAR_FILE = /^[0-9a-f]{16}\.(png|jpg|webp|gif)$/;

/** The file name of the widget's uploaded avatar, if its avatar is one (not a predefined one). */
function uploadedAvatarFile(row: WidgetRow): string | undefined {
  const prefix = avatarPath(row.id);
  if (!row.avatarUrl?.startsWith(prefix)) return undefined;
  const file = row.avatarUrl.slice(prefix.length);
  return AVATAR_FILE.test(file) ? file : undefined;
}

async function removeUploadedAvatar(ctx: Ctx, row: WidgetRow): Promise<void> {
  const file = uploadedAvatarFile(row);
  if (file) await ctx.storage.remove(`${widgetFolder(row.userId, row.id)}/avatar-${file}`);
}

/** POST /api/widget/init: a new widget with the defaults of spec §3 (the column defaults). */
export async function initWidget(ctx: Ctx, userId: string): Promise<{ id: string }> {
  const [row] = await ctx.db.insert(widgets).values({ userId }).returning({ id: widgets.id });
  if (!row) throw new Error('widget not created');
  await pruneUnboundWidgets(ctx, userId);
  return { id: row.id };
}

/** Every start of the creation flow makes a widget; abandoned ones beyond the newest few are dropped. */
async function pruneUnboundWidgets(ctx: Ctx, userId: string): Promise<void> {
  const bound = ctx.db.select({ id: assistants.widgetId }).from(assistants).where(eq(assistants.userId, userId));
  const unbound = await ctx.db
    .select()
    .from(widgets)
    .where(and(eq(widgets.userId, userId), notInArray(widgets.id, bound)))
    .orderBy(desc(widgets.createdAt), desc(widgets.id))
    .offset(MAX_UNBOUND_WIDGETS);
  for (const row of unbound) {
    try {
      const [gone] = await ctx.db
        .delete(widgets)
        .where(and(eq(widgets.id, row.id), notInArray(widgets.id, bound)))
        .returning({ id: widgets.id });
      if (gone) await ctx.storage.removePrefix(widgetFolder(userId, row.id));
    } catch {
      // Bound by an assistant created at this very moment: it stays, which is what we want.
    }
  }
}

/** POST /api/widget: the design; fields left out keep their value. */
export async function saveWidget(ctx: Ctx, userId: string, input: SaveInput): Promise<Widget> {
  const current = await requireOwnedWidget(ctx.db, userId, input.id);
  if (input.headerPattern && !(await findPattern(ctx.db, input.headerPattern))) {
    throw badRequest(WIDGET_TEXTS.patternNotFound);
  }
  const avatarUrl = input.avatarUrl == null ? input.avatarUrl : avatarPathOf(input.avatarUrl);
  const avatarChange = avatarUrl !== undefined && avatarUrl !== current.avatarUrl;
  if (avatarChange && avatarUrl !== null && !isPredefinedAvatarUrl(avatarUrl)) {
    throw badRequest(AVATAR_CHOICE_REFUSED);
  }
  // Spec §3: text colours follow their surface colours unless the client sends its own result.
  const headerTextColor =
    input.headerTextColor ?? (input.backgroundColor ? derivedTextColor(input.backgroundColor) : undefined);
  const messageTextColor =
    input.messageTextColor ?? (input.messageColor ? derivedTextColor(input.messageColor) : undefined);
  const [row] = await ctx.db
    .update(widgets)
    .set({
      botName: input.botName,
      botRole: input.botRole,
      greeting: input.greeting,
      backgroundColor: input.backgroundColor,
      accentColor: input.accentColor,
      messageColor: input.messageColor,
      headerTextColor,
      messageTextColor,
      allowFileAttachment: input.allowFileAttachment,
      brandLogoVisible: input.brandLogoVisible,
      predefinedQuestions: input.predefinedQuestions,
      headerPatternId: input.headerPattern,
      patternOpacity: input.patternOpacity === undefined ? undefined : round1(input.patternOpacity),
      patternScale: input.patternScale === undefined ? undefined : round1(input.patternScale),
      avatarUrl: avatarChange ? avatarUrl : undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(widgets.id, current.id), eq(widgets.userId, userId)))
    .returning();
  if (!row) throw notFound(WIDGET_TEXTS.widgetNotFound);
  if (avatarChange) await removeUploadedAvatar(ctx, current);
  return presentWidget(row);
}

/**
 * The path of an avatar URL as the client may hold it: absolute or relative, with the
 * cache-busting query of spec §4. Stored URLs are paths on our origin without a query.
 */
function avatarPathOf(url: string): string {
  try {
    return new URL(url, 'http://origin.invalid').pathname;
  } catch {
    return url;
  }
}

/** The sliders move in steps of 0.1 (spec §2.9); floats such as 0.30000000000000004 are stored as 0.3. */
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * POST /api/widget/uploadAvatar/{widgetId}: a PNG, JPEG, WebP or GIF (checked by its bytes),
 * or one of our predefined SVG avatars, which the client fetches and sends as a file (spec §5).
 * Any other SVG is refused: it could carry scripts. Each upload gets a new URL.
 */
export async function uploadAvatar(
  ctx: Ctx,
  userId: string,
  widgetId: string,
  bytes: Buffer,
): Promise<{ uri: string }> {
  const current = await requireOwnedWidget(ctx.db, userId, widgetId);
  if (bytes.length === 0) throw badRequest(WIDGET_TEXTS.avatarEmpty);
  if (bytes.length > AVATAR_MAX_BYTES) throw payloadTooLarge(WIDGET_TEXTS.avatarTooLarge);
  let uri: string;
  const type = rasterType(bytes);
  if (type) {
    const file = `${randomBytes(8).toString('hex')}.${RASTER_EXT[type]}`;
    await ctx.storage.put(`${widgetFolder(userId, widgetId)}/avatar-${file}`, bytes);
    uri = `${avatarPath(widgetId)}${file}`;
  } else if (looksLikeMarkup(bytes)) {
    const predefined = matchPredefinedAvatar(bytes);
    if (!predefined) throw badRequest(WIDGET_TEXTS.avatarSvgRefused);
    uri = predefined.url;
  } else {
    throw badRequest(WIDGET_TEXTS.avatarNotImage);
  }
  const [row] = await ctx.db
    .update(widgets)
    .set({ avatarUrl: uri, updatedAt: new Date() })
    .where(and(eq(widgets.id, widgetId), eq(widgets.userId, userId)))
    .returning({ id: widgets.id });
  if (!row) throw notFound(WIDGET_TEXTS.widgetNotFound);
  if (current.avatarUrl !== uri) await removeUploadedAvatar(ctx, current);
  return { uri };
}

/** DELETE /api/widget/avatar/{widgetId}: no avatar (the widget shows the bot's initial). */
export async function deleteAvatar(ctx: Ctx, userId: string, widgetId: string): Promise<void> {
  const current = await requireOwnedWidget(ctx.db, userId, widgetId);
  await ctx.db
    .update(widgets)
    .set({ avatarUrl: null, updatedAt: new Date() })
    .where(and(eq(widgets.id, widgetId), eq(widgets.userId, userId)));
  await removeUploadedAvatar(ctx, current);
}

const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  (Object.keys(RASTER_EXT) as RasterType[]).map((t) => [RASTER_EXT[t], RASTER_MIME[t]]),
);

/**
 * GET /api/widget/avatar/{widgetId}/{file}: public, because the widget shows it on customers'
 * sites. Only the widget's current avatar is served; a replaced one is gone.
 */
export async function openAvatar(
  ctx: Ctx,
  widgetId: string,
  file: string,
): Promise<{ mimeType: string; stream: Readable }> {
  const [row] = await ctx.db.select().from(widgets).where(eq(widgets.id, widgetId)).limit(1);
  if (!row || uploadedAvatarFile(row) !== file) throw notFound(WIDGET_TEXTS.avatarNotFound);
  const mimeType = MIME_BY_EXT[file.split('.').pop() ?? ''];
  if (!mimeType) throw notFound(WIDGET_TEXTS.avatarNotFound);
  const stream = ctx.storage.read(`${widgetFolder(row.userId, row.id)}/avatar-${file}`);
  // A missing blob (storage wiped) must be a 404, not a crash of the reply stream.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('readable', () => resolve());
    stream.once('error', () => reject(notFound(WIDGET_TEXTS.avatarNotFound)));
  });
  return { mimeType, stream };
}

/** Removes a widget's stored files (its row goes in the caller's transaction). */
export async function removeWidgetFiles(ctx: Pick<AppContext, 'storage'>, userId: string, widgetId: string) {
  await ctx.storage.removePrefix(widgetFolder(userId, widgetId));
}

/** Whether an assistant already uses this widget (an assistant has exactly one). */
export async function isWidgetBound(db: Executor, widgetId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assistants.id })
    .from(assistants)
    .where(eq(assistants.widgetId, widgetId))
    .limit(1);
  return Boolean(row);
}
