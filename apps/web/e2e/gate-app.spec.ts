import { expect, test } from '@playwright/test';
import { eventWithTicket } from './gate-fixtures';
import { apiLogin, login } from './helpers';

/**
 * Issue 16, gate mode as an app: the manifest is linked on the gate page only (the storefront
 * registers nothing), gate mode registers its service worker, and with the network cut a reload of
 * gate mode still shows the scanner (served by the worker) and confirms from the device's copy.
 */
test('gate mode is installable and opens again offline; the storefront links no manifest and registers no worker', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const visitor = await browser.newContext({ baseURL });
  const home = await visitor.newPage();
  await home.goto('/');
  await expect(home.locator('main, #root').first()).not.toBeEmpty();
  await expect(home.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await home.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await visitor.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await apiLogin(page.request, 'staff');
  const { eventId, code } = await eventWithTicket(page.request, baseURL as string, 'Oline');
  const manifest = await page.request.get('/gate.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(await manifest.json()).toMatchObject({ name: 'Klubhus Portscanner', display: 'standalone' });
  expect((await page.request.get('/gate-sw.js')).headers()['content-type']).toContain('javascript');
  expect((await page.request.get('/gate-icon-512.png')).headers()['content-type']).toBe('image/png');

  await login(page, 'staff');
  await page.goto(`/events/${eventId}/gate`);
  await expect(page.getByRole('heading', { name: /Portscanner/ })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/gate.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(new RegExp(`/events/${eventId}/gate$`));
  // The worker keeps the gate page's own chunk (loaded before it took over) and the shell.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('klubhus-gate-v1')).keys()).map((r) => new URL(r.url).pathname).join(' ')))
    .toMatch(/\/assets\/GatePage-[\w-]+\.js/);
  // The ticket codes are on the device once gate mode has them.
  await expect(page.getByTestId('gate-online')).toHaveText('Online');
  await expect.poll(() => page.evaluate((id) => localStorage.getItem(`klubhus-gate-codes-${id}`) !== null, eventId)).toBe(true);

  // Leaving gate mode removes the manifest link.
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('tab', { name: 'Tilmeldte' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);

  await page.goto(`/events/${eventId}/gate`);
  await expect(page.getByTestId('gate-online')).toHaveText('Online');
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: /Portscanner/ })).toBeVisible();
  await expect(page.getByTestId('gate-online')).toHaveText('Offline');
  await page.getByLabel('Billetnummer').pressSequentially(code, { delay: 5 });
  await expect(page.getByTestId('scan-confirmed')).toContainText('Oline Gæst');
  await expect(page.getByText('Bekræftet offline')).toBeVisible();
  await context.setOffline(false);
  await context.close();
});
