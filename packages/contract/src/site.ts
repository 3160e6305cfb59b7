import { z } from 'zod';
import { contactFieldErrors, PROMPT_HELPER_CONTENT_MAX_LENGTH } from './site-constants';

/**
 * The public site: contact requests from the landing and the partnership page, the prompt
 * helper and the site configuration the public pages read (spec §2.3–2.5, §5, §7, §8, §9).
 */

export * from './site-constants';

/** Where a contact request was sent from; the landing's form is the spec's, the partnership form is ours. */
export const ContactSource = z.enum(['landing', 'partnership']);
export type ContactSource = z.infer<typeof ContactSource>;

/**
 * POST /api/notify/client-request. The rules are `contactFieldErrors` (zod-free, so the landing
 * runs them without zod); the first issue becomes the 400 message.
 */
export const ContactRequest = z
  .object({
    name: z.string().trim().optional().default(''),
    phone: z.string().trim().optional().default(''),
    email: z.string().trim().optional().default(''),
    message: z.string().trim().optional().default(''),
    source: ContactSource.optional().default('landing'),
  })
  .superRefine((value, issue) => {
    for (const [path, message] of Object.entries(contactFieldErrors(value))) {
      issue.addIssue({ code: 'custom', path: [path], message });
    }
  });
export type ContactRequest = z.input<typeof ContactRequest>;
export type ContactRequestParsed = z.output<typeof ContactRequest>;

/** Field → first message, for the form. Empty when the request is valid. */
export const contactRequestErrors = (value: ContactRequest) => contactFieldErrors(value);

/** POST /api/assistant/create-helper?visitorId=… */
export const PromptHelperRequest = z.object({
  role: z.literal('user', { message: 'Ожидается роль user' }),
  content: z
    .string()
    .trim()
    .min(1, 'Нет заполненных данных')
    .max(PROMPT_HELPER_CONTENT_MAX_LENGTH, 'Слишком длинный текст запроса'),
});
export type PromptHelperRequest = z.infer<typeof PromptHelperRequest>;

export const PromptHelperQuery = z.object({
  visitorId: z.string().trim().max(100).optional(),
});

export const PromptHelperReply = z.object({ content: z.string() });
export type PromptHelperReply = z.infer<typeof PromptHelperReply>;

/* ---------------------------------------------------------------- site config */

/** GET /api/public/site-config: what every public page needs from the server's settings. */
export const SiteConfig = z.object({
  /** The assistant whose widget the product shows on its own pages, or null when there is none. */
  assistantId: z.uuid().nullable(),
  supportEmail: z.string(),
  /** Handle of the support bot in Telegram, without the @. */
  supportTelegram: z.string(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
