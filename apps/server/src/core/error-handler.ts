import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERRORS } from './errors';

/** Russian names of the request fields (packages/contract), for messages about a missing or mistyped one. */
const FIELD_NAMES: Record<string, string> = {
  email: 'e-mail',
  password: 'пароль',
  username: 'имя пользователя',
  oldPassword: 'текущий пароль',
  newPassword: 'новый пароль',
  isAllowedNotify: 'уведомления',
  token: 'код из ссылки',
  title: 'название',
  name: 'имя',
  role: 'роль',
  instructions: 'инструкции',
  temperature: 'температура',
  gptModel: 'модель',
  model: 'модель',
  widgetId: 'виджет',
  id: 'идентификатор',
  botName: 'имя бота',
  botRole: 'роль бота',
  greeting: 'приветствие',
  backgroundColor: 'цвет фона',
  accentColor: 'акцентный цвет',
  messageColor: 'цвет сообщений',
  headerTextColor: 'цвет текста заголовка',
  messageTextColor: 'цвет текста сообщений',
  allowFileAttachment: 'прикрепление файлов',
  brandLogoVisible: 'логотип',
  predefinedQuestions: 'готовые вопросы',
  headerPattern: 'узор',
  patternOpacity: 'прозрачность узора',
  patternScale: 'масштаб узора',
  description: 'описание',
  question: 'вопрос',
  originalAnswer: 'исходный ответ',
  correctAnswer: 'верный ответ',
  synonyms: 'синонимы',
  isCorrect: 'верность ответа',
  action: 'действие',
  stopWords: 'стоп-слова',
  customAnswer: 'свой ответ',
  toEmail: 'e-mail разработчика',
  developerEmail: 'e-mail разработчика',
  snippet: 'код',
  phone: 'телефон',
  message: 'сообщение',
  content: 'текст',
  url: 'адрес сайта',
  query: 'запрос',
  visitorId: 'собеседник',
  assistantId: 'ассистент',
  pause: 'пауза',
  enable: 'включение',
  source: 'источник',
};

interface ValidationIssue {
  keyword?: string;
  message?: string;
  instancePath?: string;
}

export function validationMessage(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return ERRORS.badRequest.message;
  // "/predefinedQuestions/2" or "/0/stopWords": the field is the last named step of the path.
  const field = (first.instancePath ?? '')
    .split('/')
    .filter((step) => step !== '' && !/^\d+$/.test(step))
    .at(-1);
  if (first.keyword === 'invalid_type' && field) {
    const name = FIELD_NAMES[field] ?? field;
    // zod does not report the input; its message names "undefined" when the field is missing.
    return first.message?.includes('undefined') ? `Не заполнено поле «${name}»` : `Неверный формат поля «${name}»`;
  }
  return first.message ?? ERRORS.badRequest.message;
}

/** Maps every error to `{ message }` in Russian; 5xx details go to the log with the request id, never to the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: validationMessage(error.validation as ValidationIssue[]) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: error.message });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: ERRORS.payloadTooLarge.message });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: ERRORS.unsupportedMediaType.message });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? ERRORS.badJsonBody.message
          : status === 404
            ? ERRORS.notFound.message
            : ERRORS.badRequest.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: ERRORS.internal.message });
  });
}
