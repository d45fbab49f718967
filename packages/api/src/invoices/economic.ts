import type { Tx } from '@klubhus/db';
import { json } from '@klubhus/db';
import { ECONOMIC_LOOKUPS, type EconomicLookup, INVOICE_MSG, invoiceTotals, MSG, type TEconomicLookup, vatOf, type ZEconomicSettingsRequest, type ZEconomicSettingsResponse } from '@klubhus/domain';
import { type EconomicClient, economicClient, EconomicError, type EconomicList, offlineEconomic } from '@klubhus/integrations';
import { sql } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { economicOn, storedInvoiceLines } from './service';

/**
 * The club's e-conomic (the orders module's `economic` feature; off by default). The app's secret
 * token is the installation's (ECONOMIC_APP_SECRET_TOKEN), the agreement grant token and the
 * defaults (customer group, payment terms, VAT zone, layout, fee and discount products) are the
 * club's (clients.settings.economic). Secrets never leave the server.
 */

export interface ClubEconomicSettings {
  agreementGrantToken?: string;
  productGroupVatExempt?: string | number;
  daysOfCredit?: number | null;
  customerGroup?: string | number;
  paymentTerms?: string | number;
  vatZone?: string | number;
  layout?: string | number;
  productGroup?: string | number;
  feeProduct?: string;
  discountProduct?: string;
  invoiceText?: string;
}

/** Makes the client of a club from its grant token (the server's default reads the app's secret from the environment). */
export type EconomicFactory = (agreementGrantToken: string) => EconomicClient;

export const economicFromEnv =
  (env: Record<string, string | undefined> = process.env): EconomicFactory =>
  (agreementGrantToken) =>
    env.ECONOMIC_APP_SECRET_TOKEN
      ? economicClient({ appSecretToken: env.ECONOMIC_APP_SECRET_TOKEN, agreementGrantToken, baseUrl: env.ECONOMIC_API_URL })
      : offlineEconomic;

async function clubEconomicSettings(trx: Tx, clientId: number): Promise<ClubEconomicSettings> {
  const c = await trx.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirstOrThrow();
  return ((c.settings ?? {}) as { economic?: ClubEconomicSettings }).economic ?? {};
}

/** The club's client: offline unless the feature is on and a grant token is set. */
export async function clubEconomic(trx: Tx, clientId: number, factory: EconomicFactory): Promise<{ client: EconomicClient; settings: ClubEconomicSettings }> {
  const settings = await clubEconomicSettings(trx, clientId);
  if (!settings.agreementGrantToken || !(await economicOn(trx, clientId))) return { client: offlineEconomic, settings };
  return { client: factory(settings.agreementGrantToken), settings };
}

const LIST_OF: Record<EconomicLookup, EconomicList> = {
  productGroups: 'productGroups',
  customerGroups: 'customerGroups',
  units: 'units',
  vatZones: 'vatZones',
  paymentTerms: 'paymentTerms',
  layouts: 'layouts',
  products: 'products',
};

/**
 * A look-up list for the settings, product and invoice-group E-conomic tabs: the numbers with
 * their names, to choose from instead of typing them. Off: enabled false and no items (the screens
 * then keep a plain number field).
 */
export async function economicLookup(trx: Tx, clientId: number, factory: EconomicFactory, list: EconomicLookup, search?: string): Promise<TEconomicLookup> {
  if (!ECONOMIC_LOOKUPS.includes(list)) throw fail.notFound();
  const { client } = await clubEconomic(trx, clientId, factory);
  if (!client.enabled) return { enabled: false, items: [] };
  try {
    const items = await client.list(LIST_OF[list], search);
    return { enabled: true, items: items.slice(0, 1000).map((i) => ({ value: i.number, label: i.name ? `${i.number} · ${i.name}` : i.number })) };
  } catch (e) {
    throw fail.badGateway(economicMessage(e), e);
  }
}

export function economicMessage(e: unknown): string {
  if (e instanceof EconomicError) return e.kind === 'timeout' ? INVOICE_MSG.economicTimeout : INVOICE_MSG.economicFailed(e.message);
  return INVOICE_MSG.economicFailed(e instanceof Error ? e.message : String(e));
}

/** Our reference on the e-conomic draft: the club and the invoice, digits and hyphens only. */
export const economicReference = (clientId: number, invoiceId: number) => `klubhus-${clientId}-${invoiceId}`;

const num = (v: string | number | undefined, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Books one invoice in e-conomic, safe to run again after any failure: first a booked invoice
 * with our reference is looked for (a lost answer from an earlier booking is found here, and only
 * recorded), then a draft with it (made earlier, not yet booked), and only then is a draft made;
 * the draft is booked. The customer is found by CVR, else EAN, else e-mail, before one is made.
 * Amounts go as decimal kroner excluding VAT, one line per invoice line (its net after discount).
 */
export async function bookInEconomic(trx: Tx, clientId: number, invoiceId: number, client: EconomicClient, settings: ClubEconomicSettings): Promise<{ bookedNumber: number; draftNumber: number | null }> {
  const reference = economicReference(clientId, invoiceId);
  const found = await client.findBookedByReference(reference);
  if (found !== null) return { bookedNumber: found, draftNumber: null };
  const i = await trx.selectFrom('invoices').selectAll().where('client_id', '=', clientId).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  let draft = i.economic_draft_number ?? (await client.findDraftByReference(reference));
  if (draft === null) {
    const r = i.recipient;
    const customerGroup = num(settings.customerGroup, 1);
    const paymentTerms = num(settings.paymentTerms, 1);
    const vatZone = num(settings.vatZone, 1);
    let customer = await client.findCustomer({ cvr: r.cvr, ean: r.ean });
    customer ??= await client.createCustomer({ name: r.name, cvr: r.cvr, ean: r.ean, email: r.email, address: r.address, zip: r.zipCode, city: r.city, customerGroup, paymentTerms, vatZone });
    const lines = await storedInvoiceLines(trx, clientId, i.id);
    const vat = { vatRate: Number(i.vat_rate), pricesWithVat: i.prices_with_vat, disableVat: i.disable_vat };
    const totals = invoiceTotals(lines, vat);
    draft = await client.createDraft({
      reference,
      date: String(i.invoice_date).slice(0, 10),
      dueDate: String(i.payment_date).slice(0, 10),
      customerNumber: customer,
      layout: num(settings.layout, 19),
      paymentTerms,
      recipient: { name: r.name, address: r.address, zip: r.zipCode, city: r.city, ean: r.ean, vatZone },
      heading: i.title,
      lines: lines.map((l, k) => {
        const lineTotal = totals.lines[k].total;
        const net = l.vatExempt || !vat.pricesWithVat ? lineTotal : vatOf(lineTotal, vat).net;
        const qty = l.amount;
        return {
          productNumber: l.economicProduct ?? (l.productId ? null : (settings.feeProduct ?? null)),
          description: qty === 1 ? l.title : `${l.title} (${String(qty).replace('.', ',')} stk.)`,
          quantity: 1,
          unitNetPrice: net / 100,
        };
      }),
    });
    // The draft's number is kept even if booking fails below: the next attempt books that draft.
    await trx.updateTable('invoices').set({ economic_draft_number: draft }).where('client_id', '=', clientId).where('id', '=', i.id).execute();
  }
  const bookedNumber = await client.bookDraft(draft, `${reference}-book`);
  return { bookedNumber, draftNumber: draft };
}

/**
 * One round of the e-conomic job for a club: the booked invoices waiting for e-conomic (and failed
 * ones whose back-off has passed), each under its row lock (SKIP LOCKED: two processes never work
 * on the same invoice), each ending booked or failed with the error kept for the screens.
 */
export async function syncClubEconomic(trx: Tx, clientId: number, factory: EconomicFactory, limit = 20): Promise<{ booked: number; failed: number }> {
  const { client, settings } = await clubEconomic(trx, clientId, factory);
  const rows = await sql<{ id: number }>`
    SELECT id FROM invoices
    WHERE client_id = ${clientId} AND NOT is_draft
      AND (economic_status = 'pending' OR (economic_status = 'failed' AND economic_attempts < 8 AND updated_at < now() - make_interval(secs => 30 * economic_attempts)))
    ORDER BY number LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(trx);
  let booked = 0;
  let failed = 0;
  for (const { id } of rows.rows) {
    if (!client.enabled) {
      await trx
        .updateTable('invoices')
        .set({ economic_status: 'failed', economic_error: INVOICE_MSG.economicOff, economic_attempts: sql`economic_attempts + 1`, updated_at: sql`now()` })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .execute();
      failed++;
      continue;
    }
    try {
      const r = await bookInEconomic(trx, clientId, id, client, settings);
      await trx
        .updateTable('invoices')
        .set({ economic_status: 'booked', external_number: String(r.bookedNumber), economic_error: null, economic_attempts: sql`economic_attempts + 1`, updated_at: sql`now()` })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .execute();
      booked++;
    } catch (e) {
      await trx
        .updateTable('invoices')
        .set({ economic_status: 'failed', economic_error: economicMessage(e).slice(0, 500), economic_attempts: sql`economic_attempts + 1`, updated_at: sql`now()` })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .execute();
      failed++;
    }
  }
  return { booked, failed };
}

const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** The E-conomic tab of the club's settings, the grant token only as whether one is stored. */
export async function economicSettings(trx: Tx, clientId: number): Promise<z.output<typeof ZEconomicSettingsResponse>> {
  const s = await clubEconomicSettings(trx, clientId);
  const feature = await sql<{ on: boolean }>`
    SELECT coalesce(bool_or((f->>'active')::boolean), false) AS on
    FROM client_modules cm JOIN modules m ON m.id = cm.module_id, jsonb_array_elements(cm.features) f
    WHERE cm.client_id = ${clientId} AND m.alias = 'orders' AND cm.active AND f->>'alias' = 'economic'`.execute(trx);
  const days = Number(s.daysOfCredit);
  return {
    productGroup: str(s.productGroup),
    productGroupVatExempt: str(s.productGroupVatExempt),
    customerGroup: str(s.customerGroup),
    vatZone: str(s.vatZone),
    paymentTerms: str(s.paymentTerms),
    layout: str(s.layout),
    feeProduct: str(s.feeProduct),
    discountProduct: str(s.discountProduct),
    invoiceText: str(s.invoiceText),
    daysOfCredit: s.daysOfCredit === null || s.daysOfCredit === undefined || Number.isNaN(days) ? null : days,
    hasGrantToken: !!s.agreementGrantToken,
    featureOn: !!feature.rows[0]?.on,
  };
}

/** Saves the tab: the club's settings.economic replaced by what was sent, the grant token kept unless a new one is sent or it is cleared. */
export async function saveEconomicSettings(trx: Tx, clientId: number, input: z.output<typeof ZEconomicSettingsRequest>) {
  const old = await clubEconomicSettings(trx, clientId);
  const token = input.clearGrantToken ? null : input.agreementGrantToken ? input.agreementGrantToken : (old.agreementGrantToken ?? null);
  const next = {
    productGroup: input.productGroup,
    productGroupVatExempt: input.productGroupVatExempt,
    customerGroup: input.customerGroup,
    vatZone: input.vatZone,
    paymentTerms: input.paymentTerms,
    layout: input.layout,
    feeProduct: input.feeProduct,
    discountProduct: input.discountProduct,
    invoiceText: input.invoiceText,
    daysOfCredit: input.daysOfCredit,
    ...(token ? { agreementGrantToken: token } : {}),
  };
  await sql`UPDATE clients SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{economic}', ${json(next)}::jsonb) WHERE id = ${clientId}`.execute(trx);
  return { success: true as const, message: MSG.settingsSaved };
}
