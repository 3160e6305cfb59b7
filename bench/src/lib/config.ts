import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../../apps/server/src/config';

/**
 * The settings an in-process bench server runs with: production mode on a fresh data directory,
 * silent, no rate limits (a bench sends faster than any visitor), no demo seed; plus its own.
 */
export function benchConfig(name: string, env: Record<string, string> = {}): { config: Config; dataDir: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `otklik-${name}-bench-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_OFF: '1',
    SEED_DEMO: '0',
    ...env,
  } as NodeJS.ProcessEnv);
  return { config, dataDir };
}
