import { PROMPT_HELPER_TEXTS } from '@otklik/contract';
import type { AppContext } from '../../context';
import { composeHelperReply } from './prompt-composer';

/**
 * Writes the reply of the prompt helper from the composed content (spec §7). The local
 * writer fills a template; when the engine gets a model provider, a writer that asks the
 * model goes here, and `ensureHelperFormat` keeps its reply readable by the client.
 */
export interface PromptWriter {
  write(content: string): Promise<string>;
}

export const localPromptWriter: PromptWriter = {
  write: async (content) => composeHelperReply(content),
};

/** The writer for this deployment; only the local one exists until a model provider is configured. */
export function promptWriterFor(_ctx: AppContext): PromptWriter {
  return localPromptWriter;
}

/** A model may drop the headings; the client splits on them, so they are put back. */
export function ensureHelperFormat(reply: string): string {
  let text = reply.trim();
  if (!text.includes(PROMPT_HELPER_TEXTS.insightsHeading)) text = `${text}\n\n${PROMPT_HELPER_TEXTS.insightsHeading}`;
  if (!text.startsWith(PROMPT_HELPER_TEXTS.promptHeading)) text = `${PROMPT_HELPER_TEXTS.promptHeading}\n${text}`;
  return text;
}

export async function writeHelperPrompt(ctx: AppContext, content: string): Promise<string> {
  return ensureHelperFormat(await promptWriterFor(ctx).write(content));
}
