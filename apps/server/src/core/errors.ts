import { COMMON_TEXTS } from '@otklik/contract';

/**
 * Every error the server answers with, by code: its status and the Russian text the client may
 * show. Texts that the spec fixes for one screen live in packages/contract (the web app shows
 * them too) and are referred to from here; texts of the API itself are written here, once.
 */
export const ERRORS = {
  badRequest: { status: 400, message: 'Некорректный запрос' },
  badJsonBody: { status: 400, message: 'Некорректный JSON в теле запроса' },
  unauthorized: { status: 401, message: 'Требуется авторизация' },
  forbidden: { status: 403, message: 'Доступ запрещён' },
  notFound: { status: 404, message: 'Не найдено' },
  assistantNotFound: { status: 404, message: COMMON_TEXTS.assistantNotFound },
  payloadTooLarge: { status: 413, message: 'Слишком большой запрос' },
  unsupportedMediaType: { status: 415, message: 'Неподдерживаемый тип содержимого' },
  tooManyRequests: { status: 429, message: 'Слишком много запросов. Попробуйте позже.' },
  internal: { status: 500, message: 'Внутренняя ошибка сервера. Попробуйте позже.' },
  /** Uploads (core/multipart). */
  fileRequired: { status: 400, message: 'Файл не выбран' },
  fileEmpty: { status: 400, message: 'Файл пустой.' },
  oneFileOnly: { status: 400, message: 'Можно загрузить только один файл за раз' },
  notMultipart: { status: 400, message: 'Ожидается форма multipart/form-data' },
  tooManyParts: { status: 413, message: 'Слишком много полей в форме' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** One error vocabulary: a status and a Russian message the client may show, and the code it came from. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The error of a code, with its own text or, where a screen needs it, a more precise one. */
export const fail = (code: ErrorCode, message?: string) =>
  new AppError(ERRORS[code].status, message ?? ERRORS[code].message, code);

export const badRequest = (message: string) => fail('badRequest', message);
export const unauthorized = (message?: string) => fail('unauthorized', message);
export const forbidden = (message?: string) => fail('forbidden', message);
export const notFound = (message?: string) => fail('notFound', message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message?: string) => fail('payloadTooLarge', message);
export const tooManyRequests = (message?: string) => fail('tooManyRequests', message);
