import { expect, type Page, test } from '@playwright/test';
import { login, screenshots, serious, toast, trpc } from './helpers';

/**
 * Issue 15's browser test: staff invoice an approved order from its Fakturaer tab (Fakturer nu),
 * book the draft, mark it paid (the receipt goes), credit it, and open the PDF the PDF job made;
 * the Fakturaer list shows them. Screenshots at 390 and 1280 px; axe on the tab and the list.
 */
const shoot = screenshots('invoices-screens');

async function confirmed(page: Page) {
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Bekræft' }).click();
}

test('invoice an approved order, book it, mark it paid, credit it and open the PDF', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  const api = trpc(page.request);
  const { id } = await api.mutate<{ id: number }>('orders.update', {
    firstname: 'Faktura',
    lastname: 'Testesen',
    email: 'faktura@example.dk',
    orderLines: [
      { title: 'Bandereklame', price: '4000', amount: 1 },
      { title: 'Halstørklæde', price: '149', amount: 2 },
    ],
  });
  await api.mutate('orders.approve', { id });

  await page.goto(`/orders/${id}`);
  await page.getByRole('tab', { name: 'Fakturaer' }).click();
  await expect(page.getByText('Der er endnu ingen fakturaer på ordren.')).toBeVisible();
  await page.getByRole('button', { name: 'Fakturer nu' }).click();
  await confirmed(page);
  await expect(toast(page, 'Faktura blev oprettet!')).toBeVisible();
  const table = page.getByRole('table', { name: 'Fakturaer på ordren' });
  await expect(table.getByText('Kladde').filter({ visible: true }).first()).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'order-invoices-draft');

  await table.getByRole('button', { name: 'Handlinger for Kladde' }).click();
  await page.getByRole('menuitem', { name: 'Bogfør' }).click();
  await confirmed(page);
  await expect(toast(page, 'Fakturaen blev bogført!')).toBeVisible();
  const row = await api.query<{ invoices: { id: number; number: number | null }[] }>('invoices.byOrder', { orderId: id });
  const number = row.invoices[0].number as number;
  expect(number).toBeGreaterThan(0);

  await table.getByRole('button', { name: `Handlinger for Faktura ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Markér som betalt' }).click();
  await confirmed(page);
  await expect(toast(page, 'E-mail med kvittering sendt')).toBeVisible();
  await expect(table.getByText('Betalt').filter({ visible: true })).toBeVisible();

  await table.getByRole('button', { name: `Handlinger for Faktura ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Krediter' }).click();
  await confirmed(page);
  await expect(toast(page, 'Fakturaen blev krediteret!')).toBeVisible();
  await expect(table.getByText(`Kreditnota ${number + 1}`)).toBeVisible();

  // The PDF job (nudged every 2 s) makes the PDF; the tab then links it.
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Fakturaer' }).click();
    await expect(page.getByRole('link', { name: `PDF: Faktura ${number}` })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const href = await page.getByRole('link', { name: `PDF: Faktura ${number}` }).getAttribute('href');
  const pdf = await page.request.get(href as string);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: `PDF: Faktura ${number}` }).click()]);
  expect(popup.url()).toContain(`/api/invoices/`);
  await popup.close();
  await shoot(page, 'order-invoices-credited');

  await page.goto('/orders/invoices');
  const list = page.getByRole('table', { name: 'Fakturaer' });
  await expect(list.getByText(`Kreditnota ${number + 1}`)).toBeVisible();
  await expect(list.getByRole('link', { name: `Ordre #` }).first()).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'invoices-list');
  await context.close();
});

test('the company screen’s revenue and orders cards, and the E-conomic settings typed by hand while not connected', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'admin');
  const invoices = await trpc(page.request).query<{ rows: { companyId: number | null; isDraft: boolean; type: string }[] }>('invoices.list', { perPage: 100 });
  const companyId = invoices.rows.find((r) => r.companyId && !r.isDraft && r.type === 'invoice')?.companyId;
  expect(companyId, 'a demo company with a booked invoice').toBeTruthy();
  await page.goto(`/companies/${companyId}`);
  await expect(page.getByRole('heading', { name: 'Omsætning' })).toBeVisible();
  await expect(page.getByText('I år')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ordre #\d+$/ }).first()).toBeVisible();
  await shoot(page, 'company-sales');
  await page.getByRole('link', { name: /^Se alle/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/orders\\?company=${companyId}`));
  await expect(page.getByRole('table', { name: 'Ordrer' }).getByRole('row')).not.toHaveCount(1);

  await page.goto('/settings/economic');
  await expect(page.getByRole('heading', { name: 'E-conomic', exact: true })).toBeVisible();
  await expect(page.getByText('E-conomic er ikke forbundet: skriv nummeret.').first()).toBeVisible();
  await page.getByLabel('Kundegruppe').fill('3');
  await page.getByLabel('Fakturatekst').fill('Tak for støtten til klubben!');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(toast(page, 'Indstillinger blev gemt!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Kundegruppe')).toHaveValue('3');
  await shoot(page, 'settings-economic');
  await context.close();
});
