import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'seed', include: ['**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000 } });
