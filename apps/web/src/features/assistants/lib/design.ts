import {
  DEFAULT_PREDEFINED_QUESTIONS,
  derivedTextColor,
  WIDGET_DEFAULTS,
  type Widget,
  type WidgetSaveRequest,
} from '@otklik/contract';
import type { WidgetDesign } from '@otklik/widget';

/**
 * The widget design as the cabinet edits it (spec §3 Widget). The avatar is held as logoUrl on
 * the client; the header pattern by its id.
 */
export interface DesignState {
  botName: string;
  botRole: string;
  greeting: string;
  backgroundColor: string;
  accentColor: string;
  messageColor: string;
  headerTextColor: string;
  messageTextColor: string;
  logoUrl: string | null;
  brandLogoVisible: boolean;
  allowFileAttachment: boolean;
  predefinedQuestions: string[];
  headerPattern: string | null;
  patternOpacity: number;
  patternScale: number;
}

/** Spec §3: the three questions a new widget starts with, and an edited one that has none. */
export const DEFAULT_QUESTIONS: readonly string[] = DEFAULT_PREDEFINED_QUESTIONS;

/** The defaults of spec §3, from the contract the server uses too. */
export const DEFAULT_DESIGN_STATE: DesignState = {
  ...WIDGET_DEFAULTS,
  logoUrl: WIDGET_DEFAULTS.avatarUrl,
  predefinedQuestions: [...DEFAULT_QUESTIONS],
};

/**
 * Spec §3: the header and message text colours are not chosen by the owner; each is black when
 * the luminance 0.299R + 0.587G + 0.114B of its surface is above 155, otherwise white. The rule
 * itself is the widget's (`deriveTextColor`), so what is stored and what is drawn never differ.
 */
export function withDerivedTextColors<T extends Pick<DesignState, 'backgroundColor' | 'messageColor'>>(
  design: T,
): T & Pick<DesignState, 'headerTextColor' | 'messageTextColor'> {
  return {
    ...design,
    headerTextColor: derivedTextColor(design.backgroundColor),
    messageTextColor: derivedTextColor(design.messageColor),
  };
}

/** Applies a change and stores the derived text colours back into the state (spec §3). */
export function applyDesignPatch(design: DesignState, patch: Partial<DesignState>): DesignState {
  return withDerivedTextColors({ ...design, ...patch });
}

/** Spec §3: an edited widget without saved questions gets the three default ones. */
export function questionsOrDefault(questions: readonly string[] | null | undefined): string[] {
  return questions && questions.length > 0 ? [...questions] : [...DEFAULT_QUESTIONS];
}

/** Questions as they are saved: trimmed, without empty ones. */
export function cleanQuestions(questions: readonly string[]): string[] {
  return questions.map((q) => q.trim()).filter(Boolean);
}

/** The widget component's design for the live preview. */
export function toPreviewDesign(design: DesignState, patternUrl: string | null): WidgetDesign {
  return {
    botName: design.botName.trim() || DEFAULT_DESIGN_STATE.botName,
    botRole: design.botRole,
    greeting: design.greeting,
    backgroundColor: design.backgroundColor,
    accentColor: design.accentColor,
    messageColor: design.messageColor,
    avatarUrl: design.logoUrl,
    brandLogoVisible: design.brandLogoVisible,
    allowFileAttachment: design.allowFileAttachment,
    predefinedQuestions: cleanQuestions(design.predefinedQuestions),
    headerPatternUrl: patternUrl,
    patternOpacity: design.patternOpacity,
    patternScale: design.patternScale,
  };
}

/** Moves the item at `from` to `to` (both in range), returning a new list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The editable state of a stored widget (spec §3: no saved questions means the default three). */
export function fromWidget(widget: Widget): DesignState {
  return withDerivedTextColors({
    botName: widget.botName,
    botRole: widget.botRole,
    greeting: widget.greeting,
    backgroundColor: widget.backgroundColor,
    accentColor: widget.accentColor,
    messageColor: widget.messageColor,
    headerTextColor: widget.headerTextColor,
    messageTextColor: widget.messageTextColor,
    logoUrl: widget.avatarUrl,
    brandLogoVisible: widget.brandLogoVisible,
    allowFileAttachment: widget.allowFileAttachment,
    predefinedQuestions: questionsOrDefault(widget.predefinedQuestions),
    headerPattern: widget.headerPattern,
    patternOpacity: widget.patternOpacity,
    patternScale: widget.patternScale,
  });
}

/**
 * The body of POST /api/widget (spec §7). The avatar is not in it: it changes through its own
 * upload and delete calls.
 */
export function toSaveRequest(id: string, design: DesignState) {
  const derived = withDerivedTextColors(design);
  return {
    id,
    botName: derived.botName.trim(),
    botRole: derived.botRole.trim(),
    greeting: derived.greeting.trim(),
    backgroundColor: derived.backgroundColor,
    accentColor: derived.accentColor,
    messageColor: derived.messageColor,
    allowFileAttachment: derived.allowFileAttachment,
    brandLogoVisible: derived.brandLogoVisible,
    headerTextColor: derived.headerTextColor,
    messageTextColor: derived.messageTextColor,
    predefinedQuestions: cleanQuestions(derived.predefinedQuestions),
    headerPattern: derived.headerPattern,
    patternOpacity: derived.patternOpacity,
    patternScale: derived.patternScale,
  } satisfies WidgetSaveRequest;
}
