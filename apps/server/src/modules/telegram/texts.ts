/** What the bots say in Telegram (the customer bot and the trainer); one place, so tests can check them. */
export const CUSTOMER_TEXTS = {
  placeholder: 'Напишите вопрос…',
  phoneRequest: 'Оставьте, пожалуйста, номер телефона: нажмите кнопку «Отправить номер» ниже.',
  phoneRequestGroup: 'Напишите, пожалуйста, ваш номер телефона: с вами свяжутся.',
  phoneButton: '📞 Отправить номер',
  phoneSaved: 'Спасибо! Номер сохранён, с вами свяжутся.',
  unsupported: 'Пока я понимаю текст, фото и документы. Напишите, пожалуйста, вопрос словами.',
} as const;

export const TRAINER_TEXTS = {
  correct: 'Верно',
  wrong: 'Неверно',
  post: (assistant: string, question: string, answer: string) =>
    `**Вопрос клиента:**\n${question}\n\n**Ответ ассистента «${assistant}»:**\n${answer}`,
  markedCorrect: '✅ Отмечено: верно',
  awaitingCorrection: '✏️ Ждёт правильного ответа',
  corrected: '✅ Исправлено',
  savedCorrect: 'Сохранено: ответ верный',
  askCorrect: 'Напишите правильный ответ',
  prompt: (question: string) => `Напишите правильный ответ на вопрос «${question}» — ответом на это сообщение.`,
  promptPlaceholder: 'Правильный ответ',
  savedCorrection: 'Спасибо! Правильный ответ сохранён: ассистент отвечает так со следующего вопроса.',
  alreadyChecked: 'Этот ответ уже проверен',
  postGone: 'Этот ответ больше не найден',
  notThisChat: 'Этот чат не привязан к ассистенту',
  bound: (assistant: string) =>
    `Готово! Этот чат — чат тренера ассистента «${assistant}». Сюда приходят ответы клиентам: отмечайте их кнопками «Верно» и «Неверно».`,
  notBound:
    'Это бот-тренер ассистента. Привязать к нему чат может только владелец: по ссылке из кабинета, раздел «Интеграция».',
  help: 'Сюда приходят ответы ассистента клиентам. Нажмите «Верно» или «Неверно» под ответом; после «Неверно» пришлите правильный ответ ответом на сообщение бота.',
} as const;

/** The alerts bot, to the owner. */
export const ALERT_TEXTS = {
  help: 'Сюда приходят уведомления ассистента. Ответьте на уведомление — ответ уйдёт собеседнику от имени оператора. Ответ /pause останавливает бота в этой беседе, /resume запускает снова.',
  gone: 'Этой беседы больше нет.',
  textOnly: 'Пока можно ответить только текстом.',
  sent: (visitor: string) =>
    `Отправлено собеседнику ${visitor}. Бот в этой беседе остановлен, пока вы его не запустите (/resume ответом на уведомление).`,
  paused: (visitor: string) => `Бот в беседе с ${visitor} остановлен.`,
  resumed: (visitor: string) => `Бот в беседе с ${visitor} снова отвечает.`,
} as const;
