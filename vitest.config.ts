import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** Component tests of the web app's forms: rendered in jsdom, the network stubbed (src/web/testing/). */
const componentTests = 'src/web/**/*.test.tsx';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine. Every
    // test file has databases of its own (copies of a template, src/server/testing/test-database.ts), so
    // files run side by side safely; much of their time is spent waiting on PostgreSQL, which a second
    // worker fills.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: [...configDefaults.exclude, componentTests],
          globalSetup: ['src/server/testing/global-setup.ts'],
          setupFiles: ['src/server/testing/fail-on-console-error.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: [componentTests],
          environment: 'jsdom',
          // A worker keeps jsdom and React loaded from one file to the next (a fresh process per file costs
          // seconds each); every test still gets a fresh page, query client and network stub (src/web/testing/).
          isolate: false,
          setupFiles: ['src/server/testing/fail-on-console-error.ts', 'src/web/testing/setup.ts'],
        },
      },
    ],
  },
});
