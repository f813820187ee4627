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
