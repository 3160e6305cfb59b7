/**
 * Values read for every visitor message that change only when an owner edits them (an
 * assistant's triggers, whether it has corrected answers), kept a few seconds per key: a burst of
 * visitors reads them once, not once each. Concurrent reads of a missing key share one load; a
 * failed load is not kept. The owner's edit forgets the key at once in this process; other
 * instances see it when their copy expires (`ttlMs`). Bounded: past `max` keys it starts over.
 */
export interface ShortCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  forget(key: string): void;
}

export function shortCache<T>(ttlMs: number, max = 10_000): ShortCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      if (entries.size >= max) entries.clear();
      const value = load();
      const entry = { at: Date.now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
