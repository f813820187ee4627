import { defineConfig } from 'vitest/config';

// The repository's own tooling (lint rules, scripts): `npx vitest run --project tooling`.
export default defineConfig({
  test: {
    name: 'tooling',
    include: ['*.test.mjs'],
    testTimeout: 60_000,
  },
});
