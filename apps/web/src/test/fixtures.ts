import { Assistant } from '@otklik/contract';

/**
 * The full assistant of GET /api/assistant/{id} (spec §7) as tests answer it: a flower shop with
 * its widget, nothing set up for notifications or Telegram. Checked against the contract, so a
 * fixture never drifts from what the server sends.
 */
export const FIXTURE_WIDGET_ID = '0b7c1f4e-2d3a-4c5b-9e8f-7a6b5c4d3e2f';
export const FIXTURE_ASSISTANT_ID = '5d2e8c1a-7b3f-4a6e-9c0d-1e2f3a4b5c6d';

export const widgetFixture = (over: Record<string, unknown> = {}) => ({
  id: FIXTURE_WIDGET_ID,
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
  ...over,
});

export const assistantFixture = (over: Record<string, unknown> = {}): Assistant =>
  Assistant.parse({
    id: FIXTURE_ASSISTANT_ID,
    name: 'Цветочный магазин',
    role: 'Консультант магазина',
    instructions: 'Отвечай коротко.',
    temperature: 0.1,
    model: 'gpt-4o-mini',
    greeting: 'Здравствуйте, чем могу помочь?',
    widgetId: FIXTURE_WIDGET_ID,
    widget: widgetFixture(),
    notification: {
      notificationEmail: null,
      isNotificationEmailConfirmed: false,
      isAllowedNotify: false,
      enableTelegram: false,
      telegramToken: null,
      chatId: null,
    },
    integrationTg: [],
    ...over,
  });
