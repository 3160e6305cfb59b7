/**
 * A map of at most `max` entries, the least recently used forgotten first (a Map keeps its
 * insertion order; a hit is moved to the end). For values derived from others that never change,
 * kept because the same ones are asked for again and again.
 */
export interface Lru<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  /** Forgets the entries a test holds of (all of an owner's, say). */
  forgetWhere(test: (value: V, key: K) => boolean): void;
}

export function lru<K, V>(max: number): Lru<K, V> {
  const entries = new Map<K, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    forgetWhere(test) {
      for (const [key, value] of entries) if (test(value, key)) entries.delete(key);
    },
  };
}
