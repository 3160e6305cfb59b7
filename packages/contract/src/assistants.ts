import { z } from 'zod';
import { COMMON_TEXTS } from './common';
import { TelegramIntegration } from './telegram';
import { Widget } from './widgets';

/**
 * Assistants of the owner's cabinet (spec §2.7, §2.8, §3 "Assistant", §5, §7 "Assistants", §8)
 * and the model list of the data form (`GET /api/models`).
 */

export const TEMPERATURE = { min: 0.1, max: 1, step: 0.1, default: 0.1 } as const;
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** The built-in answerer that needs no language model (ARCHITECTURE §4). */
export const LOCAL_MODEL = 'local';
export const LOCAL_MODEL_NAME = 'Локальный (без LLM)';

export const ASSISTANT_DEFAULTS = {
  temperature: TEMPERATURE.default,
  model: DEFAULT_MODEL,
  greeting: 'Здравствуйте, чем могу помочь?',
} as const;

export const ASSISTANT_TITLE_MAX_LENGTH = 100;
export const ASSISTANT_ROLE_MAX_LENGTH = 4000;
export const ASSISTANT_INSTRUCTIONS_MAX_LENGTH = 20_000;
/** Shown in the list when the owner left the title empty. */
export const ASSISTANT_DEFAULT_TITLE = 'Мой ассистент';

/** Spec §5: the file of the creation form; checked by content on the server. */
export const ASSISTANT_CREATE_FILE_TYPES = ['pdf', 'doc', 'docx', 'txt', 'xlsx'] as const;
export const ASSISTANT_CREATE_FILE_ACCEPT = ASSISTANT_CREATE_FILE_TYPES.map((t) => `.${t}`).join(',');

/** Spec §2.7, §2.8: rows of the text areas. */
export const ASSISTANT_ROLE_ROWS = 4;
export const ASSISTANT_INSTRUCTIONS_ROWS = 15;

/** Texts of the assistant screens, word for word from spec §5 and §8, plus the server's own. */
export const ASSISTANT_TEXTS = {
  fileNotChosen: 'Файл не выбран',
  noWidgetId: 'Widget ID не найден. Пожалуйста, сначала сохраните настройки виджета.',
  loadFailed: 'Не удалось загрузить данные ассистента',
  loadError: 'Ошибка при получении данных ассистента',
  listFailed: 'Ошибка при загрузке ассистентов',
  createFailed: 'Ошибка создания ассистента',
  created: 'Данные ассистента успешно загружены',
  notLoaded: 'Данные ассистента не загружены',
  updateFailed: 'Ошибка при обновлении ассистента',
  notFound: COMMON_TEXTS.assistantNotFound,
  widgetTaken: 'Этот виджет уже привязан к другому ассистенту. Начните создание заново.',
  badRequestJson: 'Некорректные данные ассистента (requestJson)',
  fileType: 'Допустимые типы файла: PDF, DOC, DOCX, TXT, XLSX',
  unknownModel: 'Неизвестная модель',
  temperatureRange: `Температура должна быть от ${TEMPERATURE.min} до ${TEMPERATURE.max}`,
  titleTooLong: `Название должно содержать не более ${ASSISTANT_TITLE_MAX_LENGTH} символов`,
  roleTooLong: `Роль должна содержать не более ${ASSISTANT_ROLE_MAX_LENGTH} символов`,
  instructionsTooLong: `Инструкции должны содержать не более ${ASSISTANT_INSTRUCTIONS_MAX_LENGTH} символов`,
} as const;

export const Temperature = z
  .number({ message: ASSISTANT_TEXTS.temperatureRange })
  .min(TEMPERATURE.min, ASSISTANT_TEXTS.temperatureRange)
  .max(TEMPERATURE.max, ASSISTANT_TEXTS.temperatureRange);

const Title = z.string().trim().max(ASSISTANT_TITLE_MAX_LENGTH, ASSISTANT_TEXTS.titleTooLong);
const Role = z.string().trim().max(ASSISTANT_ROLE_MAX_LENGTH, ASSISTANT_TEXTS.roleTooLong);
const Instructions = z.string().trim().max(ASSISTANT_INSTRUCTIONS_MAX_LENGTH, ASSISTANT_TEXTS.instructionsTooLong);
const ModelId = z.string().trim().min(1, ASSISTANT_TEXTS.unknownModel).max(200, ASSISTANT_TEXTS.unknownModel);

/** What the owner is alerted about; a new conversation is off until the owner wants it. */
export const NotificationEvents = z.object({
  trigger: z.boolean().default(true),
  handoff: z.boolean().default(true),
  operatorRequest: z.boolean().default(true),
  phone: z.boolean().default(true),
  newConversation: z.boolean().default(false),
});
export type NotificationEvents = z.infer<typeof NotificationEvents>;
export const DEFAULT_NOTIFICATION_EVENTS: NotificationEvents = NotificationEvents.parse({});

/** Spec §3 "Notification settings", nested in the full assistant. */
export const NotificationSettings = z.object({
  notificationEmail: z.string().nullable(),
  isNotificationEmailConfirmed: z.boolean(),
  isAllowedNotify: z.boolean(),
  enableTelegram: z.boolean(),
  /** Masked: the bot's number and the last 4 characters. */
  telegramToken: z.string().nullable(),
  chatId: z.string().nullable(),
  /** Who the chat is (a person's name, a group's title), so the owner sees where alerts go. */
  chatTitle: z.string().nullable().default(null),
  /** Delivery of alerts (ISO dates): the last one that reached the owner, the last failure and what it was. */
  lastDeliveredAt: z.string().nullable().default(null),
  lastError: z.string().nullable().default(null),
  lastErrorAt: z.string().nullable().default(null),
  events: NotificationEvents.default(DEFAULT_NOTIFICATION_EVENTS),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** GET /api/assistant/{id}: the full assistant of spec §7. `name` is the owner's title. */
export const Assistant = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string(),
  instructions: z.string(),
  temperature: z.number(),
  model: z.string(),
  greeting: z.string(),
  widgetId: z.uuid(),
  widget: Widget,
  notification: NotificationSettings,
  /** Spec §3 "Messaging-app integration": one item per bot of the assistant (the customer bot, the trainer). */
  integrationTg: z.array(TelegramIntegration),
});
export type Assistant = z.infer<typeof Assistant>;

/** GET /api/assistant: the list (spec §3, §7): id, name, widget{accentColor, avatarUrl, botName}. */
export const AssistantListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  widget: z.object({
    accentColor: z.string(),
    avatarUrl: z.string().nullable(),
    botName: z.string(),
  }),
});
export type AssistantListItem = z.infer<typeof AssistantListItem>;
export const AssistantList = z.array(AssistantListItem);
export type AssistantList = z.infer<typeof AssistantList>;

/**
 * The `requestJson` part of POST /api/assistant/create (multipart with an optional `file`).
 * An empty title becomes ASSISTANT_DEFAULT_TITLE; temperature and model take the defaults.
 */
export const AssistantCreateRequest = z.object({
  title: Title.optional().default(''),
  role: Role.optional().default(''),
  instructions: Instructions.optional().default(''),
  temperature: Temperature.optional().default(TEMPERATURE.default),
  gptModel: ModelId.optional().default(DEFAULT_MODEL),
  widgetId: z.uuid({ message: ASSISTANT_TEXTS.noWidgetId }),
});
export type AssistantCreateRequest = z.input<typeof AssistantCreateRequest>;

/** POST /api/assistant/create → the created assistant (the spec does not show the reply). */
export const AssistantCreateReply = Assistant;
export type AssistantCreateReply = Assistant;

/** PATCH /api/assistant/{id}: every field optional; the reply is the full assistant. */
export const AssistantPatchRequest = z.object({
  title: Title.optional(),
  role: Role.optional(),
  instructions: Instructions.optional(),
  temperature: Temperature.optional(),
  gptModel: ModelId.optional(),
});
export type AssistantPatchRequest = z.input<typeof AssistantPatchRequest>;

export const ModelProvider = z.enum(['openai', 'ollama', 'gigachat', 'local']);
export type ModelProvider = z.infer<typeof ModelProvider>;

/**
 * An item of GET /api/models. Ids: `gpt-4o-mini`, `gpt-4o` (OpenAI or a compatible API),
 * `ollama:<model>`, `gigachat:<model>`, and `local`. `available` is false when the provider
 * is not configured on this server (the answer then comes from the local answerer).
 */
export const ModelOption = z.object({
  id: z.string(),
  name: z.string(),
  provider: ModelProvider,
  available: z.boolean(),
});
export type ModelOption = z.infer<typeof ModelOption>;
export const ModelList = z.array(ModelOption);
export type ModelList = z.infer<typeof ModelList>;

/** Which provider answers for a stored model id. */
export function modelProvider(id: string): ModelProvider {
  if (id === LOCAL_MODEL) return 'local';
  if (id.startsWith('ollama:')) return 'ollama';
  if (id.startsWith('gigachat:')) return 'gigachat';
  return 'openai';
}
