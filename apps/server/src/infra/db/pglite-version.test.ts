import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/** The package.json of an installed package, found from its entry (its exports hide package.json). */
function manifestOf(
  name: string,
  from = import.meta.url,
): { version: string; peerDependencies?: Record<string, string> } {
  let dir = path.dirname(createRequire(from).resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === name) return manifest;
    } catch {
      // no package.json here: go up
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`package.json of ${name} not found`);
    dir = up;
  }
}

describe('PGlite and its pgvector extension', () => {
  it('are the build pgvector was made for: with a newer PGlite an error inside a query can spin forever', () => {
    // With PGlite 0.5.16 and pgvector 0.0.15 (built for 0.5.14), about every other run of
    // knowledge-vectors.test.ts hung in errfinish at 100 % CPU, and CI ran out of time.
    const pgvector = manifestOf('@electric-sql/pglite-pgvector');
    const wanted = pgvector.peerDependencies?.['@electric-sql/pglite'];
    expect(wanted).toBeDefined();
    expect(manifestOf('@electric-sql/pglite').version).toBe(wanted);
    // The copy pgvector itself resolves is the same one.
    const pgvectorEntry = require.resolve('@electric-sql/pglite-pgvector');
    expect(manifestOf('@electric-sql/pglite', pgvectorEntry).version).toBe(wanted);
  });
});
