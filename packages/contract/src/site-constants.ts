import { EMAIL_MAX_LENGTH } from './limits';

/**
 * The public site's constants, texts and rules without zod, so the landing page can use them
 * without downloading zod (the landing's JavaScript budget is 150 KB gzipped). `site.ts` builds
 * the request schemas over the same rules; `@otklik/contract/site-constants` imports only this.
 */

/** Spec §9: the message of a contact request holds at most 500 characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 500;
export const CONTACT_NAME_MAX_LENGTH = 100;
/** Spec §9: the form is locked for 10 seconds after each submit attempt. */
export const CONTACT_COOLDOWN_SECONDS = 10;

/** Texts of the contact form, word for word from spec §5 and §8. */
export const CONTACT_TEXTS = {
  emailOrPhoneRequired: 'Укажите хотя бы email или телефон',
  invalidEmail: 'Некорректный e-mail',
  invalidPhone: 'Некорректный телефон',
  messageTooLong: `Сообщение должно содержать не более ${CONTACT_MESSAGE_MAX_LENGTH} символов`,
  nameTooLong: `Имя должно содержать не более ${CONTACT_NAME_MAX_LENGTH} символов`,
  success: 'Заявка успешно отправлена!',
  failure: 'Ошибка при отправке формы',
  cooldown: (seconds: number) => `Подождите ${seconds} сек`,
} as const;

/** An e-mail as spec §5 has it: text without spaces, @, text, dot, text. */
export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A Russian phone number (spec §5): optional +7, 7 or 8 prefix, then 3+3+2+2 digits with
 * optional parentheses around the code and optional dashes or spaces between the groups.
 */
export const RUSSIAN_PHONE_PATTERN = /^(?:\+7|7|8)?[\s-]?\(?\d{3}\)?[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}$/;

/** A phone holding nothing but the country digit (what the mask leaves: "+7(") counts as empty. */
export function isPhoneEmpty(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  return digits === '' || digits === '7';
}

export const isValidRussianPhone = (phone: string) => RUSSIAN_PHONE_PATTERN.test(phone.trim());

/** "+7 (912) 345-67-89" from any accepted spelling, for the support mail and the table. */
export function formatRussianPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = digits.length === 11 ? digits.slice(1) : digits;
  if (local.length !== 10) return phone.trim();
  return `+7 (${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6, 8)}-${local.slice(8)}`;
}

export type ContactField = 'name' | 'phone' | 'email' | 'message';

/** What the contact form sends; every field may be missing or blank. */
export interface ContactValues {
  name?: string;
  phone?: string;
  email?: string;
  message?: string;
}

/** The longest phone anyone types with spaces and dashes. */
export const CONTACT_PHONE_MAX_LENGTH = 40;

/**
 * Spec §5: field → its first message, empty when the request may be sent. The same function
 * checks the request on the server (through the zod schema), so both sides say the same.
 * The "e-mail or phone" message is put on both fields, so the form marks both invalid.
 */
export function contactFieldErrors(value: ContactValues): Partial<Record<ContactField, string>> {
  const name = (value.name ?? '').trim();
  const phone = (value.phone ?? '').trim();
  const email = (value.email ?? '').trim();
  const message = (value.message ?? '').trim();
  const errors: Partial<Record<ContactField, string>> = {};
  if (name.length > CONTACT_NAME_MAX_LENGTH) errors.name = CONTACT_TEXTS.nameTooLong;
  const phoneEmpty = isPhoneEmpty(phone);
  if (email === '' && phoneEmpty) {
    errors.phone = CONTACT_TEXTS.emailOrPhoneRequired;
    errors.email = CONTACT_TEXTS.emailOrPhoneRequired;
  } else {
    if (!phoneEmpty && (phone.length > CONTACT_PHONE_MAX_LENGTH || !isValidRussianPhone(phone))) {
      errors.phone = CONTACT_TEXTS.invalidPhone;
    }
    if (email !== '' && (email.length > EMAIL_MAX_LENGTH || !CONTACT_EMAIL_PATTERN.test(email))) {
      errors.email = CONTACT_TEXTS.invalidEmail;
    }
  }
  if (message.length > CONTACT_MESSAGE_MAX_LENGTH) errors.message = CONTACT_TEXTS.messageTooLong;
  return errors;
}

/* ---------------------------------------------------------------- prompt helper */

export const PROMPT_HELPER_STEPS = 12;
/** Spec §9: the copy button says 'Скопировано!' for 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;
export const PROMPT_HELPER_ANSWER_MAX_LENGTH = 2000;
/** Room for twelve full answers and the instructions around them. */
export const PROMPT_HELPER_CONTENT_MAX_LENGTH = 40_000;
/** Spec §7: each AI insight holds at most 500 characters. */
export const PROMPT_INSIGHT_MAX_LENGTH = 500;

export interface PromptHelperQuestion {
  /** Stable key the composer parses the answers by. */
  key: PromptHelperKey;
  /** The question as the visitor reads it, and as the label in the composed text. */
  title: string;
  hint: string;
  placeholder: string;
}

/** Spec §3: the twelve answers of the prompt helper, in the order of its steps. */
export type PromptHelperKey =
  | 'companyName'
  | 'companyActivity'
  | 'products'
  | 'targetAudience'
  | 'botRole'
  | 'toneStyle'
  | 'faq'
  | 'forbidden'
  | 'mission'
  | 'extra'
  | 'botGoal'
  | 'cost';

/** The twelve questions of the prompt helper (spec §2.5 leaves their wording to us). */
export const PROMPT_HELPER_QUESTIONS: readonly PromptHelperQuestion[] = [
  {
    key: 'companyName',
    title: 'Как называется ваша компания?',
    hint: 'Так, как её называют клиенты: ассистент будет представлять её этим именем.',
    placeholder: 'Например: Чистый дом',
  },
  {
    key: 'companyActivity',
    title: 'Чем занимается компания?',
    hint: 'Пара предложений: сфера, город, сколько лет работаете.',
    placeholder: 'Клининговая компания в Казани, убираем квартиры и офисы с 2016 года',
  },
  {
    key: 'products',
    title: 'Какие товары или услуги вы предлагаете?',
    hint: 'Перечислите основные позиции — ассистент будет рассказывать о них клиентам.',
    placeholder: 'Генеральная уборка, поддерживающая уборка, мытьё окон, химчистка мебели',
  },
  {
    key: 'targetAudience',
    title: 'Кто ваши клиенты?',
    hint: 'Кто пишет вам чаще всего и что для них важно.',
    placeholder: 'Семьи с детьми и владельцы небольших офисов; важны скорость и безопасная химия',
  },
  {
    key: 'botRole',
    title: 'Как зовут ассистента и кем он представляется?',
    hint: 'Имя и роль, которые клиент увидит в чате.',
    placeholder: 'Анна, менеджер по работе с клиентами',
  },
  {
    key: 'toneStyle',
    title: 'Каким тоном ассистент общается с клиентами?',
    hint: 'На «вы» или на «ты», строго или тепло, можно ли эмодзи.',
    placeholder: 'На «вы», дружелюбно и по делу, без сленга, эмодзи — изредка',
  },
  {
    key: 'faq',
    title: 'Какие вопросы клиенты задают чаще всего?',
    hint: 'Пять–десять вопросов из переписок и звонков, лучше сразу с ответами.',
    placeholder:
      'Сколько длится уборка? — 3–5 часов для двухкомнатной квартиры. Нужно ли быть дома? — Нет, можно оставить ключи',
  },
  {
    key: 'forbidden',
    title: 'Чего ассистенту делать нельзя?',
    hint: 'Темы, на которые не отвечать, обещания, которые давать нельзя.',
    placeholder: 'Не обсуждать конкурентов, не обещать скидки сверх прайса, не давать медицинских советов',
  },
  {
    key: 'mission',
    title: 'В чём миссия компании и чем вы отличаетесь от других?',
    hint: 'Ради чего вы работаете и почему клиенты выбирают вас — ассистент скажет это своими словами.',
    placeholder: 'Возвращаем людям выходные: убираем быстро, гипоаллергенной химией и с гарантией результата',
  },
  {
    key: 'extra',
    title: 'Что ещё важно знать ассистенту?',
    hint: 'График, адреса, доставка, гарантии и возвраты, когда звать менеджера и как с вами связаться.',
    placeholder:
      'Работаем ежедневно с 8:00 до 21:00 в Казани и пригороде. Переделаем бесплатно в течение 24 часов. Жалобы и юрлица — менеджеру: +7 (843) 000-00-00',
  },
  {
    key: 'botGoal',
    title: 'К чему ассистент должен привести клиента?',
    hint: 'Целевое действие в конце разговора.',
    placeholder: 'Записать на уборку: узнать адрес, дату и телефон клиента',
  },
  {
    key: 'cost',
    title: 'Сколько стоят ваши товары или услуги?',
    hint: 'Цены или вилки, скидки, акции, как можно заплатить.',
    placeholder: 'Поддерживающая уборка от 2 900 ₽, генеральная от 6 500 ₽; оплата картой или по СБП после уборки',
  },
];

/** Spec §2.5 and §5: texts of the prompt-helper screen. */
export const PROMPT_HELPER_TEXTS = {
  submit: 'Получить промт!',
  emptyTitle: 'Нет заполненных данных',
  close: 'Закрыть',
  copy: 'Копировать',
  copied: 'Скопировано!',
  promptHeading: 'Ваш промт:',
  insightsHeading: 'AI-инсайты:',
} as const;

/** The heading of the answers block in the composed text; the composer finds the answers under it. */
export const PROMPT_HELPER_ANSWERS_HEADING = 'Ответы компании:';

/**
 * The content sent to POST /api/assistant/create-helper (spec §7): the twelve answers, each
 * labelled with its number and question, then the instructions for the writer. The local
 * composer parses the answers back by number; a model reads the same text as it is.
 */
export function composePromptHelperContent(answers: readonly string[]): string {
  const lines = PROMPT_HELPER_QUESTIONS.map((q, i) => {
    const answer = (answers[i] ?? '').trim();
    return `${i + 1}. ${q.title}\n${answer === '' ? '—' : answer}`;
  });
  return [
    'Помоги составить системный промт для ИИ-ассистента поддержки клиентов.',
    '',
    PROMPT_HELPER_ANSWERS_HEADING,
    '',
    lines.join('\n\n'),
    '',
    'Инструкция:',
    `Ответь двумя блоками. Первый начни строкой «${PROMPT_HELPER_TEXTS.promptHeading}» и напиши в нём готовый системный промт на русском языке: роль ассистента, сведения о компании, стиль общения, правила и ограничения, когда передавать разговор человеку.`,
    `Второй начни строкой «${PROMPT_HELPER_TEXTS.insightsHeading}» и дай пронумерованные советы, каждый с новой строки и не длиннее ${PROMPT_INSIGHT_MAX_LENGTH} символов. Последний совет всегда о возможностях личного кабинета: база знаний, исправленные ответы, триггеры и статистика.`,
  ].join('\n');
}

/**
 * Spec §7: the reply is split at 'AI-инсайты:'; the first part without the 'Ваш промт:'
 * heading is the prompt; the second part, line by line, trimmed, without empty lines, gives
 * the insights.
 */
export function splitPromptHelperReply(content: string): { prompt: string; insights: string[] } {
  const at = content.indexOf(PROMPT_HELPER_TEXTS.insightsHeading);
  const head = at === -1 ? content : content.slice(0, at);
  const tail = at === -1 ? '' : content.slice(at + PROMPT_HELPER_TEXTS.insightsHeading.length);
  const prompt = head.replace(PROMPT_HELPER_TEXTS.promptHeading, '').trim();
  const insights = tail
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return { prompt, insights };
}

/** Spec §7: the product's own pages place the launcher 100 px above the bottom. */
export const SITE_WIDGET_BOTTOM_MARGIN = 100;

/* ---------------------------------------------------------------- page meta */

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * Title and description of every public page: the web app sets them on navigation, the
 * server writes them into index.html so link previews (which run no JavaScript) see them too.
 */
export const PUBLIC_PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': {
    title: 'Отклик — ИИ-ассистент поддержки для малого бизнеса',
    description:
      'ИИ-ассистент на данных вашей компании отвечает клиентам круглосуточно в чате на сайте и в Telegram. Закрывает до 90% типовых вопросов. 14 дней бесплатно.',
  },
  '/prompt-helper': {
    title: 'Помощник по промтам — Отклик',
    description:
      'Ответьте на 12 вопросов о компании и получите готовый системный промт для ИИ-ассистента и советы, как сделать его ответы точнее. Бесплатно.',
  },
  '/blog': {
    title: 'База знаний — Отклик',
    description:
      'Инструкции и статьи для владельцев бизнеса: подключение Telegram-бота, база знаний ассистента, промты.',
  },
  '/blog/tg-integration': {
    title: 'Как подключить ИИ-ассистента к Telegram — Отклик',
    description:
      'Пошаговая инструкция с картинками: создаём бота в BotFather, отключаем Privacy и подключаем его к ассистенту за 5 минут.',
  },
  '/blog/knowledge': {
    title: 'Пример базы знаний для ИИ-ассистента — Отклик',
    description:
      'Какие документы загрузить, как оформить прайс и частые вопросы, чтобы ассистент отвечал клиентам точно. С готовым примером.',
  },
  '/blog/prompt-guide': {
    title: 'Как написать промт для ИИ-ассистента поддержки — Отклик',
    description: 'Структура хорошего системного промта, примеры формулировок и частые ошибки владельцев бизнеса.',
  },
  '/partnership': {
    title: 'Партнёрская программа — Отклик',
    description:
      'Веб-студиям, маркетологам и интеграторам: подключайте ИИ-ассистентов клиентам и получайте 30% с каждого платежа.',
  },
  '/signup': {
    title: 'Регистрация — Отклик',
    description: 'Создайте аккаунт и соберите ИИ-ассистента поддержки за 10 минут. 14 дней бесплатно.',
  },
  '/login': {
    title: 'Вход — Отклик',
    description: 'Вход в личный кабинет Отклика.',
  },
};

export const SITE_NAME = 'Отклик';
/** Open Graph image of every public page, under the site's origin. */
export const SITE_OG_IMAGE = '/og-image.png';

/**
 * The web app's pages (spec §2.1; apps/web/src/app/router.tsx, whose every route a web test,
 * app/routes.test.ts, finds here). The server serves the app for
 * every other path too, so the browser shows 'Страница не найдена', but with status 404: an
 * unknown address is not a page to index.
 */
const APP_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/(?:signup|login|forgot-password|reset-password|confirm-email|partnership|prompt-helper)$/,
  /^\/notification\/confirm$/,
  /^\/blog(?:\/(?:knowledge|prompt-guide|tg-integration))?$/,
  /^\/dashboard(?:\/(?:assistants|profile|statistic))?$/,
  /^\/dashboard\/assistants\/[^/]+(?:\/chats)?$/,
  /^\/assistant\/create\/(?:design|data|integration)$/,
];

export const isAppPage = (pathname: string): boolean => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_PAGES.some((page) => page.test(path));
};
