import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's folder, found by walking up from this module: the same code runs from src/ (tsx,
 * tests) and from the single-file bundle in dist/ (npm start), so no module may assume its own
 * depth below the server folder. Use these instead of `new URL('../..', import.meta.url)`.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@otklik/server') {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the running module');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** A path inside apps/server (e.g. 'drizzle', 'assets/avatars'). */
export const serverPath = (...parts: string[]) => path.join(SERVER_ROOT, ...parts);
/** A path inside the repository (e.g. 'apps/web/dist'). */
export const repoPath = (...parts: string[]) => path.join(REPO_ROOT, ...parts);
