import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'notifications', include: ['src/**/*.test.ts'], testTimeout: 20000, hookTimeout: 30000 } });
