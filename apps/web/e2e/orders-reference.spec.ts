import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login, trpc, unique } from './helpers';

test('side navigation of the orders module lists Kategorier, Sæsoner, Felter, Rabatkoder in order', async ({ page }) => {
  await login(page, 'staff');
  await page.goto('/orders/categories');
  const nav = page.getByRole('navigation', { name: 'Ordrer' });
  await expect(nav.getByRole('link', { name: 'Rabatkoder' })).toBeVisible();
  const labels = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
  const ours = labels.filter((l) => ['Kategorier', 'Sæsoner', 'Felter', 'Rabatkoder'].includes(l));
  expect(ours).toEqual(['Kategorier', 'Sæsoner', 'Felter', 'Rabatkoder']);
});

test('discount code: Danish validation for a missing code and a non-numeric discount, defaults, products picker, list', async ({ page }) => {
  await login(page, 'staff');
  const productTitle = unique('E2E Rabatprodukt');
  await trpc(page.request).mutate('products.update', { title: productTitle, type: 'product', price: '100', contractSetup: { type: 'checkbox' } });
  const title = unique('E2E Rabat');
  const code = unique('KODE').toUpperCase();

  await page.goto('/orders/discount-codes');
  await page.getByRole('link', { name: 'Opret rabatkode' }).click();
  await expect(page).toHaveURL(/\/orders\/discount-codes\/create$/);
  // SPEC §9 defaults: percentage on, active off.
  await expect(page.getByRole('checkbox', { name: 'Rabat i procent' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Aktiv' })).not.toBeChecked();

  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Titel er påkrævet')).toBeVisible();
  await expect(page.getByText('Kode er påkrævet')).toBeVisible();
  await expect(page.getByText('Udløbsdato er påkrævet')).toBeVisible();
  await expect(page.getByText('Rabat er påkrævet')).toBeVisible();

  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  await page.getByLabel('Udløbsdato').fill('2030-12-31');
  await page.getByRole('textbox', { name: 'Rabat (%)' }).fill('ti procent');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Kode er påkrævet')).toBeVisible();
  await expect(page.getByText('Rabat skal være et gyldigt tal.')).toBeVisible();
  await expect(page.getByText('Titel er påkrævet')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Kode', exact: true }).fill(code);
  await page.getByRole('textbox', { name: 'Rabat (%)' }).fill('12,5');
  await page.getByRole('textbox', { name: 'Antal' }).fill('50');
  await page.getByText('Aktiv', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Tilføj produkt' }).fill(productTitle);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: new RegExp(productTitle) }).click();
  await expect(page.getByText(productTitle)).toBeVisible();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Rabatkoden blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/discount-codes\/\d+$/);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Rabat (%)' })).toHaveValue('12,50');
  await expect(page.getByText(productTitle)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Aktiv' })).toBeChecked();

  // Switching to kroner relabels the discount; saving says 'gemt'.
  await page.getByText('Rabat i procent').click();
  await expect(page.getByRole('textbox', { name: 'Rabat (kr.)' })).toBeVisible();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Rabatkoden blev gemt!')).toBeVisible();

  // The same code twice is refused with the server's Danish message.
  await page.goto('/orders/discount-codes/create');
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(`${title} kopi`);
  await page.getByRole('textbox', { name: 'Kode', exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Udløbsdato').fill('2030-12-31');
  await page.getByRole('textbox', { name: 'Rabat (%)' }).fill('5');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Der findes allerede en rabatkode med denne kode.')).toBeVisible();

  await page.goto('/orders/discount-codes');
  const table = page.getByRole('table', { name: 'Rabatkoder' });
  await expect(table.getByRole('columnheader', { name: /Titel/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('searchbox').fill(code);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('12,50 kr.');
  await expect(table.getByRole('row').nth(1)).toContainText('0 af 50');
  await table.getByRole('button', { name: `Slet ${title}` }).click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Er du sikker på at du vil slette denne rabatkode?');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(page.getByText('Rabatkoden blev slettet!')).toBeVisible();
  await expect(table).toContainText('Ingen elementer blev fundet.');
});

test('season: a parent season makes reservationExpires required; list sorted by name', async ({ page }) => {
  await login(page, 'staff');
  const parent = unique('E2E Sæson');
  await trpc(page.request).mutate('seasons.update', { title: parent, startDate: '2031-07-01', endDate: '2032-06-30' });
  const child = `${parent} forår`;

  await page.goto('/orders/seasons');
  await page.getByRole('link', { name: 'Opret sæson' }).click();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Titel er påkrævet')).toBeVisible();
  await expect(page.getByText('Startdato er påkrævet')).toBeVisible();
  await expect(page.getByText('Slutdato er påkrævet')).toBeVisible();
  await expect(page.getByText('Reservation udløber er påkrævet')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(child);
  await page.getByLabel('Startdato').fill('2032-01-01');
  await page.getByLabel('Slutdato').fill('2032-06-30');
  const parentLabel = await labelOf(page, parent);
  expect(parentLabel).toBeTruthy();
  await page.getByRole('combobox', { name: 'Overordnet sæson' }).selectOption({ label: parentLabel ?? '' });
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Reservation udløber er påkrævet')).toBeVisible();
  // Without a parent it is optional again.
  await page.getByRole('combobox', { name: 'Overordnet sæson' }).selectOption('');
  await expect(page.getByText('Reservation udløber er påkrævet')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Overordnet sæson' }).selectOption({ label: parentLabel ?? '' });
  await page.getByLabel('Reservation udløber').fill('2031-12-15');
  await page.getByText('Reservationer', { exact: true }).click();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Sæsonen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/seasons\/\d+$/);
  await page.reload();
  await expect(page.getByLabel('Reservation udløber')).toHaveValue('2031-12-15');
  await expect(page.getByRole('combobox', { name: 'Overordnet sæson' }).locator('option:checked')).toContainText(parent);

  await page.goto('/orders/seasons');
  const table = page.getByRole('table', { name: 'Sæsoner' });
  await expect(table.getByRole('columnheader', { name: /Titel/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('searchbox').fill(parent);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(parent);
  await expect(table.getByRole('row').nth(2)).toContainText(child);
  await expect(table.getByRole('row').nth(2)).toContainText('1. jan. 2032');
});

/** The visible label of the parent-season option whose text starts with the title (it carries the dates too). */
async function labelOf(page: Page, title: string) {
  const select = page.getByRole('combobox', { name: 'Overordnet sæson' });
  await expect(select.locator('option', { hasText: title })).toHaveCount(1);
  const labels = await select.locator('option').allTextContents();
  return labels.find((l) => l.startsWith(title));
}

test('custom field: Number default must be a decimal; changing the type clears the default', async ({ page }) => {
  await login(page, 'staff');
  const category = unique('E2E Ordrekategori');
  await trpc(page.request).mutate('orderCategories.update', { title: category });
  const title = unique('E2E Felt');

  await page.goto('/orders/fields');
  await page.getByRole('link', { name: 'Opret felt' }).click();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Titel er påkrævet')).toBeVisible();
  await expect(page.getByText('Type er påkrævet')).toBeVisible();

  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Number');
  await page.getByRole('textbox', { name: 'Standardværdi' }).fill('mange');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Standardværdi skal være et gyldigt tal.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Standardværdi' }).fill('2,5');
  await page.getByText(category, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: category, exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Feltet blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/fields\/\d+$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Standardværdi' })).toHaveValue('2,5');
  await expect(page.getByRole('checkbox', { name: category, exact: true })).toBeChecked();

  // SPEC §4: a type change clears the default value, in the form at once.
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Text');
  await expect(page.getByRole('textbox', { name: 'Standardværdi' })).toHaveValue('');
  // Dropdown needs values; its default is one of them.
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Dropdown');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('En dropdown skal have mindst én værdi.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Værdier' }).fill('Rød, Grøn');
  await page.getByRole('textbox', { name: 'Værdier' }).blur();
  await page.getByRole('combobox', { name: 'Standardværdi' }).selectOption('Grøn');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Feltet blev gemt!')).toBeVisible();

  await page.goto('/orders/fields');
  await page.getByRole('searchbox').fill(title);
  const table = page.getByRole('table', { name: 'Felter' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Dropdown');
  await expect(table.getByRole('row').nth(1)).toContainText(category);
  await table.getByRole('button', { name: `Slet ${title}` }).click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Er du sikker på at du vil slette dette felt?');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Fortryd' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('order category: create with price in kroner, edit, delete with confirmation', async ({ page }) => {
  await login(page, 'staff');
  const title = unique('E2E Kategori');
  await page.goto('/orders/categories');
  await page.getByRole('link', { name: 'Opret kategori' }).click();
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Pris (kr.)' }).fill('1.234,5');
  await page.getByRole('textbox', { name: 'Varenr.' }).fill('KAT-1');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Kategorien blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/categories\/\d+$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Pris (kr.)' })).toHaveValue('1234,50');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Kategorien blev gemt!')).toBeVisible();

  await page.goto('/orders/categories');
  await page.getByRole('searchbox').fill(title);
  const table = page.getByRole('table', { name: 'Kategorier' });
  await expect(table.getByRole('row').nth(1)).toContainText('1.234,50 kr.');
  await table.getByRole('button', { name: `Slet ${title}` }).click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Er du sikker på at du vil slette denne kategori?');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(page.getByText('Kategorien blev slettet!')).toBeVisible();
  await expect(table).toContainText('Ingen elementer blev fundet.');
});

test('product and orders reference screens have no serious accessibility violations', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // @axe-core/playwright needs pages from browser.newContext().
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  const api = trpc(page.request);
  const category = await api.mutate<{ id: number }>('productCategories.update', { title: unique('E2E A11y kategori') });
  const product = await api.mutate<{ id: number }>('products.update', {
    title: unique('E2E A11y produkt'),
    type: 'seat-ticket',
    price: '100',
    categoryId: category.id,
    contractSetup: { type: 'number', amountType: 'amount', unit: 'person' },
    variants: [{ title: 'Voksen', price: '100' }],
  });
  const screens: [string, () => Promise<void>][] = [
    ['/products', () => expect(page.getByRole('table', { name: 'Produkter' })).toBeVisible()],
    [`/products/${product.id}`, () => expect(page.getByRole('table', { name: 'Varianter' })).toContainText('Voksen')],
    [`/products/categories/${category.id}`, () => expect(page.getByRole('list', { name: 'Rækkefølge i webshop' })).toBeVisible()],
    ['/products/invoicegroups/create', () => expect(page.getByRole('tab', { name: 'Gruppe' })).toBeVisible()],
    ['/orders/seasons/create', () => expect(page.getByRole('heading', { name: 'Opret sæson' })).toBeVisible()],
    ['/orders/fields/create', () => expect(page.getByRole('heading', { name: 'Opret felt' })).toBeVisible()],
    ['/orders/discount-codes/create', () => expect(page.getByRole('heading', { name: 'Opret rabatkode' })).toBeVisible()],
    ['/orders/categories', () => expect(page.getByRole('table', { name: 'Kategorier' })).toBeVisible()],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await ready();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${path} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  }
  await context.close();
});
