import { CHAT_TEXTS } from '@otklik/contract';
import { ANSWER_TEXTS } from '../answerer';

/** What the conversation engine says to visitors and owners (the answerer's texts included); one place, so a test can check them. */
export const ENGINE_TEXTS = {
  ...ANSWER_TEXTS,
  /** The content of the user message the operator's phone request is stored as (spec §7). */
  phoneRequest: CHAT_TEXTS.phoneRequest,
  visitorNotFound: 'Посетитель не найден. Обновите страницу.',
  attachmentsOff: 'Прикрепление файлов отключено для этого чата',
  fileEmpty: 'Файл пустой',
  fileTooLarge: 'Файл слишком большой: не более 10 МБ',
  fileNotFound: 'Файл не найден',
  tooManyVisitors: 'Слишком много новых бесед. Попробуйте через минуту.',
  tooManyMessages: 'Слишком много сообщений. Подождите немного и попробуйте снова.',
} as const;
