// Shared by the browser benchmarks that open signed-in pages (Lighthouse, first paint): the demo
// customer's session, and a cold page for the next run.

export const CUSTOMER = { email: 'maria.perez@example.cu', password: 'Demo.Oficina.2026' };
export const CC = '2300000000001';

/** The demo customer's tokens, and the profile the app keeps after its first /users/me. */
export async function signIn(url) {
  const res = await fetch(`${url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CUSTOMER),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const tokens = await res.json();
  // The profile the app keeps after its first /users/me: a returning customer's page has it.
  const me = await fetch(`${url}/api/users/me`, {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  if (!me.ok) throw new Error(`profile: ${me.status}`);
  return { ...tokens, profile: await me.text() };
}

/**
 * A cold start for the next run (a Puppeteer page): nothing of the origin kept (HTTP cache, storage,
 * service workers), the customer's session when `tokens` are given.
 */
export async function coldPage(browser, origin, tokens) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await page.goto(`${origin}/api/health/ready`).catch(() => undefined);
  if (tokens) {
    await page.evaluate((t) => {
      localStorage.setItem('ov.session.accessToken', t.accessToken);
      localStorage.setItem('ov.session.refreshToken', t.refreshToken);
      localStorage.setItem('ov.session.space', t.space);
      localStorage.setItem('ov.session.expiresAt', String(Date.now() + 7_200_000));
      localStorage.setItem('ov.session.profile', t.profile);
    }, tokens);
  }
  await cdp.detach();
  return page;
}
