import { TRIGGER_TEXTS, type TriggerAction } from '@otklik/contract';

/** Texts of the triggers tab (spec §2.11, §4, §5, §8); the spec's own texts come from the contract. */
export const TRIGGERS_TEXTS = {
  title: 'Триггеры',
  intro:
    'Триггер срабатывает, когда в сообщении клиента встречается стоп-слово в любой форме: «жалоба» поймает и «жалобу», и «жалобы».',
  add: 'Добавить триггер',
  loading: 'Загрузка триггеров...',
  loadError: TRIGGER_TEXTS.loadError,
  retry: 'Повторить',
  emptyTitle: 'Триггеров пока нет',
  emptyText:
    'Добавьте стоп-слова — например, «жалоба», «возврат», «юрист», — и выберите, что делать, когда клиент их напишет.',
  untitled: 'Без названия',
  edit: 'Изменить',
  delete: 'Удалить',
  stopWordsLabel: 'Стоп-слова',
  customAnswerLabel: 'Ответ клиенту',
  listLabel: 'Список триггеров',
  saved: 'Триггер сохранён',
  added: 'Триггер добавлен',
  saveError: TRIGGER_TEXTS.saveError,
  deleted: 'Триггер удалён',
  deleteError: TRIGGER_TEXTS.deleteError,
  deleteTitle: 'Удалить триггер?',
  deleteText: (name: string) => `Триггер «${name}» перестанет срабатывать. Это действие нельзя отменить.`,
  cancel: 'Отмена',
  modal: {
    addTitle: 'Новый триггер',
    editTitle: 'Изменить триггер',
    name: 'Название',
    optional: 'необязательно',
    namePlaceholder: 'Например, Жалобы',
    action: 'Действие',
    stopWords: 'Стоп-слова',
    stopWordsPlaceholder: 'Введите слово и нажмите Enter',
    stopWordsHint: 'Регистр и форма слова не важны. Можно добавить фразу: «живой оператор».',
    removeWord: (word: string) => `Удалить стоп-слово «${word}»`,
    customAnswer: 'Ответ клиенту',
    customAnswerPlaceholder: 'Например: Нам очень жаль! Менеджер свяжется с вами в течение 15 минут.',
    customAnswerHint: 'Ассистент отправит этот текст вместо своего ответа.',
    save: 'Сохранить',
    cancel: 'Отмена',
    shortcut: 'Ctrl + Enter — сохранить',
  },
} as const;

/** Spec §4 enumeration, as the owner reads it. */
export const ACTION_LABELS: Record<TriggerAction, string> = {
  STOP_AND_NOTIFY: 'Остановить беседу и уведомить',
  CONTINUE_AND_NOTIFY: 'Продолжить беседу и уведомить',
  CUSTOM_ANSWER_NOTIFY_CONTINUE: 'Ответить своим текстом, уведомить и продолжить',
  CUSTOM_ANSWER_AND_CONTINUE: 'Ответить своим текстом и продолжить',
  CUSTOM_ANSWER_NOTIFY_STOP: 'Ответить своим текстом, уведомить и остановить',
};

/** What happens, in one sentence under the select. */
export const ACTION_HINTS: Record<TriggerAction, string> = {
  STOP_AND_NOTIFY: 'Ассистент замолчит в этой беседе, а вам придёт письмо. Ответить клиенту можно в разделе «Беседы».',
  CONTINUE_AND_NOTIFY: 'Ассистент ответит как обычно, а вам придёт письмо.',
  CUSTOM_ANSWER_NOTIFY_CONTINUE: 'Клиент получит ваш текст, вам придёт письмо, ассистент продолжит беседу.',
  CUSTOM_ANSWER_AND_CONTINUE: 'Клиент получит ваш текст, ассистент продолжит беседу. Письма не будет.',
  CUSTOM_ANSWER_NOTIFY_STOP: 'Клиент получит ваш текст, вам придёт письмо, ассистент замолчит в этой беседе.',
};
