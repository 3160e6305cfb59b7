import { assistantIdStore, widgetCreateIdStore } from '@/shared/lib/storage';
import { DEFAULT_DESIGN_STATE, type DesignState } from './design';

/**
 * The creation flow's widget (spec §2.7, §3, §4): its id lives in local storage as
 * widgetCreateId; the design being made lives here for the session, so going back from the data
 * step to the design step keeps it. After a reload the id is kept and the fields start from the
 * defaults again, as spec §4 has it.
 */
interface Draft {
  widgetId: string;
  design: DesignState;
}

const DRAFT_KEY = 'widgetCreateDraft';

function readDraft(): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

/** The design kept for the held create id, or null when there is none for it. */
export function draftDesign(widgetId: string | null): DesignState | null {
  const draft = readDraft();
  return widgetId && draft?.widgetId === widgetId ? { ...DEFAULT_DESIGN_STATE, ...draft.design } : null;
}

export function saveDraft(widgetId: string, design: DesignState): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ widgetId, design } satisfies Draft));
  } catch {
    // Without storage the draft lives only in the page.
  }
}

function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

let pendingInit: Promise<string> | null = null;

/**
 * Spec §2.7/§4: starting the creation flow clears any stored assistant and initialises a new
 * widget, but only if no create id is held. One request even when called twice at once
 * (React's strict mode mounts twice in development).
 */
export function startCreation(init: () => Promise<{ id: string }>): Promise<string> {
  assistantIdStore.clear();
  const held = widgetCreateIdStore.get();
  if (held) return Promise.resolve(held);
  pendingInit ??= init()
    .then(({ id }) => {
      widgetCreateIdStore.set(id);
      clearDraft();
      return id;
    })
    .finally(() => {
      pendingInit = null;
    });
  return pendingInit;
}

/** The held create id is unusable (its widget is gone or already taken): the next start makes a new one. */
export function dropCreateWidget(): void {
  widgetCreateIdStore.clear();
  clearDraft();
}

/** The assistant exists: remember it for the integration step; the next creation starts afresh. */
export function finishCreation(assistantId: string): void {
  assistantIdStore.set(assistantId);
  dropCreateWidget();
}
