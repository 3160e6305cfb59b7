/**
 * The client state that must survive a reload, under the exact keys of spec §3.
 * Storage can throw (private mode, quota, disabled cookies); a failing store behaves as empty.
 */
export interface ValueStore<T> {
  readonly key: string;
  get(): T | null;
  set(value: T): void;
  clear(): void;
}

function stringStore(area: () => Storage, key: string): ValueStore<string> {
  return {
    key,
    get() {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(value) {
      try {
        area().setItem(key, value);
      } catch {
        // Nothing to do: the value then lives only until the page is closed.
      }
    },
    clear() {
      try {
        area().removeItem(key);
      } catch {
        // Same as above.
      }
    },
  };
}

function booleanStore(area: () => Storage, key: string): ValueStore<boolean> {
  const inner = stringStore(area, key);
  return {
    key,
    get: () => {
      const raw = inner.get();
      return raw === null ? null : raw === 'true';
    },
    set: (value) => inner.set(String(value)),
    clear: inner.clear,
  };
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

export const STORAGE_KEYS = {
  token: 'token',
  assistantId: 'assistantId',
  widgetCreateId: 'widgetCreateId',
  widgetEditId: 'widgetEditId',
  sidebarCollapsed: 'sidebar-collapsed',
  selectedChat: 'selectedChat',
  redirectPath: 'redirectPath',
  /** The chosen tab of the knowledge step (spec §2.10: the choice is remembered). */
  knowledgeTab: 'knowledgeTab',
  /** Ours: the owner turned on sound and desktop notifications for new visitor messages. */
  chatAlerts: 'chatAlerts',
} as const;

const rawToken = stringStore(local, STORAGE_KEYS.token);

/** Spec §4: a stored token that is empty or the text 'undefined' counts as no token. */
export const tokenStore: ValueStore<string> = {
  key: STORAGE_KEYS.token,
  get() {
    const value = rawToken.get();
    return value && value !== 'undefined' && value !== 'null' ? value : null;
  },
  set: rawToken.set,
  clear: rawToken.clear,
};

export const assistantIdStore = stringStore(local, STORAGE_KEYS.assistantId);
export const widgetCreateIdStore = stringStore(local, STORAGE_KEYS.widgetCreateId);
export const widgetEditIdStore = stringStore(local, STORAGE_KEYS.widgetEditId);
export const selectedChatStore = stringStore(local, STORAGE_KEYS.selectedChat);
export const sidebarCollapsedStore = booleanStore(local, STORAGE_KEYS.sidebarCollapsed);
/** Session storage: the path to return to after a login (spec §2.1). */
export const redirectPathStore = stringStore(session, STORAGE_KEYS.redirectPath);
export const knowledgeTabStore = stringStore(local, STORAGE_KEYS.knowledgeTab);
export const chatAlertsStore = booleanStore(local, STORAGE_KEYS.chatAlerts);
