import { defineConfig } from 'vitest/config';

// One run for every project's unit and service tests and the apps' component tests; npm test provides
// MONGODB_URI and REDIS_URL (the component tests need neither).
export default defineConfig({
  test: {
    // Three test files at a time: most of a service test's time is spent waiting on FerretDB and Redis, and
    // Vitest's default on a 2-core machine is one (measured: the orders and cart files took 143 s against 202 s).
    maxWorkers: 3,
    minWorkers: 1,
    projects: ['libs/*/vitest.config.ts', 'services/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tools/seed/vitest.config.ts'],
  },
});
