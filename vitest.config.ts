import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const apiProject = (name: string, globalSetup: string) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files of a worker share its modules: loading the app again for every file was most of the suite's time.
    // So a test file starts what it needs through a call (useFileApp() and the like), never by importing a module.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // A test file of the API spends most of its time waiting on the database, not on a core: vitest's default
    // (cores - 1) ran one file at a time on a 2-core machine (both databases 10.4 min; 3 at a time: 5.9 min).
    // Set for the whole run: projects run together (unit and API on Node 22/24 in CI) must share it.
    maxWorkers: Math.max(availableParallelism() - 1, 3),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'e2e/support/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      apiProject('api', 'apps/server/test/global-setup-embedded.ts'),
      // The same API suite against a PostgreSQL server when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'apps/server/test/global-setup-postgres.ts')] : []),
    ],
  },
});
