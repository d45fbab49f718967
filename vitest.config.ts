import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'integration',
          include: ['packages/db/test/**/*.test.ts', 'packages/api/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/integrations/test/**/*.int.test.ts'],
          globalSetup: ['packages/db/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
