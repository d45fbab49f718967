import { expect, test } from '@playwright/test';
import { login, toast, trpc, unique } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('contact: required fields, create with extra info, company and list, edit, delete from the list', async ({ page }) => {
  const lastname = unique('Kontakt');
  const email = `${lastname.toLowerCase()}@example.dk`;
  await login(page, 'staff');
  const company = await trpc(page.request).mutate<{ id: number }>('companies.update', { name: unique('E2E Firma'), status: 1, phone: '11 22 33 44' });
  const companyName = (await trpc(page.request).query<{ name: string }>('companies.get', { id: company.id })).name;
  const list = await trpc(page.request).mutate<{ id: number }>('contacts.lists.update', { title: unique('E2E Liste') });
  const listTitle = (await trpc(page.request).query<{ title: string }>('contacts.lists.get', { id: list.id })).title;

  await page.goto('/contacts');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Kontaktlister' })).toBeVisible();
  await page.getByRole('link', { name: 'Opret kontakt' }).click();
  await expect(page).toHaveURL(/\/contacts\/create$/);
  await expect(page.getByRole('heading', { name: 'Opret kontakt' })).toBeVisible();

  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Fornavn er påkrævet')).toBeVisible();
  await expect(page.getByText('Efternavn er påkrævet')).toBeVisible();
  await expect(page.getByText('E-mail er påkrævet')).toBeVisible();
  await page.getByLabel('E-mail').fill('ikke-en-email');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('E-mail skal være en gyldig e-mail')).toBeVisible();

  await page.getByLabel('Fornavn').fill('Karen');
  await page.getByLabel('Efternavn').fill(lastname);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobil').fill('20 30 40 50');
  await page.getByLabel('Om', { exact: true }).fill('Indkøbschef');
  await page.getByText('Fremhævet', { exact: true }).click();
  await page.getByLabel('Kostpræferencer').selectOption('Vegetar');
  await page.getByRole('combobox', { name: 'Tilføj virksomhed' }).fill(companyName);
  await page.getByRole('option', { name: new RegExp(companyName) }).click();
  await page.getByRole('combobox', { name: 'Tilføj til kontaktliste' }).fill(listTitle);
  await page.getByRole('option', { name: new RegExp(listTitle) }).click();
  // A picture goes with the new contact as multipart.
  await page.locator('input[type="file"][accept="image/*"]').setInputFiles({ name: 'karen.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Kontaktpersonen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const saved = await trpc(page.request).query<{
    companyIds: number[];
    listIds: number[];
    highlighted: boolean;
    pictureUrl: string | null;
    extraInfo: Record<string, { value: string | null }>;
  }>('contacts.get', { id });
  expect(saved.companyIds).toEqual([company.id]);
  expect(saved.listIds).toEqual([list.id]);
  expect(saved.highlighted).toBe(true);
  expect(saved.pictureUrl).toMatch(/^\/api\/files\/\d+$/);
  expect(saved.extraInfo.kost.value).toBe('Vegetar');

  // Reloaded: the chosen company and list are shown; payment cards say there are none.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Karen ${lastname}` })).toBeVisible();
  await expect(page.getByLabel(`Valgte: Tilføj virksomhed`)).toContainText(companyName);
  await expect(page.getByLabel(`Valgte: Tilføj til kontaktliste`)).toContainText(listTitle);
  await expect(page.getByText('Kontakten har ingen gemte betalingskort.')).toBeVisible();
  await expect(page.getByLabel(`Valgte: Tilføj virksomhed`).getByRole('link', { name: companyName })).toHaveAttribute('href', `/companies/${company.id}`);
  await page.getByLabel('Telefon').fill('86 12 34 56');
  await page.getByRole('button', { name: `Fjern ${listTitle}` }).click();
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Kontaktpersonen blev gemt!')).toBeVisible();
  const after = await trpc(page.request).query<{ listIds: number[]; phone: string }>('contacts.get', { id });
  expect(after.listIds).toEqual([]);
  expect(after.phone).toBe('86 12 34 56');

  // The list: search, edit link, delete with confirmation.
  await page.goto('/contacts');
  await page.getByRole('searchbox').fill(lastname);
  const table = page.getByRole('table', { name: 'Kontakter' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(email);
  await expect(table).toContainText('20 30 40 50');
  await table.getByRole('button', { name: `Slet Karen ${lastname}` }).click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Er du sikker på at du vil slette denne kontaktperson?');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(toast(page, 'Kontaktpersonen blev slettet!')).toBeVisible();
  await expect(table).toContainText('Ingen elementer blev fundet.');
});

test('contact list: create, then add a contact from the picker, create one from the picker, remove one', async ({ page }) => {
  const title = unique('E2E Kontaktliste');
  const lastname = unique('Picker');
  await login(page, 'staff');
  await trpc(page.request).mutate('contacts.update', { firstname: 'Peter', lastname, email: `${lastname.toLowerCase()}@example.dk`, phone: '70 70 70 70' });

  await page.goto('/contacts/contact-lists');
  await page.getByRole('link', { name: 'Opret kontaktliste' }).click();
  await expect(page).toHaveURL(/\/contacts\/contact-lists\/create$/);
  await expect(page.getByRole('heading', { name: 'Opret kontaktliste' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tilføj kontakt til listen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Navn er påkrævet')).toBeVisible();
  await page.getByLabel('Navn').fill(title);
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Kontaktliste blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/contact-lists\/\d+$/);
  await expect(page.getByRole('heading', { name: `Rediger ${title}` })).toBeVisible();

  // Add an existing contact from the picker.
  const picker = page.getByRole('combobox', { name: 'Tilføj kontakt til listen' });
  await picker.fill(lastname);
  await page.getByRole('option', { name: new RegExp(lastname) }).click();
  await expect(toast(page, 'Kontaktpersonen blev tilføjet listen')).toBeVisible();
  const members = page.getByRole('table', { name: 'Kontakter på listen' });
  await expect(members.getByRole('row').filter({ hasText: lastname })).toContainText('70 70 70 70');
  await expect(members.getByRole('link', { name: `Vis Peter ${lastname}` })).toBeVisible();

  // 'Opret kontakt' in the dropdown opens a small form; the new contact joins the list.
  const newLast = unique('Ny');
  await picker.fill(`Nina ${newLast}`);
  await page.getByRole('button', { name: 'Opret kontakt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opret kontakt' });
  await expect(dialog.getByLabel('Fornavn')).toHaveValue('Nina');
  await expect(dialog.getByLabel('Efternavn')).toHaveValue(newLast);
  await dialog.getByLabel('E-mail').fill(`${newLast.toLowerCase()}@example.dk`);
  await dialog.getByRole('button', { name: 'Opret kontakt' }).click();
  await expect(toast(page, 'Kontaktpersonen blev oprettet!')).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: newLast })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kontakter (2)' })).toBeVisible();

  // Rename and save.
  await page.getByLabel('Navn').fill(`${title} 2`);
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Kontaktliste blev gemt!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Rediger ${title} 2` })).toBeVisible();

  // Remove one.
  await members.getByRole('button', { name: `Fjern Peter ${lastname}` }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Fjern' }).click();
  await expect(toast(page, 'Kontaktpersonen blev fjernet fra listen')).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: lastname })).toHaveCount(0);

  // Back to the lists: the list shows its count.
  await page.getByRole('link', { name: 'Tilbage' }).click();
  await expect(page).toHaveURL(/\/contacts\/contact-lists$/);
  await page.getByRole('searchbox').fill(`${title} 2`);
  await expect(page.getByRole('table', { name: 'Kontaktlister' }).getByRole('row').filter({ hasText: `${title} 2` })).toContainText('1');
});

test('contact: saved payment cards are shown masked with the default marked, and a card can be deleted', async ({ page }) => {
  await login(page, 'staff');
  const found = await trpc(page.request).query<{ id: number; firstname: string; lastname: string }[]>('contacts.search', { search: 'Lars Mikkelsen' });
  await page.goto(`/contacts/${found[0].id}`);
  const cards = page.getByRole('table', { name: 'Betalingskort' });
  await expect(cards.getByRole('row', { name: /Visa\s*Standard\s*XXXX XXXX XXXX 4242\s*08\/29/i })).toBeVisible();
  const mastercard = cards.getByRole('row', { name: /XXXX XXXX XXXX 4444/ });
  await expect(mastercard).toContainText('03/28');
  await mastercard.getByRole('button', { name: 'Slet kort XXXX XXXX XXXX 4444' }).click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Er du sikker på at du vil slette dette betalingskort?');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(toast(page, 'Betalingskortet blev slettet.')).toBeVisible();
  await expect(mastercard).toHaveCount(0);
  await expect(cards.getByRole('row', { name: /4242/ })).toBeVisible();
});
