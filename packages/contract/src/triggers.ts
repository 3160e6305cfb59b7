import { z } from 'zod';

/**
 * Stop-word triggers of an assistant (spec §2.11, §3 "Trigger", §4 "Trigger actions", §7
 * "Triggers"). GET lists them; POST saves the whole list at once (items that carry the id of an
 * existing trigger keep it, the others are new, triggers missing from the list are removed);
 * DELETE removes one.
 */

/** Spec §4 enumeration, in the spec's order; the first is the default for a new trigger. */
export const TRIGGER_ACTIONS = [
  'STOP_AND_NOTIFY',
  'CONTINUE_AND_NOTIFY',
  'CUSTOM_ANSWER_NOTIFY_CONTINUE',
  'CUSTOM_ANSWER_AND_CONTINUE',
  'CUSTOM_ANSWER_NOTIFY_STOP',
] as const;
export const TriggerAction = z.enum(TRIGGER_ACTIONS, { message: 'Неизвестное действие триггера' });
export type TriggerAction = z.infer<typeof TriggerAction>;
export const DEFAULT_TRIGGER_ACTION: TriggerAction = 'STOP_AND_NOTIFY';

/** What each action does (spec §4): answer with the custom text, notify the owner, stop the conversation. */
export const TRIGGER_ACTION_EFFECTS: Record<TriggerAction, { customAnswer: boolean; notify: boolean; stop: boolean }> =
  {
    STOP_AND_NOTIFY: { customAnswer: false, notify: true, stop: true },
    CONTINUE_AND_NOTIFY: { customAnswer: false, notify: true, stop: false },
    CUSTOM_ANSWER_NOTIFY_CONTINUE: { customAnswer: true, notify: true, stop: false },
    CUSTOM_ANSWER_AND_CONTINUE: { customAnswer: true, notify: false, stop: false },
    CUSTOM_ANSWER_NOTIFY_STOP: { customAnswer: true, notify: true, stop: true },
  };

/** The custom answer field shows only for these actions (spec §4). */
export const actionHasCustomAnswer = (action: TriggerAction) => TRIGGER_ACTION_EFFECTS[action].customAnswer;

export const TRIGGER_LIMITS = {
  triggers: 50,
  stopWords: 100,
  stopWordLength: 100,
  nameLength: 100,
  customAnswerLength: 2000,
} as const;

export const TRIGGER_TEXTS = {
  /** Spec §8. */
  deleteError: 'Ошибка при удалении триггера',
  loadError: 'Не удалось загрузить триггеры',
  saveError: 'Ошибка при сохранении триггеров',
  /** Ours: the spec shows no field validation here, these say why a save is refused. */
  noStopWords: 'Добавьте хотя бы одно стоп-слово',
  noCustomAnswer: 'Введите ответ, который получит клиент',
  tooManyTriggers: `Не более ${TRIGGER_LIMITS.triggers} триггеров`,
  tooManyStopWords: `Не более ${TRIGGER_LIMITS.stopWords} стоп-слов в одном триггере`,
  longStopWord: `Стоп-слово должно быть не длиннее ${TRIGGER_LIMITS.stopWordLength} символов`,
  longName: `Название должно быть не длиннее ${TRIGGER_LIMITS.nameLength} символов`,
  longCustomAnswer: `Ответ должен быть не длиннее ${TRIGGER_LIMITS.customAnswerLength} символов`,
  notFound: 'Триггер не найден',
} as const;

/**
 * Spec §5: a stop-word is trimmed and ignored if empty. Duplicates (ignoring case) are dropped
 * too, keeping the first spelling.
 */
export function normalizeStopWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.trim().replace(/\s+/g, ' ');
    const key = word.toLowerCase().replaceAll('ё', 'е');
    if (!word || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const Trigger = z.object({
  id: z.uuid(),
  name: z.string(),
  action: TriggerAction,
  stopWords: z.array(z.string()),
  customAnswer: z.string(),
});
export type Trigger = z.infer<typeof Trigger>;
export const TriggerList = z.array(Trigger);

export const TriggerInput = z
  .object({
    /**
     * An existing trigger's id keeps it (and its history); absent, unknown or not an id at all
     * (a client's temporary key) means a new trigger.
     */
    id: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((v) => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : undefined)),
    name: z
      .string()
      .trim()
      .max(TRIGGER_LIMITS.nameLength, TRIGGER_TEXTS.longName)
      .nullish()
      .transform((v) => v ?? ''),
    action: TriggerAction.default(DEFAULT_TRIGGER_ACTION),
    stopWords: z
      .array(z.string().max(TRIGGER_LIMITS.stopWordLength, TRIGGER_TEXTS.longStopWord))
      .max(TRIGGER_LIMITS.stopWords, TRIGGER_TEXTS.tooManyStopWords)
      .nullish()
      .transform((words) => normalizeStopWords(words ?? []))
      .refine((words) => words.length > 0, TRIGGER_TEXTS.noStopWords),
    customAnswer: z
      .string()
      .trim()
      .max(TRIGGER_LIMITS.customAnswerLength, TRIGGER_TEXTS.longCustomAnswer)
      .nullish()
      .transform((v) => v ?? ''),
  })
  .transform((t) => ({ ...t, customAnswer: actionHasCustomAnswer(t.action) ? t.customAnswer : '' }))
  .refine((t) => !actionHasCustomAnswer(t.action) || t.customAnswer.length > 0, {
    message: TRIGGER_TEXTS.noCustomAnswer,
    path: ['customAnswer'],
  });
export type TriggerInput = z.input<typeof TriggerInput>;
/** A trigger as the server stores it after validation (stop-words trimmed, empty ones dropped). */
export type TriggerFields = z.output<typeof TriggerInput>;

/** POST body: the whole list (spec §7). */
export const TriggerListInput = z.array(TriggerInput).max(TRIGGER_LIMITS.triggers, TRIGGER_TEXTS.tooManyTriggers);
export type TriggerListInput = z.input<typeof TriggerListInput>;
