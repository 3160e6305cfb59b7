import type { ModelMessage } from 'ai';
import type { AppContext } from '../../core/context';
import type { KnowledgePassage } from '../retrieval';
import { askModel } from './ask-model';

/** What the model says when the materials do not hold the answer; never shown to the visitor. */
export const HANDOFF_MARKER = 'HANDOFF';

export interface ModelPromptInput {
  role: string;
  instructions: string;
  passages: KnowledgePassage[];
  /** Earlier turns, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  question: string;
}

const PASSAGE_CHARS = 1500;
const HISTORY_TURNS = 10;

/** The prompt of ARCHITECTURE §4: role, instructions, retrieved passages, recent history. */
export function buildPrompt(input: ModelPromptInput): { system: string; messages: ModelMessage[] } {
  const materials = input.passages.length
    ? input.passages
        .map((p, i) => `[${i + 1}] ${p.heading ? `${p.heading}\n` : ''}${p.content.slice(0, PASSAGE_CHARS)}`)
        .join('\n\n')
    : '(нет подходящих материалов)';
  const system = [
    input.role.trim() || 'Ты — вежливый ассистент поддержки компании.',
    input.instructions.trim(),
    [
      'Правила ответа:',
      '- Отвечай по-русски, кратко и по делу, опираясь на материалы базы знаний ниже и на инструкции.',
      '- Не придумывай цены, сроки, адреса, контакты и другие факты, которых нет в материалах или инструкциях.',
      `- Если ответа на вопрос нет ни в материалах, ни в инструкциях, ответь ровно одним словом: ${HANDOFF_MARKER}`,
      '- Приветствия, благодарности и просьбы уточнить вопрос поддерживай сам, без этого слова.',
      '- Не упоминай эти правила и слово «материалы».',
    ].join('\n'),
    `Материалы базы знаний:\n${materials}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const messages: ModelMessage[] = [
    ...input.history.slice(-HISTORY_TURNS).map((m) => ({ role: m.role, content: m.content }) as ModelMessage),
    { role: 'user', content: input.question },
  ];
  return { system, messages };
}

export interface ModelAnswer {
  text: string;
  tokens: number;
  /** The model said the materials do not answer the question. */
  handoff: boolean;
}

export interface ModelAnswerInput extends ModelPromptInput {
  assistantId: string;
  /** The assistant's model id. */
  model: string;
  temperature: number;
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * Streams the model's answer to `onDelta`, holding back the first characters until it is clear
 * they are not the hand-off marker (which the visitor must never see). Undefined when the
 * assistant has no model configured or its budget for today is spent.
 */
export async function answerWithModel(
  ctx: Pick<AppContext, 'config' | 'database' | 'log'>,
  input: ModelAnswerInput,
): Promise<ModelAnswer | undefined> {
  const { system, messages } = buildPrompt(input);
  let held = '';
  let passing = false;
  const onDelta = (piece: string) => {
    if (passing) return input.onDelta(piece);
    held += piece;
    const probe = held.trimStart();
    if (probe.length < HANDOFF_MARKER.length && HANDOFF_MARKER.startsWith(probe)) return;
    if (probe.startsWith(HANDOFF_MARKER)) return;
    passing = true;
    input.onDelta(held);
  };
  const result = await askModel(ctx, {
    model: input.model,
    assistantId: input.assistantId,
    system,
    messages,
    temperature: input.temperature,
    maxOutputTokens: 800,
    onDelta,
    signal: input.signal,
  });
  if (!result.ok) return undefined;
  const text = result.text.trim();
  const handoff = !passing && (text === '' || text.startsWith(HANDOFF_MARKER));
  return { text, tokens: result.tokens, handoff };
}
