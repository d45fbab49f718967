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
