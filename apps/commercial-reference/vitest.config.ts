import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'commercial-reference',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
