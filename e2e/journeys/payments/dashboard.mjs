// The administrator's dashboard: non-zero cards and readable charts.
import { shoot } from './helpers.mjs';

export async function checkDashboard({ page, screenshotDir, assert }, tag, mobile, language) {
  await page.getByTestId('dashboard').waitFor();
  await page.getByTestId('card-payments-value').waitFor();
  const total = (await page.getByTestId('card-payments-value').textContent()).trim();
  assert.match(total, /^\$\d[\d,]*\.\d{2}$/);
  assert.notEqual(total, '$0.00', 'payments card is not zero');
  assert.notEqual((await page.getByTestId('card-anticipated-value').textContent()).trim(), '$0.00');
  assert.notEqual((await page.getByTestId('card-clients-value').textContent()).trim(), '0');
  await page.getByTestId('chart-status').locator('.ov-chart-slice').first().waitFor();
  const labels = await page.getByTestId('chart-status').locator('.ov-chart-slice-label').allTextContents();
  assert.ok(labels.length > 0 && labels.every((l) => /^\d+\.\d %$/.test(l.trim())), `pie labels ${labels}`);
  // A line per series (dots only up to 62 days).
  await page.getByTestId('chart-over-time').locator('.ov-chart-line').first().waitFor();
  await shoot(page, screenshotDir, `payments-dashboard-${tag}-${language}`, mobile);
}
