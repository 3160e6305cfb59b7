import { NOTIFICATION_TEXTS, TELEGRAM_TEXTS } from '@otklik/contract';

/**
 * Texts of the notifications step and of the page the confirmation mail links to (spec §2.11
 * "Notifications", §4 "E-mail notification", §5, §8). The server's own words come from the
 * contract; the spec's warning is kept word for word.
 */
export const NOTIFICATIONS_TEXTS = {
  title: 'Куда присылать уведомления',
  lead: 'Ассистент сообщит вам, когда срабатывает триггер или клиенту нужен живой человек: письмом на почту, сообщением в Телеграм или и так, и так.',
  loading: 'Загрузка настроек уведомлений...',
  loadError: 'Не удалось загрузить настройки уведомлений',
  retry: 'Повторить',

  email: {
    title: 'Почта',
    lead: 'Письма приходят на адрес, который вы подтвердили по ссылке из письма.',
    field: 'Почта для уведомлений',
    placeholder: 'owner@example.ru',
    send: 'Отправить подтверждение',
    required: NOTIFICATION_TEXTS.emailRequired,
    hintFirst: 'На этот адрес придёт письмо со ссылкой. Уведомления можно включить, когда адрес подтверждён.',
    hintSame: 'Чтобы сменить адрес, впишите новый и отправьте подтверждение.',
    /** Spec §4: changing the e-mail resets it to unconfirmed. */
    hintChanged:
      'Это новый адрес: его нужно будет подтвердить заново, а уведомления на почту выключатся, пока вы не откроете ссылку из письма.',
    current: 'Адрес:',
    confirmed: 'Адрес подтверждён',
    waiting: 'Ждёт подтверждения: откройте ссылку из письма',
    none: 'Адрес ещё не указан',
    switchLabel: 'Уведомления на почту',
    switchOn: (email: string) => `Письма приходят на ${email}`,
    switchOff: 'Включите, чтобы получать письма',
    switchUnconfirmed: 'Включить можно после подтверждения адреса',
    /** Spec §8, word for word. */
    confirmFirst: NOTIFICATION_TEXTS.confirmEmailFirst,
    /** What the server's refusal contains (spec §8). */
    notConfirmedMark: 'Email not confirmed yet',
    sendFailed: 'Не удалось отправить письмо',
    toggleFailed: 'Не удалось переключить уведомления на почту',
  },

  telegram: {
    title: 'Телеграм',
    lead: 'Уведомления присылает бот в ваш чат. Лучше завести для них отдельного бота в @BotFather, не того, что отвечает клиентам. Напишите ему любое сообщение, вставьте токен и нажмите «Найти чат».',
    switchLabel: 'Уведомления в Телеграм',
    switchOn: (chat: string) => `Сообщения приходят в чат «${chat}»`,
    switchOff: 'Включите, чтобы получать сообщения в найденный чат',
    switchNoChat: 'Включить можно, когда чат найден',
    chat: (chat: string) => `Чат: «${chat}»`,
    token: 'Токен:',
    noChat: 'Чат ещё не найден',
    tokenLabel: 'Токен бота для уведомлений',
    tokenPlaceholder: '7012345678:AAH…',
    tokenHint: 'Токен выдаёт @BotFather при создании бота. Найденный чат сохранится вместе с токеном.',
    showToken: 'Показать токен',
    hideToken: 'Скрыть токен',
    tokenRequired: TELEGRAM_TEXTS.tokenRequired,
    findChat: 'Найти чат',
    guide: 'Как создать бота и получить токен — пошаговая инструкция',
    findFailed: 'Не удалось найти чат',
    toggleFailed: 'Не удалось переключить уведомления в Телеграм',
  },

  /** Whether the last alert reached the owner, and a test one to check the channels. */
  delivery: {
    /** The error is the server's own words; the time is when the last attempt failed. */
    failed: (at: string | null, error: string) =>
      `Последнее уведомление не доставлено${at ? ` ${at}` : ''}: ${error}. Мы повторим отправку сами; проверьте настройки, если ошибка не уходит.`,
    delivered: (at: string) => `Последнее уведомление доставлено ${at}`,
    none: 'Уведомлений ещё не было',
    test: 'Отправить тестовое уведомление',
    /** The server answers with where it went or why it cannot (NOTIFICATION_TEXTS.testSent / testNowhere). */
    testFailed: 'Не удалось отправить тестовое уведомление',
  },

  /** What the owner is alerted about: a switch for each reason, saved as soon as it is turned. */
  events: {
    title: 'О чём приходят уведомления',
    lead: 'Включите то, о чём хотите знать: изменение сохраняется сразу, а уведомление придёт во все включённые выше каналы.',
    items: {
      trigger: {
        label: 'Сработал триггер с уведомлением',
        description: 'Стоп-слова триггера, в действии которого есть уведомление',
      },
      handoff: {
        label: 'Ассистент не нашёл ответа и передал вопрос вам',
        description: 'В базе знаний нет ответа — в уведомлении будет вопрос собеседника',
      },
      operatorRequest: {
        label: 'Собеседник просит соединить с человеком',
        description: 'Например, пишет «позовите оператора»',
      },
      phone: {
        label: 'Собеседник оставил телефон',
        description: 'Номер будет в самом уведомлении',
      },
      newConversation: {
        label: 'Новая беседа',
        description: 'Первое сообщение нового собеседника; выключено по умолчанию — может приходить часто',
      },
    },
    saved: 'Сохранено',
    /** When the server's refusal has no words of its own. */
    saveFailed: 'Не удалось сохранить настройки уведомлений',
    throttle: 'Не чаще одного уведомления о беседе и причине за 5 минут — остальные собираются в следующее.',
    master:
      'Главный переключатель — «Уведомления на почту» в профиле: если он выключен, уведомления не приходят никуда.',
    profile: 'Открыть профиль',
  },

  /** Spec §8: the help that opens when the chat was not found. */
  help: {
    title: 'Не удалось найти чат',
    lead: 'Чаще всего помогает так:',
    steps: [
      'В @BotFather: /mybots → ваш бот → Bot Settings → Group Privacy → Turn off.',
      'Откройте своего бота в Телеграме и напишите ему любое сообщение в личном чате (или добавьте в группу и напишите там).',
      'Нажмите «Найти чат» ещё раз.',
    ],
    guide: 'Подробная инструкция по настройке бота',
    close: 'Понятно',
  },

  /** /notification/confirm: the link of the confirmation mail. */
  confirm: {
    title: 'Подтверждение почты для уведомлений',
    pending: 'Подтверждаем адрес…',
    success: NOTIFICATION_TEXTS.confirmed,
    failure: NOTIFICATION_TEXTS.confirmInvalid,
    noToken:
      'Ссылка подтверждения неполная. Откройте её из письма целиком или отправьте письмо ещё раз в настройках уведомлений ассистента.',
    toCabinet: 'Перейти в кабинет',
  },
} as const;
