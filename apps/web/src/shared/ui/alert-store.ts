import { useSyncExternalStore } from 'react';

export type AlertType = 'success' | 'error' | 'warning';

export interface AlertItem {
  id: number;
  type: AlertType;
  message: string;
}

/** Spec §9: an alert closes after 3000 ms; a duration of 0 or less keeps it until closed. */
export const ALERT_DEFAULT_DURATION = 3000;

let items: readonly AlertItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissAlert(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  items = items.filter((item) => item.id !== id);
  emit();
}

/** Shows an alert from anywhere (components, the API client); returns its id. */
export function showAlert(message: string, type: AlertType = 'success', duration = ALERT_DEFAULT_DURATION): number {
  const id = nextId++;
  items = [...items, { id, type, message }];
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismissAlert(id), duration),
    );
  emit();
  return id;
}

export function clearAlerts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  items = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAlerts(): readonly AlertItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

/** The same functions as a hook, for components that prefer it. */
export function useAlert() {
  return { show: showAlert, dismiss: dismissAlert };
}

const PENDING_KEY = 'pending-alert';

/** Keeps an alert for the next page load, so a message shown right before a reload is still read. */
export function showAlertAfterReload(message: string, type: AlertType): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ message, type }));
  } catch {
    // Without storage the alert is simply lost with the reload.
  }
}

export function flushPendingAlert(): void {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const pending = JSON.parse(raw) as { message?: unknown; type?: unknown };
    const type = pending.type === 'error' || pending.type === 'warning' ? pending.type : 'success';
    if (typeof pending.message === 'string') showAlert(pending.message, type);
  } catch {
    // A damaged entry is dropped.
  }
}
