import { PROMPT_HELPER_TEXTS, PROMPT_INSIGHT_MAX_LENGTH } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { askModel } from '../answerer';
import { composeHelperReply } from './prompt-composer';

/**
 * Writes the reply of the prompt helper from the composed content (spec §7). The content
 * already holds the twelve answers and the instructions for the 'Ваш промт:' / 'AI-инсайты:'
 * blocks, so a configured model gets it as it is; without one, or when the model fails, the
 * template composer writes the reply, and the visitor never sees an error.
 */
const SYSTEM = [
  'Ты — эксперт по настройке ИИ-ассистентов поддержки для малого бизнеса в России.',
  'Пиши по-русски, конкретно, опираясь только на ответы компании; не выдумывай цен, адресов и обещаний.',
  `Строго соблюдай формат: блок «${PROMPT_HELPER_TEXTS.promptHeading}», затем блок «${PROMPT_HELPER_TEXTS.insightsHeading}» с пронумерованными советами, по одному в строке.`,
].join(' ');

export async function writeHelperPrompt(
  ctx: Pick<AppContext, 'config' | 'database' | 'log'>,
  content: string,
): Promise<string> {
  try {
    const reply = await askModel(ctx, {
      model: 'default',
      system: SYSTEM,
      messages: [{ role: 'user', content }],
      temperature: 0.4,
      maxOutputTokens: 2500,
    });
    if (reply.ok && reply.text.includes(PROMPT_HELPER_TEXTS.insightsHeading)) return ensureHelperFormat(reply.text);
    if (reply.ok) ctx.log.warn('prompt helper: the model ignored the format; the template wrote the reply');
  } catch (err) {
    ctx.log.warn({ err }, 'prompt helper: the model failed; the template wrote the reply');
  }
  return ensureHelperFormat(composeHelperReply(content));
}

/**
 * A model may drop the first heading or write long tips; the client splits on the headings
 * and shows each line after 'AI-инсайты:' as a tip of at most 500 characters (spec §7).
 */
export function ensureHelperFormat(reply: string): string {
  let text = reply.trim();
  if (!text.includes(PROMPT_HELPER_TEXTS.insightsHeading)) text = `${text}\n\n${PROMPT_HELPER_TEXTS.insightsHeading}`;
  if (!text.startsWith(PROMPT_HELPER_TEXTS.promptHeading)) text = `${PROMPT_HELPER_TEXTS.promptHeading}\n${text}`;
  const at = text.indexOf(PROMPT_HELPER_TEXTS.insightsHeading) + PROMPT_HELPER_TEXTS.insightsHeading.length;
  const tips = text
    .slice(at)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line.length <= PROMPT_INSIGHT_MAX_LENGTH ? line : `${line.slice(0, PROMPT_INSIGHT_MAX_LENGTH - 1)}…`,
    );
  return `${text.slice(0, at)}\n${tips.join('\n')}`;
}
