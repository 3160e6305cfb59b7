import { isApiError } from '@/shared/api/api-error';

/**
 * The spec's failure text, with the server's reason after it when the request itself was wrong
 * (a 4xx other than 401, whose message says what to fix, e.g. "Файл не является изображением").
 */
export function failureText(error: unknown, specText: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 && error.message) {
    return error.message === specText ? specText : `${specText}: ${error.message}`;
  }
  return specText;
}
