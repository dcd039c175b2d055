import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'queue', include: ['src/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 } });
