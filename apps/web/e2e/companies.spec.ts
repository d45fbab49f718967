import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminApi, clubId, login, toast, trpc, unique } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Creates a company through the API (as the logged-in page's user); returns its id. */
async function createCompany(page: Page, values: Record<string, unknown>): Promise<number> {
  const r = await trpc(page.request).mutate<{ id: number }>('companies.update', values);
  return r.id;
}

test('company: validation, extra info, save, files, comments with replies, unread and author-only delete, no script runs', async ({ page, baseURL }) => {
  const name = unique('E2E Virksomhed');
  await login(page, 'staff');
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Opret virksomhed' }).click();
  await expect(page).toHaveURL(/\/companies\/create$/);
  await expect(page.getByRole('heading', { name: 'Opret virksomhed' })).toBeVisible();
  // Filer only once saved.
  await expect(page.getByRole('tab', { name: 'Filer' })).toHaveCount(0);

  // Name required; CVR required unless phone (and vice versa), in Danish from the shared schema.
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Navn er påkrævet')).toBeVisible();
  await expect(page.getByText('CVR er påkrævet, når telefon ikke er udfyldt')).toBeVisible();
  await expect(page.getByText('Telefon er påkrævet, når CVR ikke er udfyldt')).toBeVisible();
  await expect(page).toHaveURL(/\/companies\/create$/);

  await page.getByLabel('Navn').fill(name);
  await page.getByLabel('Status').selectOption({ label: 'Kunde' });
  await page.getByLabel('CVR', { exact: true }).fill('12345678');
  await expect(page.getByText('CVR er påkrævet, når telefon ikke er udfyldt')).toHaveCount(0);
  // EAN required once EAN invoicing is chosen.
  await page.getByText('Fakturér med EAN').click();
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('EAN er påkrævet, når EAN-fakturering er valgt')).toBeVisible();
  await page.getByRole('textbox', { name: /^EAN/ }).fill('5790000000005');
  await page.getByLabel('E-mail').fill('info@e2e-virksomhed.dk');
  await page.getByLabel('By', { exact: true }).fill('Aarhus C');
  await page.getByLabel('Opfølgningsdato').fill('2026-12-24');

  // The club's extra-info fields by type.
  await page.getByLabel('Branche').selectOption('IT');
  await page.getByRole('group', { name: 'Interesser' }).getByText('Fodbold').click();
  await page.getByRole('group', { name: 'Interesser' }).getByText('Netværk').click();
  await page.getByRole('radiogroup', { name: 'Sponsorniveau' }).getByText('Sølv').click();
  await page.getByLabel('Noter').fill('Kontakt efter sæsonstart');

  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Virksomheden blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Everything came back from the server.
  await page.reload();
  await expect(page.getByLabel('Navn')).toHaveValue(name);
  await expect(page.getByLabel('Status')).toHaveValue('1');
  await expect(page.getByLabel('Branche')).toHaveValue('IT');
  await expect(page.getByRole('group', { name: 'Interesser' }).getByRole('checkbox', { name: 'Fodbold' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Interesser' }).getByRole('checkbox', { name: 'Håndbold' })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Interesser' }).getByRole('checkbox', { name: 'Netværk' })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: 'Sponsorniveau' }).getByRole('radio', { name: 'Sølv' })).toBeChecked();
  await expect(page.getByLabel('Noter')).toHaveValue('Kontakt efter sæsonstart');
  await expect(page.getByLabel('Opfølgningsdato')).toHaveValue('2026-12-24');
  const stored = await trpc(page.request).query<{ extraInfo: Record<string, { value: string | null; values: string[] }>; ean: string }>('companies.get', { id });
  expect(stored.extraInfo.branche.value).toBe('IT');
  expect(stored.extraInfo.interesser.values.sort()).toEqual(['Fodbold', 'Netværk']);
  expect(stored.extraInfo.niveau.value).toBe('Sølv');
  expect(stored.ean).toBe('5790000000005');

  // Saving again says "gemt"; a web logo goes with it as multipart (images only).
  await page.getByLabel('Telefon').fill('12 34 56 78');
  await page.locator('input[type="file"][accept="image/*"]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Virksomheden blev gemt!')).toBeVisible();
  await expect.poll(async () => (await trpc(page.request).query<{ logoWebUrl: string | null }>('companies.get', { id })).logoWebUrl).toMatch(/^\/api\/files\/\d+$/);
  const logoUrl = (await trpc(page.request).query<{ logoWebUrl: string }>('companies.get', { id })).logoWebUrl;
  await expect(page.locator(`img[src="${logoUrl}"]`)).toBeVisible();
  // A non-image is refused in the browser.
  await page.locator('input[type="file"][accept="image/*"]').nth(1).setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText('Filen skal være et billede.')).toBeVisible();

  // Filer: upload, listed with a download link, delete.
  await page.getByRole('tab', { name: 'Filer' }).click();
  await page.getByTestId('files-input').setInputFiles({ name: 'sponsoraftale.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% e2e\n') });
  await expect(toast(page, 'Filen blev uploadet!')).toBeVisible();
  const fileLink = page.getByRole('link', { name: 'sponsoraftale.pdf', exact: true });
  await expect(fileLink).toBeVisible();
  const download = await page.request.get((await fileLink.getAttribute('href')) as string);
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toContain('%PDF-1.4');
  await page.getByTestId('files-input').setInputFiles({ name: 'noter.txt', mimeType: 'text/plain', buffer: Buffer.from('Husk logo') });
  await expect(page.getByRole('link', { name: 'noter.txt', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Slet noter.txt' }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(toast(page, 'Filen blev slettet!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'noter.txt', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'sponsoraftale.pdf', exact: true })).toBeVisible();

  // Comments: the add button waits for text (or an attachment).
  await page.getByRole('tab', { name: 'Virksomhed' }).click();
  const editor = page.getByRole('textbox', { name: 'Skriv en kommentar' });
  const addButton = page.getByRole('button', { name: 'Tilføj kommentar' });
  await expect(addButton).toBeDisabled();
  await editor.click();
  await page.keyboard.type('Første møde er aftalt');
  await expect(addButton).toBeEnabled();
  await addButton.click();
  await expect(toast(page, 'Kommentar tilføjet')).toBeVisible();
  const first = page.getByTestId('comment').filter({ hasText: 'Første møde er aftalt' });
  await expect(first).toBeVisible();
  await expect(editor).toHaveText('');

  // Reply to the top-level comment; a reply has no Svar button of its own.
  await first.getByRole('button', { name: 'Svar' }).click();
  await page.getByRole('textbox', { name: 'Skriv et svar' }).click();
  await page.keyboard.type('Jeg tager med');
  await first.getByRole('button', { name: 'Tilføj svar' }).click();
  const reply = first.getByTestId('reply').filter({ hasText: 'Jeg tager med' });
  await expect(reply).toBeVisible();
  await expect(reply.getByRole('button', { name: 'Svar' })).toHaveCount(0);

  // An image attached without text is enough.
  await page.locator('input[aria-label="Vedhæft billeder"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(addButton).toBeEnabled();
  await addButton.click();
  await expect(page.getByTestId('comment').getByRole('img', { name: 'logo.png' })).toBeVisible();

  // Hostile HTML: typed literally it is text; posted raw it is sanitised. Nothing runs.
  await editor.click();
  await page.keyboard.type('<script>window.__xss = 1</script> tekst');
  await addButton.click();
  await expect(page.getByTestId('comment').filter({ hasText: '<script>window.__xss = 1</script> tekst' })).toBeVisible();
  const raw = await page.request.post(`/api/comments/${id}`, {
    multipart: {
      originType: 'company',
      text: '<p>Farlig</p><img src=x onerror="window.__xss = 2"><script>window.__xss = 3</script><a href="javascript:window.__xss=4">link</a>',
    },
  });
  expect(raw.ok(), await raw.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('comment').filter({ hasText: 'Farlig' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('[data-testid="comment"] script')).toHaveCount(0);
  await expect(page.locator('[data-testid="comment"] img[onerror]')).toHaveCount(0);
  await expect(page.locator('[data-testid="comment"] a[href^="javascript"]')).toHaveCount(0);

  // A comment by another staff member: unread for me, no Slet, cleared with "Marker som læst".
  const admin = await adminApi(baseURL);
  const demo = await clubId(admin, 'Demo IF');
  await admin.get(`/api/app/change-client/${demo}`);
  await trpc(admin).mutate('comments.add', { originType: 'company', originId: id, text: '<p>Kommentar fra Anna</p>' });
  await admin.dispose();
  await page.reload();
  const annas = page.getByTestId('comment').filter({ hasText: 'Kommentar fra Anna' });
  await expect(annas.getByText('Ulæst')).toBeVisible();
  await expect(annas.getByRole('button', { name: 'Slet' })).toHaveCount(0);
  await annas.getByRole('button', { name: 'Marker som læst' }).click();
  await expect(annas.getByText('Ulæst')).toHaveCount(0);

  // The author deletes a comment of her own, after confirming.
  await first.getByRole('button', { name: 'Slet' }).first().click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Er du sikker på at du vil slette denne kommentar?');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(toast(page, 'Kommentar slettet')).toBeVisible();
  await expect(page.getByTestId('comment').filter({ hasText: 'Første møde er aftalt' })).toHaveCount(0);
});

test('companies list: status filter, search, export of the filtered list as xlsx, delete with confirmation', async ({ page }) => {
  const prefix = unique('E2E Liste');
  await login(page, 'staff');
  const customer = await createCompany(page, { name: `${prefix} Kunde A/S`, status: 1, cvr: '11112222', city: 'Odense', followUpDate: '2026-03-01' });
  await createCompany(page, { name: `${prefix} Lead ApS`, status: 0, phone: '22 33 44 55', city: 'Vejle' });
  await createCompany(page, { name: `${prefix} Opsagt I/S`, status: 99, phone: '33 44 55 66' });

  await page.goto('/companies');
  const table = page.getByRole('table', { name: 'Virksomheder' });
  for (const h of ['Navn', 'CVR', 'Adresse', 'Postnr.', 'By', 'E-mail', 'Telefon', 'Opfølgningsdato', 'Udnyttelse']) {
    await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  await page.getByRole('searchbox').fill(prefix);
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').filter({ hasText: `${prefix} Kunde A/S` })).toContainText('01.03.2026');

  const status = page.getByRole('group', { name: 'Status' });
  await status.getByRole('button', { name: 'Kunde' }).click();
  await expect(page).toHaveURL(/status=1/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`${prefix} Kunde A/S`);
  await expect(table).not.toContainText(`${prefix} Lead ApS`);
  await status.getByRole('button', { name: 'Opsagt' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`${prefix} Opsagt I/S`);
  await status.getByRole('button', { name: 'Lead' }).click();
  await expect(table).toContainText(`${prefix} Lead ApS`);
  await status.getByRole('button', { name: 'Under forhandling' }).click();
  await expect(table).toContainText('Ingen elementer blev fundet.');

  // Export: the current filter and search, as Virksomheder.xlsx.
  await status.getByRole('button', { name: 'Kunde' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksporter' }).click()]);
  expect(download.suggestedFilename()).toBe('Virksomheder.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).getCell(1).value).toBe('Navn');
  const names: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(1).value));
  });
  expect(names).toEqual([`${prefix} Kunde A/S`]);

  // All statuses again, then delete one with confirmation.
  await status.getByRole('button', { name: 'Alle' }).click();
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('button', { name: `Slet ${prefix} Lead ApS` }).click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Er du sikker på at du vil slette denne virksomhed?');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Fortryd' }).click();
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('button', { name: `Slet ${prefix} Lead ApS` }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Bekræft' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).not.toContainText(`${prefix} Lead ApS`);

  // The edit link opens the company.
  await table.getByRole('link', { name: `Rediger ${prefix} Kunde A/S` }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${customer}$`));
  await expect(page.getByLabel('CVR', { exact: true })).toHaveValue('11112222');
});

test('company contacts: add an existing contact, view it, remove it; the change is saved with the company', async ({ page }) => {
  const suffix = unique('kort');
  await login(page, 'staff');
  const contact = await trpc(page.request).mutate<{ id: number }>('contacts.update', { firstname: 'Kirsten', lastname: suffix, email: `${suffix}@example.dk` });
  const company = await createCompany(page, { name: unique('E2E Kontaktkort'), status: 0, phone: '44 55 66 77' });
  await page.goto(`/companies/${company}`);
  await expect(page.getByText('Virksomheden har ingen kontaktpersoner endnu.')).toBeVisible();
  await page.getByRole('button', { name: 'Tilføj kontakt' }).click();
  await page.getByRole('combobox', { name: 'Tilføj eksisterende kontakt' }).fill(suffix);
  await page.getByRole('option', { name: new RegExp(suffix) }).click();
  const card = page.getByTestId('contact-card').filter({ hasText: `Kirsten ${suffix}` });
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Virksomheden blev gemt!')).toBeVisible();
  const saved = await trpc(page.request).query<{ contactIds: number[] }>('companies.get', { id: company });
  expect(saved.contactIds).toEqual([contact.id]);

  await card.getByRole('link', { name: `Vis Kirsten ${suffix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`));
  await page.goBack();
  await page.getByTestId('contact-card').filter({ hasText: suffix }).getByRole('button', { name: `Fjern Kirsten ${suffix}` }).click();
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Virksomheden blev gemt!')).toBeVisible();
  // The first save's toast may still be showing: wait for the server to have the second save.
  await expect
    .poll(async () => (await trpc(page.request).query<{ contactIds: number[] }>('companies.get', { id: company })).contactIds)
    .toEqual([]);
});

test('comments: 10 per page with page links; the newest first', async ({ page }) => {
  await login(page, 'staff');
  const id = await createCompany(page, { name: unique('E2E Kommentarsider'), status: 2, phone: '55 66 77 88' });
  for (let i = 1; i <= 12; i++) await trpc(page.request).mutate('comments.add', { originType: 'company', originId: id, text: `<p>Note nummer ${i}</p>` });
  await page.goto(`/companies/${id}`);
  const comments = page.getByTestId('comment');
  await expect(comments).toHaveCount(10);
  await expect(comments.first()).toContainText('Note nummer 12');
  await page.getByRole('navigation', { name: 'Sider' }).getByRole('button', { name: 'Side 2' }).click();
  await expect(comments).toHaveCount(2);
  await expect(comments.last()).toContainText('Note nummer 1');
});

test('CVR look-up: from 3 characters the results are offered and picking one fills the company', async ({ page }) => {
  await login(page, 'staff');
  // The installation has no CVR integration offline: answer the look-up in the browser instead.
  const queries: string[] = [];
  await page.route('**/trpc/companies.cvrSearch**', async (route) => {
    const url = new URL(route.request().url());
    const input = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { query?: string }>;
    const query = input['0']?.query ?? '';
    queries.push(query);
    const results = [
      { name: 'Stadion Byg ApS', cvr: '87654321', address: 'Banevej 2', zipCode: '7100', city: 'Vejle', email: 'kontor@stadionbyg.dk', phone: '75 00 00 00', website: 'https://stadionbyg.dk' },
    ];
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify([{ result: { data: { enabled: true, message: null, results } } }]) });
  });
  // The browser's clock is ours: the look-up's debounce runs out when we say so, not after a sleep.
  await page.clock.install();
  await page.goto('/companies/create');
  const cvr = page.getByLabel('CVR', { exact: true });
  await cvr.fill('87');
  await page.clock.runFor(2000);
  await expect(page.getByRole('listbox', { name: 'CVR-resultater' })).toHaveCount(0);
  expect(queries).toEqual([]);
  await cvr.fill('876');
  await page.clock.runFor(2000);
  await page.getByRole('option', { name: /Stadion Byg ApS/ }).click();
  expect(queries[0]).toBe('876');
  await expect(page.getByLabel('Navn')).toHaveValue('Stadion Byg ApS');
  await expect(cvr).toHaveValue('87654321');
  await expect(page.getByLabel('Adresse')).toHaveValue('Banevej 2');
  await expect(page.getByLabel('Postnr.')).toHaveValue('7100');
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('Vejle');
  await expect(page.getByLabel('Telefon')).toHaveValue('75 00 00 00');
  await expect(page.getByRole('listbox', { name: 'CVR-resultater' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(toast(page, 'Virksomheden blev oprettet!')).toBeVisible();
});

// @axe-core/playwright needs pages from browser.newContext().
test('CRM screens have no serious accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, 'staff');
  const id = await createCompany(page, { name: unique('E2E Tilgængelig'), status: 1, phone: '12 12 12 12' });
  await trpc(page.request).mutate('comments.add', { originType: 'company', originId: id, text: '<p>Hej</p>' });
  const contact = await trpc(page.request).mutate<{ id: number }>('contacts.update', {
    firstname: 'Axel',
    lastname: unique('Axe'),
    email: `${unique('axe').toLowerCase()}@example.dk`,
    companyIds: [id],
  });
  const list = await trpc(page.request).mutate<{ id: number }>('contacts.lists.update', { title: unique('E2E Axe-liste'), contactIds: [contact.id] });
  const screens: [string, RegExp | string][] = [
    ['/companies', 'Virksomheder'],
    [`/companies/${id}`, /E2E Tilgængelig/],
    ['/companies/create', 'Opret virksomhed'],
    ['/contacts', 'Kontakter'],
    [`/contacts/${contact.id}`, /Axel/],
    ['/contacts/contact-lists', 'Kontaktlister'],
    [`/contacts/contact-lists/${list.id}`, /Rediger E2E Axe-liste/],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await context.close();
});
