import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'payments', include: ['src/**/*.test.ts'], testTimeout: 20000, hookTimeout: 30000 } });
