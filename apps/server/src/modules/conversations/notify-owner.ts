import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { assistants, users } from '../../infra/db/schema';
import { sendMail } from '../mail';
import { lastHandoffAt } from './store';

/** One hand-off mail per conversation in this window: a visitor asking several unknown questions is one case. */
export const HANDOFF_QUIET_MS = 15 * 60 * 1000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Tells the owner that a visitor's question needs a person (ARCHITECTURE §4: out-of-scope
 * questions hand off). Goes through the mail job, so a slow SMTP server never delays the answer.
 * Called before the hand-off answer is stored, so the quiet window looks at earlier hand-offs.
 */
export async function notifyOwnerOfHandoff(
  ctx: Pick<AppContext, 'db' | 'queue' | 'config' | 'log'>,
  input: { assistantId: string; visitorId: string; question: string },
): Promise<boolean> {
  const last = await lastHandoffAt(ctx.db, input.visitorId);
  if (last && Date.now() - last.getTime() < HANDOFF_QUIET_MS) return false;
  const [owner] = await ctx.db
    .select({ email: users.email, title: assistants.name })
    .from(assistants)
    .innerJoin(users, eq(users.id, assistants.userId))
    .where(eq(assistants.id, input.assistantId))
    .limit(1);
  if (!owner) return false;
  const link = `${ctx.config.publicUrl}/dashboard/assistants/${input.assistantId}/chats`;
  const title = owner.title || 'Мой ассистент';
  const question = input.question.slice(0, 2000);
  await sendMail(ctx, {
    to: owner.email,
    subject: `Нужен ответ специалиста — ${title}`,
    text: [
      `Ассистент «${title}» не нашёл ответа в базе знаний и передал вопрос вам.`,
      '',
      'Вопрос посетителя:',
      question,
      '',
      `Ответить можно в разделе «Беседы»: ${link}`,
    ].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d2433;line-height:1.5">
<p>Ассистент «${escapeHtml(title)}» не нашёл ответа в базе знаний и передал вопрос вам.</p>
<p><b>Вопрос посетителя:</b><br>${escapeHtml(question).replace(/\n/g, '<br>')}</p>
<p><a href="${escapeHtml(link)}">Открыть беседы</a></p></body></html>`,
  });
  return true;
}
