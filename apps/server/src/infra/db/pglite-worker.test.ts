import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '.';

describe('the database worker with its small young generation', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('still returns a result far larger than its young generation, and goes on answering', async () => {
    // About 200,000 rows of 100-character texts: some 30 MB of strings made in the worker's heap.
    const rows = await database.query<{ n: number; t: string }>(
      'select n, repeat(md5(n::text), 3) || left(md5(n::text), 4) t from generate_series(1, 200000) n',
    );
    expect(rows).toHaveLength(200_000);
    expect(rows[199_999]).toMatchObject({ n: 200_000 });
    expect(rows.every((r) => r.t.length === 100)).toBe(true);
    expect(await database.query<{ ok: number }>('select 1 ok')).toEqual([{ ok: 1 }]);
  }, 120_000);
});
