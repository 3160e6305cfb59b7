import { z } from 'zod';

/** Every error reply of the API: a Russian message. */
export const ErrorReply = z.object({ message: z.string() });
export type ErrorReply = z.infer<typeof ErrorReply>;

export const OkReply = z.object({ ok: z.literal(true) });
export type OkReply = z.infer<typeof OkReply>;

export const MessageReply = z.object({ message: z.string() });

export const Id = z.uuid({ message: 'Некорректный идентификатор' });

/** Texts several parts of the API answer with; written once here, used by the server and the clients. */
export const COMMON_TEXTS = {
  assistantNotFound: 'Ассистент не найден',
} as const;
