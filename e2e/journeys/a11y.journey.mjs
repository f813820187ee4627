// Accessibility sweep (issue 12): axe-core with the WCAG 2.0–2.2 A/AA rules on every page of the route
// table, signed out and as each kind of demo user, with the user menu, the side dialogs (create and
// view) and the mobile menu drawer open. Key pages are checked in Spanish at 1366 px and English at
// 390 px; the rest in one of the two, in turn (A11Y_FULL=1: every page in es/en at both widths).
// Fails on any violation (no allow-list). Full findings: e2e/artifacts/axe-report.json. Then every
// page at 320 px: none may scroll sideways (reflow, WCAG 1.4.10).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyboardThroughCodeDetail } from './a11y/keyboard.mjs';
import { checkRouteCoverage, ROLES } from './a11y/pages.mjs';
import { checkReflow } from './a11y/reflow.mjs';
import { analyze, openFirstRowDetail, settled, signInAs } from './a11y/sweep.mjs';

const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const FULL = process.env.A11Y_FULL === '1';

export default async function a11y({ browser, baseUrl, screenshotDir, assert }) {
  checkRouteCoverage(assert);
  // Keyboard: through the code detail into the invoice table and back.
  if (!process.env.A11Y_ROLES)
    await keyboardThroughCodeDetail({ browser, baseUrl, assert, viewport: DESKTOP });
  const findings = [];
  let states = 0;
  const started = Date.now();

  const only = process.env.A11Y_ROLES?.split(',');
  // Every run covers both languages and both widths (Spanish desktop, English phone); A11Y_FULL=1
  // adds English desktop and Spanish phone.
  const variants = [
    { language: 'es', viewport: DESKTOP, name: 'es-1366' },
    { language: 'en', viewport: MOBILE, name: 'en-390' },
    ...(FULL
      ? [
          { language: 'en', viewport: DESKTOP, name: 'en-1366' },
          { language: 'es', viewport: MOBILE, name: 'es-390' },
        ]
      : []),
  ];

  /**
   * One role's pages: one browser context signed in once; each variant resizes the page and sets the
   * interface language for the page loads that follow.
   */
  async function sweepRole(role) {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      if (role.email) await signInAs(page, baseUrl, role);
      for (const [index, variant] of variants.entries()) {
        await page.setViewportSize(variant.viewport);
        // Set before every page load (the last script added runs last, so this variant's wins).
        await context.addInitScript((language) => {
          localStorage.setItem('ov.language', language);
        }, variant.language);
        await sweepVariant(role, page, variant, index);
        assert.deepEqual(errors, [], `${role.name} ${variant.name}: page errors`);
        console.log(`  axe: ${role.name} ${variant.name} done, ${findings.length} violations so far`);
      }
    } finally {
      await context.close();
    }
  }

  async function sweepVariant(role, page, variant, index) {
    const mobile = variant.viewport.width < 600;
    for (const [position, entry] of role.pages.entries()) {
      // Key pages in every variant; each other page in one of them, in turn (A11Y_FULL=1: all).
      if (!FULL && !entry.key && position % variants.length !== index) continue;
      const where = `${role.name} ${variant.name} ${entry.path}`;
      await page.goto(`${baseUrl}/oficina_virtual${entry.path}`);
      const check = async (state) => {
        states += 1;
        const violations = await analyze(page);
        for (const violation of violations) {
          findings.push({ where: `${where}${state ? ` [${state}]` : ''}`, ...violation });
        }
        if (process.env.A11Y_VERBOSE)
          console.log(
            `    ${where}${state ? ` [${state}]` : ''}: ${violations.map((v) => `${v.id}×${v.nodes.length}`).join(' ') || 'clean'}`,
          );
      };
      await check('');
      if (entry.detail) {
        if (await openFirstRowDetail(page)) {
          await check('detail');
          await page.keyboard.press('Escape');
        }
      }
      if (entry.open) {
        for (const [state, open] of Object.entries(entry.open)) {
          if (await open(page, { mobile })) await check(state);
          await page.keyboard.press('Escape');
        }
      }
    }
    if (role.email && index === 0) {
      // The shell's own overlay: the user menu (opened from the keyboard, as a menu button).
      await page.goto(`${baseUrl}/oficina_virtual/profile`);
      await settled(page);
      await page.getByTestId('user-menu').focus();
      await page.keyboard.press('ArrowDown');
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').waitFor();
      await record(page, `${role.name} ${variant.name} [user menu]`);
      await page.keyboard.press('Escape');
    }
    if (role.email && mobile) {
      await page.goto(`${baseUrl}/oficina_virtual/profile`);
      await settled(page);
      await page.getByTestId('menu-toggle').click();
      await page.locator('.ov-shell__drawer .ant-menu').waitFor();
      await record(page, `${role.name} ${variant.name} [menu drawer]`);
    }
  }

  async function record(page, state) {
    states += 1;
    for (const violation of await analyze(page)) findings.push({ where: state, ...violation });
  }

  // Two roles at a time, each in its own context (the signed-out pages beside the customer's, the
  // administrator's beside the staff member's): the machine's two cores share the work.
  const roles = ROLES.filter((candidate) => !only || only.includes(candidate.name));
  for (let i = 0; i < roles.length; i += 2) await Promise.all(roles.slice(i, i + 2).map(sweepRole));

  writeFileSync(join(screenshotDir, 'axe-report.json'), JSON.stringify(findings, null, 2));
  const byRule = new Map();
  for (const finding of findings) {
    const entry = byRule.get(finding.id) ?? { states: 0, nodes: 0, impact: finding.impact, sample: [] };
    entry.states += 1;
    entry.nodes += finding.nodes.length;
    if (entry.sample.length < 3) entry.sample.push(`${finding.where}: ${finding.nodes[0]?.target}`);
    byRule.set(finding.id, entry);
  }
  const nodes = findings.reduce((sum, finding) => sum + finding.nodes.length, 0);
  console.log(
    `  axe: ${states} page states, ${findings.length} violations (${byRule.size} rules, ${nodes} elements) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const [id, entry] of [...byRule].sort((a, b) => b[1].nodes - a[1].nodes)) {
    console.log(`    ${id} (${entry.impact}): ${entry.states} states, ${entry.nodes} elements`);
    for (const sample of entry.sample) console.log(`      ${sample}`);
  }
  const found = findings.map((finding) => `${finding.id}: ${finding.where}`);
  assert.deepEqual(found, [], 'axe violations (see e2e/artifacts/axe-report.json)');

  // Reflow at 320 px, every page of the sweep.
  if (!process.env.A11Y_ROLES) await checkReflow({ browser, baseUrl, assert });
}
