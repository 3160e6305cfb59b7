import { z } from 'zod';

/**
 * The knowledge base of an assistant: files, site scraping, corrected answers and the
 * synonymizer (spec §2.10, §3, §5, §7 "Knowledge and corrected answers", §8, §9).
 */

/** Spec §5: the types the knowledge upload accepts; checked by content on the server. */
export const KNOWLEDGE_FILE_TYPES = ['pdf', 'doc', 'docx', 'txt', 'xlsx', 'csv'] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_FILE_TYPES)[number];
/** The `accept` attribute of the upload input. */
export const KNOWLEDGE_FILE_ACCEPT = KNOWLEDGE_FILE_TYPES.map((t) => `.${t}`).join(',');

export const KNOWLEDGE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Spec §9: the basic plan holds a knowledge base of up to 200 MB. */
export const KNOWLEDGE_ASSISTANT_MAX_BYTES = 200 * 1024 * 1024;
export const KNOWLEDGE_TITLE_MAX_LENGTH = 200;
export const KNOWLEDGE_DESCRIPTION_MAX_LENGTH = 2000;
/** Site scrape: the start page plus same-site pages linked from it. */
export const SCRAPE_MAX_PAGES = 30;
export const SCRAPE_PAGE_TIMEOUT_MS = 10_000;
/** Spec §5, §9: synonyms are generated only for questions longer than 3 characters. */
export const SYNONYMS_MIN_QUERY_LENGTH = 4;
export const CORRECT_ANSWER_MAX_LENGTH = 10_000;

/** Texts of the scrape modal, word for word from spec §5 and §8. */
export const SCRAPE_TEXTS = {
  urlRequired: 'Пожалуйста, введите URL.',
  badRequest: 'Введён неверный адрес (400). Проверьте корректность URL.',
  unauthorized: 'Доступ запрещён (401). Возможно, сайт защищён. Добавьте наш сервер в белый список.',
  serverError: 'Сервер ответил ошибкой (500). Попробуйте ещё раз.',
  other: (status: number) => `Ошибка: ${status}. Проверьте доступность сайта.`,
  success: 'Сайт обкачен успешно!',
} as const;

/** Texts of the corrected-answer modal (spec §5). */
export const CORRECT_ANSWER_TEXTS = {
  bothRequired: 'Заполните оба поля.',
  saved: 'Правильный ответ сохранён!',
  saveFailed: 'Ошибка при сохранении правильного ответа',
} as const;

export const KnowledgeFileStatus = z.enum(['processing', 'ready', 'failed']);
export type KnowledgeFileStatus = z.infer<typeof KnowledgeFileStatus>;

/** Spec §3 "Knowledge file": id, name, uploadedAt, mimeType. */
export const KnowledgeFile = z.object({
  id: z.uuid(),
  name: z.string(),
  uploadedAt: z.iso.datetime({ offset: true }),
  mimeType: z.string(),
});
export type KnowledgeFile = z.infer<typeof KnowledgeFile>;

/** A list item: the spec's fields plus what the tab shows (status with a Russian reason, size). */
export const KnowledgeFileItem = KnowledgeFile.extend({
  title: z.string(),
  description: z.string(),
  size: z.number().int().nonnegative(),
  status: KnowledgeFileStatus,
  statusReason: z.string().nullable(),
  source: z.enum(['upload', 'site']),
  sourceUrl: z.string().nullable(),
});
export type KnowledgeFileItem = z.infer<typeof KnowledgeFileItem>;

export const KnowledgeFileList = z.array(KnowledgeFileItem);
export const KnowledgeFileReply = z.object({ file: KnowledgeFileItem });
export type KnowledgeFileReply = z.infer<typeof KnowledgeFileReply>;

/** The `fileDescriptionJson` part of the upload; both fields optional (spec §5). */
export const FileDescription = z.object({
  title: z.string().trim().max(KNOWLEDGE_TITLE_MAX_LENGTH, 'Название слишком длинное').optional().default(''),
  description: z
    .string()
    .trim()
    .max(KNOWLEDGE_DESCRIPTION_MAX_LENGTH, 'Описание слишком длинное')
    .optional()
    .default(''),
});
export type FileDescription = z.infer<typeof FileDescription>;

export const SiteScrapeQuery = z.object({
  // prefault: a missing url is parsed as '' and so gets the spec's text, not a generic one.
  url: z.string().trim().min(1, SCRAPE_TEXTS.urlRequired).max(2048).prefault(''),
});

/**
 * Spec §5: the field is forced to start with https://, duplicated prefixes are removed.
 * Shared so that the modal shows what the server will fetch.
 */
export function normalizeSiteUrl(input: string): string {
  let rest = input.trim();
  let scheme = 'https://';
  for (;;) {
    const m = /^(https?):\/\/+/i.exec(rest);
    if (!m) break;
    if (m[1]?.toLowerCase() === 'http') scheme = 'http://';
    rest = rest.slice(m[0].length);
  }
  return rest ? `${scheme}${rest}` : '';
}

/** Spec §3 "Corrected answer". */
export const CorrectAnswer = z.object({
  id: z.uuid(),
  question: z.string(),
  originalAnswer: z.string(),
  correctAnswer: z.string(),
  synonyms: z.string(),
  isCorrect: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CorrectAnswer = z.infer<typeof CorrectAnswer>;
export const CorrectAnswerList = z.array(CorrectAnswer);

// prefault: a missing field is parsed as '' and so gets the spec's text, not a generic one.
const requiredText = z
  .string({ message: CORRECT_ANSWER_TEXTS.bothRequired })
  .trim()
  .min(1, CORRECT_ANSWER_TEXTS.bothRequired)
  .max(CORRECT_ANSWER_MAX_LENGTH, 'Текст слишком длинный')
  .prefault('');

/** Add and edit; chat monitoring sends no synonyms (spec §7), so they default to none. */
export const CorrectAnswerInput = z.object({
  question: requiredText,
  correctAnswer: requiredText,
  originalAnswer: z.string().max(CORRECT_ANSWER_MAX_LENGTH, 'Текст слишком длинный').optional().default(''),
  synonyms: z.string().max(CORRECT_ANSWER_MAX_LENGTH, 'Текст слишком длинный').optional().default(''),
  isCorrect: z.boolean().optional().default(false),
});
export type CorrectAnswerInput = z.input<typeof CorrectAnswerInput>;

export const SynonymizerQuery = z.object({ query: z.string().max(1000, 'Слишком длинный вопрос').default('') });
