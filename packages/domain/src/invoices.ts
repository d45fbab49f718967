import { z } from 'zod';
import { choiceFilter, listInput } from './list';
import { allocate, computeTotals, type MoneyLine, multiply, oreToKroner, percentOf, type Totals, type VatSettings } from './money';
import type { TOrderInvoicing } from './orders';
import { ZPage } from './responses';
import { id, optionalId, safeString } from './validation';
import { required } from './numbers';

/**
 * Invoices and credit notes (SPEC §3 Invoice, §4 Invoice, §7 Invoices, §8 texts; issue 15).
 * An invoice copies what was sold into its own lines when it is made; its totals come from
 * computeTotals (the one money function) over those lines under the club's VAT settings copied
 * beside them. Credit notes are invoices of their own type with negative amounts.
 */

/* ------------------------------------------------------------------ texts (SPEC §8, word for word where it has them) */

export const INVOICE_MSG = {
  created: 'Faktura blev oprettet!',
  booked: 'Fakturaen blev bogført!',
  credited: 'Fakturaen blev krediteret!',
  deleted: 'Kladden blev slettet!',
  sentByEmail: 'E-mail med faktura sendt',
  receiptSent: 'E-mail med kvittering sendt',
  dateSaved: 'Faktura dato er gemt',
  markedSent: 'Fakturaen er markeret som sendt.',
  markedPaid: 'Fakturaen er markeret som betalt.',
  confirmBook: 'Er du sikker på at du vil bogføre denne faktura? En bogført faktura får et fakturanummer og kan kun annulleres med en kreditnota.',
  confirmCredit: 'Er du sikker på at du vil kreditere denne faktura?',
  confirmDelete: 'Er du sikker på at du vil slette denne kladde?',
  confirmPaid: 'Er du sikker på at du vil markere fakturaen som betalt? Kunden får en kvittering på e-mail.',
  confirmInvoice: 'Er du sikker på at du vil fakturere ordren nu?',
  // refusals
  bookOnlyDraft: 'Kun en kladde kan bogføres.',
  deleteOnlyDraft: 'Kun en kladde kan slettes. En bogført faktura annulleres med en kreditnota.',
  creditOnlyBooked: 'Kun en bogført faktura kan krediteres.',
  creditCreditNote: 'En kreditnota kan ikke krediteres.',
  alreadyCredited: 'Fakturaen er allerede krediteret.',
  sentOnlyBooked: 'Kun en bogført faktura kan sendes.',
  paidOnlyBooked: 'Kun en bogført faktura kan markeres som betalt.',
  alreadyPaid: 'Fakturaen er allerede markeret som betalt.',
  receiptOnlyPaid: 'Der kan kun sendes kvittering for en betalt faktura.',
  dateOnlyDraft: 'Fakturadatoen kan kun ændres, mens fakturaen er en kladde.',
  invoiceDateRequired: required('Fakturadato'),
  invoiceDateFormat: 'Fakturadato skal være en gyldig dato',
  noLines: 'Fakturaen har ingen linjer.',
  noRecipientEmail: 'Fakturaen har ingen e-mail at sende til. Tilføj en e-mail på kontaktpersonen eller ordren.',
  orderNotApproved: 'Kun en godkendt ordre kan faktureres.',
  orderFullyInvoiced: 'Alle fakturaer i ordrens betalingsplan er oprettet.',
  pdfPending: 'PDF-filen er ved at blive lavet. Prøv igen om et øjeblik.',
  pdfFailed: 'PDF-filen kunne ikke laves. Prøv igen senere.',
  draftNoPdf: 'En kladde har ingen PDF endnu. Se forhåndsvisningen, eller bogfør fakturaen.',
  pdfRetried: 'PDF-filen laves igen.',
  // e-conomic
  economicOff: 'E-conomic er ikke sat op for klubben.',
  economicFailed: (what: string) => `E-conomic svarede med en fejl: ${what}`,
  economicTimeout: 'E-conomic svarede ikke i tide.',
  // mails
  mailSubject: (kind: string, number: number | null, club: string) => `${kind} nr. ${number ?? ''} fra ${club}`,
  mailLead: (kind: string, number: number | null, total: string, due: string) =>
    `Hermed ${kind.toLowerCase()} nr. ${number ?? ''} på ${total}. Betalingsdato: ${due}. Fakturaen er vedhæftet som PDF.`,
  receiptSubject: (number: number | null, club: string) => `Kvittering for faktura nr. ${number ?? ''} fra ${club}`,
  receiptLead: (number: number | null, total: string) => `Vi har modtaget din betaling af faktura nr. ${number ?? ''} på ${total}. Tak!`,
} as const;

export const INVOICE_TYPES = ['invoice', 'credit_note'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = { invoice: 'Faktura', credit_note: 'Kreditnota' };
export const INVOICE_COLLECTIONS = ['transfer', 'card'] as const;
export const INVOICE_COLLECTION_LABELS: Record<(typeof INVOICE_COLLECTIONS)[number], string> = { transfer: 'Bankoverførsel', card: 'Betalingskort' };
export const ECONOMIC_STATUSES = ['off', 'pending', 'booked', 'failed'] as const;
export const ECONOMIC_STATUS_LABELS: Record<(typeof ECONOMIC_STATUSES)[number], string> = {
  off: '',
  pending: 'Venter på e-conomic',
  booked: 'Bogført i e-conomic',
  failed: 'Fejl i e-conomic',
};

/** What a person reads as an invoice's state: Kladde, Bogført, Sendt, Betalt, Krediteret. */
export function invoiceStateLabel(i: { isDraft: boolean; isSent: boolean; isPaid: boolean; credited: boolean; type: InvoiceType }): string {
  if (i.isDraft) return 'Kladde';
  if (i.type === 'invoice' && i.credited) return 'Krediteret';
  if (i.isPaid) return 'Betalt';
  if (i.isSent) return 'Sendt';
  return 'Bogført';
}

/** The actions of SPEC §4 on an invoice. */
export type InvoiceAction = 'book' | 'credit' | 'delete' | 'sent' | 'paid' | 'send' | 'sendReceipt';

/** Whether an action is open to an invoice in its state, or the Danish refusal. Pure: the service applies it under the invoice's row lock. */
export function invoiceActionAllowed(
  i: { isDraft: boolean; isPaid: boolean; type: InvoiceType; credited: boolean },
  action: InvoiceAction,
): { ok: true } | { ok: false; message: string } {
  const no = (message: string) => ({ ok: false as const, message });
  switch (action) {
    case 'book':
      return i.isDraft ? { ok: true } : no(INVOICE_MSG.bookOnlyDraft);
    case 'delete':
      return i.isDraft ? { ok: true } : no(INVOICE_MSG.deleteOnlyDraft);
    case 'credit':
      if (i.isDraft) return no(INVOICE_MSG.creditOnlyBooked);
      if (i.type === 'credit_note') return no(INVOICE_MSG.creditCreditNote);
      return i.credited ? no(INVOICE_MSG.alreadyCredited) : { ok: true };
    case 'sent':
    case 'send':
      return i.isDraft ? no(INVOICE_MSG.sentOnlyBooked) : { ok: true };
    case 'paid':
      if (i.isDraft) return no(INVOICE_MSG.paidOnlyBooked);
      return i.isPaid ? no(INVOICE_MSG.alreadyPaid) : { ok: true };
    case 'sendReceipt':
      return i.isPaid && !i.isDraft ? { ok: true } : no(INVOICE_MSG.receiptOnlyPaid);
  }
}

/* ------------------------------------------------------------------ dates */

/** 'YYYY-MM-DD' plus n months, the day kept or clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Today in a time zone as 'YYYY-MM-DD' (the club's calendar day). */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** '2026-11-25' → '25.11.2026', the Danish way. */
export const formatDanishDate = (date: string | null | undefined) => (date ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : '');

/** Days from the invoice date to the payment date when the club has set none (net 8 days, e-conomic's default terms). */
export const DEFAULT_DAYS_OF_CREDIT = 8;

/* ------------------------------------------------------------------ lines */

/** One invoice line as made from what was sold: øre as entered (gross when the club's prices include VAT). */
export interface InvoiceLineDraft {
  title: string;
  description: string | null;
  sku: string | null;
  productId: number | null;
  /** Unit price, øre. */
  price: number;
  amount: number;
  /** Discount on the whole line, øre: its own and its share of the order discount. */
  discount: number;
  vatExempt: boolean;
}

/** What making an invoice needs of an order: prices in øre as stored. */
export interface OrderForInvoice {
  lines: {
    title: string;
    sku: string | null;
    productId: number | null;
    description?: string | null;
    price: number;
    amount: number;
    discount: number;
    vatExempt: boolean;
    prePayment: boolean;
    options: { title: string; sku: string | null; productId: number | null; price: number; prePayment: boolean }[];
  }[];
  orderDiscount: number;
  additionalFee: number;
  invoicing: TOrderInvoicing | null;
}

type TaggedLine = InvoiceLineDraft & { prePayment: boolean };

export const FEE_TITLE = 'Gebyr';
export const RATE_FEE_TITLE = 'Ratetillæg';
export const INTERVAL_FEE_TITLE = 'Gebyr pr. interval';

/**
 * The order's lines as invoice lines: each line and each of its options a line of its own (an
 * option costs its price per unit of its line), the order discount spread over them exactly as
 * orderTotals spreads it (the same computeTotals call on the same canonical order), then the
 * additional fee and, for rates, the rate fee. computeTotals over these lines gives orderTotals.
 */
export function orderInvoiceLines(order: OrderForInvoice, vat: VatSettings): TaggedLine[] {
  const goods: TaggedLine[] = [];
  for (const l of order.lines) {
    goods.push({
      title: l.title,
      description: l.description ?? null,
      sku: l.sku,
      productId: l.productId,
      price: l.price,
      amount: l.amount,
      discount: l.discount,
      vatExempt: l.vatExempt,
      prePayment: l.prePayment,
    });
    for (const o of l.options) {
      goods.push({ title: o.title, description: null, sku: o.sku, productId: o.productId, price: o.price, amount: l.amount, discount: 0, vatExempt: l.vatExempt, prePayment: o.prePayment });
    }
  }
  // orderMoneyLines' canonical order (a stable sort, so equal lines keep their places): the order discount's last øre lands where orderTotals puts it.
  const order_ = goods.map((g, i) => ({ g, i }));
  order_.sort(
    (a, b) =>
      Number(a.g.vatExempt) - Number(b.g.vatExempt) || a.g.price - b.g.price || a.g.amount - b.g.amount || a.g.discount - b.g.discount || a.i - b.i,
  );
  const spread = computeTotals(
    order_.map(({ g }) => toMoney(g)),
    vat,
    { orderDiscount: order.orderDiscount },
  );
  order_.forEach(({ i }, k) => {
    goods[i] = { ...goods[i], discount: spread.lines[k].discount };
  });
  const additionalFee = Math.max(0, order.additionalFee);
  const base = spread.gross - spread.discount + additionalFee;
  const percent = order.invoicing?.type === 'rates' ? (order.invoicing.rateFee ?? 0) : 0;
  const rateFee = percent > 0 ? percentOf(base, percent) : 0;
  const fee = (title: string, price: number): TaggedLine => ({ title, description: null, sku: null, productId: null, price, amount: 1, discount: 0, vatExempt: false, prePayment: false });
  return [...goods, ...(additionalFee ? [fee(FEE_TITLE, additionalFee)] : []), ...(rateFee ? [fee(RATE_FEE_TITLE, rateFee)] : [])];
}

const toMoney = (l: InvoiceLineDraft): MoneyLine => ({ unitPrice: l.price, amount: l.amount, discount: l.discount, vatExempt: l.vatExempt });

/** An invoice's totals: computeTotals over its lines under the VAT settings it was made with. */
export function invoiceTotals(lines: InvoiceLineDraft[], vat: VatSettings): Totals {
  return computeTotals(lines.map(toMoney), vat);
}

/** The lines of a credit note: the credited invoice's lines with negative prices and discounts. */
export const creditLines = (lines: InvoiceLineDraft[]): InvoiceLineDraft[] => lines.map((l) => ({ ...l, price: -l.price, discount: -l.discount }));

/**
 * The lines split over several invoices by weight, to whole øre, each part adding up exactly to
 * the line (allocate, largest remainder): a split line has amount 1 and its share as price; its
 * title keeps the quantity when it was more than one.
 */
function splitLines(lines: InvoiceLineDraft[], weights: number[]): InvoiceLineDraft[][] {
  const out: InvoiceLineDraft[][] = weights.map(() => []);
  if (weights.length === 1) {
    out[0] = lines.map((l) => ({ ...l }));
    return out;
  }
  for (const l of lines) {
    const gross = multiply(l.price, l.amount);
    const grossParts = allocate(gross, weights);
    const discountParts = allocate(Math.min(l.discount, gross), weights);
    const title = l.amount === 1 ? l.title : `${l.title} (${String(l.amount).replace('.', ',')} stk.)`;
    weights.forEach((_, k) => {
      out[k].push({ ...l, title, price: grossParts[k], amount: 1, discount: discountParts[k] });
    });
  }
  return out;
}

/* ------------------------------------------------------------------ invoicing plans (SPEC §3 Invoicing, §9) */

/** One invoice of an order's plan: its key (unique per order), its date, what a person reads, its lines. */
export interface PlanEntry {
  key: string;
  date: string;
  label: string;
  lines: InvoiceLineDraft[];
}

/** The months a recurring plan of an order covers: its amounts are yearly (SPEC §9 'amount scaled by intervals/12'). */
export const RECURRING_MONTHS = 12;

/**
 * The invoices an order's plan makes, in date order:
 * - prePayment lines (and options) on prePaymentDate, as an invoice of their own ('prepayment');
 * - single: the rest on invoiceDate ('single');
 * - recurring: every `intervals` months from startDate (else invoiceDate) for a year, each carrying
 *   intervals/12 of the rest (the last the remainder of a year that does not divide) and the
 *   interval fee ('recurring:1', …);
 * - rates: on each custom period's date, the rest split by the periods' amounts as weights (equal
 *   parts with splitPayments); without periods, `amount` rates every `intervals` months (default 1)
 *   from startDate (else invoiceDate) in equal parts ('rate:1', …). The rate fee is in the rest.
 * Every part is allocated to whole øre so the invoices of a plan add up to the order exactly.
 * Without a plan, one invoice of everything on `today` ('single').
 */
export function invoicingSchedule(order: OrderForInvoice, vat: VatSettings, today: string): PlanEntry[] {
  const all = orderInvoiceLines(order, vat);
  const strip = (ls: TaggedLine[]): InvoiceLineDraft[] => ls.map(({ prePayment: _p, ...l }) => l);
  const inv = order.invoicing;
  if (!inv) return all.length ? [{ key: 'single', date: today, label: 'Faktura', lines: strip(all) }] : [];
  const entries: PlanEntry[] = [];
  const pre = inv.prePaymentDate ? all.filter((l) => l.prePayment) : [];
  const rest = strip(inv.prePaymentDate ? all.filter((l) => !l.prePayment) : all);
  if (pre.length && inv.prePaymentDate) entries.push({ key: 'prepayment', date: inv.prePaymentDate, label: 'Forudbetaling', lines: strip(pre) });
  const first = inv.startDate ?? inv.invoiceDate ?? today;
  if (rest.length) {
    if (inv.type === 'single') {
      entries.push({ key: 'single', date: inv.invoiceDate ?? today, label: 'Faktura', lines: rest });
    } else if (inv.type === 'recurring') {
      const every = Math.max(1, Math.min(RECURRING_MONTHS, inv.intervals ?? RECURRING_MONTHS));
      const weights: number[] = [];
      for (let m = 0; m < RECURRING_MONTHS; m += every) weights.push(Math.min(every, RECURRING_MONTHS - m));
      const parts = splitLines(rest, weights);
      const fee = inv.intervalFee ?? 0;
      parts.forEach((lines, k) => {
        const withFee = fee > 0 ? [...lines, { title: INTERVAL_FEE_TITLE, description: null, sku: null, productId: null, price: fee, amount: 1, discount: 0, vatExempt: false }] : lines;
        entries.push({ key: `recurring:${k + 1}`, date: addMonths(first, k * every), label: `Periode ${k + 1} af ${parts.length}`, lines: withFee });
      });
    } else {
      const periods = inv.customPeriods.filter((p) => p.date);
      let dates: string[];
      let weights: number[];
      if (periods.length) {
        dates = periods.map((p) => p.date as string);
        weights = inv.splitPayments || periods.every((p) => !p.amount) ? periods.map(() => 1) : periods.map((p) => Math.max(0, p.amount));
      } else {
        const n = Math.max(1, Math.min(120, Math.round(oreToKroner(inv.amount ?? 100) || 1)));
        const every = Math.max(1, inv.intervals ?? 1);
        dates = Array.from({ length: n }, (_, k) => addMonths(first, k * every));
        weights = dates.map(() => 1);
      }
      const order_ = dates.map((d, k) => ({ d, w: weights[k], k })).sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : a.k - b.k));
      const parts = splitLines(
        rest,
        order_.map((x) => x.w),
      );
      parts.forEach((lines, k) => {
        entries.push({ key: `rate:${k + 1}`, date: order_[k].d, label: `Rate ${k + 1} af ${parts.length}`, lines });
      });
    }
  }
  return entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The plan entries due on a day (their date has come) that have not been made yet. */
export const dueEntries = (schedule: PlanEntry[], made: Set<string>, today: string) => schedule.filter((e) => e.date <= today && !made.has(e.key));

/* ------------------------------------------------------------------ requests and responses */

const kr = z.number();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const INVOICE_SORT_FIELDS = ['Number', 'InvoiceDate', 'PaymentDate', 'Total', 'Company', 'Contact', 'Id'] as const;

export const ZInvoiceListRequest = listInput(
  z
    .object({
      orderId: optionalId,
      companyId: optionalId,
      type: choiceFilter(INVOICE_TYPES),
    })
    .passthrough(),
  INVOICE_SORT_FIELDS,
  { field: 'Number', dir: 'desc' },
);
export type TInvoiceListRequest = z.input<typeof ZInvoiceListRequest>;

/** A list row: SPEC §3 Invoice with the list's Company, Contact, Collection, OrderId (and the agreement's id). */
export const ZInvoiceListRow = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  externalNumber: z.string().nullable(),
  type: z.enum(INVOICE_TYPES),
  isDraft: z.boolean(),
  isSent: z.boolean(),
  isPaid: z.boolean(),
  credited: z.boolean(),
  invoiceDate: isoDate,
  paymentDate: isoDate,
  total: kr,
  company: z.string().nullable(),
  companyId: z.number().int().nullable(),
  contact: z.string().nullable(),
  contactId: z.number().int().nullable(),
  collection: z.enum(INVOICE_COLLECTIONS),
  orderId: z.number().int().nullable(),
  orderNumber: z.number().int().nullable(),
  contractId: z.number().int().nullable(),
  title: z.string().nullable(),
  economicStatus: z.enum(ECONOMIC_STATUSES),
  /** The PDF's address once the PDF job has made it (booked invoices); null before. */
  pdfUrl: z.string().nullable(),
  /** The HTML the PDF is printed from (drafts too). */
  previewUrl: z.string(),
});
export type TInvoiceListRow = z.output<typeof ZInvoiceListRow>;
export const ZInvoiceListResponse = ZPage(ZInvoiceListRow);

export const ZInvoiceLineResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  productId: z.number().int().nullable(),
  price: kr,
  amount: z.number(),
  discount: kr,
  vatExempt: z.boolean(),
  /** The line's total as entered (after its discount), kroner. */
  total: kr,
});

export const ZInvoiceResponse = ZInvoiceListRow.extend({
  creditsId: z.number().int().nullable(),
  creditsNumber: z.number().int().nullable(),
  creditedById: z.number().int().nullable(),
  planKey: z.string().nullable(),
  recipient: z.object({
    name: z.string(),
    attention: z.string().nullish(),
    address: z.string().nullish(),
    zipCode: z.string().nullish(),
    city: z.string().nullish(),
    cvr: z.string().nullish(),
    ean: z.string().nullish(),
    email: z.string().nullish(),
  }),
  lines: z.array(ZInvoiceLineResponse),
  subtotal: kr,
  discount: kr,
  vat: kr,
  vatRate: z.number(),
  pricesWithVat: z.boolean(),
  paidAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  bookedAt: z.string().nullable(),
  createdAt: z.string(),
  pdfStatus: z.enum(['none', 'pending', 'ready', 'failed']),
  economicError: z.string().nullable(),
  audit: z.array(z.object({ at: z.string(), user: z.string().nullable(), action: z.string(), detail: z.string().nullable() })),
});
export type TInvoiceResponse = z.output<typeof ZInvoiceResponse>;

export const ZInvoiceIdRequest = z.object({ id });
export const ZInvoiceActionResponse = z.object({ id: z.number().int(), number: z.number().int().nullable(), message: z.string() });

export const ZInvoiceUpdateDateRequest = z.object({
  id,
  invoiceDate: safeString({ error: INVOICE_MSG.invoiceDateRequired })
    .trim()
    .min(1, INVOICE_MSG.invoiceDateRequired)
    .transform((v) => v.slice(0, 10))
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), INVOICE_MSG.invoiceDateFormat),
});

/** The order's Fakturaer tab: its invoices and what its plan will still make, with dates and amounts. */
export const ZOrderInvoicesResponse = z.object({
  orderId: z.number().int(),
  canInvoice: z.boolean(),
  invoices: z.array(ZInvoiceListRow),
  planned: z.array(z.object({ key: z.string(), date: isoDate, label: z.string(), total: kr, made: z.boolean(), invoiceId: z.number().int().nullable() })),
});
export type TOrderInvoices = z.output<typeof ZOrderInvoicesResponse>;

/** A company's revenue from booked invoices (credit notes subtract), excluding VAT, kroner. */
export const ZCompanyRevenue = z.object({ yearToDate: kr, lastYear: kr, total: kr });

/** The preview: the same HTML the PDF is printed from. */
export const ZInvoiceHtmlResponse = z.object({ html: z.string(), fileName: z.string() });
export const ZInvoicePdfResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready'), fileName: z.string(), base64: z.string() }),
  z.object({ status: z.enum(['pending', 'failed']), message: z.string() }),
]);

/* ------------------------------------------------------------------ e-conomic look-ups (SPEC §7 Orders) */

export const ECONOMIC_LOOKUPS = ['productGroups', 'customerGroups', 'units', 'vatZones', 'paymentTerms', 'layouts', 'products'] as const;
export type EconomicLookup = (typeof ECONOMIC_LOOKUPS)[number];
export const ZEconomicLookupRequest = z.object({ search: safeString().trim().max(100).optional() }).optional();
/** One choice for a select: the number as the value, 'number · name' to read. */
export const ZEconomicLookupResponse = z.object({
  enabled: z.boolean(),
  items: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type TEconomicLookup = z.output<typeof ZEconomicLookupResponse>;

/* ------------------------------------------------------------------ the club's e-conomic settings (SPEC §3 Client settings economic) */

const economicNumber = (label: string) =>
  safeString()
    .trim()
    .max(25)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[A-Za-z0-9._-]+$/.test(v), `${label} skal være et nummer fra e-conomic`);

/** The E-conomic tab of the club's settings: the defaults of customers and invoices there, and the agreement's grant token (write-only). */
export const ZEconomicSettingsRequest = z.object({
  productGroup: economicNumber('Varegruppe'),
  productGroupVatExempt: economicNumber('Varegruppe for momsfrie varer'),
  customerGroup: economicNumber('Kundegruppe'),
  vatZone: economicNumber('Momszone'),
  paymentTerms: economicNumber('Betalingsbetingelse'),
  layout: economicNumber('Layout'),
  feeProduct: economicNumber('Produkt for gebyrer'),
  discountProduct: economicNumber('Produkt for rabatter'),
  invoiceText: safeString()
    .trim()
    .max(1000, 'Fakturatekst må maksimalt være 1000 tegn')
    .nullish()
    .transform((v) => (v ? v : null)),
  daysOfCredit: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 365) {
        ctx.addIssue({ code: 'custom', message: 'Betalingsfrist skal være et helt antal dage fra 0 til 365' });
        return z.NEVER;
      }
      return n;
    }),
  /** Sent only to set or replace it; '' leaves the stored one; clearGrantToken removes it. */
  agreementGrantToken: safeString().trim().max(200).nullish(),
  clearGrantToken: z.boolean().optional(),
});
export type TEconomicSettingsRequest = z.input<typeof ZEconomicSettingsRequest>;
export const ZEconomicSettingsResponse = z.object({
  productGroup: z.string().nullable(),
  productGroupVatExempt: z.string().nullable(),
  customerGroup: z.string().nullable(),
  vatZone: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  layout: z.string().nullable(),
  feeProduct: z.string().nullable(),
  discountProduct: z.string().nullable(),
  invoiceText: z.string().nullable(),
  daysOfCredit: z.number().int().nullable(),
  /** Whether a grant token is stored (the token itself never leaves the server). */
  hasGrantToken: z.boolean(),
  /** Whether the orders module's economic feature is on and the installation has e-conomic's app secret. */
  featureOn: z.boolean(),
});

/** 'Faktura nr. 12' / 'Kreditnota nr. 13' / 'Kladde'. */
export function invoiceName(i: { type: InvoiceType; number: number | null }): string {
  return i.number === null ? `${INVOICE_TYPE_LABELS[i.type]} (kladde)` : `${INVOICE_TYPE_LABELS[i.type]} nr. ${i.number}`;
}

