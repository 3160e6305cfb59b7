/** One error vocabulary: a status and a Russian message the client may show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Требуется авторизация') => new AppError(401, message);
export const forbidden = (message = 'Доступ запрещён') => new AppError(403, message);
export const notFound = (message = 'Не найдено') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message = 'Слишком много запросов. Попробуйте позже.') => new AppError(429, message);
