/** Every public page of the site (spec §2.1, §2.5, §2.15) with its main heading. */
export const PUBLIC_SITE_PAGES = [
  { name: 'landing', path: '/', heading: 'Отвечает вашим клиентам, пока вы заняты делом' },
  { name: 'prompt-helper', path: '/prompt-helper', heading: 'Помощник по промтам' },
  { name: 'blog', path: '/blog', heading: 'База знаний' },
  { name: 'blog-knowledge', path: '/blog/knowledge', heading: 'Пример базы знаний для ИИ-ассистента' },
  { name: 'blog-prompt-guide', path: '/blog/prompt-guide', heading: 'Как написать промт для ассистента поддержки' },
  { name: 'blog-tg-integration', path: '/blog/tg-integration', heading: 'Подключаем ассистента к Telegram за 5 минут' },
  { name: 'partnership', path: '/partnership', heading: 'Зарабатывайте на ИИ-ассистентах для своих клиентов' },
  { name: 'login', path: '/login', heading: 'Вход в Отклик' },
  { name: 'signup', path: '/signup', heading: 'Создайте аккаунт' },
] as const;
