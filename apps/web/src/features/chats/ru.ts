import { CHAT_TEXTS } from '@otklik/contract';

/** Texts of the chat monitoring screen (spec §2.13, §4, §8); the spec's own notices come from the contract. */
export const CHATS_TEXTS = {
  title: 'Все чаты',
  back: 'Назад',
  list: {
    label: 'Собеседники',
    loading: 'Загрузка собеседников...',
    error: CHAT_TEXTS.listError,
    networkError: CHAT_TEXTS.listNetworkError,
    retry: 'Повторить',
    emptyTitle: 'Пока никто не написал',
    emptyText: 'Когда посетитель напишет ассистенту на сайте или в Телеграме, беседа появится здесь.',
    visitorFallback: (id: string) => `Visitor ${id}`,
    unread: (count: number) => `Новых сообщений: ${count}`,
    you: 'Вы: ',
    bot: 'Бот: ',
    noMessages: 'Нет сообщений',
  },
  alerts: {
    on: 'Оповещения включены',
    off: 'Включить оповещения',
    hint: 'Звук и уведомление на рабочем столе, когда посетитель пишет в другой беседе',
    title: (name: string) => `Новое сообщение — ${name}`,
  },
  typeLabel: { telegram: 'Телеграм', web: 'Сайт' },
  conversation: {
    none: 'Выберите собеседника слева',
    backToList: 'Все чаты',
    label: 'Сообщения',
    empty: 'Сообщений пока нет',
  },
  visitor: {
    title: 'Собеседник',
    name: 'Имя:',
    telegram: 'Телеграм:',
    email: 'Email:',
    phone: 'Телефон:',
    id: 'ID:',
  },
  tools: {
    requestPhone: 'Запросить телефон 📞',
    requestPhoneError: CHAT_TEXTS.sendError,
    status: 'Статус беседы:',
    stop: 'Остановить',
    start: 'Запустить',
    paused: CHAT_TEXTS.paused,
    resumed: CHAT_TEXTS.resumed,
    pauseError: CHAT_TEXTS.pauseError,
  },
  message: {
    author: { visitor: 'Собеседник', bot: 'Ассистент', operator: 'Оператор', system: 'Система' },
    right: 'Верно',
    wrong: 'Неверно',
    sendError: CHAT_TEXTS.sendError,
  },
  composer: {
    placeholder: 'Введите сообщение...',
    label: 'Сообщение собеседнику',
    send: 'Отправить',
    suggestion: 'Ответ ассистента подставлен в поле ввода',
  },
} as const;
