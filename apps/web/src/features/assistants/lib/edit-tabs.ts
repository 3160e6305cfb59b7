/** The tabs of the edit page (spec §2.8), in their order. */
export const EDIT_TABS = ['data', 'design', 'knowledge', 'triggers', 'notifications', 'integration'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

/** Spec §2.8: Save is shown only on these. */
export const SAVABLE_TABS: readonly EditTab[] = ['data', 'design'];

const isTab = (value: string | null): value is EditTab => EDIT_TABS.includes(value as EditTab);

/**
 * Spec §2.8: the chosen tab is remembered per assistant, in local storage under
 * `assistantTab:<id>` (the spec names no key). Storage may throw; then nothing is remembered.
 */
export const tabKey = (assistantId: string) => `assistantTab:${assistantId}`;

export function readTab(assistantId: string): EditTab {
  try {
    const value = window.localStorage.getItem(tabKey(assistantId));
    return isTab(value) ? value : 'data';
  } catch {
    return 'data';
  }
}

export function rememberTab(assistantId: string, tab: EditTab): void {
  try {
    window.localStorage.setItem(tabKey(assistantId), tab);
  } catch {
    // Not remembered, the page still works.
  }
}
