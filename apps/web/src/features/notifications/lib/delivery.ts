import type { NotificationSettings } from '@otklik/contract';

const dateTimeFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time as the owner reads it: «5 мая 2025 г., 14:30» (local time). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

export type DeliveryState =
  | { kind: 'failed'; at: string | null; error: string }
  | { kind: 'delivered'; at: string }
  | { kind: 'none' };

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * What became of the last alert: a failure counts while no delivery came after it, so one that
 * the retries got through later no longer shows as a failure.
 */
export function deliveryState(
  notification: Pick<NotificationSettings, 'lastDeliveredAt' | 'lastError' | 'lastErrorAt'>,
): DeliveryState {
  const { lastDeliveredAt, lastError, lastErrorAt } = notification;
  if (lastError && (!lastDeliveredAt || time(lastDeliveredAt) < time(lastErrorAt)))
    return { kind: 'failed', at: lastErrorAt, error: lastError };
  if (lastDeliveredAt) return { kind: 'delivered', at: lastDeliveredAt };
  return { kind: 'none' };
}
