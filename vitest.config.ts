import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/api',
      'apps/web',
      'apps/commercial-reference',
      // The repository's own scripts (scripts/*.mjs): `npm start`'s build decision and banner.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
