import { expect, test } from '@playwright/test';
import { login, unique } from './helpers';

test('modules list: sorted by Sorting, searchable, 10 per page with paging', async ({ page }) => {
  await login(page, 'admin');
  await page.getByRole('link', { name: 'Indstillinger' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: 'Modules' }).first().click();
  await expect(page).toHaveURL(/\/settings\/modules$/);
  const table = page.getByRole('table', { name: 'Moduler' });
  await expect(table.getByRole('columnheader', { name: /Sorting/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText('Dashboard');
  for (const h of ['Navn', 'Alias', 'Url', 'Sorting']) await expect(table.getByRole('columnheader', { name: new RegExp(h) })).toBeVisible();

  // Sort by name descending via the header, kept in the URL.
  await table.getByRole('button', { name: 'Navn' }).click();
  await expect(page).toHaveURL(/sort=Name&dir=asc/);
  await table.getByRole('button', { name: 'Navn' }).click();
  await expect(page).toHaveURL(/sort=Name&dir=desc/);
  await expect(table.getByRole('row').nth(1)).toContainText('Webshop');

  await page.getByRole('searchbox').fill('kontakt');
  await expect(page).toHaveURL(/q=kontakt/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Kontakter');
  await page.getByRole('searchbox').fill('findes-ikke-xyz');
  await expect(table).toContainText('Ingen elementer blev fundet.');
});

test('modules admin: create, edit with ACL rules, features, views and components, delete with confirmation', async ({ page }) => {
  const name = unique('E2E modul');
  const alias = unique('e2e').toLowerCase();
  await login(page, 'admin');
  await page.goto('/settings/modules');
  await page.getByRole('link', { name: 'Create module' }).click();
  await expect(page).toHaveURL(/\/settings\/modules\/create$/);
  await expect(page.getByRole('heading', { name: 'Create module' })).toBeVisible();

  // Required fields in Danish.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Navn er påkrævet')).toBeVisible();
  await expect(page.getByText('Ikon er påkrævet')).toBeVisible();

  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="alias"]').fill(alias);
  await page.locator('input[name="icon"]').fill('star');
  await page.locator('input[name="url"]').fill(`/${alias}`);
  await page.locator('input[name="sorting"]').fill('99');

  // ACL rule set in its modal.
  await page.getByRole('button', { name: 'Tilføj regelsæt' }).click();
  const modal = page.getByTestId('acl-modal');
  await expect(modal).toBeVisible();
  await modal.getByLabel('Navn').fill('Læsning');
  await modal.getByLabel('Subject').fill(alias);
  await modal.getByLabel('Conditions (JSON)').fill('{ikke json');
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(modal.getByText('Conditions skal være et gyldigt JSON-objekt')).toBeVisible();
  await modal.getByLabel('Conditions (JSON)').fill('{"active": true}');
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(modal).toHaveCount(0);
  const acl = page.getByRole('table', { name: 'ACL Rules' });
  await expect(acl).toContainText('Læsning');
  await expect(acl).toContainText(`read ${alias}`);

  await page.getByRole('button', { name: 'Tilføj feature' }).click();
  const feature = page.getByTestId('feature');
  await page.locator('input[name="features.0.name"]').fill('Eksport');
  await page.locator('input[name="features.0.alias"]').fill('export');
  await feature.getByRole('button', { name: 'Tilføj setting' }).click();
  await page.locator('input[name="features.0.settings.0.name"]').fill('Formater');
  await page.locator('input[name="features.0.settings.0.values"]').fill('xlsx, csv');
  await feature.getByText('Public').click();

  await page.getByRole('button', { name: 'Tilføj view' }).click();
  await page.locator('input[name="views.0.route"]').fill('list');
  await page.getByRole('button', { name: 'Tilføj component' }).click();
  await page.locator('input[name="components.0.name"]').fill('widget');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Modulet blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/modules\/\d+$/);
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  const editUrl = page.url();

  // Everything saved: reload and check.
  await page.reload();
  await expect(page.locator('input[name="alias"]')).toHaveValue(alias);
  await expect(page.locator('input[name="sorting"]')).toHaveValue('99');
  await expect(page.getByRole('table', { name: 'ACL Rules' })).toContainText('Læsning');
  await expect(page.locator('input[name="features.0.settings.0.values"]')).toHaveValue('xlsx, csv');
  await expect(page.locator('input[name="components.0.name"]')).toHaveValue('widget');
  await expect(page.locator('input[name="views.0.route"]')).toHaveValue('list');

  // Edit the rule set and the name.
  await page.getByRole('button', { name: 'Rediger Læsning' }).click();
  await expect(modal.getByLabel('Conditions (JSON)')).toHaveValue(/"active": true/);
  await modal.getByText('update', { exact: true }).click();
  await expect(modal.getByRole('checkbox', { name: 'update', exact: true })).toBeChecked();
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('table', { name: 'ACL Rules' })).toContainText(`read/update ${alias}`);
  await page.locator('input[name="name"]').fill(`${name} 2`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Modulet blev gemt!')).toBeVisible();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByRole('heading', { name: `Edit ${name} 2` })).toBeVisible();

  // Delete from the list, with the confirm modal (Fortryd keeps it).
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings\/modules$/);
  await page.getByRole('searchbox').fill(alias);
  const table = page.getByRole('table', { name: 'Moduler' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Slet ${name} 2` }).click();
  const confirm = page.getByTestId('confirm-modal');
  await expect(confirm).toContainText('Er du sikker på at du vil slette dette modul?');
  await confirm.getByRole('button', { name: 'Fortryd' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(table).toContainText(`${name} 2`);
  await table.getByRole('button', { name: `Slet ${name} 2` }).click();
  await confirm.getByRole('button', { name: 'Bekræft' }).click();
  await expect(page.getByText('Modulet blev slettet!')).toBeVisible();
  await expect(table).toContainText('Ingen elementer blev fundet.');
});

test('saving a module with a taken alias shows the server error in a toast', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/settings/modules/create');
  await page.locator('input[name="name"]').fill(unique('Dublet'));
  await page.locator('input[name="alias"]').fill('contacts');
  await page.locator('input[name="icon"]').fill('copy');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alias er allerede i brug.')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
});

test('an unknown module id goes back to the list', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/settings/modules/999999');
  await expect(page).toHaveURL(/\/settings\/modules$/);
});
