import { syncEconomicAllClubs } from '@klubhus/api';
import { DEMO_USERS, json } from '@klubhus/db';
import { ECONOMIC_LOOKUPS, INVOICE_MSG } from '@klubhus/domain';
import { type EconomicFetch, economicClient, economicErrorMessage } from '@klubhus/integrations';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danishMessage } from '../catalogue/helpers';
import { clubId, createTestApp, type TestApp } from '../helpers';
import { approvedOrder, type InvoiceCaller, invoiceCaller } from './helpers';

/**
 * e-conomic (issue 15 item 6) on recorded answers of the documented shapes (INTEGRATIONS.md §1:
 * the collection envelope, the draft's and the booked invoice's fields, both error variants): a
 * fake e-conomic that keeps its customers, drafts and booked invoices, behind the real client. A
 * booking whose answer is lost books once; an error and a timeout leave a visible status and are
 * retried; every look-up list maps to the screens' choices.
 */
const BASE = 'https://restapi.e-conomic.com';

interface Fake {
  customers: { customerNumber: number; name: string; corporateIdentificationNumber?: string; email?: string }[];
  drafts: { draftInvoiceNumber: number; references: { other: string }; lines: { unitNetPrice: number; description: string }[]; booked?: boolean }[];
  booked: { bookedInvoiceNumber: number; references: { other: string }; draft: number }[];
  calls: string[];
  /** What the next POST /invoices/booked does after booking: answer, lose the answer (throw), or refuse. */
  bookMode: 'ok' | 'lose' | 'error' | 'hang';
}

const envelope = (collection: unknown[], path: string) => ({
  collection,
  pagination: { maxPageSizeAllowed: 1000, skipPages: 0, pageSize: 1000, results: collection.length, resultsWithoutFilter: collection.length, firstPage: `${BASE}${path}?skippages=0&pagesize=1000`, lastPage: `${BASE}${path}?skippages=0&pagesize=1000` },
  metaData: {},
  self: `${BASE}${path}`,
});

const LISTS: Record<string, unknown[]> = {
  '/product-groups': [{ productGroupNumber: 1, name: 'Sponsorater', inventoryEnabled: false, accrual: {}, salesAccounts: `${BASE}/product-groups/1/sales-accounts`, products: `${BASE}/product-groups/1/products` }, { productGroupNumber: 2, name: 'Billetsalg' }],
  '/customer-groups': [{ customerGroupNumber: 1, name: 'Indenlandske kunder', account: { accountNumber: 5600 }, layout: { layoutNumber: 19 } }],
  '/units': [{ unitNumber: 1, name: 'stk.' }, { unitNumber: 2, name: 'pers.' }],
  '/vat-zones': [{ vatZoneNumber: 1, name: 'Domestic', enabledForCustomer: true, enabledForSupplier: true }],
  '/payment-terms': [{ paymentTermsNumber: 1, name: 'Netto 8 dage', daysOfCredit: 8, paymentTermsType: 'net', description: '' }],
  '/layouts': [{ layoutNumber: 19, name: 'Standard' }, { layoutNumber: 20, name: 'Slettet', deleted: true }],
  '/products': [{ productNumber: 'SPO-1', name: 'Sponsorpakke', salesPrice: 8000, unit: { unitNumber: 1, name: 'stk.' }, productGroup: { productGroupNumber: 1 } }, { productNumber: 'BIL-1', name: 'Billet', barred: true }],
};

const VALIDATION_ERROR = {
  message: 'Validation error.',
  developerHint: 'Inspect validation errors and correct your request.',
  logId: 'c7ca5bc2-0000',
  httpStatusCode: 400,
  logTime: '2015-03-12T16:44:56',
  errors: { lines: [{ arrayIndex: 0, unitNetPrice: { errors: [{ errorCode: 'E04740', message: 'unitNetPrice scale cannot be greater then two decimal places.', value: 10.12345 }] } }] },
};

function fakeEconomic(fake: Fake): EconomicFetch {
  return async (url, init) => {
    const u = new URL(url);
    const path = u.pathname;
    fake.calls.push(`${init.method} ${path}`);
    expect(init.headers['X-AppSecretToken']).toBe('app-secret');
    expect(init.headers['X-AgreementGrantToken']).toBe('grant-token');
    const ok = (status: number, body: unknown) => ({ ok: status < 400, status, text: async () => JSON.stringify(body) });
    const filter = u.searchParams.get('filter') ?? '';
    const ref = /references\.other\$eq:(.*)$/.exec(filter)?.[1];
    if (init.method === 'GET' && LISTS[path]) {
      const rows = filter.startsWith('name$like') ? LISTS[path].filter((r) => JSON.stringify(r).toLowerCase().includes('sponsor')) : LISTS[path];
      return ok(200, envelope(rows, path));
    }
    if (init.method === 'GET' && path === '/customers') {
      const cvr = /corporateIdentificationNumber\$eq:(.*)$/.exec(filter)?.[1];
      return ok(200, envelope(fake.customers.filter((c) => cvr && c.corporateIdentificationNumber === cvr), path));
    }
    if (init.method === 'POST' && path === '/customers') {
      const body = JSON.parse(init.body ?? '{}');
      expect(Object.values(body)).not.toContain(null);
      const c = { customerNumber: 1000 + fake.customers.length + 1, ...body };
      fake.customers.push(c);
      return ok(201, c);
    }
    if (init.method === 'GET' && path === '/invoices/drafts') return ok(200, envelope(fake.drafts.filter((d) => !d.booked && d.references.other === ref), path));
    if (init.method === 'GET' && path === '/invoices/booked') return ok(200, envelope(fake.booked.filter((b) => b.references.other === ref), path));
    if (init.method === 'POST' && path === '/invoices/drafts') {
      const body = JSON.parse(init.body ?? '{}');
      for (const l of body.lines) expect(Math.round(l.unitNetPrice * 100) / 100).toBe(l.unitNetPrice);
      const d = { draftInvoiceNumber: 300 + fake.drafts.length + 1, ...body, pdf: { download: `${BASE}/invoices/drafts/1/pdf` } };
      fake.drafts.push(d);
      return ok(201, d);
    }
    if (init.method === 'POST' && path === '/invoices/booked') {
      if (fake.bookMode === 'error') return ok(400, VALIDATION_ERROR);
      if (fake.bookMode === 'hang') return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
      const n = JSON.parse(init.body ?? '{}').draftInvoice.draftInvoiceNumber as number;
      const d = fake.drafts.find((x) => x.draftInvoiceNumber === n && !x.booked);
      if (!d) return ok(404, { message: 'Draft invoice not found.', httpStatusCode: 404 });
      d.booked = true;
      const b = { bookedInvoiceNumber: 5000 + fake.booked.length + 1, references: d.references, draft: n, remainder: 100, sent: false };
      fake.booked.push(b);
      if (fake.bookMode === 'lose') throw Object.assign(new Error('socket hang up'), { name: 'Error' });
      return ok(201, b);
    }
    return ok(404, { message: 'Not found', httpStatusCode: 404 });
  };
}

let t: TestApp;
let call: InvoiceCaller;
let demo: number;
let fake: Fake;
const factory = () => (grant: string) => economicClient({ appSecretToken: 'app-secret', agreementGrantToken: grant, fetch: fakeEconomic(fake), timeoutMs: 200 });

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
  fake = { customers: [], drafts: [], booked: [], calls: [], bookMode: 'ok' };
  await sql`UPDATE clients SET settings = settings || ${json({ economic: { agreementGrantToken: 'grant-token', customerGroup: '1', paymentTerms: '1', vatZone: '1', layout: '19' } })}::jsonb WHERE id = ${demo}`.execute(t.database.owner);
  call = await invoiceCaller(t, { economic: factory() });
}, 120_000);
afterAll(() => t.close());

const sync = () => syncEconomicAllClubs({ db: t.database.db, owner: t.database.owner, economic: factory() });
const state = async (id: number) => (await t.database.owner.selectFrom('invoices').select(['economic_status', 'external_number', 'economic_error', 'economic_attempts', 'economic_draft_number']).where('id', '=', id).executeTakeFirstOrThrow());
const retryNow = (id: number) => t.database.owner.updateTable('invoices').set({ updated_at: new Date(Date.now() - 3_600_000) }).where('id', '=', id).execute();

async function bookedInvoice() {
  const { id: orderId } = await approvedOrder(call, t);
  const { id } = await call.orders.invoice({ id: orderId });
  await call.invoices.book({ id });
  return id;
}

describe('e-conomic', () => {
  it('a booked invoice is booked in e-conomic with our reference, its customer found or made', async () => {
    fake.bookMode = 'ok';
    const id = await bookedInvoice();
    expect((await state(id)).economic_status).toBe('pending');
    await sync();
    const s = await state(id);
    expect(s).toMatchObject({ economic_status: 'booked', economic_error: null });
    expect(fake.booked.filter((b) => b.references.other === `klubhus-${demo}-${id}`).length).toBe(1);
    expect((await call.invoices.get({ id })).externalNumber).toBe(s.external_number);
    // The draft's lines are the invoice's nets in kroner (two decimals): 2 × 499 + 1700 + 300 incl. VAT = 2.998 → 2.398,40 net.
    const draft = fake.drafts.find((d) => d.references.other === `klubhus-${demo}-${id}`);
    expect(Math.round((draft?.lines ?? []).reduce((sum, l) => sum + l.unitNetPrice, 0) * 100)).toBe(239840);
  });

  it('booking twice after a lost answer books once', async () => {
    fake.bookMode = 'lose';
    const id = await bookedInvoice();
    await sync();
    const lost = await state(id);
    expect(lost.economic_status).toBe('failed');
    expect(lost.economic_error).toContain('socket hang up');
    expect(lost.economic_draft_number).not.toBeNull();
    fake.bookMode = 'ok';
    await retryNow(id);
    await sync();
    await retryNow(id);
    await sync();
    const s = await state(id);
    expect(s.economic_status).toBe('booked');
    const mine = fake.booked.filter((b) => b.references.other === `klubhus-${demo}-${id}`);
    expect(mine.length).toBe(1);
    expect(s.external_number).toBe(String(mine[0].bookedInvoiceNumber));
    expect(fake.drafts.filter((d) => d.references.other === `klubhus-${demo}-${id}`).length).toBe(1);
  });

  it('an error answer and a timeout leave a visible failed status with the reason, and are retried', async () => {
    fake.bookMode = 'error';
    const id = await bookedInvoice();
    await sync();
    expect(await state(id)).toMatchObject({ economic_status: 'failed', economic_error: INVOICE_MSG.economicFailed(economicErrorMessage(VALIDATION_ERROR)) });
    expect(economicErrorMessage(VALIDATION_ERROR)).toContain('unitNetPrice scale cannot be greater then two decimal places.');
    expect(economicErrorMessage({ errorCode: 'E04300', errorCount: 1, errors: { customer: { errors: [{ propertyName: 'customer', errorMessage: 'Customer not found.', errorCode: 'E07080', inputValue: 1 }] } } })).toBe(
      'E04300 customer: Customer not found.',
    );
    fake.bookMode = 'hang';
    await retryNow(id);
    await sync();
    const timedOut = await state(id);
    expect(timedOut).toMatchObject({ economic_status: 'failed', economic_error: INVOICE_MSG.economicTimeout });
    expect((await call.invoices.list({})).rows.find((r) => r.id === id)?.economicStatus).toBe('failed');
    fake.bookMode = 'ok';
    await retryNow(id);
    await sync();
    expect((await state(id)).economic_status).toBe('booked');
    expect(fake.booked.filter((b) => b.references.other === `klubhus-${demo}-${id}`).length).toBe(1);
  });

  it('a credit note goes to e-conomic with negative amounts', async () => {
    fake.bookMode = 'ok';
    const id = await bookedInvoice();
    const credit = await call.invoices.credit({ id });
    await sync();
    expect((await state(credit.id)).economic_status).toBe('booked');
    const d = fake.drafts.find((x) => x.references.other === `klubhus-${demo}-${credit.id}`);
    expect((d?.lines ?? []).every((l) => l.unitNetPrice < 0)).toBe(true);
  });

  it('every look-up list maps to the screens’ choices (number as value, number · name to read)', async () => {
    const expected: Record<string, { value: string; label: string }[]> = {
      productGroups: [{ value: '1', label: '1 · Sponsorater' }, { value: '2', label: '2 · Billetsalg' }],
      customerGroups: [{ value: '1', label: '1 · Indenlandske kunder' }],
      units: [{ value: '1', label: '1 · stk.' }, { value: '2', label: '2 · pers.' }],
      vatZones: [{ value: '1', label: '1 · Domestic' }],
      paymentTerms: [{ value: '1', label: '1 · Netto 8 dage' }],
      layouts: [{ value: '19', label: '19 · Standard' }],
      products: [{ value: 'SPO-1', label: 'SPO-1 · Sponsorpakke' }],
    };
    for (const list of ECONOMIC_LOOKUPS) {
      expect(await call.economic[list](list === 'products' ? { search: 'sponsor' } : {}), list).toEqual({ enabled: true, items: expected[list] });
    }
    // Another club without e-conomic: off, nothing called.
    const other = await invoiceCaller(t, { club: 'Nabo BK', economic: factory() });
    const calls = fake.calls.length;
    expect(await other.economic.units({})).toEqual({ enabled: false, items: [] });
    expect(fake.calls.length).toBe(calls);
  });

  it('the settings tab keeps the grant token write-only, saves the defaults, refuses bad input with a Danish error, and is for club admins', async () => {
    const before = await call.economic.settings();
    expect(before).toMatchObject({ hasGrantToken: true, customerGroup: '1', featureOn: true });
    expect(JSON.stringify(before)).not.toContain('grant-token');
    expect(await call.economic.saveSettings({ customerGroup: '2', vatZone: '1', paymentTerms: '1', layout: '19', invoiceText: 'Tak for støtten!', daysOfCredit: '14' })).toEqual({ success: true, message: 'Indstillinger blev gemt!' });
    const after = await call.economic.settings();
    expect(after).toMatchObject({ hasGrantToken: true, customerGroup: '2', invoiceText: 'Tak for støtten!', daysOfCredit: 14 });
    const stored = await t.database.owner.selectFrom('clients').select('settings').where('id', '=', demo).executeTakeFirstOrThrow();
    expect((stored.settings as { economic: { agreementGrantToken: string } }).economic.agreementGrantToken).toBe('grant-token');
    const error = await call.economic.saveSettings({ invoiceText: 'x'.repeat(1001) }).catch((e) => e);
    expect(danishMessage(error)).toBe('Fakturatekst må maksimalt være 1000 tegn');
    const bad = await call.economic.saveSettings({ daysOfCredit: '-1' }).catch((e) => e);
    expect(danishMessage(bad)).toBe('Betalingsfrist skal være et helt antal dage fra 0 til 365');
    expect(await call.economic.settings()).toEqual(after);
    const staff = await invoiceCaller(t, { email: DEMO_USERS.staff, economic: factory() });
    await expect(staff.economic.saveSettings({ customerGroup: '9' })).rejects.toThrow();
    // A new invoice's payment date follows the club's days of credit.
    fake.bookMode = 'ok';
    const { id: orderId } = await approvedOrder(call, t);
    const { id } = await call.orders.invoice({ id: orderId });
    await call.invoices.updateDate({ id, invoiceDate: '2026-06-01' });
    expect((await call.invoices.get({ id })).paymentDate).toBe('2026-06-15');
  });
});
