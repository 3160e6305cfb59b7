import { z } from 'zod';
import { Id } from './common';

/**
 * Chat monitoring, the owner's side of conversations (spec §2.13, §7 "Chat monitoring").
 * Every call is owner-scoped: an assistant or visitor of another owner answers 404.
 */

/** Longest operator message, in characters. */
export const OPERATOR_MESSAGE_MAX_LENGTH = 4000;

export const CHAT_TEXTS = {
  /** Spec §4 "Visitor conversation" notices and §8 errors, shown by the client. */
  paused: 'Беседа приостановлена!',
  resumed: 'Беседа возобновлена!',
  pauseError: 'Ошибка при изменении статуса беседы',
  listError: 'Ошибка при загрузке собеседников',
  listNetworkError: 'Ошибка сети при загрузке собеседников',
  sendError: 'Произошла ошибка. Попробуйте позже.',
  /** Spec §7: the phone request's content. */
  phoneRequest: 'Запрос телефона клиента',
  /** Server replies. */
  emptyMessage: 'Введите сообщение',
  longMessage: `Сообщение должно содержать не более ${OPERATOR_MESSAGE_MAX_LENGTH} символов`,
  visitorNotFound: 'Собеседник не найден',
  badPause: 'Параметр pause должен быть true или false',
  badRole: "Роль должна быть 'user' или 'assistant'",
  /** A message sent as the visitor got no bot answer: the conversation is paused or a trigger stopped it. */
  noBotAnswer: 'Бот не ответил: беседа приостановлена. Сообщение сохранено.',
} as const;

/** Spec §3 "Visitor": type is the messaging app ('telegram') or the browser widget ('web'). */
export const ChatVisitorType = z.enum(['web', 'telegram']);
export type ChatVisitorType = z.infer<typeof ChatVisitorType>;

export const ChatVisitor = z.object({
  id: z.uuid(),
  type: ChatVisitorType,
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  tgUsername: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isPaused: z.boolean(),
  /** Ours, for the list: when the last message was written (ISO 8601) and how many there are. */
  lastMessageAt: z.string().nullable(),
  messageCount: z.number().int(),
  /** Ours, for the list's preview: the conversation's last message (system notes aside), if any. */
  lastMessage: z
    .object({ content: z.string(), author: z.enum(['visitor', 'bot', 'operator', 'system']) })
    .nullable()
    .optional(),
});
export type ChatVisitor = z.infer<typeof ChatVisitor>;
/** GET /api/assistant/{id}/chats: the visitors who wrote, latest conversation first. */
export const ChatVisitorList = z.array(ChatVisitor);

/**
 * A message in the owner's view. role is the spec's ('user' or 'assistant'); author says who
 * wrote an 'assistant' message: the bot, the operator, or the system (the phone request).
 * createdAt: seconds since the epoch (spec §3).
 */
export const ChatMessage = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.number(),
  author: z.enum(['visitor', 'bot', 'operator', 'system']),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
export const ChatMessageList = z.array(ChatMessage);

/** GET /api/assistant/messages?assistantId&visitorId. */
export const ChatHistoryQuery = z.object({ assistantId: Id, visitorId: Id });

export const ChatVisitorQuery = z.object({ visitorId: Id });

/**
 * POST /api/assistant/messages/{assistantId}?visitorId: the operator writes with role
 * 'assistant' (spec §6); role 'user' sends the text as the visitor's message and the reply is the
 * bot's answer (the statistics screen asks its assistant this way, spec §7 "Statistics").
 */
export const ChatSendRequest = z.object({
  role: z.enum(['user', 'assistant'], { message: CHAT_TEXTS.badRole }).default('assistant'),
  content: z
    .string({ message: CHAT_TEXTS.emptyMessage })
    .trim()
    .min(1, CHAT_TEXTS.emptyMessage)
    .max(OPERATOR_MESSAGE_MAX_LENGTH, CHAT_TEXTS.longMessage),
});
export type ChatSendRequest = z.input<typeof ChatSendRequest>;

/** POST …/phone-request: the body is fixed by the spec and only informative. */
export const PhoneRequestBody = z
  .object({ role: z.string().optional(), content: z.string().max(OPERATOR_MESSAGE_MAX_LENGTH).optional() })
  .optional();

/** PUT /api/visitors/{visitorId}/assistant/{assistantId}/pause?pause=true|false. */
export const PauseQuery = z.object({
  pause: z.enum(['true', 'false'], { message: CHAT_TEXTS.badPause }).transform((v) => v === 'true'),
});
export const PauseParams = z.object({ visitorId: Id, assistantId: Id });

/**
 * The live channel (spec §7 "Chat monitoring"): STOMP 1.2 over SockJS at LIVE_ENDPOINT. The
 * owner's token goes in the CONNECT frame (`Authorization: Bearer …`, or `passcode`), never in
 * the URL. Topics:
 * - conversation(a, v): every message of the conversation as a ChatMessage (role and content as
 *   the spec reads them, plus id, createdAt and author);
 * - autocomplete(a, v): `{ content }`, the reply the bot would have given, for a paused conversation;
 * - assistant(a), ours: a LiveVisitorUpdate whenever a conversation of the assistant changes
 *   (a message, the visitor's contacts, paused or resumed), so the list is live too.
 */
export const LIVE_ENDPOINT = '/ws-endpoint';

export const liveTopics = {
  conversation: (assistantId: string, visitorId: string) => `/topic/assistant/${assistantId}/${visitorId}`,
  autocomplete: (assistantId: string, visitorId: string) => `/topic/assistant/${assistantId}/${visitorId}/autocomplete`,
  assistant: (assistantId: string) => `/topic/assistant/${assistantId}`,
} as const;

export const LiveAutocomplete = z.object({ content: z.string() });
export type LiveAutocomplete = z.infer<typeof LiveAutocomplete>;

export const LiveVisitorUpdate = z.object({
  /** What changed: a message was added, the visitor's contacts changed, or the conversation was paused or resumed. */
  type: z.enum(['message', 'visitor', 'paused']),
  visitor: ChatVisitor,
  /** The message added (type 'message'). */
  message: ChatMessage.optional(),
});
export type LiveVisitorUpdate = z.infer<typeof LiveVisitorUpdate>;
