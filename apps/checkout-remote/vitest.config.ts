import { defineProject } from 'vitest/config';

// Component tests of the checkout remote's screens (Testing Library on happy-dom; docs/TESTING.md).
// The libs resolve as workspace packages (main: src/index.ts) and are compiled like the app's own files.
// This app imports no stylesheets or images, so it needs none of the shell's asset handling.
export default defineProject({
  test: {
    name: 'checkout-remote',
    environment: 'happy-dom',
    // fetch needs an absolute address: '/api/...' resolves against this page.
    environmentOptions: { happyDOM: { url: 'http://localhost/' } },
    include: ['src/**/*.test.tsx'],
    testTimeout: 15000, // three test files run at once (root vitest.config.ts): a busy machine is slower
  },
});
