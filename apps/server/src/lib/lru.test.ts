import { describe, expect, it } from 'vitest';
import { lru } from './lru';

describe('lru', () => {
  it('keeps at most its size, forgetting the least recently used first', () => {
    const cache = lru<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // 'a' is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    cache.set('a', 10); // set again: replaced, and the most recent
    cache.set('d', 4);
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBe(10);
    expect(cache.get('d')).toBe(4);
  });

  it('forgets the entries a test holds of, and only those', () => {
    const cache = lru<string, { owner: string }>(5);
    cache.set('a', { owner: 'x' });
    cache.set('b', { owner: 'y' });
    cache.set('c', { owner: 'x' });
    cache.forgetWhere((v) => v.owner === 'x');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')).toEqual({ owner: 'y' });
  });
});
