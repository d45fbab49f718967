import { expect, type Page, test } from '@playwright/test';
import { login, screenshots, unique } from './helpers';

const shoot = screenshots(process.env.E2E_SHOTS_DIR ?? '/tmp/evweb-shots');

const save = (page: Page) => page.getByRole('button', { name: 'Gem', exact: true }).click();

test('a type with a ticket, an event created from it, a sub-event in the list tree, a contact list invited and sent', async ({ page }) => {
  test.setTimeout(180_000);
  const typeName = unique('E2E Kamptype');
  const eventName = unique('E2E Hjemmekamp');
  const subName = unique('E2E Efterfest');
  await login(page, 'staff');

  // The type: a template with a place, tickets and one ticket product.
  await page.goto('/events/types');
  await expect(page.getByRole('heading', { name: 'Typer' })).toBeVisible();
  await page.getByRole('link', { name: 'Opret type' }).click();
  await expect(page.getByRole('heading', { name: 'Opret type' })).toBeVisible();
  for (const tab of ['Arrangement', 'Invitationer']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.locator('input[name="startDate"]')).toHaveCount(0);
  await expect(page.locator('input[name="sender.name"]')).toHaveCount(0);
  await page.locator('input[name="title"]').fill(typeName);
  await page.locator('input[name="location"]').fill('Stadion Nord');
  await page.getByText('Billetter', { exact: true }).first().click();
  await page.getByRole('tab', { name: 'Billetter' }).click();
  await page.getByRole('button', { name: 'Tilføj billet' }).click();
  const modal = page.getByTestId('ticket-modal');
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(modal.getByText('Produkt er påkrævet')).toBeVisible();
  await expect(modal.getByText('Pris er påkrævet')).toBeVisible();
  await modal.locator('select[name="productId"]').selectOption({ label: 'Enkeltbillet' });
  await modal.locator('input[name="title"]').fill('Voksen');
  await modal.locator('input[name="price"]').fill('150,00');
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('table', { name: 'Billettyper' })).toContainText('Voksen');
  await save(page);
  await expect(page.getByText('Typen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/types\/\d+$/);

  // The event: required fields in Danish, then the type's template fills the form.
  await page.goto('/events');
  await page.getByRole('link', { name: 'Opret arrangement' }).click();
  await expect(page.getByRole('heading', { name: 'Opret arrangement' })).toBeVisible();
  await expect(page.locator('input[name="sender.email"]')).toHaveValue('staff@demo.dk');
  await save(page);
  await expect(page.getByText('Titel er påkrævet')).toBeVisible();
  await expect(page.getByText('Type er påkrævet')).toBeVisible();
  await expect(page.getByText('Start dato er påkrævet')).toBeVisible();
  await page.locator('select[name="typeId"]').selectOption({ label: typeName });
  await expect(page.locator('input[name="location"]')).toHaveValue('Stadion Nord');
  await expect(page.getByRole('tab', { name: 'Billetter' })).toBeVisible();
  await page.locator('input[name="title"]').fill(eventName);
  await page.locator('input[name="startDate"]').fill('2027-05-01T18:00');
  await page.locator('input[name="endDate"]').fill('2027-05-01T16:00');
  await page.locator('input[name="signUpStart"]').fill('2027-04-01T08:00');
  await page.locator('input[name="signUpDeadline"]').fill('2027-04-30T23:00');
  await save(page);
  await expect(page.getByText('Slut dato skal være efter start dato.')).toBeVisible();
  await page.locator('input[name="endDate"]').fill('2027-05-01T21:00');
  await page.getByRole('tab', { name: 'Billetter' }).click();
  await expect(page.getByRole('table', { name: 'Billettyper' })).toContainText('Voksen');
  await save(page);
  await expect(page.getByText('Arrangement blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  const eventUrl = new URL(page.url()).pathname;
  await expect(page.locator('input[name="startDate"]')).toHaveValue('2027-05-01T18:00');
  await shoot(page, 'event');

  // A sub-event through Relationer.
  await page.getByRole('tab', { name: 'Relationer' }).click();
  await page.getByLabel('Titel på underarrangement').fill(subName);
  await page.getByRole('button', { name: 'Opret relation' }).click();
  await expect(page.getByRole('table', { name: 'Underarrangementer' })).toContainText(subName);
  // The sub-event: 'Underarrangement' beside its title, no 'Opret relation' of its own.
  await page.getByRole('table', { name: 'Underarrangementer' }).getByRole('link', { name: subName }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`${subName}.*Underarrangement`) })).toBeVisible();
  await page.getByRole('tab', { name: 'Relationer' }).click();
  await expect(page.getByRole('table', { name: 'Underarrangementer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opret relation' })).toHaveCount(0);

  // The list tree: the event with its sub-event under it.
  await page.goto('/events');
  await page.getByPlaceholder('Søg...').fill(eventName);
  const table = page.getByRole('table', { name: 'Arrangementer' });
  await expect(table.getByRole('link', { name: eventName, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: subName, exact: true })).toHaveCount(0);
  await table.getByRole('button', { name: `Vis underarrangementer af ${eventName}` }).click();
  await expect(table.getByRole('link', { name: subName, exact: true })).toBeVisible();
  await shoot(page, 'events-list');
  await page.getByRole('textbox', { name: 'Start dato fra' }).fill('2030-01-01');
  await expect(page.getByText('Ingen elementer blev fundet.')).toBeVisible();
  await page.getByRole('button', { name: 'Ryd Start dato' }).click();
  await expect(table.getByRole('link', { name: eventName, exact: true })).toBeVisible();

  // Invite the demo club's contact list and send.
  await page.goto(eventUrl);
  await page.getByRole('tab', { name: 'Invitationer' }).click();
  await page.getByRole('combobox', { name: 'Tilføj kontaktlister' }).fill('Guld');
  await page.getByRole('option', { name: /Guldsponsorer/ }).click();
  await page.getByRole('button', { name: 'Opret invitationer' }).click();
  await expect(page.getByText('Invitationer blev oprettet!')).toBeVisible();
  const invites = page.getByRole('table', { name: 'Invitationer: Guldsponsorer' });
  await expect(invites).toContainText('Nej');
  await expect(invites).toContainText('/public/events/invite/');
  await invites.getByRole('checkbox', { name: 'Vælg alle i Guldsponsorer' }).check({ force: true });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitationer blev sendt!')).toBeVisible();
  await expect(invites).toContainText('Ja');
  await expect(invites).not.toContainText('Nej');

  // The group's products: a new row starts at amount '0' (SPEC §9).
  await page.getByRole('button', { name: 'Rediger produkter' }).click();
  const products = page.getByTestId('invite-products-modal');
  await products.getByRole('button', { name: 'Tilføj produkt' }).click();
  await expect(products.locator('input[name="products.0.amount"]')).toHaveValue('0');
  await products.getByRole('button', { name: 'Gem' }).click();
  await expect(products.getByText('Produkt er påkrævet')).toBeVisible();
  await products.locator('select[name="products.0.productId"]').selectOption({ label: 'Enkeltbillet' });
  await products.locator('input[name="products.0.amount"]').fill('2');
  await products.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Invitationen blev gemt!')).toBeVisible();
  await expect(invites).toContainText('2 × Enkeltbillet');
  await shoot(page, 'event-invitations');
});
