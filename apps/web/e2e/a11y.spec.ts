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

test('the order list and the order screens (new, draft with lines, approved) have no serious accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  await page.goto('/orders/orders');
  await expect(page.getByRole('table', { name: 'Ordrer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/orders/create');
  await expect(page.getByRole('heading', { name: 'Opret ordre' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A demo order with lines (the newest), and its line dialog open.
  await page.goto('/orders/orders');
  await page.getByRole('table', { name: 'Ordrer' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Ordre #/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ordrelinjer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Noter' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('the invoices list, an order’s Fakturaer tab with its plan, the company’s sales cards and the E-conomic settings have no serious accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'admin');
  await page.goto('/orders/invoices');
  await expect(page.getByRole('table', { name: 'Fakturaer' })).toBeVisible();
  await expect(page.getByText('Faktura 1', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The demo's rates order: a draft of its first rate, and its plan.
  await page.getByRole('table', { name: 'Fakturaer' }).getByRole('link', { name: /^Ordre #/ }).first().click();
  await page.getByRole('tab', { name: 'Fakturaer' }).click();
  await expect(page.getByRole('table', { name: 'Fakturaer på ordren' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Handlinger for / }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto('/companies');
  await page.getByRole('table', { name: 'Virksomheder' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Omsætning' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/settings/economic');
  await expect(page.getByRole('heading', { name: 'E-conomic', exact: true })).toBeVisible();
  await expect(page.getByLabel('Kundegruppe')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('pages still loading (their data held back) show a spinner named Indlæser, with no serious accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  // The list's rows and a record's screen never answer while this runs: what shows is their spinner.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/trpc\/(orders\.list|orders\.get)/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto('/orders/orders');
  await expect(page.getByRole('status', { name: 'Indlæser' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/orders/1');
  await expect(page.getByRole('status', { name: 'Indlæser' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  release();
  await context.close();
});
