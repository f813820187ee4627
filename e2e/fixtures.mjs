// Playwright Test fixtures of the browser journeys.
// - `environment` (one per worker): the gateway sandbox and the API with demo data on a fresh embedded
//   database (environment.mjs). Playwright replaces a worker after a failure, so a retry runs on a
//   fresh API and database.
// - `baseURL`: the environment's address, so `page.goto('/oficina_virtual/…')` works in a spec.
// - `journey`: what a story-style journey takes ({ browser, baseUrl, sandboxUrl, screenshotDir,
//   assert }). Every context the story opens is watched (screen-check.mjs): a page state that shows
//   code-like text or an empty alert fails the test at its end, naming the page and the text.
// - `serverLogsOnFailure` (automatic): a failed test gets the API and sandbox log tails attached.
// - `expectAccessible(page, where)`: axe-core (WCAG 2.0–2.2 A/AA) on the page as it is now; fails on
//   any violation, naming the rule and the elements.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { READY_TIMEOUT_MS, startEnvironment } from './environment.mjs';
import { analyze } from './journeys/a11y/sweep.mjs';
import { watchBrowser, watchScreens } from './screen-check.mjs';

export const screenshotDir = fileURLToPath(new URL('./artifacts', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

export { expect };

export const test = base.extend({
  // The interface language a project asks for (key projects); a page that switches keeps its choice.
  language: ['es', { option: true }],
  context: async ({ context, language }, use) => {
    await context.addInitScript((wanted) => {
      if (!localStorage.getItem('ov.language')) localStorage.setItem('ov.language', wanted);
    }, language);
    const found = await watchScreens(context);
    await use(context);
    expect(found, 'page states showing code-like text or an empty alert').toEqual([]);
  },
  environment: [
    // biome-ignore lint/correctness/noEmptyPattern: a worker fixture that needs no other fixture
    async ({}, use) => {
      const environment = await startEnvironment();
      try {
        await use(environment);
      } finally {
        await environment.stop();
      }
    },
    { scope: 'worker', timeout: READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ environment }, use) => use(environment.baseUrl),
  journey: async ({ browser, environment }, use) => {
    const watch = watchBrowser(browser);
    try {
      await use({
        browser,
        baseUrl: environment.baseUrl,
        sandboxUrl: environment.sandboxUrl,
        screenshotDir,
        assert,
      });
    } finally {
      watch.restore();
    }
    expect(watch.found, 'page states showing code-like text or an empty alert').toEqual([]);
  },
  // Every test that fails gets the API and gateway sandbox log tails, attached and printed.
  serverLogsOnFailure: [
    async ({ environment }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server logs', { body: environment.logs(), contentType: 'text/plain' });
        console.error(environment.logs());
      }
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: needs no other fixture
  expectAccessible: async ({}, use) => {
    await use(async (page, where) => {
      const violations = await analyze(page);
      const found = violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target).join(', ')}`,
      );
      expect(found, `axe violations on ${where}`).toEqual([]);
    });
  },
});
