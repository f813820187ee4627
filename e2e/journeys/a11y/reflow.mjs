// Reflow (WCAG 1.4.10): at 320 CSS px every page of the sweep reads without scrolling sideways.
// Tables may scroll inside their own box; the page itself may not.
import { ROLES } from './pages.mjs';
import { settled, signInAs } from './sweep.mjs';

const NARROW = { width: 320, height: 800 };

/** The elements sticking out past the right edge (not inside a table's own scroller). */
function overflowing(page) {
  return page.evaluate((width) => {
    const out = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0 && !element.closest('.ov-table__scroll'))
        out.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`);
    }
    return out.slice(0, 3);
  }, NARROW.width);
}

export async function checkReflow({ browser, baseUrl, assert }) {
  const wide = [];
  await Promise.all(
    ROLES.map(async (role) => {
      const context = await browser.newContext({ viewport: NARROW, locale: 'es-ES' });
      const page = await context.newPage();
      try {
        if (role.email) await signInAs(page, baseUrl, role);
        for (const { path } of role.pages) {
          await page.goto(`${baseUrl}/oficina_virtual${path}`);
          await settled(page);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > NARROW.width)
            wide.push(`${role.name} ${path}: ${scrollWidth} px (${(await overflowing(page)).join(', ')})`);
        }
      } finally {
        await context.close();
      }
    }),
  );
  const pages = ROLES.reduce((sum, role) => sum + role.pages.length, 0);
  console.log(`  reflow: ${pages} pages at 320 px, ${wide.length} scroll sideways`);
  assert.deepEqual(wide, [], 'pages wider than 320 px');
}
