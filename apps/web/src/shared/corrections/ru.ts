import { CORRECT_ANSWER_TEXTS } from '@otklik/contract';

/** The corrected-answer modal (spec §4 "Corrected-answer modal"), shared by the chats and statistics screens. */
export const CORRECTION_TEXTS = {
  title: 'Исправление ответа',
  addTitle: 'Ответ на вопрос',
  question: 'Вопрос',
  original: 'Исходный ответ ассистента',
  corrected: 'Правильный ответ',
  correctedPlaceholder: 'Как ассистент должен был ответить',
  save: 'Сохранить',
  cancel: 'Отмена',
  shortcut: 'Ctrl + Enter — сохранить, Esc — закрыть',
  saved: CORRECT_ANSWER_TEXTS.saved,
  saveError: CORRECT_ANSWER_TEXTS.saveFailed,
  bothRequired: CORRECT_ANSWER_TEXTS.bothRequired,
} as const;
