// FAQs: a visitor reaches them from the landing, searches without accents, opens an answer and a deep
// link, in Spanish and English, desktop and 390 px; an editor publishes a new question in
// /faqs/configuration and the visitor then finds it. Screenshots of every screen.

import { join } from 'node:path';
import { expect, test } from '../fixtures.mjs';
import { chooseNative, settle, submitSignIn } from '../support.mjs';

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026';
const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const BASE = '/oficina_virtual';

async function visitor({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

  await page.goto(`${baseUrl}${BASE}/`);
  await page.getByTestId('entry-faqs').click();
  const faqs = page.getByTestId('faqs');
  await faqs.getByText('¿Qué significa «Conveniada»?').waitFor();
  assert.ok((await page.locator('h2').allTextContents()).includes('Pagos'), 'grouped by category');

  // Every word, without accents or capitals: "encuentro CODIGO" finds the client-code question.
  const search = page.getByTestId('faqs-search').locator('input');
  await search.fill('encuentro CODIGO');
  await faqs.getByText('1 pregunta', { exact: true }).waitFor();
  await faqs.getByText('¿Dónde encuentro mi código de cliente?').click();
  const answer = faqs.locator('.ov-faq__answer').first();
  await answer.getByText('Código de cliente', { exact: true }).waitFor();
  assert.equal(await answer.locator('strong').first().textContent(), 'Código de cliente', 'bold formatting');
  await settle(page);
  await shot('faqs-search-desktop-es');
  await search.fill('palabras que no existen');
  await faqs.getByText('No encontramos preguntas con esas palabras', { exact: false }).waitFor();
  await search.fill('');

  // A deep link opens its question.
  const agreed = faqs.locator('.ant-collapse-item', { hasText: '¿Qué significa «Conveniada»?' });
  await agreed.locator('.ant-collapse-header').click();
  // The address names the question once the click has updated it (web-first: waits for it). Under
  // load a click while the panel is still opening (Ant Design's collapse motion) can miss the
  // button (CI, once): click again until the address changes.
  await expect(async () => {
    await agreed.getByRole('button', { name: 'Enlace a esta pregunta' }).click();
    await expect(page, 'the link names the question').toHaveURL(/\/faqs\?id=[0-9a-f-]{36}$/, {
      timeout: 3000,
    });
  }).toPass({ timeout: 20_000 });
  const linked = page.url();
  await page.goto(linked);
  await faqs.getByText('convenio de pago', { exact: false }).waitFor();
  await settle(page);
  await shot('faqs-desktop-es');

  // The landing's footer leads to "which is my office?": a municipality shows its office.
  await page.goto(`${baseUrl}${BASE}/`);
  await page.locator('footer').getByRole('link', { name: 'Encuentre la suya' }).click();
  const finder = page.locator('#office-finder');
  await finder.waitFor();
  await chooseNative(finder.getByLabel('Su municipio'), 'Marianao');
  await finder.getByTestId('office-details').getByText('Oficina Comercial Marianao').waitFor();
  assert.ok((await finder.textContent()).includes('Lunes a viernes'), 'the office hours');
  await settle(page);
  await shot('faqs-office-finder-desktop-es');

  // English, by the interface language.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await faqs.getByText('What does "Agreed" (Conveniada) mean?').waitFor();
  await page.locator('h1', { hasText: 'Frequently asked questions' }).waitFor();
  await settle(page);
  await shot('faqs-desktop-en');
  assert.deepEqual(errors, [], 'no page errors (visitor)');
  await context.close();

  for (const lang of ['es', 'en']) {
    const phone = await browser.newContext({
      viewport: MOBILE,
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
    });
    const p = await phone.newPage();
    await p.goto(`${baseUrl}${BASE}/faqs`);
    if (lang === 'en') await p.getByRole('button', { name: 'EN', exact: true }).click();
    await p.getByTestId('faqs').locator('.ant-collapse-item').first().click();
    await p.locator('.ov-faq__answer').first().waitFor();
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `FAQs fit 390 px (${lang})`);
    await settle(p);
    await p.screenshot({ path: join(screenshotDir, `faqs-mobile-${lang}.png`), fullPage: true });
    await phone.close();
  }
}

async function editor({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  await submitSignIn(page, `${baseUrl}${BASE}/login`, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByTestId('dashboard').waitFor();
  await page.goto(`${baseUrl}${BASE}/faqs/configuration`);
  const list = page.getByTestId('list-faqs');
  await list.locator('tr.ov-table__row').first().waitFor();
  await shot('faqs-configuration-desktop-es');

  await page.getByTestId('list-add').click();
  const dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('faq-question-es').waitFor();
  // Required in both languages: saving empty shows the messages and sends nothing.
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await dialog.getByText('Requerido').first().waitFor();
  await dialog.getByTestId('faq-question-es').fill('¿Puedo pagar la factura de un familiar?');
  await dialog
    .getByTestId('faq-answer-es')
    .fill(
      'Sí. Asocie su **código de cliente** con el número de contrato y pague desde [Códigos de cliente](/).',
    );
  await dialog.getByRole('tab', { name: 'English' }).click();
  await dialog.getByTestId('faq-question-en').fill('Can I pay a relative’s invoice?');
  await dialog
    .getByTestId('faq-answer-en')
    .fill('Yes. Add their **client code** with the contract number and pay from [Client codes](/).');
  await dialog.locator('.ov-faq__preview strong', { hasText: 'client code' }).waitFor();
  await dialog.getByTestId('faq-published').click();
  await settle(page);
  await shot('faqs-configuration-form-desktop-es');
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await list.locator('tr.ov-table__row', { hasText: '¿Puedo pagar la factura de un familiar?' }).waitFor();

  // Move "Conveniada" one place up within its category: the public page follows.
  const agreedRow = list.locator('tr.ov-table__row', { hasText: '¿Qué significa «Conveniada»?' });
  await agreedRow.getByTestId('row-actions').click();
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/move') && r.status() === 200),
    page.getByRole('menuitem', { name: 'Subir' }).click(),
  ]);
  const questions = async (p) =>
    (await p.getByTestId('faqs').locator('.ant-collapse-header').allTextContents()).map((q) => q.trim());
  const publicPage = await context.newPage();
  await publicPage.goto(`${baseUrl}${BASE}/faqs`);
  await publicPage.getByTestId('faqs').getByText('¿Qué significa «Conveniada»?').waitFor();
  const order = await questions(publicPage);
  assert.ok(
    order.indexOf('¿Qué significa «Conveniada»?') <
      order.indexOf('¿Por qué una factura aparece como «Procesando»?'),
    'moved up before "Procesando"',
  );
  await publicPage.close();
  assert.deepEqual(errors, [], 'no page errors (editor)');
  await context.close();

  // The visitor now finds it.
  const visitorContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const v = await visitorContext.newPage();
  await v.goto(`${baseUrl}${BASE}/faqs`);
  await v.getByTestId('faqs-search').locator('input').fill('familiar');
  await v.getByTestId('faqs').getByText('¿Puedo pagar la factura de un familiar?').waitFor();
  await visitorContext.close();
}

async function faqs(ctx) {
  await visitor(ctx);
  await editor(ctx);
}

test('faqs', async ({ journey }) => faqs(journey));
