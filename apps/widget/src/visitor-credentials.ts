import type { VisitorCreated } from '@otklik/contract';

export const storageKey = (assistantId: string) => `otklik:v:${assistantId}`;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface VisitorCredentials {
  current(): VisitorCreated | null;
  save(creds: VisitorCreated): void;
  /** A token the server no longer knows (database reset, visitor deleted): start afresh. */
  forget(): void;
}

/**
 * The visitor's id and token, remembered per assistant so a returning visitor keeps the
 * conversation. Storage may be blocked (privacy mode): then the visitor just is not remembered.
 */
export function visitorCredentials(storage: StorageLike, assistantId: string): VisitorCredentials {
  const key = storageKey(assistantId);
  let creds: VisitorCreated | null = null;
  try {
    const v = JSON.parse(storage.getItem(key) ?? 'null') as VisitorCreated | null;
    if (v && typeof v.visitorToken === 'string' && typeof v.visitorId === 'string') creds = v;
  } catch {
    // unreadable: a new visitor
  }
  return {
    current: () => creds,
    save(next) {
      creds = next;
      try {
        storage.setItem(key, JSON.stringify(next));
      } catch {
        // see above
      }
    },
    forget() {
      creds = null;
      try {
        storage.removeItem(key);
      } catch {
        // see above
      }
    },
  };
}
