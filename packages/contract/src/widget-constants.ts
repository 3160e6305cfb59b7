/**
 * Widget design constants, texts and rules without zod (spec §2.9, §3, §5, §9), so the widget
 * and light pages can use them without pulling zod in. `widgets.ts` builds the request and reply
 * schemas over the same rules.
 */

/** Spec §3 "Widget": the defaults of a new widget. */
export const DEFAULT_PREDEFINED_QUESTIONS = ['Здравствуйте', 'Добрый день! У меня вопрос', 'Мне нужна помощь'] as const;

export const WIDGET_DEFAULTS = {
  botName: 'Ваш бот',
  botRole: '',
  greeting: 'Привет! Как я могу помочь?',
  backgroundColor: '#ffffff',
  accentColor: '#007bff',
  messageColor: '#e6e6e6',
  headerTextColor: '#000',
  messageTextColor: '#000',
  avatarUrl: null,
  brandLogoVisible: true,
  allowFileAttachment: true,
  predefinedQuestions: DEFAULT_PREDEFINED_QUESTIONS,
  headerPattern: null,
  patternOpacity: 1,
  patternScale: 1,
} as const;

/** Spec §2.9, §5, §9: ranges of the pattern sliders. */
export const PATTERN_OPACITY = { min: 0, max: 1, step: 0.1, default: 1 } as const;
export const PATTERN_SCALE = { min: 0.5, max: 2, step: 0.1, default: 1 } as const;

export const BOT_NAME_MAX_LENGTH = 40;
export const BOT_ROLE_MAX_LENGTH = 60;
export const WIDGET_GREETING_MAX_LENGTH = 500;
export const PREDEFINED_QUESTIONS_MAX = 10;
export const PREDEFINED_QUESTION_MAX_LENGTH = 150;

/** Spec §3, §9: text colours are derived, black above this luminance, white otherwise. */
export const LUMINANCE_THRESHOLD = 155;

/** `#rgb` or `#rrggbb`. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** 0.299R + 0.587G + 0.114B of a `#rgb`/`#rrggbb` colour (0..255); NaN for anything else. */
export function colorLuminance(hex: string): number {
  if (!HEX_COLOR_PATTERN.test(hex)) return Number.NaN;
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const r = Number.parseInt(full.slice(0, 2), 16);
  const g = Number.parseInt(full.slice(2, 4), 16);
  const b = Number.parseInt(full.slice(4, 6), 16);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Spec §3: black text if the luminance of the surface is above 155, otherwise white. */
export function derivedTextColor(surface: string): '#000' | '#fff' {
  return colorLuminance(surface) > LUMINANCE_THRESHOLD ? '#000' : '#fff';
}

/** Spec §2.9: 11 predefined avatars, served as static files by the server. */
export const PREDEFINED_AVATAR_COUNT = 11;
export const PREDEFINED_AVATAR_NAMES = Array.from(
  { length: PREDEFINED_AVATAR_COUNT },
  (_, i) => `avatar${i + 1}`,
) as readonly string[];
/** The URL of a predefined avatar on the API origin, e.g. `/avatars/avatar3.svg`. */
export const predefinedAvatarUrl = (name: string) => `/avatars/${name}.svg`;
export const PREDEFINED_AVATAR_URLS = PREDEFINED_AVATAR_NAMES.map(predefinedAvatarUrl);

/** Avatar uploads: real images only, checked by content on the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The `accept` attribute of the avatar input (an SVG is accepted only if it is one of ours). */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The image of a header pattern, for CSS `background-image` and the widget's headerPatternUrl. */
export const patternImageUrl = (patternId: string) => `/api/widget/patterns/${encodeURIComponent(patternId)}/data`;

/** Texts of the design step, word for word from spec §5 and §8, plus the server's own. */
export const WIDGET_TEXTS = {
  noFileNorUrl: 'Не передан ни файл, ни URL',
  avatarUploadFailed: 'Ошибка при загрузке аватара',
  avatarDeleteFailed: 'Ошибка при удалении аватара',
  saveFailedWidget: 'Ошибка при сохранении настроек (Widget)',
  saveFailed: 'Ошибка при сохранении настроек',
  saveWidgetFailed: 'Ошибка сохранения виджета',
  widgetNotFound: 'Виджет не найден',
  patternNotFound: 'Узор не найден',
  avatarNotFound: 'Аватар не найден',
  avatarEmpty: 'Файл изображения пустой',
  avatarTooLarge: `Изображение слишком большое: не более ${AVATAR_MAX_BYTES / 1024 / 1024} МБ`,
  avatarNotImage: 'Файл не является изображением PNG, JPEG, WebP или GIF',
  avatarSvgRefused: 'Изображения SVG не принимаются: загрузите PNG, JPEG, WebP или GIF',
  invalidColor: 'Цвет должен быть в формате #rgb или #rrggbb',
  botNameTooLong: `Имя бота должно содержать не более ${BOT_NAME_MAX_LENGTH} символов`,
  botRoleTooLong: `Роль бота должна содержать не более ${BOT_ROLE_MAX_LENGTH} символов`,
  greetingTooLong: `Приветствие должно содержать не более ${WIDGET_GREETING_MAX_LENGTH} символов`,
  tooManyQuestions: `Не более ${PREDEFINED_QUESTIONS_MAX} вопросов-подсказок`,
  questionTooLong: `Вопрос-подсказка должен содержать не более ${PREDEFINED_QUESTION_MAX_LENGTH} символов`,
  opacityRange: `Прозрачность узора должна быть от ${PATTERN_OPACITY.min} до ${PATTERN_OPACITY.max}`,
  scaleRange: `Масштаб узора должен быть от ${PATTERN_SCALE.min} до ${PATTERN_SCALE.max}`,
  /** Spec §5: saving, avatar upload and delete are skipped without a widget id. */
  noWidgetId: 'Widget ID не найден. Пожалуйста, сначала сохраните настройки виджета.',
} as const;
