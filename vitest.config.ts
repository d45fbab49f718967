import { configDefaults, defineConfig } from 'vitest/config';

const integrationFiles = ['packages/db/test/**/*.test.ts', 'packages/api/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/integrations/test/**/*.int.test.ts'];
// Files that replace a module with vi.mock need a module registry of their own.
const needsIsolation = ['apps/server/test/orders/payments.test.ts'];
const integration = {
  globalSetup: ['packages/db/test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/test/**/*.test.ts', 'packages/integrations/test/**/*.unit.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        // The integration files share their worker's module registry: loading the app's modules once
        // per worker instead of once per file saves about a minute and a half of a CI pass. Each file
        // still opens its own database and app; switches a test turns (capacityLocks and the like) are
        // restored in finally blocks.
        test: { ...integration, name: 'integration', include: integrationFiles, exclude: [...configDefaults.exclude, ...needsIsolation], isolate: false },
      },
      { test: { ...integration, name: 'integration-isolated', include: needsIsolation } },
    ],
  },
});
