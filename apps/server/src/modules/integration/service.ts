import { assistantIdFromSnippet, type SendSnippetRequestParsed } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { fail } from '../../core/errors';
import { assistants, widgets } from '../../infra/db/schema';
import { sendMail } from '../mail';
import { snippetMail } from './snippet-mail';

export interface SnippetTarget {
  assistantId: string;
  to: string;
}

/** Who the mail goes to and for which assistant; the request was validated, so both exist. */
export function snippetTarget(request: SendSnippetRequestParsed): SnippetTarget {
  const assistantId = request.assistantId ?? assistantIdFromSnippet(request.snippet) ?? '';
  const to = (request.toEmail ?? request.developerEmail ?? '').toLowerCase();
  return { assistantId: assistantId.toLowerCase(), to };
}

/** The bot name of an existing assistant; any unknown id is a 404. */
export async function findSnippetAssistant(ctx: AppContext, assistantId: string): Promise<{ botName: string }> {
  const [row] = await ctx.db
    .select({ botName: widgets.botName })
    .from(assistants)
    .innerJoin(widgets, eq(widgets.id, assistants.widgetId))
    .where(eq(assistants.id, assistantId))
    .limit(1);
  if (!row) throw fail('assistantNotFound');
  return row;
}

/** Queues the developer's mail with the assistant's snippets (spec §2.11, §7). */
export async function sendSnippetMail(
  ctx: AppContext,
  target: SnippetTarget & { botName: string },
  request: SendSnippetRequestParsed,
): Promise<void> {
  await sendMail(
    ctx,
    snippetMail({
      to: target.to,
      assistantId: target.assistantId,
      botName: target.botName,
      origin: ctx.config.publicUrl,
      first: request.framework,
    }),
  );
}
