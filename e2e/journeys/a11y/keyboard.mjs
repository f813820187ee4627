// Keyboard path through the code detail (issue 12): from the client codes page to the code's detail
// (focus lands on its heading), Tab through the header actions and the date-range filter (two date
// fields, components/date-range) into the invoice table, then Shift+Tab back to the filter and
// the header actions, quickly and at a person's pace.
import { signInAs } from './sweep.mjs';

const focused = (page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const range = element?.closest('.ov-date-range');
    return {
      tag: element?.tagName ?? '',
      testId: element?.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
      inInvoices: !!element?.closest('[data-testid="invoices"] table'),
      inRange: !!range,
      // Which of the range's fields: its visible label ("Desde" / "Hasta"), or the clear button.
      field: range
        ? (element?.closest('label')?.textContent ?? element?.getAttribute('aria-label') ?? '')
        : '',
      inHeader:
        !!element?.closest('[data-testid="code-detail"]') && !element?.closest('[data-testid="invoices"]'),
      text: (element?.textContent ?? '').trim().slice(0, 40),
    };
  });

/** A person's pace: the page gets two frames to react (focus handlers, re-renders) after each key. */
const twoFrames = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The fields met in order, each once however many Tab stops (the date's parts) it holds. */
/**
 * Presses `key` at a person's pace (two frames after each) until the focus has left the date fields,
 * at most `steps` times: where it was after each press, 'Desde', 'Hasta' or 'out'.
 */
async function walk(page, key, steps, where) {
  const seen = [];
  for (let step = 0; step < steps && seen.at(-1) !== 'out'; step++) {
    await page.keyboard.press(key);
    await twoFrames(page);
    const at = await where();
    seen.push(at === 'Desde' || at === 'Hasta' ? at : 'out');
  }
  return seen;
}

const fieldsMet = (steps) =>
  steps
    .filter((where) => where.inRange)
    .map((where) => where.field)
    .filter((field, index, all) => field !== all[index - 1]);

export async function keyboardThroughCodeDetail({ browser, baseUrl, assert, viewport }) {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  const page = await context.newPage();
  try {
    await signInAs(page, baseUrl, {
      email: 'maria.perez@example.cu',
      password: 'Demo.Oficina.2026',
    });
    await page.goto(`${baseUrl}/oficina_virtual/clientCodes`);
    await page
      .locator('[data-testid="code-card"][data-cc="2300000000001"] [data-testid="code-open"]')
      .click();
    // The new page's heading takes focus once it is drawn.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.match(await page.title(), /2300000000001|Códigos|Oficina Virtual/);
    await page.locator('[data-testid="invoices"] tbody tr.ov-table__row').first().waitFor();
    await page.getByTestId('invoices-range').getByLabel('Desde').waitFor();

    const forward = [];
    let reachedTable = false;
    for (let step = 0; step < 60 && !reachedTable; step++) {
      await page.keyboard.press('Tab');
      const where = await focused(page);
      forward.push(where);
      reachedTable = where.inInvoices;
    }
    assert.deepEqual(fieldsMet(forward), ['Desde', 'Hasta'], 'Tab passes through both date fields');
    assert.ok(
      reachedTable,
      `Tab reaches the invoice table: ${JSON.stringify(forward.map((w) => w.testId || w.text))}`,
    );

    // Quickly, then at a person's pace (Ant Design's range picker sent Shift+Tab from its first field
    // back to its second once the page had a frame to react: the keyboard could not pass it backwards).
    for (const paced of [false, true]) {
      if (paced) {
        await page
          .locator('[data-testid="invoices"] table a, [data-testid="invoices"] table button')
          .first()
          .focus();
      }
      const backward = [];
      let reachedHeader = false;
      for (let step = 0; step < 60 && !reachedHeader; step++) {
        await page.keyboard.press('Shift+Tab');
        if (paced) await twoFrames(page);
        const where = await focused(page);
        backward.push(where);
        reachedHeader = where.inHeader && !where.inRange && where.tag !== 'H1' && where.testId !== 'invoices';
      }
      const pace = paced ? "at a person's pace" : 'quickly';
      assert.deepEqual(
        fieldsMet(backward),
        ['Hasta', 'Desde'],
        `Shift+Tab (${pace}) passes back through both date fields: ${JSON.stringify(backward.map((w) => w.field || w.testId || w.text))}`,
      );
      assert.ok(reachedHeader, `Shift+Tab (${pace}) reaches the code header actions`);
    }
  } finally {
    await context.close();
  }
}

/**
 * The payment record's date filter (two native date fields): a range typed into them filters the
 * record, the clear button brings it back, and Tab / Shift+Tab (at a person's pace) pass through both
 * fields and out.
 */
export async function keyboardThroughDateFilter({ browser, baseUrl, assert, viewport }) {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  const page = await context.newPage();
  try {
    await signInAs(page, baseUrl, { email: 'maria.perez@example.cu', password: 'Demo.Oficina.2026' });
    await page.goto(`${baseUrl}/oficina_virtual/payments/payment-record`);
    const rows = page.locator('.ov-list table tbody tr [data-status]');
    await rows.first().waitFor();
    const dates = page.getByRole('group', { name: 'Fechas' });
    const from = dates.getByLabel('Desde');
    const to = dates.getByLabel('Hasta');

    // A month long before any payment: nothing left in the record.
    // Typed as the Spanish page writes dates (dd/mm/aaaa), whatever the browser's own format.
    await from.fill('01/01/2001');
    assert.ok((await rows.count()) > 0, 'one date alone does not filter');
    await to.fill('31/12/2000');
    assert.equal(await to.getAttribute('aria-invalid'), 'true', 'an end before the start is marked');
    assert.ok((await rows.count()) > 0, 'and does not filter');
    await to.fill('31/01/2001');
    await page.waitForFunction(() => !document.querySelector('.ov-list table tbody tr [data-status]'));
    await dates.getByRole('button', { name: 'Borrar las fechas' }).click();
    await rows.first().waitFor();
    assert.equal(await from.inputValue(), '', 'cleared');

    const where = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        if (element?.closest('.ov-date-range')) return element.closest('label')?.textContent ?? 'range';
        return element?.tagName ?? '';
      });
    await from.focus();
    const forward = await walk(page, 'Tab', 10, where);
    assert.deepEqual(
      forward.filter((field, index, all) => field !== all[index - 1]),
      ['Desde', 'Hasta', 'out'].slice(forward[0] === 'Desde' ? 0 : 1),
      `Tab moves through the date fields and on: ${forward}`,
    );
    const backward = await walk(page, 'Shift+Tab', 12, where);
    assert.deepEqual(
      backward.filter((field, index, all) => field !== all[index - 1]),
      ['Hasta', 'Desde', 'out'],
      `Shift+Tab at a person's pace passes back through both date fields and out: ${backward}`,
    );
  } finally {
    await context.close();
  }
}
