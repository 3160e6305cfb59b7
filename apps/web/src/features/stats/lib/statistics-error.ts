import { errorMessage, isApiError } from '@/shared/api/api-error';
import { API_TEXTS } from '@/shared/api/ru';
import { STATS_TEXTS as T } from '../ru';

/** Spec §8: the month's messages could not be read; the server's text follows. */
export const messagesErrorText = (error: unknown): string => T.fetchFailed + errorMessage(error, T.failed);

/** The client's own words for a failed call that brought no {message} of the server. */
const isClientFallback = (status: number, message: string) =>
  !message || message === API_TEXTS.server || message === `Ошибка ${status}`;

/**
 * Spec §8 for the analysis: a reply that is not the six fields is 'Невалидный JSON от
 * ассистента'; a refusal with the server's text is 'Ошибка ассистента: ' and that text;
 * anything else (no connection, no text) 'Произошла ошибка'.
 */
export function analysisErrorText(error: unknown): string {
  if (!isApiError(error)) return T.failed;
  // The client throws with a 2xx status only when the reply failed the contract's schema.
  if (error.status >= 200 && error.status < 300) return T.invalidJson;
  if (error.status < 400 || isClientFallback(error.status, error.message)) return T.failed;
  // The server may say it in the spec's words itself (the model's answer was not JSON).
  if (error.message === T.invalidJson) return T.invalidJson;
  return T.assistantFailed + error.message;
}
