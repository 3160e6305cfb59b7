import { STATISTICS_TEXTS } from '@otklik/contract';

/**
 * Texts of the statistics screen (spec §2.14, §8). The spec's own words come from the contract
 * word for word; the rest are ours.
 */
export const STATS_TEXTS = {
  ...STATISTICS_TEXTS,
  messagesCount: (count: string) => `Сообщений за месяц: ${count}`,
  /** After the average response length. */
  characters: ' симв.',
  analysing: 'Анализируем сообщения за месяц...',
  empty: 'Результата пока нет. Нажмите «Обновить статистику», чтобы проанализировать сообщения за месяц.',
  filters: {
    assistant: 'Ассистент',
    allAssistants: 'Все ассистенты',
    month: 'Месяц',
    current: (name: string) => `${name} (текущий)`,
    export: 'Скачать CSV',
    exporting: 'Готовим файл...',
    exportFailed: 'Не удалось скачать файл: ',
  },
  overviewFailed: 'Не удалось загрузить показатели: ',
  figures: {
    title: 'Показатели месяца',
    conversations: 'Разговоры',
    visitorMessages: 'Сообщения посетителей',
    resolved: 'Решено ботом',
    resolvedHint: 'Без передачи человеку и без ответов оператора',
    handoffs: 'Передано человеку',
    byTrigger: 'триггер',
    noAnswer: 'бот не нашёл ответа',
    visitorAsked: 'просьба посетителя',
    response: 'Первый ответ оператора',
    responseHint: 'Медиана времени от передачи до первого сообщения оператора',
    phones: 'Оставили телефон',
    channels: 'Каналы',
    widget: 'Виджет',
    telegram: 'Телеграм',
    vsPrevious: 'к прошлому месяцу',
    noPrevious: 'в прошлом месяце не было',
    none: '—',
  },
  chart: {
    title: 'По дням',
    conversations: 'Разговоры',
    handoffs: 'Передано человеку',
    loading: 'Загружаем график...',
    empty: 'В этом месяце разговоров не было.',
    summary: (busiest: string, count: string) => `Больше всего разговоров: ${busiest} (${count})`,
  },
  hours: {
    title: 'Часы наибольшей нагрузки',
    hint: 'Сообщения посетителей по часам, московское время',
    hour: (h: number, count: string) => `${String(h).padStart(2, '0')}:00 — ${count}`,
  },
  unanswered: {
    title: 'Вопросы без ответа',
    hint: 'Бот передал их человеку: ответов на них нет в базе знаний. Добавьте ответ — и бот будет отвечать сам.',
    add: 'Добавить ответ',
    openChat: 'Открыть чат',
    times: (n: number) => `${n} ${plural(n, 'раз', 'раза', 'раз')}`,
    empty: 'Все вопросы месяца получили ответ. Отличная работа!',
  },
  topics: {
    title: 'Темы вопросов',
    questions: (n: number) => `${n} ${plural(n, 'вопрос', 'вопроса', 'вопросов')}`,
    handedOff: (n: number) => `передано: ${n}`,
    empty: 'Вопросов в этом месяце не было.',
    more: (n: number) => `Показать ещё ${n}`,
  },
} as const;

const rules = new Intl.PluralRules('ru-RU');

/** Russian plural forms by the platform's rules: 1 вопрос, 2 вопроса, 5 вопросов. */
export function plural(n: number, one: string, few: string, many: string): string {
  const form = rules.select(n);
  return form === 'one' ? one : form === 'few' ? few : many;
}
