// Accessibility sweep (issues 12 and 26): axe-core with the WCAG 2.0–2.2 A/AA rules on every page of
// the route table, signed out and as each kind of demo user, with the user menu, the side dialogs
// (create and view), the notifications drawer and the mobile menu drawer open, and further states of
// some pages (a weak password typed, a paid-up code, a primary button under the pointer) — every page
// in Spanish and in English, at 1366 px and on a real phone profile (390×844, touch, DPR 2: PHONE in
// ./a11y/sweep.mjs). One test per role and variant, run in parallel across the workers. Fails on any
// violation (no allow-list); each test attaches its findings (axe-<role>-<variant>.json) and leaves a
// screenshot of every state it swept in e2e/artifacts/pages. Besides: the keyboard path through the
// code detail, where focus goes when the page changes under it, and reflow at 320 px (no page scrolls
// sideways, WCAG 1.4.10).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { expect, test } from '../fixtures.mjs';
import { focusAfterPageChanges } from './a11y/focus.mjs';
import { keyboardThroughCodeDetail, keyboardThroughDateFilter } from './a11y/keyboard.mjs';
import { checkRouteCoverage, ROLES } from './a11y/pages.mjs';
import { checkReflow } from './a11y/reflow.mjs';
import { analyze, DESKTOP, openFirstRowDetail, PHONE, settled, signInAs } from './a11y/sweep.mjs';

// Every page in both languages on both profiles, on every run (no sampling, no allow-list).
const VARIANTS = [
  { language: 'es', profile: DESKTOP, name: 'es-1366' },
  { language: 'en', profile: DESKTOP, name: 'en-1366' },
  { language: 'es', profile: PHONE, name: 'es-390' },
  { language: 'en', profile: PHONE, name: 'en-390' },
];
const only = process.env.A11Y_ROLES?.split(',');

test.describe.configure({ mode: 'parallel' });

test('a11y: every path of the route table is swept; keyboard through the code detail and back', async ({
  journey,
}) => {
  checkRouteCoverage(assert);
  await keyboardThroughCodeDetail({ ...journey, assert, viewport: DESKTOP.viewport });
  await keyboardThroughDateFilter({ ...journey, assert, viewport: DESKTOP.viewport });
});

test('a11y: focus after signing in, the gateway return, the notifications drawer and a routed dialog', async ({
  journey,
}) => {
  await focusAfterPageChanges({ ...journey, assert, viewport: DESKTOP.viewport });
});

for (const role of ROLES.filter((candidate) => !only || only.includes(candidate.name))) {
  for (const variant of VARIANTS) {
    test(`a11y: axe on every page, ${role.name}, ${variant.name}`, async ({ journey }, testInfo) => {
      const findings = await sweep(journey, role, variant);
      await testInfo.attach(`axe-${role.name}-${variant.name}.json`, {
        body: JSON.stringify(findings, null, 2),
        contentType: 'application/json',
      });
      expect(
        findings.map(
          (f) => `${f.id} (${f.impact}) at ${f.where}: ${f.nodes.map((n) => n.target).join(', ')}`,
        ),
        'axe violations',
      ).toEqual([]);
    });
  }
}

test('a11y: reflow, every page at 320 px without sideways scrolling', async ({ journey }) => {
  await checkReflow({ ...journey, assert });
});

/**
 * One role's pages in one variant: a browser context signed in once, every page of the role with its
 * dialogs, then the user menu (opened from the keyboard) and, on a phone, the menu drawer.
 */
async function sweep({ browser, baseUrl, screenshotDir }, role, variant) {
  const context = await browser.newContext({ ...variant.profile, locale: 'es-ES' });
  await context.addInitScript((language) => localStorage.setItem('ov.language', language), variant.language);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const findings = [];
  const record = async (where) => {
    for (const violation of await analyze(page)) findings.push({ where, ...violation });
    // Not seen by axe: Ant Design's own English names on a Spanish page.
    if (variant.language === 'es') {
      const english = await page
        .locator('[aria-label="Increase Value"], [aria-label="Decrease Value"], [aria-label="Clear"]')
        .evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 120)));
      if (english.length)
        findings.push({
          where,
          id: 'english-name-on-spanish-page',
          impact: 'serious',
          help: 'Every name in the page language',
          nodes: english.map((html) => ({ target: html, html })),
        });
    }
    // A picture of every page state swept, to look at (e2e/artifacts/pages, not committed).
    const slug = where.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: join(screenshotDir, 'pages', `${role.name}-${variant.name}-${slug}.png`) });
    if (process.env.A11Y_VERBOSE) console.log(`    ${where}: ${findings.length} violations so far`);
  };
  const mobile = variant.profile.viewport.width < 600;
  try {
    if (role.email) await signInAs(page, baseUrl, role);
    for (const entry of role.pages) {
      await page.goto(`${baseUrl}/oficina_virtual${entry.path}`);
      await record(entry.path);
      if (entry.detail && (await openFirstRowDetail(page))) {
        await record(`${entry.path} [detail]`);
        await page.keyboard.press('Escape');
      }
      for (const [state, open] of Object.entries(entry.open ?? {})) {
        if (await open(page, { mobile })) await record(`${entry.path} [${state}]`);
        await page.keyboard.press('Escape');
      }
    }
    if (role.email) {
      // On the profile page, which the list has just left open for most roles (not loaded twice).
      if (new URL(page.url()).pathname !== '/oficina_virtual/profile') {
        await page.goto(`${baseUrl}/oficina_virtual/profile`);
      }
      await settled(page);
      await page.getByTestId('user-menu').focus();
      await page.keyboard.press('ArrowDown');
      await page.getByTestId('user-menu-panel').waitFor();
      await record('[user menu]');
      await page.keyboard.press('Escape');
      await page.getByTestId('notifications-bell').click();
      await page.getByTestId('notifications-drawer').waitFor();
      await record('[notifications]');
      await page.keyboard.press('Escape');
      await page.getByTestId('notifications-drawer').waitFor({ state: 'detached' });
      if (mobile) {
        await page.getByTestId('menu-toggle').click();
        await page.locator('.ov-shell__drawer [data-testid="side-menu"]').waitFor();
        await record('[menu drawer]');
      }
    }
    expect(errors, 'page errors').toEqual([]);
  } finally {
    await context.close();
  }
  return findings;
}
