import { defineConfig } from 'vitest/config';

// One run for every project's unit and service tests; npm test provides MONGODB_URI and REDIS_URL.
export default defineConfig({
  test: {
    projects: ['libs/*/vitest.config.ts', 'services/*/vitest.config.ts'],
  },
});
