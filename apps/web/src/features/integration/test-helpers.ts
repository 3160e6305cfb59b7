import { Assistant, type TelegramIntegration } from '@otklik/contract';

const WIDGET_ID = '0b7c1f4e-2d3a-4c5b-9e8f-7a6b5c4d3e2f';

/** One bot of the assistant as the server gives it; a customer bot with nothing set up by default. */
export const tgBot = (over: Partial<TelegramIntegration> = {}): TelegramIntegration => ({
  enableTelegram: false,
  telegramToken: null,
  isTgTrainer: false,
  username: null,
  state: null,
  previousWebhook: null,
  trainerChat: null,
  bindLink: null,
  ...over,
});

/** GET /api/assistant/{id} with the given bots, checked against the contract so the fixture stays true. */
export const assistantWithBots = (id: string, integrationTg: TelegramIntegration[]): Assistant =>
  Assistant.parse({
    id,
    name: 'Цветочный магазин',
    role: 'Консультант магазина',
    instructions: 'Отвечай коротко.',
    temperature: 0.1,
    model: 'gpt-4o-mini',
    greeting: 'Здравствуйте, чем могу помочь?',
    widgetId: WIDGET_ID,
    widget: {
      id: WIDGET_ID,
      botName: 'Мария',
      botRole: 'Консультант',
      greeting: 'Привет! Как я могу помочь?',
      backgroundColor: '#ffffff',
      accentColor: '#10B981',
      messageColor: '#e6e6e6',
      headerTextColor: '#000',
      messageTextColor: '#000',
      avatarUrl: null,
      brandLogoVisible: true,
      allowFileAttachment: true,
      headerPattern: null,
      patternOpacity: 1,
      patternScale: 1,
      predefinedQuestions: [],
    },
    notification: {
      notificationEmail: null,
      isNotificationEmailConfirmed: false,
      isAllowedNotify: false,
      enableTelegram: false,
      telegramToken: null,
      chatId: null,
    },
    integrationTg,
  });
