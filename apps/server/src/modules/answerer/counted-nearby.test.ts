import { describe, expect, it } from 'vitest';
import { countedNearby } from './local-answer';

describe('countedNearby', () => {
  const counted = countedNearby('сколько университетов в приморске?', ['университет', 'приморск'], new Set());

  it('finds a number beside the thing "сколько" counts', () => {
    expect(counted('В городе есть два университета — Морской и Технический.')).toBeGreaterThan(0);
    expect(counted('Студентов принимают 12 университетов страны.')).toBeGreaterThan(0);
  });

  it('reads a year beside it as no count ("в 1992 году")', () => {
    expect(counted('Училище стало университетом Приморска в 1992 году.')).toBe(0);
  });
});
