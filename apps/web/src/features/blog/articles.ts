/** The three cards of spec §2.15, in their order, with the names the spec gives them. */
export const ARTICLES = [
  {
    name: 'KnowledgeExample',
    path: '/blog/knowledge',
    tag: 'База знаний',
    title: 'Пример базы знаний для ИИ-ассистента',
    text: 'Какие документы загрузить и как оформить прайс и частые вопросы, чтобы ассистент отвечал точно.',
    cover: '/blog/cover-knowledge.svg',
  },
  {
    name: 'PromptGuideArticle',
    path: '/blog/prompt-guide',
    tag: 'Промты',
    title: 'Как написать промт для ассистента поддержки',
    text: 'Структура хорошей инструкции, готовые формулировки и пять ошибок, из-за которых бот «плывёт».',
    cover: '/blog/cover-prompt.svg',
  },
  {
    name: 'TelegramIntegration',
    path: '/blog/tg-integration',
    tag: 'Интеграции',
    title: 'Подключаем ассистента к Telegram за 5 минут',
    text: 'Пошагово: создаём бота в BotFather, выключаем Privacy и вставляем токен в Отклик.',
    cover: '/blog/cover-telegram.svg',
  },
] as const;
