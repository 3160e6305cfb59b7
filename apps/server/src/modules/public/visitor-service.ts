import type { PublicWidget, VisitorMessage } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { fail, unauthorized } from '../../core/errors';
import { assistants, type MessageRole, widgets } from '../../infra/db/schema';
import * as conversations from '../conversations';
import { ENGINE_TEXTS, type VisitorRow } from '../conversations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** Messages of the history reply: the latest ones. */
export const VISITOR_HISTORY_LIMIT = 200;

type Ctx = Pick<AppContext, 'db'>;

/** An assistant of the visitor API: a malformed id and a missing one are both 404. */
export async function requirePublicAssistant(ctx: Ctx, assistantId: string) {
  if (!UUID.test(assistantId)) throw fail('assistantNotFound');
  const [row] = await ctx.db
    .select({ assistant: assistants, widget: widgets })
    .from(assistants)
    .innerJoin(widgets, eq(widgets.id, assistants.widgetId))
    .where(eq(assistants.id, assistantId))
    .limit(1);
  if (!row) throw fail('assistantNotFound');
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
  return conversations.createWebVisitor(ctx, assistantId);
}

/** The web visitor a token belongs to, of this assistant only; anything else is 401. */
export const requireVisitor = (ctx: Ctx, assistantId: string, token: string | undefined): Promise<VisitorRow> =>
  required(assistantId, () => conversations.webVisitorOfToken(ctx, assistantId, token));

/** The same, as a message needs it: its id only, the credential checked against the one kept in memory. */
export const requireVisitorId = (
  ctx: Ctx,
  assistantId: string,
  token: string | undefined,
): Promise<{ id: string; assistantId: string }> =>
  required(assistantId, () => conversations.webVisitorIdOfToken(ctx, assistantId, token));

/** A malformed assistant id is 404; a visitor not found for it is 401. */
async function required<T>(assistantId: string, find: () => Promise<T | undefined>): Promise<T> {
  if (!UUID.test(assistantId)) throw fail('assistantNotFound');
  const visitor = await find();
  if (!visitor) throw unauthorized(ENGINE_TEXTS.visitorNotFound);
  return visitor;
}

/** Spec roles: the visitor is 'user'; the bot and the operator are both 'assistant'. */
export const toVisitorMessage = (m: {
  id: string;
  role: MessageRole;
  content: string;
  createdAt: Date | string;
}): VisitorMessage => ({
  id: m.id,
  role: m.role === 'visitor' ? 'user' : 'assistant',
  content: m.content,
  createdAt: typeof m.createdAt === 'string' ? m.createdAt : m.createdAt.toISOString(),
});

export async function visitorHistory(ctx: Ctx, visitor: VisitorRow): Promise<VisitorMessage[]> {
  const rows = await conversations.listMessages(ctx.db, visitor.assistantId, visitor.id, {
    limit: VISITOR_HISTORY_LIMIT,
    roles: ['visitor', 'bot', 'operator'],
  });
  return rows.map(toVisitorMessage);
}
