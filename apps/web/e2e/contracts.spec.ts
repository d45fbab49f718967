import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { adminApi, login, screenshots, serious, toast, trpc } from './helpers';

/**
 * Issue 17's browser test: staff draft an agreement from the sponsor package (a board by checkbox,
 * season cards by amount, a shirt logo with price and description), save it, approve it; the list
 * filters by status. Screenshots of the list and the agreement at 390 and 1280 px; axe on both.
 */
const SHOTS = join(process.env.E2E_OUTPUT_DIR ?? 'test-results', 'contracts-screens');
const shoot = screenshots('contracts-screens');

test('an agreement drafted from the sponsor package, approved, sent for signing and signed by the sponsor on a phone; the list filters by status', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  const contact = (await trpc(page.request).query<{ id: number; firstname: string; lastname: string; email: string }[]>('contacts.search', { search: '' })).find((c) => c.email);
  const company = (await trpc(page.request).query<{ id: number; name: string }[]>('companies.search', { search: '' }))[0];
  expect(contact && company, 'a demo contact and company').toBeTruthy();

  await page.goto('/orders/contracts');
  await expect(page.getByRole('heading', { name: 'Aftaler', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Aftaler' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.getByRole('link', { name: 'Opret aftale' }).click();
  await expect(page).toHaveURL(/\/orders\/contracts\/create$/);
  await expect(page.getByRole('heading', { name: 'Opret aftale' })).toBeVisible();
  // SPEC §9 defaults: the first agreement category and the first season, its dates filled, the start locked.
  await expect(page.getByLabel('Kategori', { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel('Sæson', { exact: true })).toHaveValue(/\d+/);
  await expect(page.locator('input[name="startDate"]')).toBeDisabled();
  await expect(page.locator('input[name="startDate"]')).not.toHaveValue('');

  await page.getByRole('combobox', { name: 'Vælg kontaktperson' }).fill(contact!.lastname);
  await page.getByRole('listbox', { name: 'Vælg kontaktperson' }).getByText(`${contact!.firstname} ${contact!.lastname}`).first().click();
  await page.getByRole('combobox', { name: 'Vælg virksomhed' }).fill(company!.name.slice(0, 4));
  await page.getByRole('listbox', { name: 'Vælg virksomhed' }).getByText(company!.name).first().click();

  // The sponsor package through the products' contract setup.
  const setup = page.getByRole('group', { name: 'Sponsorpakker' });
  await setup.getByText('Bandereklame').click();
  await page.getByLabel('Antal Sæsonkort').fill('2');
  await page.getByLabel('Antal Logo på spillertrøje').fill('1');
  await page.getByLabel('Beskrivelse Logo på spillertrøje').fill('Bryst, front');
  const lines = page.getByRole('table', { name: 'Aftalelinjer' });
  await expect(lines.getByRole('row', { name: /Bandereklame/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /Sæsonkort/ })).toContainText('2');
  await expect(lines.getByRole('row', { name: /Logo på spillertrøje/ })).toBeVisible();
  // Unticked, the board goes again; ticked, it is back.
  await setup.getByText('Bandereklame').click();
  await expect(lines.getByRole('row', { name: /Bandereklame/ })).toHaveCount(0);
  await setup.getByText('Bandereklame').click();
  // 15.000 + 2 × 1.800 + 25.000 = 43.600 kr.
  await expect(page.getByTestId('order-total')).toHaveText('43.600,00 kr.');
  await shoot(page, 'contract-new');

  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Aftalen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/contracts\/\d+$/);
  await expect(page.getByRole('heading', { name: /Aftale #\d+/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fakturaer' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Filer' })).toBeVisible();
  expect(await serious(page)).toEqual([]);

  await page.getByRole('button', { name: 'Godkend' }).click();
  await expect(toast(page, 'Aftalen blev godkendt!')).toBeVisible();
  await expect(page.getByText('Godkendt', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forny' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rediger' })).toBeVisible();
  await shoot(page, 'contract-approved');
  await page.getByRole('tab', { name: 'Detaljer' }).click();
  await expect(page.getByRole('table', { name: 'Historik' })).toContainText('approve');
  expect(await serious(page)).toEqual([]);

  const number = (await page.getByTestId('contract-heading').textContent())?.replace(/\D/g, '');
  const contractId = Number(/\/(\d+)$/.exec(page.url())?.[1]);

  // The PDF job makes the agreement's PDF; then it goes to the contact for signing.
  await expect.poll(async () => (await page.request.get(`/api/contracts/${contractId}/pdf`)).status(), { timeout: 60_000 }).toBe(200);
  await page.getByRole('button', { name: 'Send til underskrift' }).click();
  await expect(page.getByText(`Er du sikker på at du vil sende aftalen til underskrift hos ${contact!.email}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expect(toast(page, 'Aftalen blev sendt til underskrift.')).toBeVisible();
  const admin = await adminApi(baseURL);
  const [mail] = await trpc(admin).query<{ text: string; subject: string }[]>('outbox.recent', { to: contact!.email, kind: 'contract-signing', limit: 1 });
  const link = mail.text.match(/https?:\/\/\S+\/contracts\/\d+\/esign\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  // The sponsor opens the link on a phone, with no session: the PDF, page by page; the signature pad.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const sponsor = await phone.newPage();
  const url = new URL(link!);
  await sponsor.goto(url.pathname + url.search);
  await expect(sponsor.getByRole('heading', { name: 'Aftale til underskrift' })).toBeVisible();
  await expect(sponsor.getByTestId('page-counter')).toHaveText(/Side 1 af [1-9]/);
  await expect(sponsor.locator('.react-pdf__Page canvas')).toBeVisible({ timeout: 30_000 });
  await expect(sponsor.getByRole('navigation')).toHaveCount(0);
  expect(await serious(sponsor)).toEqual([]);
  await sponsor.screenshot({ path: join(SHOTS, 'esign-390.png'), fullPage: true });
  await sponsor.getByRole('button', { name: 'Underskriv' }).click();
  const modal = sponsor.getByTestId('signature-modal');
  await modal.getByRole('button', { name: 'Underskriv' }).click();
  await expect(modal.getByText('Underskrift er påkrævet!')).toBeVisible();
  await modal.getByLabel('Dit navn').fill(`${contact!.firstname} ${contact!.lastname}`);
  const canvas = modal.getByTestId('signature-canvas');
  const b = await canvas.boundingBox();
  await sponsor.mouse.move(b!.x + 20, b!.y + 120);
  await sponsor.mouse.down();
  for (const [dx, dy] of [[60, 40], [110, 130], [170, 50], [230, 120], [300, 70]]) await sponsor.mouse.move(b!.x + dx, b!.y + dy, { steps: 6 });
  await sponsor.mouse.up();
  await sponsor.screenshot({ path: join(SHOTS, 'esign-pad-390.png') });
  await modal.getByRole('button', { name: 'Underskriv' }).click();
  await expect(sponsor.getByText('Aftale underskrevet').first()).toBeVisible();
  await expect(modal).toBeHidden();
  // The signed PDF: one page more (the evidence page); the last page is it.
  const counter = sponsor.getByTestId('page-counter');
  await expect(counter).toHaveText(/Side 1 af [2-9]/);
  const total = Number((await counter.textContent())?.match(/af (\d+)/)?.[1]);
  for (let i = 1; i < total; i++) await sponsor.getByRole('button', { name: 'Næste side' }).click();
  await expect(counter).toHaveText(`Side ${total} af ${total}`);
  await expect(sponsor.locator('.react-pdf__Page canvas')).toBeVisible();
  await sponsor.waitForTimeout(500);
  await sponsor.screenshot({ path: join(SHOTS, 'esign-evidence-390.png'), fullPage: true });
  await expect(sponsor.getByRole('button', { name: 'Underskriv' })).toHaveCount(0);
  await phone.close();

  // Staff see the trail.
  await page.reload();
  await page.getByRole('tab', { name: 'Detaljer' }).click();
  await expect(page.getByRole('table', { name: 'Underskriftsspor' })).toContainText('Underskrevet');
  await expect(page.getByText('Underskrevet', { exact: true }).first()).toBeVisible();

  await page.goto('/orders/contracts?status=approved');
  await expect(page.getByRole('table', { name: 'Aftaler' }).getByRole('link', { name: `#${number}` })).toBeVisible();
  await shoot(page, 'contracts-list');
  await context.close();
});

test("an agreement's owner (Ansvarlig) is kept; a seat line copied to another event shows there, and one is removed after confirming", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'staff');
  const api = trpc(page.request);
  const contact = (await api.query<{ id: number; email: string | null }[]>('contacts.search', { search: '' }))[0];
  const company = (await api.query<{ id: number }[]>('companies.search', { search: '' }))[0];
  const category = (await api.query<{ id: number; hideOnContract: boolean }[]>('orderCategories.options')).find((c) => !c.hideOnContract);
  const groups = await api.query<{ products: { id: number; title: string }[] }[]>('contracts.products');
  const card = groups.flatMap((g) => g.products).find((p) => p.title === 'Sæsonkort');
  const events = await api.query<{ id: number; title: string }[]>('contracts.seatEvents', {});
  // Two events whose titles do not contain each other (the rows are told apart by the event's title).
  const from = events[0];
  const to = events.find((e) => !e.title.includes(from?.title ?? '') && !(from?.title ?? '').includes(e.title));
  expect(contact && company && category && card && from && to, 'demo rows for the agreement').toBeTruthy();
  const seat = `Q-${Date.now() % 100_000}`;
  const { id } = await api.mutate<{ id: number }>('contracts.update', {
    categoryId: category!.id,
    companyId: company!.id,
    contactId: contact!.id,
    startDate: '2026-08-01',
    endDate: '2027-06-30',
    description: 'Pladser',
    contractLines: [{ productId: card!.id, title: 'Sæsonkort', price: '1800', amount: 1, seat, seatEventId: from!.id }],
    invoicing: { type: 'single', invoiceDate: '2026-08-01' },
  });
  const owners = await api.query<{ id: number; name: string }[]>('app.owners');
  const owner = owners.find((o) => o.name === 'Søren Stab');
  expect(owner).toBeTruthy();

  // Ansvarlig on Detaljer, saved and there after a reload.
  await page.goto(`/orders/contracts/${id}`);
  await page.getByRole('tab', { name: 'Detaljer' }).click();
  await page.locator('select[name="ownerId"]').selectOption({ label: 'Søren Stab' });
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Aftalen blev gemt!')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Detaljer' }).click();
  await expect(page.locator('select[name="ownerId"]')).toHaveValue(String(owner!.id));

  // Kopier: the dialog picks the other event; the copy shows that event.
  await page.getByRole('tab', { name: 'Aftale' }).click();
  const lines = page.getByRole('table', { name: 'Aftalelinjer' });
  await expect(lines.getByRole('row', { name: new RegExp(seat) })).toHaveCount(1);
  await lines.getByRole('button', { name: `Kopier plads ${seat}` }).click();
  const modal = page.getByTestId('seat-event-modal');
  await expect(modal.getByText('Kopier plads til arrangement')).toBeVisible();
  await modal.getByPlaceholder('Søg arrangement...').fill(to!.title);
  await modal.locator('label').filter({ hasText: to!.title }).click();
  await modal.getByRole('button', { name: 'Kopier', exact: true }).click();
  await expect(toast(page, 'Aftalen blev gemt!')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(lines.getByRole('row', { name: new RegExp(seat) })).toHaveCount(2);
  await expect(lines.getByRole('row', { name: new RegExp(seat) }).filter({ hasText: to!.title })).toHaveCount(1);
  const stored = await api.query<{ contractLines: { seat: string | null; seatEventId: number | null }[] }>('contracts.get', { id });
  expect(stored.contractLines.filter((l) => l.seat === seat).map((l) => l.seatEventId)).toEqual([from!.id, to!.id]);
  // Copying it there again: the seat is taken; the server's text in a toast, nothing changes.
  await lines.getByRole('button', { name: `Kopier plads ${seat}` }).first().click();
  await modal.getByPlaceholder('Søg arrangement...').fill(to!.title);
  await modal.locator('label').filter({ hasText: to!.title }).click();
  await modal.getByRole('button', { name: 'Kopier', exact: true }).click();
  await expect(toast(page, 'En eller flere af de valgte pladser er desværre ikke længere ledige')).toBeVisible();
  await modal.getByRole('button', { name: 'Fortryd' }).click();
  await expect(lines.getByRole('row', { name: new RegExp(seat) })).toHaveCount(2);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await lines.scrollIntoViewIfNeeded();
  await lines.screenshot({ path: join(SHOTS, 'contract-seat-lines-1280.png') });

  // Fjern asks first; Fortryd keeps the line, Fjern removes it.
  const copy = lines.getByRole('row', { name: new RegExp(seat) }).filter({ hasText: to!.title });
  await copy.getByRole('button', { name: `Fjern plads ${seat}` }).click();
  await expect(page.getByText('Er du sikker på at du vil slette denne pladslinje?')).toBeVisible();
  await page.getByRole('button', { name: 'Fortryd' }).click();
  await expect(lines.getByRole('row', { name: new RegExp(seat) })).toHaveCount(2);
  await copy.getByRole('button', { name: `Fjern plads ${seat}` }).click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Fjern' }).click();
  await expect(toast(page, 'Aftalen blev gemt!')).toBeVisible();
  await expect(lines.getByRole('row', { name: new RegExp(seat) })).toHaveCount(1);
  await expect(lines.getByRole('row', { name: new RegExp(seat) })).toContainText(from!.title);
  expect(await serious(page)).toEqual([]);
});
