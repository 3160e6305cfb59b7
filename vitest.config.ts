import { configDefaults, defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.DATABASE_URL);

/**
 * One run for everything. The server's integration tests run on PGlite, and once more on
 * PostgreSQL + Redis when DATABASE_URL / REDIS_URL are set (CI sets both).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL server (other backends, pg_terminate_backend).
          exclude: [...configDefaults.exclude, 'apps/server/test/**/*.pg.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/test/**/*.test.ts'],
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'widget',
          include: ['apps/widget/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
