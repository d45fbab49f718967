import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login, toast, unique } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a type with a ticket, an event created from it (prefilled), a sub-event in the tree, invitations to a list sent', async ({ page }) => {
  test.setTimeout(120_000);
  const typeTitle = unique('E2E Type');
  const eventTitle = unique('E2E Kamp');
  await login(page, 'staff');

  // The type: title, tickets on, a location and a ticket product.
  await page.goto('/events/types');
  await expect(page.getByRole('table', { name: 'Typer' })).toContainText('Hjemmekamp');
  await page.getByRole('link', { name: 'Opret type' }).click();
  await expect(page.getByRole('heading', { name: 'Opret type' })).toBeVisible();
  await page.getByLabel('Titel').first().fill(typeTitle);
  await page.getByLabel('Sted').fill('E2E Stadion');
  await page.getByRole('checkbox', { name: 'Billetter' }).check({ force: true });
  await page.getByRole('tab', { name: 'Billetter' }).click();
  await page.getByRole('button', { name: 'Tilføj billet' }).click();
  const modal = page.getByTestId('ticket-modal');
  await modal.getByLabel('Produkt').selectOption({ label: 'Enkeltbillet' });
  await modal.getByLabel('Titel').fill('Voksen');
  await modal.getByLabel(/^Pris \(kr\.\)/).fill('150');
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('table', { name: 'Billetprodukter' })).toContainText('Voksen');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(toast(page, 'Typen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/types\/\d+$/);
  await expect(page.getByRole('heading', { name: typeTitle })).toBeVisible();
  await expect(page.locator('.chakra-spinner')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The event: a required field refused in Danish, then created from the type (prefilled location and ticket).
  await page.goto('/events/create');
  await expect(page.getByRole('heading', { name: 'Opret arrangement' })).toBeVisible();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Titel er påkrævet')).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: typeTitle });
  await expect(page.getByLabel('Sted')).toHaveValue('E2E Stadion');
  await page.getByLabel('Titel').fill(eventTitle);
  await page.getByLabel('Start dato').fill('2031-06-01T18:00');
  await page.getByLabel('Slut dato').fill('2031-06-01T20:00');
  await page.getByLabel('Tilmeldingsstart').fill('2031-01-01T09:00');
  await page.getByLabel('Tilmeldingsfrist').fill('2031-05-31T12:00');
  await page.getByRole('tab', { name: 'Billetter' }).click();
  await expect(page.getByRole('table', { name: 'Billetprodukter' })).toContainText('Voksen');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(toast(page, 'Arrangement blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  await expect(page.locator('.chakra-spinner')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A sub-event from Relationer, shown under its parent in the tree.
  await page.getByRole('tab', { name: 'Relationer' }).click();
  await page.getByRole('button', { name: 'Opret relation' }).click();
  await expect(toast(page, 'Arrangement blev oprettet!')).toBeVisible();
  await expect(page.getByText('Underarrangement', { exact: true })).toBeVisible();
  await page.goto(`/events?search=${encodeURIComponent(eventTitle)}`);
  const list = page.getByRole('table', { name: 'Arrangementer' });
  await list.getByRole('button', { name: `Vis underarrangementer af ${eventTitle}` }).click();
  await expect(list.getByRole('list', { name: `Underarrangementer af ${eventTitle}` })).toContainText(`${eventTitle} (underarrangement)`);
  expect(await seriousViolations(page)).toEqual([]);

  // Invitations to the Guldsponsorer list, sent: invitationSent Ja.
  await list.getByRole('link', { name: eventTitle, exact: true }).click();
  await page.getByRole('tab', { name: 'Invitationer' }).click();
  await page.getByRole('button', { name: 'Opret invitationer' }).click();
  const create = page.getByTestId('create-invites-modal');
  await create.getByRole('combobox', { name: 'Kontaktlister' }).fill('Guld');
  await create.getByRole('option', { name: /Guldsponsorer/ }).click();
  await create.getByRole('button', { name: 'Opret' }).click();
  await expect(toast(page, 'Invitationer blev oprettet!')).toBeVisible();
  const group = page.getByRole('table', { name: /Invitationer: Guldsponsorer/ });
  await expect(group).toContainText('Nej');
  await group.locator('thead label').click();
  await page.getByRole('button', { name: /Send \(\d+\)/ }).click();
  await page.getByRole('menuitem', { name: 'Send invitation', exact: true }).click();
  await expect(toast(page, 'Invitationer blev sendt!')).toBeVisible();
  await expect(group).not.toContainText('Nej');
  await expect(group).toContainText('Ja');
});

test('the company screen lists the events the company sponsors or is invited to; the demo event saves unchanged', async ({ page }) => {
  await login(page, 'staff');
  await page.goto('/companies?search=Aarhus%20Auto');
  await page.getByRole('link', { name: 'Aarhus Auto ApS' }).first().click();
  await page.getByRole('tab', { name: 'Arrangementer' }).click();
  const table = page.getByRole('table', { name: 'Arrangementer' });
  await expect(table.getByRole('row', { name: /Demo IF – AGF/ })).toContainText('Ja');
  await table.getByRole('link', { name: 'Demo IF – AGF', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Demo IF – AGF' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sponsorer' }).click();
  await expect(page.getByRole('group', { name: /Valgte: Hovedsponsor/ }).or(page.getByLabel('Valgte: Hovedsponsor'))).toContainText('Aarhus Auto ApS');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(toast(page, 'Arrangement blev gemt!')).toBeVisible();
});
