import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// A visitor without a session: the demo club's events on the home page, the list and an event's page.
test('a visitor finds the featured match on the home page, reads its page with sponsors; /events lists the cards; an unknown event goes back to /events', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Udvalgte arrangementer' });
  await expect(featured.getByRole('heading', { name: 'Demo IF – AGF' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Kommende arrangementer' });
  await expect(upcoming.getByRole('heading', { name: 'Demo IF – AGF: Spisning før kampen' })).toBeVisible();
  // The private sponsor evening is for its invitees only.
  await expect(page.getByText('Sponsoraften 2026')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await featured.getByRole('link', { name: 'Se mere om Demo IF – AGF' }).click();
  await expect(page).toHaveURL(/\/events\/demo-if-agf$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo IF – AGF' })).toBeVisible();
  await expect(page.getByText('Tilmeldingen er åben')).toBeVisible();
  await expect(page.getByText(/kl\. \d{2}:\d{2}/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hovedsponsor' })).toBeVisible();
  await expect(page).toHaveTitle(/Demo IF – AGF/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Arrangementer' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Demo IF – AGF', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/events/findes-ikke');
  await expect(page).toHaveURL(/\/events$/);
  await context.close();
});

// The server paints /events' cards into the page for a visitor (app/shell.ts, apps/server/src/web.ts):
// the same cards in the same places before the app loads, so the swap to React's page moves nothing.
test("a visitor's /events arrives with the event cards painted by the server, and React's page takes them over without a shift", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  // Hold the app's scripts back until the server's screen has been read.
  let release = () => {};
  const gate = new Promise<void>((ok) => {
    release = ok;
  });
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  // 'commit': the page's load waits for the held scripts.
  await page.goto('/events', { waitUntil: 'commit' });
  const shell = page.locator('#shell');
  await expect(shell.getByRole('heading', { level: 1, name: 'Arrangementer' })).toBeVisible();
  await expect(shell.getByRole('heading', { level: 2, name: 'Demo IF – AGF', exact: true })).toBeVisible();
  await expect(shell.getByText('Sponsoraften 2026')).toHaveCount(0);
  await expect(shell.getByRole('link', { name: 'Se mere om Demo IF – AGF', exact: true })).toHaveAttribute('href', '/events/demo-if-agf');
  const boxes = (root: string) =>
    page.locator(`${root} h2, ${root} a[aria-label^="Se mere"], ${root} main p`).evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.textContent} ${r.x},${r.y} ${r.width}x${r.height}`;
      }),
    );
  const painted = await boxes('#shell');
  expect(painted.length).toBeGreaterThan(3);
  await page.evaluate(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { shifts: number }).shifts += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  release();
  await expect(shell).toHaveCount(0);
  await expect(page.locator('#root').getByRole('heading', { level: 2, name: 'Demo IF – AGF', exact: true })).toBeVisible();
  expect(await boxes('#root')).toEqual(painted);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  await context.close();
});
