import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { PASSWORD_HASH_COST: '12', LOG_LEVEL: 'silent' },
  },
});
