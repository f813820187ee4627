import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // 'scripts': the repository's own tooling (scripts/vitest.config.mjs, project 'tooling'): the
    // boundary lint's rules, `npm start`'s build decision and banner.
    projects: ['packages/domain', 'apps/api', 'apps/web', 'apps/commercial-reference', 'scripts'],
  },
});
