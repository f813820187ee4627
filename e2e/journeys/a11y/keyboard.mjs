// Keyboard path through the code detail (issue 12): from the client codes page to the code's detail
// (focus lands on its heading), Tab through the header actions and the date-range filter into the
// invoice table, then Shift+Tab back to the filter and the header actions.
import { signInAs } from './sweep.mjs';

const focused = (page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName ?? '',
      testId: element?.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
      inInvoices: !!element?.closest('[data-testid="invoices"] table'),
      inRange: !!element?.closest('.ant-picker-range'),
      inHeader:
        !!element?.closest('[data-testid="code-detail"]') && !element?.closest('[data-testid="invoices"]'),
      text: (element?.textContent ?? '').trim().slice(0, 40),
    };
  });

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
    // The date-range field is fetched when first drawn (a disabled stand-in holds its place until then).
    await page.locator('[data-testid="code-detail"] .ant-picker-range').first().waitFor();

    const forward = [];
    let reachedTable = false;
    for (let step = 0; step < 40 && !reachedTable; step++) {
      await page.keyboard.press('Tab');
      const where = await focused(page);
      forward.push(where);
      reachedTable = where.inInvoices;
    }
    assert.ok(
      forward.some((where) => where.inRange),
      'Tab passes through the date-range filter',
    );
    assert.ok(
      reachedTable,
      `Tab reaches the invoice table: ${JSON.stringify(forward.map((w) => w.testId || w.text))}`,
    );

    const backward = [];
    let reachedHeader = false;
    for (let step = 0; step < 40 && !reachedHeader; step++) {
      await page.keyboard.press('Shift+Tab');
      const where = await focused(page);
      backward.push(where);
      reachedHeader = where.inHeader && !where.inRange && where.tag !== 'H1';
    }
    assert.ok(
      backward.some((where) => where.inRange),
      'Shift+Tab passes back through the date-range filter',
    );
    assert.ok(reachedHeader, 'Shift+Tab reaches the code header actions');
  } finally {
    await context.close();
  }
}

/**
 * The payment record's date filter is a stand-in until it is used (components/lazy-range-picker,
 * `onDemand`): Tab passes through it and on without the picker being swapped in; Enter on it puts the
 * picker in its place with the focus in its first field, while its chunk is held back 1 s (the
 * stand-in keeps the focus meanwhile, nothing is lost).
 */
export async function keyboardThroughDateFilter({ browser, baseUrl, assert, viewport }) {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  const page = await context.newPage();
  try {
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('rc-picker')) await new Promise((done) => setTimeout(done, 1000));
      await route.fulfill({ response, body });
    });
    await signInAs(page, baseUrl, { email: 'maria.perez@example.cu', password: 'Demo.Oficina.2026' });
    await page.goto(`${baseUrl}/oficina_virtual/payments/payment-record`);
    const standIn = page.getByTestId('filter-dates');
    const from = standIn.getByPlaceholder('Desde');
    await from.waitFor();
    const where = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        if (element?.closest('.ant-picker-range')) return 'picker';
        if (element?.closest('.ov-lazy-range')) return `stand-in ${element.getAttribute('placeholder')}`;
        return element?.tagName ?? '';
      });

    await from.focus();
    await page.keyboard.press('Tab');
    assert.equal(await where(), 'stand-in Hasta', 'Tab moves within the stand-in');
    await page.keyboard.press('Tab');
    assert.ok(!(await where()).startsWith('stand-in'), 'Tab moves on past the date filter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await where(), 'stand-in Desde', 'Shift+Tab comes back to it');
    assert.equal(await page.locator('.ant-picker-range').count(), 0, 'passing through does not swap it');

    await page.keyboard.press('Enter');
    assert.equal(await where(), 'stand-in Desde', 'while the picker loads the stand-in keeps the focus');
    await page.locator('.ant-picker-range').waitFor();
    await page.waitForFunction(() => !!document.activeElement?.closest('.ant-picker-range'));
    assert.equal(await where(), 'picker', 'the picker takes the focus');
  } finally {
    await context.close();
  }
}
