import { z } from 'zod';
import {
  BOT_NAME_MAX_LENGTH,
  BOT_ROLE_MAX_LENGTH,
  HEX_COLOR_PATTERN,
  PATTERN_OPACITY,
  PATTERN_SCALE,
  PREDEFINED_QUESTION_MAX_LENGTH,
  PREDEFINED_QUESTIONS_MAX,
  WIDGET_GREETING_MAX_LENGTH,
  WIDGET_TEXTS,
} from './widget-constants';

/**
 * The widget design of the owner's cabinet (spec §2.9, §3 "Widget", "Pattern", §7 "Widget").
 * The visitor side's public design is `PublicWidget` in visitor.ts.
 */

export * from './widget-constants';

export const HexColor = z.string().trim().regex(HEX_COLOR_PATTERN, WIDGET_TEXTS.invalidColor);

const PatternId = z.string().trim().min(1).max(64);

/**
 * `headerPattern` as the client sends it: the pattern id, the pattern object `{ id, … }` the
 * widget state holds (spec §3), or null for none. Replies always carry the id (or null).
 */
export const HeaderPatternInput = z
  .union([PatternId, z.object({ id: PatternId }).loose(), z.null()])
  .transform((v) => (v === null ? null : typeof v === 'string' ? v : v.id));

const PredefinedQuestions = z
  .array(z.string().trim().max(PREDEFINED_QUESTION_MAX_LENGTH, WIDGET_TEXTS.questionTooLong))
  .transform((list) => list.filter((q) => q.length > 0))
  .pipe(z.array(z.string()).max(PREDEFINED_QUESTIONS_MAX, WIDGET_TEXTS.tooManyQuestions));

/** POST /api/widget/init → `{ id }`: a new widget of the owner, with the defaults of spec §3. */
export const WidgetInitReply = z.object({ id: z.uuid() });
export type WidgetInitReply = z.infer<typeof WidgetInitReply>;

/**
 * POST /api/widget: the whole design (spec §7). Missing fields keep their stored value;
 * omitted text colours are derived from the surface colours by the rule of spec §3.
 * `avatarUrl` is not in the spec's body (avatars change through upload/delete); it is
 * accepted only as null or one of the predefined avatar URLs, an addition for choosing a
 * predefined avatar without re-uploading it.
 */
export const WidgetSaveRequest = z.object({
  // A missing id gets the server's "field not filled" text; a malformed one this message.
  id: z.uuid({ error: (issue) => (issue.input === undefined ? undefined : WIDGET_TEXTS.noWidgetId) }),
  botName: z.string().trim().max(BOT_NAME_MAX_LENGTH, WIDGET_TEXTS.botNameTooLong).optional(),
  botRole: z.string().trim().max(BOT_ROLE_MAX_LENGTH, WIDGET_TEXTS.botRoleTooLong).optional(),
  greeting: z.string().trim().max(WIDGET_GREETING_MAX_LENGTH, WIDGET_TEXTS.greetingTooLong).optional(),
  backgroundColor: HexColor.optional(),
  accentColor: HexColor.optional(),
  messageColor: HexColor.optional(),
  headerTextColor: HexColor.optional(),
  messageTextColor: HexColor.optional(),
  allowFileAttachment: z.boolean().optional(),
  brandLogoVisible: z.boolean().optional(),
  predefinedQuestions: PredefinedQuestions.optional(),
  headerPattern: HeaderPatternInput.optional(),
  patternOpacity: z
    .number()
    .min(PATTERN_OPACITY.min, WIDGET_TEXTS.opacityRange)
    .max(PATTERN_OPACITY.max, WIDGET_TEXTS.opacityRange)
    .optional(),
  patternScale: z
    .number()
    .min(PATTERN_SCALE.min, WIDGET_TEXTS.scaleRange)
    .max(PATTERN_SCALE.max, WIDGET_TEXTS.scaleRange)
    .optional(),
  avatarUrl: z.string().nullable().optional(),
});
export type WidgetSaveRequest = z.input<typeof WidgetSaveRequest>;

/** The stored design, as GET /api/assistant/{id} nests it and POST /api/widget replies. */
export const Widget = z.object({
  id: z.uuid(),
  botName: z.string(),
  botRole: z.string(),
  greeting: z.string(),
  backgroundColor: z.string(),
  accentColor: z.string(),
  messageColor: z.string(),
  headerTextColor: z.string(),
  messageTextColor: z.string(),
  /** Relative to the API origin (`/avatars/avatar3.svg`, `/api/widget/avatar/…`), or null. */
  avatarUrl: z.string().nullable(),
  brandLogoVisible: z.boolean(),
  allowFileAttachment: z.boolean(),
  /** The pattern id, or null for none (spec §7). */
  headerPattern: z.string().nullable(),
  patternOpacity: z.number(),
  patternScale: z.number(),
  predefinedQuestions: z.array(z.string()),
});
export type Widget = z.infer<typeof Widget>;

/** POST /api/widget/uploadAvatar/{widgetId}, multipart `file` → `{ uri }` (spec §7). */
export const AvatarUploadReply = z.object({ uri: z.string() });
export type AvatarUploadReply = z.infer<typeof AvatarUploadReply>;

/** Spec §3 "Pattern": id, name, imageData (base64 of the image), plus its type and URL. */
export const Pattern = z.object({
  id: z.string(),
  name: z.string(),
  imageData: z.string(),
  /** `image/svg+xml` or `image/png`: with imageData, `data:${mimeType};base64,${imageData}`. */
  mimeType: z.string(),
  /** GET /api/widget/patterns/{id}/data, relative to the API origin. */
  url: z.string(),
});
export type Pattern = z.infer<typeof Pattern>;
export const PatternList = z.array(Pattern);
export type PatternList = z.infer<typeof PatternList>;
