import { type KeyboardEvent, useEffect } from 'react';
import { EDIT_TABS, type EditTab } from '../lib/edit-tabs';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './tab-bar.module.css';

export const tabId = (tab: EditTab) => `assistant-tab-${tab}`;
export const panelId = 'assistant-tab-panel';

/** The tabs of spec §2.8 (arrow keys, Home and End move between them). */
export function TabBar({ value, onChange }: { value: EditTab; onChange: (tab: EditTab) => void }) {
  // On a phone the bar scrolls sideways; the chosen tab (maybe remembered from last time) is kept in view.
  useEffect(() => {
    document.getElementById(tabId(value))?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = EDIT_TABS.indexOf(value);
    const target =
      event.key === 'ArrowRight'
        ? EDIT_TABS[(index + 1) % EDIT_TABS.length]
        : event.key === 'ArrowLeft'
          ? EDIT_TABS[(index - 1 + EDIT_TABS.length) % EDIT_TABS.length]
          : event.key === 'Home'
            ? EDIT_TABS[0]
            : event.key === 'End'
              ? EDIT_TABS[EDIT_TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    onChange(target);
    document.getElementById(tabId(target))?.focus();
  };

  return (
    <div className={styles.bar} role="tablist" aria-label={T.tabsLabel} onKeyDown={onKey}>
      {EDIT_TABS.map((tab) => (
        <button
          key={tab}
          id={tabId(tab)}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls={panelId}
          tabIndex={tab === value ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(tab)}
        >
          {T.tabs[tab]}
        </button>
      ))}
    </div>
  );
}
