import { defineConfig } from 'vitest/config';

// One run for every project's unit and service tests and the apps' component tests; npm test provides
// MONGODB_URI and REDIS_URL (the component tests need neither).
export default defineConfig({
  test: {
    projects: ['libs/*/vitest.config.ts', 'services/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
