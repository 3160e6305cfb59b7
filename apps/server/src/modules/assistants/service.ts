import {
  ASSISTANT_CREATE_FILE_TYPES,
  ASSISTANT_DEFAULT_TITLE,
  ASSISTANT_TEXTS,
  type Assistant,
  type AssistantCreateRequest,
  type AssistantListItem,
  type AssistantPatchRequest,
  KNOWLEDGE_FILE_MAX_BYTES,
} from '@otklik/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../core/context';
import { badRequest, conflict, fail, payloadTooLarge } from '../../core/errors';
import { publishAssistantChanged } from '../../core/events';
import { requireOwnedAssistant } from '../../core/ownership';
import { isUniqueViolation } from '../../infra/db/errors';
import { assistants, widgets } from '../../infra/db/schema';
import { removeConversationFiles } from '../conversations';
import {
  addKnowledgeFile,
  detectFileType,
  FILE_TOO_LARGE,
  RejectedFile,
  removeAssistantKnowledge,
  UNSUPPORTED_TYPE,
} from '../knowledge';
import { isKnownModel } from '../models';
import { isWidgetBound, presentWidget, removeWidgetFiles, requireOwnedWidget, type WidgetRow } from '../widgets';
import { loadAssistantExtras } from './extras';

type Ctx = Pick<AppContext, 'db' | 'database' | 'storage' | 'queue' | 'log' | 'config' | 'bus'>;
type AssistantRow = typeof assistants.$inferSelect;
type CreateInput = z.output<typeof AssistantCreateRequest>;
type PatchInput = z.output<typeof AssistantPatchRequest>;

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

async function present(ctx: Ctx, row: AssistantRow, widget: WidgetRow): Promise<Assistant> {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    instructions: row.instructions,
    temperature: row.temperature,
    model: row.model,
    greeting: row.greeting,
    widgetId: row.widgetId,
    widget: presentWidget(widget),
    ...(await loadAssistantExtras(ctx.db, row.id)),
  };
}

/** GET /api/assistant: the owner's assistants, newest first, with what the cards show. */
export async function listAssistants(ctx: Ctx, userId: string): Promise<AssistantListItem[]> {
  const rows = await ctx.db
    .select({
      id: assistants.id,
      name: assistants.name,
      accentColor: widgets.accentColor,
      avatarUrl: widgets.avatarUrl,
      botName: widgets.botName,
    })
    .from(assistants)
    .innerJoin(widgets, eq(widgets.id, assistants.widgetId))
    .where(eq(assistants.userId, userId))
    .orderBy(desc(assistants.createdAt), desc(assistants.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    widget: { accentColor: r.accentColor, avatarUrl: r.avatarUrl, botName: r.botName },
  }));
}

/** GET /api/assistant/{id}: the full assistant of spec §7. */
export async function getAssistant(ctx: Ctx, userId: string, id: string): Promise<Assistant> {
  const [row] = await ctx.db
    .select({ assistant: assistants, widget: widgets })
    .from(assistants)
    .innerJoin(widgets, eq(widgets.id, assistants.widgetId))
    .where(and(eq(assistants.id, id), eq(assistants.userId, userId)))
    .limit(1);
  if (!row) throw fail('assistantNotFound');
  return present(ctx, row.assistant, row.widget);
}

function checkModel(ctx: Ctx, model: string, current?: string): void {
  // A model kept from before (e.g. a provider since unconfigured) may stay; a new choice must be offered.
  if (model !== current && !isKnownModel(ctx.config, model)) throw badRequest(ASSISTANT_TEXTS.unknownModel);
}

/** Spec §5: the creation form takes pdf, doc, docx, txt and xlsx, recognised by content. */
function checkCreationFile(file: UploadedFile): void {
  if (file.bytes.length === 0) throw fail('fileEmpty');
  if (file.bytes.length > KNOWLEDGE_FILE_MAX_BYTES) throw payloadTooLarge(FILE_TOO_LARGE);
  let type: string;
  try {
    type = detectFileType(file.bytes, file.filename);
  } catch (err) {
    if (err instanceof RejectedFile) {
      throw badRequest(err.message === UNSUPPORTED_TYPE ? ASSISTANT_TEXTS.fileType : err.message);
    }
    throw err;
  }
  if (!(ASSISTANT_CREATE_FILE_TYPES as readonly string[]).includes(type)) throw badRequest(ASSISTANT_TEXTS.fileType);
}

/**
 * POST /api/assistant/create: binds the saved widget (spec §2.7: the widget comes first) and
 * stores the optional file as the first knowledge file. All or nothing: a file that cannot be
 * stored leaves no assistant behind, and the widget stays free for another attempt.
 */
export async function createAssistant(
  ctx: Ctx,
  userId: string,
  input: CreateInput,
  file: UploadedFile | undefined,
): Promise<Assistant> {
  const widget = await requireOwnedWidget(ctx.db, userId, input.widgetId);
  if (await isWidgetBound(ctx.db, widget.id)) throw conflict(ASSISTANT_TEXTS.widgetTaken);
  checkModel(ctx, input.gptModel);
  if (file) checkCreationFile(file);
  let row: AssistantRow | undefined;
  try {
    [row] = await ctx.db
      .insert(assistants)
      .values({
        userId,
        widgetId: widget.id,
        name: input.title || ASSISTANT_DEFAULT_TITLE,
        role: input.role,
        instructions: input.instructions,
        temperature: round2(input.temperature),
        model: input.gptModel,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ASSISTANT_TEXTS.widgetTaken);
    throw err;
  }
  if (!row) throw new Error('assistant not created');
  if (file) {
    try {
      await addKnowledgeFile(ctx, { userId, assistantId: row.id, filename: file.filename, bytes: file.bytes });
    } catch (err) {
      await ctx.db.delete(assistants).where(eq(assistants.id, row.id));
      await removeAssistantKnowledge(ctx, userId, row.id);
      throw err;
    }
  }
  return present(ctx, row, widget);
}

/** PATCH /api/assistant/{id}: the data tab; fields left out keep their value. */
export async function patchAssistant(ctx: Ctx, userId: string, id: string, input: PatchInput): Promise<Assistant> {
  const current = await requireOwnedAssistant(ctx.db, userId, id);
  if (input.gptModel !== undefined) checkModel(ctx, input.gptModel, current.model);
  await ctx.db
    .update(assistants)
    .set({
      name: input.title === undefined ? undefined : input.title || ASSISTANT_DEFAULT_TITLE,
      role: input.role,
      instructions: input.instructions,
      temperature: input.temperature === undefined ? undefined : round2(input.temperature),
      model: input.gptModel,
      updatedAt: new Date(),
    })
    .where(and(eq(assistants.id, id), eq(assistants.userId, userId)));
  // Whoever keeps the assistant's settings (the conversation engine) forgets them: an edit counts from the next message.
  await publishAssistantChanged(ctx, id);
  return getAssistant(ctx, userId, id);
}

/**
 * DELETE /api/assistant/{id}: the assistant with its widget, knowledge, answers and
 * conversations. Rows of every table that refers to the assistant go by ON DELETE CASCADE;
 * the widget is deleted in the same transaction; stored bytes are removed afterwards.
 */
export async function deleteAssistant(ctx: Ctx, userId: string, id: string): Promise<void> {
  const row = await requireOwnedAssistant(ctx.db, userId, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(assistants).where(and(eq(assistants.id, id), eq(assistants.userId, userId)));
    await tx.delete(widgets).where(and(eq(widgets.id, row.widgetId), eq(widgets.userId, userId)));
  });
  await publishAssistantChanged(ctx, id);
  await removeAssistantKnowledge(ctx, userId, id);
  await removeWidgetFiles(ctx, userId, row.widgetId);
  await removeConversationFiles(ctx, userId, id);
}

/** The slider moves in steps of 0.1; a float such as 0.30000000000000004 is stored as 0.3. */
const round2 = (n: number) => Math.round(n * 100) / 100;
