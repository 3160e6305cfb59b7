import { describe, expect, it } from 'vitest';
import { shortCache } from './short-cache';

describe('shortCache', () => {
  it('loads a key once for concurrent readers, again after its time or when forgotten', async () => {
    const cache = shortCache<number>(50);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1]);
    expect(await cache.get('b', load)).toBe(2);
    cache.forget('a');
    expect(await cache.get('a', load)).toBe(3);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('a', load)).toBe(4);
  });

  it('does not keep a failed load', async () => {
    const cache = shortCache<number>(10_000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
