import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// @axe-core/playwright needs pages from browser.newContext().
test('login and 404 pages have no serious accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log ind' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/findes-ikke');
  await expect(page.getByRole('heading', { name: 'Oops. This Page Not Found.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Velkommen til/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('staff home and the modules list have no serious accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'admin');
  await expect(page.getByRole('heading', { name: /Velkommen/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/settings/modules');
  await expect(page.getByRole('table', { name: 'Moduler' })).toContainText('Dashboard');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/settings/modules/2');
  await expect(page.getByRole('heading', { name: /^Edit/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('the events list, the types list and the event and type screens have no serious accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Arrangementer' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Arrangementer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/events/types');
  await expect(page.getByRole('table', { name: 'Arrangementstyper' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/events/create');
  await expect(page.getByRole('heading', { name: 'Opret arrangement' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/events/types/create');
  await expect(page.getByRole('heading', { name: 'Opret type' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
