import { defineProject } from 'vitest/config';

// Component tests of the admin remote's screens (Testing Library on happy-dom; docs/TESTING.md), as the checkout
// remote's: the libs resolve as workspace packages (main: src/index.ts) and are compiled like the app's own files.
export default defineProject({
  test: {
    name: 'admin-remote',
    environment: 'happy-dom',
    // fetch needs an absolute address: '/api/...' resolves against this page.
    environmentOptions: { happyDOM: { url: 'http://localhost/' } },
    include: ['src/**/*.test.tsx'],
    testTimeout: 15000, // three test files run at once (root vitest.config.ts): a busy machine is slower
  },
});
