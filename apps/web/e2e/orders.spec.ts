import { expect, request as playwrightRequest, test } from '@playwright/test';
import { eventWithTickets } from './gate-fixtures';
import { adminApi, apiLogin, login, screenshots, serious, toast, trpc } from './helpers';

/**
 * Issue 13's browser test: staff create an order with lines and options, approve it and send a
 * payment link; the contact opens the link from the mail in the outbox, pays on the test provider's
 * page as a buyer would, and the order list says Betalt. Screenshots of the list and the order at
 * 390 and 1280 px; axe on the payment link's page.
 */
const shoot = screenshots('orders-screens');

test('an order with lines and options: created, approved, payment link paid by the contact on the test provider, Betalt in the list', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  const contact = (await trpc(page.request).query<{ id: number; firstname: string; lastname: string; email: string }[]>('contacts.search', { search: '' })).find((c) => c.email);
  expect(contact, 'a demo contact with an e-mail').toBeTruthy();

  await page.goto('/orders/orders');
  await expect(page.getByRole('heading', { name: 'Ordrer', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ordrer' })).toBeVisible();
  await page.getByRole('link', { name: 'Opret ordre' }).click();
  await expect(page).toHaveURL(/\/orders\/create$/);
  await expect(page.getByRole('heading', { name: 'Opret ordre' })).toBeVisible();

  // The buyer: a contact found by search fills the buyer's name and e-mail.
  await page.getByRole('combobox', { name: 'Vælg kontaktperson' }).fill(contact!.lastname);
  await page.getByRole('listbox', { name: 'Vælg kontaktperson' }).getByText(`${contact!.firstname} ${contact!.lastname}`).first().click();
  await expect(page.locator('input[name="email"]')).toHaveValue(contact!.email);

  // A line from a product, with its option; a seat must be X-Y.
  await page.getByRole('button', { name: 'Tilføj linje' }).click();
  const modal = page.getByTestId('line-modal');
  await modal.getByRole('combobox', { name: 'Søg produkt' }).fill('Sæsonkort');
  await modal.getByRole('option', { name: /Sæsonkort/ }).first().click();
  await expect(modal.locator('input[name="title"]')).toHaveValue('Sæsonkort');
  await modal.locator('input[name="amount"]').fill('2');
  await modal.locator('input[name="seat"]').fill('A12');
  await modal.getByRole('button', { name: /Parkering/ }).click();
  await expect(modal.locator('input[name="options.0.title"]')).toHaveValue('Parkering');
  await shoot(page, 'line-modal', false);
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(modal.getByText('Plads skal være i formatet X-Y')).toBeVisible();
  await modal.locator('input[name="seat"]').fill('A-12');
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(modal).toBeHidden();
  const lines = page.getByRole('table', { name: 'Ordrelinjer' });
  await expect(lines.getByRole('row', { name: /Sæsonkort.*Parkering/ })).toBeVisible();
  // A line by hand.
  await page.getByRole('button', { name: 'Tilføj linje' }).click();
  await modal.locator('input[name="title"]').fill('Sponsorpakke');
  await modal.locator('input[name="price"]').fill('1.000,00');
  await modal.getByRole('button', { name: 'Gem' }).click();
  await expect(lines.getByRole('row', { name: /Sponsorpakke/ })).toBeVisible();
  // 2 × (1.800 + 250) + 1.000 = 5.100 kr., entered incl. VAT: the live total.
  await expect(page.getByTestId('order-total')).toHaveText('5.100,00 kr.');

  await shoot(page, 'order-new');

  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Ordren blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const heading = page.getByRole('heading', { name: /^Ordre #\d+/ });
  await expect(heading).toBeVisible();
  const number = Number((await heading.innerText()).match(/#(\d+)/)?.[1]);
  await expect(page.getByTestId('order-total')).toHaveText('5.100,00 kr.');

  await page.getByRole('button', { name: 'Godkend' }).click();
  await expect(toast(page, 'Ordren blev godkendt!')).toBeVisible();
  await expect(heading).toContainText('Godkendt');
  // Lines are only editable in draft.
  await expect(page.getByRole('button', { name: 'Tilføj linje' })).toHaveCount(0);
  await shoot(page, 'order-approved');

  await page.getByRole('button', { name: 'Send betalingslink' }).click();
  const send = page.getByTestId('paymentlink-modal');
  await expect(send.getByText(`Er du sikker på at du vil sende et betalingslink til ${contact!.email}?`)).toBeVisible();
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Betalingslink blev sendt.')).toBeVisible();

  // The contact's mail, from the outbox.
  const admin = await adminApi(baseURL);
  const [mail] = await trpc(admin).query<{ text: string; subject: string }[]>('outbox.recent', { to: contact!.email, kind: 'order-paymentlink', limit: 1 });
  expect(mail.subject).toContain(`ordre nr. ${number}`);
  const link = mail.text.match(/https?:\/\/\S+\/public\/orders\/pay\/\S+/)?.[0];
  expect(link).toBeTruthy();

  // The contact, with no session, pays on the test provider's page.
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(link!).pathname);
  await expect(buyer.getByRole('heading', { name: `Ordre nr. ${number}` })).toBeVisible();
  await expect(buyer.getByRole('table', { name: 'Ordrelinjer' })).toContainText('Parkering');
  expect(await serious(buyer)).toEqual([]);
  await shoot(buyer, 'pay-link');
  await buyer.getByRole('button', { name: 'Betal 5.100,00 kr.' }).click();
  await expect(buyer).toHaveURL(/\/pay\/test\//);
  await buyer.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/35');
  await buyer.getByLabel('Kontrolcifre').fill('123');
  await buyer.getByRole('button', { name: /^Betal/ }).click();
  await expect(buyer).toHaveURL(/\/public\/orders\/pay\/.+\?betaling=ok/);
  await expect(buyer.getByText('Ordren er betalt. Tak for din betaling!')).toBeVisible();
  await buyerContext.close();

  // Betalt in the list.
  await page.goto(`/orders/orders?q=${number}`);
  const row = page.getByRole('table', { name: 'Ordrer' }).getByRole('row', { name: new RegExp(`#${number}\\b`) });
  await expect(row).toContainText('Betalt');
  await expect(row).toContainText('Godkendt');
  await expect(row).toContainText('5.100,00 kr.');
  await page.goto('/orders/orders');
  await expect(page.getByRole('table', { name: 'Ordrer' }).getByRole('link', { name: `#${number}` })).toBeVisible();
  await shoot(page, 'orders-list');
  await page.goto(`/orders/${id}`);
  await expect(page.getByRole('table', { name: 'Betalinger' })).toContainText('Betalt');
  await context.close();
  await admin.dispose();
});

test('a booking’s order shows its tickets on Billetter — number, holder, status, PDF, the event — and cancelled, they say Annulleret', async ({ page, baseURL }) => {
  const staff = await playwrightRequest.newContext({ baseURL });
  await apiLogin(staff, 'staff');
  const { title, orderIds } = await eventWithTickets(staff, baseURL as string, 'Stregkode', ['Bodil'], {}, { type: 'Ordretype', event: 'Ordrekamp' });
  await staff.dispose();

  await login(page, 'staff');
  await page.goto(`/orders/${orderIds[0]}`);
  await page.getByRole('tab', { name: 'Billetter' }).click();
  const table = page.getByRole('table', { name: 'Billetter' });
  const row = table.getByRole('row').filter({ hasText: 'Bodil Gæst' });
  await expect(row).toContainText('Fribillet');
  await expect(row).toContainText('Gyldig');
  await expect(row.getByRole('link', { name: /PDF: billet \d+/ })).toHaveAttribute('href', /^\/public\/events\/ticket\/[a-z2-7]{32}$/);
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', /^\/events\/\d+$/);
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'order-tickets');

  await page.getByRole('button', { name: 'Annuller' }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(toast(page, 'Ordren blev annulleret!')).toBeVisible();
  await page.getByRole('tab', { name: 'Billetter' }).click();
  await expect(row).toContainText('Annulleret');
  await expect(row.getByRole('link', { name: /PDF/ })).toHaveCount(0);
});
