// Browser tests in Playwright Test, on Debian's Chromium (never a downloaded browser).
// `npm run test:e2e` runs them after `npm run build`; see e2e/README.md.
// Projects:
// - `journeys`: the stories (journeys/*.journey.mjs), each opening its own contexts (Spanish, 1366 px
//   unless the story switches) — the a11y sweep among them.
// - `key-es-1366`, `key-en-1366`, `key-es-390`, `key-en-390`: the key customer and staff paths
//   (key/*.spec.mjs) in each language at desktop width and on a real phone profile (390×844, touch,
//   DPR 2, as the accessibility sweep's PHONE), with axe on every page and dialog.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../bench/demo-api.mjs';

const webDist = process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname;
if (!existsSync(`${webDist}/index.html`)) {
  throw new Error(`${webDist} is missing: run \`npm run build\` first (or set WEB_DIST).`);
}
if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`);
}

const DESKTOP = { viewport: { width: 1366, height: 800 } };
// A phone as Playwright's device descriptors have one (touch, the viewport meta honoured, DPR 2).
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const KEY_PROJECTS = [
  { name: 'key-es-1366', language: 'es', profile: DESKTOP },
  { name: 'key-en-1366', language: 'en', profile: DESKTOP },
  { name: 'key-es-390', language: 'es', profile: PHONE },
  { name: 'key-en-390', language: 'en', profile: PHONE },
];

export default defineConfig({
  testDir: '.',
  outputDir: './artifacts/test-results',
  // The demo data seeded once; every worker's API starts on a copy (environment.mjs).
  globalSetup: './global-setup.mjs',
  // Each worker has its own API and database (fixtures.mjs): E2E_WORKERS of them (default 2, the cores).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A failed test is run once more on a fresh worker (fresh API and database), with a trace.
  retries: Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0)),
  timeout: 15 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'journeys', testMatch: /journeys\/[^/]+\.journey\.mjs$/ },
    ...KEY_PROJECTS.map(({ name, language, profile }) => ({
      name,
      testMatch: /key\/[^/]+\.spec\.mjs$/,
      use: { ...profile, locale: language === 'es' ? 'es-ES' : 'en-US', language },
    })),
  ],
});
