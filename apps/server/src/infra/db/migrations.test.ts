import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

// Generated files are checked: the committed migrations must already describe the schema.
it('has migrations that match the schema (drizzle-kit generates nothing new)', () => {
  // drizzle-kit takes --out relative to the working directory (an absolute path gets './' in front).
  const out = mkdtempSync(path.join(serverDir, '.migrations-check-'));
  try {
    cpSync(path.join(serverDir, 'drizzle'), out, { recursive: true });
    const before = readdirSync(out).sort();
    const output = execFileSync(
      process.execPath,
      [
        path.join(serverDir, '../../node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/infra/db/schema/index.ts',
        '--out',
        path.relative(serverDir, out),
      ],
      { cwd: serverDir, stdio: 'pipe', encoding: 'utf8' },
    );
    expect(output).toContain('No schema changes');
    expect(readdirSync(out).sort()).toEqual(before);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
