import { z } from 'zod';

/**
 * The visitor side of the API (ARCHITECTURE §3): what the embeddable widget calls on a
 * customer's site. No owner data ever appears in these replies. Every path is under
 * `/api/public/assistants/{assistantId}`; calls after visitor creation carry
 * `Authorization: Bearer <visitorToken>` (the events stream takes `?token=` instead, because
 * browsers cannot set headers on EventSource).
 *
 * The widget imports only the TYPES of this file (zod must stay out of its bundle), so
 * runtime constants it needs are repeated there and a widget test checks they agree.
 */

/** Longest visitor message, in characters. */
export const VISITOR_MESSAGE_MAX_LENGTH = 2000;
/** Largest file a visitor may attach (POST …/attachments). */
export const VISITOR_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** localStorage key under which the widget keeps `{ visitorId, visitorToken }` per assistant. */
export const visitorStorageKey = (assistantId: string) => `otklik:v:${assistantId}`;

export const VISITOR_TEXTS = {
  emptyMessage: 'Введите сообщение',
  longMessage: `Сообщение должно содержать не более ${VISITOR_MESSAGE_MAX_LENGTH} символов`,
  invalidPhone: 'Некорректный телефон',
  /** The answer a visitor sees when the model fails (spec §8). */
  fallbackAnswer: 'Произошла ошибка. Попробуйте позже.',
} as const;

const HexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/);

/**
 * GET /api/public/assistants/{assistantId}/widget — the public design of the widget.
 * URLs (avatar, header pattern) may be absolute or relative to the API origin; the widget
 * resolves relative ones against the origin it loaded the embed script from.
 */
export const PublicWidget = z.object({
  assistantId: z.uuid(),
  botName: z.string(),
  botRole: z.string(),
  greeting: z.string(),
  backgroundColor: HexColor,
  accentColor: HexColor,
  messageColor: HexColor,
  headerTextColor: HexColor,
  messageTextColor: HexColor,
  avatarUrl: z.string().nullable(),
  brandLogoVisible: z.boolean(),
  allowFileAttachment: z.boolean(),
  predefinedQuestions: z.array(z.string()),
  /** URL of the header pattern image (e.g. /api/widget/patterns/{id}/data), or null for none. */
  headerPatternUrl: z.string().nullable(),
  patternOpacity: z.number().min(0).max(1),
  patternScale: z.number().min(0.5).max(2),
});
export type PublicWidget = z.infer<typeof PublicWidget>;

/** POST …/visitors (no body) → 201. The token is signed by the server and opaque to the widget. */
export const VisitorCreated = z.object({ visitorId: z.uuid(), visitorToken: z.string().min(1) });
export type VisitorCreated = z.infer<typeof VisitorCreated>;

/** Who wrote a message as the visitor sees it; operator messages are 'assistant' too (spec §7). */
export const VisitorMessageRole = z.enum(['user', 'assistant']);
export type VisitorMessageRole = z.infer<typeof VisitorMessageRole>;

export const VisitorMessage = z.object({
  id: z.string(),
  role: VisitorMessageRole,
  /** Plain text / markdown; the widget renders it as text or safe markdown, never as HTML. */
  content: z.string(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
});
export type VisitorMessage = z.infer<typeof VisitorMessage>;

/** GET …/messages → the visitor's history, oldest first. */
export const VisitorHistory = z.object({ messages: z.array(VisitorMessage) });
export type VisitorHistory = z.infer<typeof VisitorHistory>;

/**
 * POST …/messages. The reply is `text/event-stream`:
 *   `event: delta`   `data: {"text":"…"}`            any number, in order
 *   `event: message` `data: {"message":{…}}`          exactly one, the stored assistant answer
 *   `event: error`   `data: {"message":"…"}`          instead of `message` if the answer failed
 * A request that is refused before streaming starts (bad token, rate limit, too long) gets an
 * ordinary JSON error reply `{ message }` with a 4xx status.
 * When the conversation is paused (an operator took over) the stream carries no deltas and
 * ends with no `message` event: `event: done` `data: {}`.
 */
export const VisitorSendRequest = z.object({
  content: z
    .string()
    .trim()
    .min(1, VISITOR_TEXTS.emptyMessage)
    .max(VISITOR_MESSAGE_MAX_LENGTH, VISITOR_TEXTS.longMessage),
});
export type VisitorSendRequest = z.infer<typeof VisitorSendRequest>;

export const VisitorDeltaEvent = z.object({ text: z.string() });
export type VisitorDeltaEvent = z.infer<typeof VisitorDeltaEvent>;
export const VisitorMessageEvent = z.object({ message: VisitorMessage });
export type VisitorMessageEvent = z.infer<typeof VisitorMessageEvent>;
export const VisitorErrorEvent = z.object({ message: z.string() });
export type VisitorErrorEvent = z.infer<typeof VisitorErrorEvent>;

/**
 * GET …/events?token=<visitorToken> → `text/event-stream` of pushes to this visitor. Each push is
 * an unnamed event (`data:` lines only) whose JSON is one of these. The server should send a
 * comment line (`: ping`) every ~25 s so proxies keep the stream open.
 */
export const VisitorPush = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: VisitorMessage }),
  z.object({ type: z.literal('phone-request') }),
]);
export type VisitorPush = z.infer<typeof VisitorPush>;

/**
 * POST …/attachments, multipart with one part `file` (≤ VISITOR_ATTACHMENT_MAX_BYTES) → 201
 * `{ message }`: the stored user message the server made for the file (its content names the
 * file, e.g. `📎 [price.pdf](https://…/download-url)`).
 */
export const VisitorAttachmentReply = z.object({ message: VisitorMessage });
export type VisitorAttachmentReply = z.infer<typeof VisitorAttachmentReply>;

/** Russian number: optional +7/7/8 prefix, 3+3+2+2 digits, optional parentheses, dashes, spaces (spec §5). */
export const RU_PHONE_PATTERN = /^(?:\+7|7|8)?[\s-]*\(?\d{3}\)?[\s-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}$/;

/** POST …/phone — the visitor answers the operator's phone request → `{ ok: true }`. */
export const VisitorPhoneRequest = z.object({
  phone: z.string().trim().max(32, VISITOR_TEXTS.invalidPhone).regex(RU_PHONE_PATTERN, VISITOR_TEXTS.invalidPhone),
});
export type VisitorPhoneRequest = z.infer<typeof VisitorPhoneRequest>;
