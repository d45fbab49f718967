import { expect, test } from '@playwright/test';
import { login, toast, trpc, unique } from './helpers';

const QUESTION = 'Du har ændringer, der ikke er gemt. Vil du forlade siden uden at gemme?';

test('edit page: leaving a changed form asks first; Fortryd stays, Forlad siden leaves; saved or untouched forms leave at once', async ({ page }) => {
  await login(page, 'staff');
  const title = unique('E2E Vagt');
  const { id } = await trpc(page.request).mutate<{ id: number }>('invoiceGroups.update', { id: null, title, sorting: '0', vatExempt: false, economic: {} });
  const titleBox = page.getByRole('textbox', { name: 'Titel', exact: true });
  const dialog = page.getByTestId('confirm-modal');

  // Untouched: Tilbage leaves without a question.
  await page.goto(`/products/invoicegroups/${id}`);
  await expect(titleBox).toHaveValue(title);
  await page.getByRole('link', { name: 'Tilbage' }).click();
  await expect(page).toHaveURL(/\/products\/invoicegroups$/);
  await expect(dialog).toBeHidden();

  // Changed, then Tilbage: the question; Fortryd stays with the typed text.
  await page.goto(`/products/invoicegroups/${id}`);
  await titleBox.fill(`${title} ændret`);
  await page.getByRole('link', { name: 'Tilbage' }).click();
  await expect(dialog).toContainText(QUESTION);
  await dialog.getByRole('button', { name: 'Fortryd' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/products/invoicegroups/${id}$`));
  await expect(titleBox).toHaveValue(`${title} ændret`);

  // A navigation link asks too; Forlad siden leaves without saving.
  await page.getByRole('navigation', { name: 'Produkter' }).getByRole('link', { name: 'Kategorier' }).click();
  await expect(dialog).toContainText(QUESTION);
  await dialog.getByRole('button', { name: 'Forlad siden' }).click();
  await expect(page).toHaveURL(/\/products\/categories$/);
  const saved = await trpc(page.request).query<{ title: string }>('invoiceGroups.get', { id });
  expect(saved.title).toBe(title);

  // Saved changes leave at once; so does a new record after its first save (the route takes the new id).
  await page.goto(`/products/invoicegroups/${id}`);
  await titleBox.fill(`${title} 2`);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(toast(page, 'Gruppen blev gemt!')).toBeVisible();
  await page.getByRole('link', { name: 'Tilbage' }).click();
  await expect(page).toHaveURL(/\/products\/invoicegroups$/);
  await expect(dialog).toBeHidden();

  await page.goto('/products/invoicegroups/create');
  await titleBox.fill(unique('E2E Vagt ny'));
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(toast(page, 'Gruppen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/invoicegroups\/\d+$/);
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Tilbage' }).click();
  await expect(page).toHaveURL(/\/products\/invoicegroups$/);
});

test('edit page: what Gem prepares before the call fails in a toast (an image over 10 MB), and nothing is saved', async ({ page }) => {
  await login(page, 'staff');
  const title = unique('E2E Stor');
  await page.goto('/products/categories/create');
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1)]);
  await page.locator('input[type="file"][accept="image/*"]').first().setInputFiles({ name: 'stor.png', mimeType: 'image/png', buffer: big });
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Filen må maksimalt være 10 MB')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/categories\/create$/);
  const categories = await trpc(page.request).query<{ title: string }[]>('productCategories.options');
  expect(categories.map((c) => c.title)).not.toContain(title);
});
