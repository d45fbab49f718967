import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, trpc, unique } from './helpers';

/** Creates a product through the API (as the logged-in page) and returns its id. */
async function createProduct(page: Page, input: Record<string, unknown>): Promise<number> {
  const r = await trpc(page.request).mutate<{ id: number }>('products.update', { type: 'product', contractSetup: { type: 'checkbox' }, ...input });
  return r.id;
}

async function titlesOf(list: Locator): Promise<string[]> {
  return (await list.getByTestId('sortable-product').getByRole('link').allTextContents()).map((t) => t.trim());
}

test('product with two variants and an option: modals validate in Danish, list shows Fra: and the lowest price', async ({ page }) => {
  test.setTimeout(120_000);
  const name = unique('E2E Trøje');
  await login(page, 'staff');
  const optionName = unique('E2E Tryk');
  await createProduct(page, { title: optionName, price: '30' });

  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Produkter' })).toBeVisible();
  await page.getByRole('link', { name: 'Opret produkt' }).click();
  await expect(page).toHaveURL(/\/products\/create$/);
  await expect(page.getByRole('heading', { name: 'Opret produkt' })).toBeVisible();
  // Tabs of SPEC §2; E-conomic because Demo IF has the economic feature of orders.
  for (const tab of ['Produkt', 'Abonnement', 'Webshop', 'E-conomic']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();

  // Required fields in Danish (the contract setup card is there: Demo IF has the contracts feature).
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Titel er påkrævet')).toBeVisible();
  await expect(page.getByText('Pris er påkrævet')).toBeVisible();
  await expect(page.getByText('Type er påkrævet')).toBeVisible();

  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Pris (kr.)', exact: true }).fill('abc');
  await page.getByRole('textbox', { name: 'Titel', exact: true }).click();
  await expect(page.getByText('Pris skal være et gyldigt tal.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Pris (kr.)', exact: true }).fill('499,00');
  await page.locator('select[name="contractSetup.type"]').selectOption('number');
  // Number setups ask for an amount type, amount types for a unit.
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Antalstype er påkrævet')).toBeVisible();
  await page.locator('select[name="contractSetup.amountType"]').selectOption('amount');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Enhed er påkrævet')).toBeVisible();
  await page.locator('select[name="contractSetup.unit"]').selectOption('stk');

  // Variant modal: title and price required, price a decimal.
  await page.getByRole('button', { name: 'Tilføj variant' }).click();
  const variantModal = page.getByTestId('variant-modal');
  await variantModal.getByRole('button', { name: 'Gem' }).click();
  await expect(variantModal.getByText('Titel er påkrævet')).toBeVisible();
  await expect(variantModal.getByText('Pris er påkrævet')).toBeVisible();
  await variantModal.getByLabel('Titel').fill('Small');
  await variantModal.getByLabel('Pris (kr.)').fill('4x9');
  await variantModal.getByRole('button', { name: 'Gem' }).click();
  await expect(variantModal.getByText('Pris skal være et gyldigt tal.')).toBeVisible();
  await variantModal.getByLabel('Pris (kr.)').fill('449,50');
  await variantModal.getByRole('button', { name: 'Gem' }).click();
  await expect(variantModal).toHaveCount(0);
  await page.getByRole('button', { name: 'Tilføj variant' }).click();
  await variantModal.getByLabel('Titel').fill('Large');
  await variantModal.getByLabel('Pris (kr.)').fill('399,95');
  await variantModal.getByLabel('Salgsantal').fill('12');
  await variantModal.getByRole('button', { name: 'Gem' }).click();
  const variants = page.getByRole('table', { name: 'Varianter' });
  await expect(variants).toContainText('Small');
  await expect(variants).toContainText('449,50 kr.');
  await expect(variants).toContainText('Large');

  // Option modal: product required; a price is required when it overrides.
  await page.getByRole('button', { name: 'Tilføj tilvalg' }).click();
  const optionModal = page.getByTestId('option-modal');
  await optionModal.getByRole('button', { name: 'Gem' }).click();
  await expect(optionModal.getByText('Produkt er påkrævet')).toBeVisible();
  await optionModal.getByRole('combobox', { name: 'Søg produkt' }).fill(optionName);
  await expect(optionModal.getByRole('option')).toHaveCount(1);
  await optionModal.getByRole('option', { name: new RegExp(optionName) }).click();
  await expect(optionModal.getByText('30,00 kr.', { exact: true })).toBeVisible();
  await optionModal.getByText('Egen pris').click();
  await optionModal.getByRole('button', { name: 'Gem' }).click();
  await expect(optionModal.getByText('Pris er påkrævet')).toBeVisible();
  await optionModal.getByLabel('Pris (kr.)').fill('25');
  await optionModal.getByText('Offentlig').click();
  await optionModal.getByRole('button', { name: 'Gem' }).click();
  await expect(optionModal).toHaveCount(0);
  const options = page.getByRole('table', { name: 'Tilvalg' });
  await expect(options).toContainText(optionName);
  await expect(options).toContainText('25,00 kr.');

  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Produktet blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const url = page.url();

  // Saved: reload shows the variants and the option from the server, prices with the Danish comma.
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Pris (kr.)', exact: true })).toHaveValue('499,00');
  await expect(page.getByRole('table', { name: 'Varianter' })).toContainText('399,95 kr.');
  await expect(page.getByRole('table', { name: 'Tilvalg' })).toContainText(optionName);
  await expect(page.locator('select[name="contractSetup.unit"]')).toHaveValue('stk');

  // Editing keeps the variants (they now have ids): change one and save again.
  await page.getByRole('button', { name: 'Rediger variant Small' }).click();
  await variantModal.getByLabel('Pris (kr.)').fill('459');
  await variantModal.getByRole('button', { name: 'Gem' }).click();
  await expect(variantModal).toHaveCount(0);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Produktet blev gemt!')).toBeVisible();
  expect(page.url()).toBe(url);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Varianter' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Varianter' })).toContainText('459,00 kr.');

  // The list: 'Fra:' and the lowest variant price.
  await page.goto('/products');
  await page.getByRole('searchbox').fill(name);
  const table = page.getByRole('table', { name: 'Produkter' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Fra: 399,95 kr.');
  // A product without variants shows its own price.
  await page.getByRole('searchbox').fill(optionName);
  await expect(table.getByRole('row').nth(1)).toContainText('30,00 kr.');
  await expect(table.getByRole('row').nth(1)).not.toContainText('Fra:');
});

test('product list: Title ascending, category filter with Alle, delete with confirmation', async ({ page }) => {
  await login(page, 'staff');
  const api = trpc(page.request);
  const cat = await api.mutate<{ id: number }>('productCategories.update', { title: unique('E2E Filterkategori') });
  const prefix = unique('E2E Liste');
  await createProduct(page, { title: `${prefix} B`, price: '10', categoryId: cat.id });
  await createProduct(page, { title: `${prefix} A`, price: '20', categoryId: cat.id });
  await createProduct(page, { title: `${prefix} C`, price: '30' });

  await page.goto('/products');
  const table = page.getByRole('table', { name: 'Produkter' });
  await expect(table.getByRole('columnheader', { name: /Produkt/ })).toHaveAttribute('aria-sort', 'ascending');
  for (const h of ['Beskrivelse', 'Kategori', 'Pris', 'Sortering']) await expect(table.getByRole('columnheader', { name: new RegExp(h) })).toBeVisible();
  await page.getByRole('searchbox').fill(prefix);
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(1)).toContainText(`${prefix} A`);
  await expect(table.getByRole('row').nth(3)).toContainText(`${prefix} C`);

  const filter = page.getByRole('combobox', { name: 'Kategori' });
  await expect(filter.locator('option').first()).toHaveText('Alle');
  await filter.selectOption(String(cat.id));
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).not.toContainText(`${prefix} C`);
  await filter.selectOption('');
  await expect(table.getByRole('row')).toHaveCount(4);

  await table.getByRole('button', { name: `Slet ${prefix} C` }).click();
  const dialog = page.getByTestId('confirm-modal');
  await expect(dialog).toContainText('Er du sikker på at du vil slette dette produkt?');
  await dialog.getByRole('button', { name: 'Bekræft' }).click();
  await expect(page.getByText('Produktet blev slettet!')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('category: drag-sort the shop list (keyboard and mouse) and the agreement list separately; the order persists', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'staff');
  const title = unique('E2E Kategori');
  await page.goto('/products/categories');
  await page.getByRole('link', { name: 'Opret kategori' }).click();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Titel er påkrævet')).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  await page.getByRole('tab', { name: 'Webshop' }).click();
  await page.getByLabel('Titel i webshop').fill(`${title} i shoppen`);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Kategorien blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/categories\/\d+$/);
  const categoryId = Number(page.url().split('/').pop());

  const p = unique('E2E Sort');
  for (const letter of ['A', 'B', 'C']) await createProduct(page, { title: `${p} ${letter}`, price: '100', categoryId });
  await page.reload();
  await page.getByRole('tab', { name: 'Kategori' }).click();
  const shop = page.getByRole('list', { name: 'Rækkefølge i webshop' });
  const contract = page.getByRole('list', { name: 'Rækkefølge på aftaler' });
  await expect(shop.getByTestId('sortable-product')).toHaveCount(3);
  expect(await titlesOf(shop)).toEqual([`${p} A`, `${p} B`, `${p} C`]);

  // Keyboard sensor: focus the handle, Space, ArrowDown twice, Space — A goes last.
  // Each press waits for what it does, as the list tells a screen reader: the handle is pressed
  // (picked up), then the live region announces each move and the drop.
  const handleA = shop.getByRole('button', { name: `Flyt ${p} A` });
  const announced = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
  await handleA.focus();
  await page.keyboard.press('Space');
  await expect(handleA).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit's keyboard sensor starts listening a tick after the pick-up, so a press in that tick
  // is lost on a busy machine: press again only while the move has not been announced.
  const moveDownTo = (place: number) =>
    expect(async () => {
      const region = page.getByRole('status').filter({ hasText: `${p} A er flyttet til plads ${place} af 3.` });
      if ((await region.count()) === 0) await page.keyboard.press('ArrowDown');
      await expect(region).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  await moveDownTo(2);
  await moveDownTo(3);
  await page.keyboard.press('Space');
  await announced(`${p} A er sat på plads 3 af 3.`);
  await expect(page.getByText('Produkterne blev sorteret!')).toBeVisible();
  await expect.poll(() => titlesOf(shop)).toEqual([`${p} B`, `${p} C`, `${p} A`]);

  // Pointer sensor (mouse down, move in steps, up): drag C from last to first in the agreement list.
  const handle = contract.getByRole('button', { name: `Flyt ${p} C` });
  const target = contract.getByTestId('sortable-product').first();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no boxes');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => titlesOf(contract)).toEqual([`${p} C`, `${p} A`, `${p} B`]);
  await expect(page.getByText('Produkterne blev sorteret!').first()).toBeVisible();

  // Both orders persist, each on its own.
  await page.reload();
  await expect(shop.getByTestId('sortable-product')).toHaveCount(3);
  expect(await titlesOf(shop)).toEqual([`${p} B`, `${p} C`, `${p} A`]);
  expect(await titlesOf(contract)).toEqual([`${p} C`, `${p} A`, `${p} B`]);
  const api = trpc(page.request);
  const saved = await api.query<{ title: string }[]>('productCategories.products', { id: categoryId, contract: false });
  expect(saved.map((x) => x.title)).toEqual([`${p} B`, `${p} C`, `${p} A`]);
});

test('invoice group: Gruppe and E-conomic tabs, created and saved with SPEC toasts', async ({ page }) => {
  await login(page, 'staff');
  const title = unique('E2E Gruppe');
  await page.goto('/products/invoicegroups');
  await page.getByRole('link', { name: 'Opret gruppe' }).click();
  await expect(page.getByRole('tab', { name: 'Gruppe' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  await page.getByLabel('Varenr.').fill('GRP-1');
  await page.getByText('Momsfri', { exact: true }).click();
  await page.getByRole('tab', { name: 'E-conomic' }).click();
  await page.getByLabel('Varegruppe', { exact: true }).fill('1100');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Gruppen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/invoicegroups\/\d+$/);
  await page.reload();
  await expect(page.getByLabel('Varenr.')).toHaveValue('GRP-1');
  await page.getByRole('tab', { name: 'E-conomic' }).click();
  await expect(page.getByLabel('Varegruppe', { exact: true })).toHaveValue('1100');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Gruppen blev gemt!')).toBeVisible();

  await page.goto('/products/invoicegroups');
  await page.getByRole('searchbox').fill(title);
  const table = page.getByRole('table', { name: 'Fakturagrupper' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Ja');
});
