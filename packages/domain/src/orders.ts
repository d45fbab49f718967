import { z } from 'zod';
import { ZExtraInfoAnswers } from './extraInfo';
import { choiceFilter, listInput } from './list';
import { kroner, optionalKroner } from './kroner';
import { computeTotals, type MoneyLine, multiply, oreToKroner, percentOf, type VatSettings } from './money';
import { ZPage } from './responses';
import { bool, decimal, id, optionalDate, optionalDecimal, optionalEmail, optionalId, optionalInteger, optionalText, safeString, text } from './validation';
import { decimalMessage, parseDecimal, required } from './numbers';

/**
 * Orders (SPEC §3 Order, Invoicing, order line editing fields; §4 order and payment states; §5 Order
 * and Line modal; §8 order toasts; §9 VAT, rate fee, intervals). Money is øre inside; kroner on the
 * wire. `orderTotals` is the one order total, on the server when saving and in the browser while
 * editing.
 */

/* ------------------------------------------------------------------ states */

export const ORDER_STATUSES = ['cart', 'draft', 'approved', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { cart: 'Kurv', draft: 'Kladde', approved: 'Godkendt', cancelled: 'Annulleret' };
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = { cart: 'gray', draft: 'blue', approved: 'green', cancelled: 'red' };

export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Afventer',
  authorized: 'Autoriseret',
  paid: 'Betalt',
  refunded: 'Refunderet',
  cancelled: 'Annulleret',
};

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = { pending: 'orange', authorized: 'blue', paid: 'green', refunded: 'purple', cancelled: 'gray' };
/** A payment attempt's state as staff read it on the order (Afvist: the card was declined). */
export const PAYMENT_ATTEMPT_LABELS = { ...PAYMENT_STATUS_LABELS, failed: 'Afvist' } as const;

/** The status changes of SPEC §4 (invoicing an approved order arrives with the invoices issue). */
export const ORDER_ACTIONS = ['approve', 'edit', 'cancel', 'delete'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Texts of the orders domain: SPEC §8 toasts and confirmations, and the refusals. */
export const ORDER_MSG = {
  created: 'Ordren blev oprettet!',
  saved: 'Ordren blev gemt!',
  approved: 'Ordren blev godkendt!',
  cancelled: 'Ordren blev annulleret!',
  deleted: 'Ordren blev slettet!',
  reopened: 'Ordren kan nu redigeres.',
  confirmDelete: 'Er du sikker på at du vil slette denne ordre?',
  confirmCancel: 'Er du sikker på at du vil annullere denne ordre?',
  // refusals of the status machine (SPEC §4)
  approveOnlyDraft: 'Kun en kladde kan godkendes.',
  editOnlyApproved: 'Kun en godkendt ordre kan åbnes for redigering.',
  cancelNotDraftOrCancelled: 'En kladde eller en annulleret ordre kan ikke annulleres.',
  deleteOnlyDraftOrCancelled: 'Kun en kladde eller en annulleret ordre kan slettes.',
  linesOnlyInDraft: 'Ordrelinjer kan kun tilføjes, ændres eller fjernes, mens ordren er en kladde.',
  amountsOnlyInDraft: 'Rabat, gebyr og betalingsplan kan kun ændres, mens ordren er en kladde.',
  cancelledReadOnly: 'En annulleret ordre kan ikke ændres.',
  cartReadOnly: 'En kurv tilhører kunden og kan ikke redigeres her.',
  // references and fields
  seatFormat: 'Plads skal være i formatet X-Y',
  invoiceDateRequired: required('Fakturadato'),
  prePaymentDateRequired: required('Forudbetalingsdato'),
  companyUnknown: 'Virksomheden findes ikke i klubben.',
  contactUnknown: 'Kontaktpersonen findes ikke i klubben.',
  categoryUnknown: 'Kategorien findes ikke i klubben.',
  productUnknown: 'Et produkt på ordren findes ikke i klubben.',
  variantUnknown: 'En variant på ordren hører ikke til produktet.',
  seatEventUnknown: 'Arrangementet for en plads findes ikke i klubben.',
  fieldUnknown: 'Et felt hører ikke til ordrens kategori.',
  // payment links, capture and refunds (SPEC §7 send-paymentlink, capture-payment; §8 toasts)
  paymentLinkSent: 'Betalingslink blev sendt.',
  paymentCaptured: 'Betaling blev hævet.',
  confirmSendPaymentLink: (email: string) => `Er du sikker på at du vil sende et betalingslink til ${email}?`,
  confirmCapture: 'Er du sikker på at du vil hæve betalingen?',
  confirmCancelPaid: 'Er du sikker på at du vil annullere denne ordre? Betalingen refunderes.',
  paymentLinkOnlyApproved: 'Betalingslink kan kun sendes for en godkendt ordre.',
  alreadyPaid: 'Ordren er allerede betalt.',
  nothingToPay: 'Ordren har intet beløb at betale.',
  contactNoEmail: 'Kontaktpersonen har ingen e-mail. Tilføj en e-mail på kontaktpersonen, og send så betalingslinket.',
  noRecipient: 'Ordren har hverken en kontaktperson eller en e-mail at sende betalingslinket til.',
  nothingToCapture: 'Ordren har ingen godkendt betaling at hæve.',
  deletePaid: 'Ordren er betalt og kan ikke slettes. Annuller den, så betalingen refunderes.',
  providerRefused: (what: string) => `Betalingsudbyderen afviste: ${what}`,
} as const;

/** The public page a payment link opens (/public/orders/pay/{token}); SPEC §8's payment texts where it has them. */
export const ORDER_PAY_MSG = {
  title: 'Betal ordre',
  heading: (orderNumber: number) => `Ordre nr. ${orderNumber}`,
  unknown: 'Betalingslinket er ukendt eller udløbet.',
  paid: 'Ordren er betalt. Tak for din betaling!',
  authorized: 'Betalingen er godkendt. Beløbet hæves, når klubben har leveret ordren.',
  closed: 'Ordren kan ikke længere betales. Kontakt klubben.',
  waiting: 'Vi venter på svar fra betalingsudbyderen …',
  declined: 'Betalingen kunne ikke gennemføres!',
  pay: 'Betal',
  stripeNotReady: 'Stripe script not ready',
  mailSubject: (orderNumber: number, club: string) => `Betaling af ordre nr. ${orderNumber} hos ${club}`,
  mailLead: (orderNumber: number, total: string) => `Her er linket til at betale ordre nr. ${orderNumber} på ${total}.`,
  mailLink: 'Betal ordren',
  receiptSubject: (orderNumber: number, club: string) => `Tak for din betaling af ordre nr. ${orderNumber} hos ${club}`,
  receiptLead: (orderNumber: number, total: string) => `Vi har modtaget din betaling af ordre nr. ${orderNumber} på ${total}.`,
} as const;

/** A payment attempt's state (the payments table; 'failed' is an attempt's own). */
export type PaymentAttemptState = 'pending' | 'authorized' | 'paid' | 'failed' | 'cancelled' | 'refunded';

const PAYMENT_RANK: Record<PaymentStatus, number> = { pending: 0, authorized: 1, paid: 2, refunded: 3, cancelled: 3 };
const ATTEMPT_TO_ORDER: Record<PaymentAttemptState, PaymentStatus> = {
  pending: 'pending',
  failed: 'pending',
  authorized: 'authorized',
  paid: 'paid',
  refunded: 'refunded',
  cancelled: 'cancelled',
};

/**
 * The one place an order's paymentStatus follows its payment: the attempt's state mapped to the
 * order's (a failed attempt leaves the order pending), moving only forward (pending → authorized →
 * paid → refunded; an authorization released → cancelled), so a repeated or late notification
 * changes nothing. null: no change.
 */
export function orderPaymentStatus(current: PaymentStatus, attempt: PaymentAttemptState): PaymentStatus | null {
  const next = ATTEMPT_TO_ORDER[attempt];
  return PAYMENT_RANK[next] > PAYMENT_RANK[current] ? next : null;
}

/** Whether an order's payment is open for a (new) payment: none has gone through, or the last was released. */
export const paymentOpen = (status: PaymentStatus) => status === 'pending' || status === 'cancelled';

/** Where an action leads from a status, or the Danish refusal. Pure: the service applies it under a row lock. */
export function orderTransition(from: OrderStatus, action: OrderAction): { ok: true; to: OrderStatus | null } | { ok: false; message: string } {
  switch (action) {
    case 'approve':
      return from === 'draft' ? { ok: true, to: 'approved' } : { ok: false, message: ORDER_MSG.approveOnlyDraft };
    case 'edit':
      return from === 'approved' ? { ok: true, to: 'draft' } : { ok: false, message: ORDER_MSG.editOnlyApproved };
    case 'cancel':
      return from === 'draft' || from === 'cancelled' ? { ok: false, message: ORDER_MSG.cancelNotDraftOrCancelled } : { ok: true, to: 'cancelled' };
    case 'delete':
      return from === 'draft' || from === 'cancelled' ? { ok: true, to: null } : { ok: false, message: ORDER_MSG.deleteOnlyDraftOrCancelled };
  }
}

/** The toast of a successful action. */
export const ORDER_ACTION_MSG: Record<OrderAction, string> = {
  approve: ORDER_MSG.approved,
  edit: ORDER_MSG.reopened,
  cancel: ORDER_MSG.cancelled,
  delete: ORDER_MSG.deleted,
};

/* ------------------------------------------------------------------ line modal (SPEC §5) */

/** Exactly one hyphen with letters (Danish included) or digits on both sides: 'A-12', 'Æ3-7'. */
export const SEAT_PATTERN = /^[A-Za-z0-9ÆØÅæøå]+-[A-Za-z0-9ÆØÅæøå]+$/;
export const isSeat = (seat: string) => SEAT_PATTERN.test(seat);

const seat = safeString()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isSeat(v), ORDER_MSG.seatFormat);

/** Antal: required, a number (decimals for number lines, at most two), not negative. */
const amount = decimal('Antal', { min: 0 }).refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, decimalMessage('Antal'));

export const ZOrderExtraInfo = z
  .array(
    z.object({
      title: text('Titel', 200),
      value: optionalText(2000),
      values: z.array(safeString().max(500)).max(50).optional(),
    }),
  )
  .max(50)
  .nullish()
  .transform((v) => v ?? []);

const lineType = z
  .enum(['product', 'ticket', 'seat-ticket'])
  .nullish()
  .transform((v) => v ?? 'product');

export const ZOrderLineOption = z.object({
  productId: optionalId,
  variantId: optionalId,
  title: text('Titel', 300),
  sku: optionalText(100),
  price: kroner('Pris'),
  prePayment: bool,
});

export const ZOrderLineInput = z.object({
  productId: optionalId,
  variantId: optionalId,
  title: text('Titel', 300),
  sku: optionalText(100),
  type: lineType,
  price: kroner('Pris'),
  discount: optionalKroner('Rabat').transform((v) => v ?? 0),
  amount,
  prePayment: bool,
  vatExempt: bool,
  description: optionalText(5000),
  seat,
  seatEventId: optionalId,
  extraInfo: ZOrderExtraInfo,
  options: z
    .array(ZOrderLineOption)
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
});
export type TOrderLineInput = z.input<typeof ZOrderLineInput>;
export type TOrderLine = z.output<typeof ZOrderLineInput>;

/* ------------------------------------------------------------------ invoicing (SPEC §3 Invoicing) */

export const INVOICING_TYPES = ['single', 'recurring', 'rates'] as const;
export type InvoicingType = (typeof INVOICING_TYPES)[number];

export const ZOrderInvoicing = z
  .object({
    type: z
      .union([z.enum(INVOICING_TYPES), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    prePaymentDate: optionalDate('Forudbetalingsdato'),
    invoiceDate: optionalDate('Fakturadato'),
    /** Number of rates (rates) or the amount per invoice, as the plan's editor sets it. */
    amount: optionalKroner('Beløb'),
    /** Months between invoices (recurring). */
    intervals: optionalInteger('Interval', { min: 1, max: 120 }),
    startDate: optionalDate('Startdato'),
    intervalFee: optionalKroner('Gebyr pr. interval'),
    customPeriods: z
      .array(z.object({ date: optionalDate('Dato'), amount: kroner('Beløb') }))
      .max(120)
      .nullish()
      .transform((v) => v ?? []),
    /** Percent added on the subtotal when the type is rates. */
    rateFee: optionalDecimal('Ratetillæg', { min: 0, max: 100 }),
    splitPayments: bool,
  })
  .nullish()
  .transform((v) => (v?.type ? { ...v, type: v.type } : null));
export type TOrderInvoicing = NonNullable<z.output<typeof ZOrderInvoicing>>;

/* ------------------------------------------------------------------ the order form */

/** Custom field values by field id: text, number, a choice, a checkbox or several values. */
export const ZFieldValues = z
  .record(
    z.string().regex(/^\d+$/, 'Ugyldigt felt'),
    z.union([safeString().max(10000), z.number(), z.boolean(), z.null(), z.array(safeString().max(500)).max(50)]),
  )
  .nullish()
  .transform((v) => v ?? {});

export const ZOrderUpdateRequest = z
  .object({
    id: optionalId,
    firstname: optionalText(100),
    lastname: optionalText(100),
    email: optionalEmail(),
    phone: optionalText(40),
    description: optionalText(5000),
    internal: optionalText(5000),
    additional: optionalText(5000),
    extraInfo: ZOrderExtraInfo,
    companyId: optionalId,
    contactId: optionalId,
    categoryId: optionalId,
    orderDiscount: optionalKroner('Ordrerabat').transform((v) => v ?? 0),
    additionalFee: optionalKroner('Gebyr').transform((v) => v ?? 0),
    invoicing: ZOrderInvoicing,
    fieldValues: ZFieldValues,
    /** The order's lines; left out, the stored lines stay. Sent, they replace them (only while draft). */
    orderLines: z.array(ZOrderLineInput).max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.invoicing) return;
    if (!v.invoicing.invoiceDate) ctx.addIssue({ code: 'custom', path: ['invoicing', 'invoiceDate'], message: ORDER_MSG.invoiceDateRequired });
    const prePayment = (v.orderLines ?? []).some((l) => l.prePayment || l.options.some((o) => o.prePayment));
    if (prePayment && !v.invoicing.prePaymentDate) {
      ctx.addIssue({ code: 'custom', path: ['invoicing', 'prePaymentDate'], message: ORDER_MSG.prePaymentDateRequired });
    }
  });
export type TOrderUpdateRequest = z.input<typeof ZOrderUpdateRequest>;
export type TOrderUpdate = z.output<typeof ZOrderUpdateRequest>;

/** A Number custom field's value: a decimal (comma accepted), '{title} skal være et gyldigt tal.'. */
export function numberFieldValue(title: string, value: unknown): { ok: true; value: number | null } | { ok: false; message: string } {
  if (value === null || value === undefined || value === '') return { ok: true, value: null };
  const n = typeof value === 'number' || typeof value === 'string' ? parseDecimal(value) : Number.NaN;
  return n === null ? { ok: true, value: null } : Number.isNaN(n) ? { ok: false, message: decimalMessage(title) } : { ok: true, value: n };
}

export const ZOrderActionRequest = z.object({ id });

/** POST /{id}/send-paymentlink: 'manual' only reserves the amount; staff capture it later (Hæv betaling). */
export const ZOrderSendPaymentLinkRequest = z.object({
  id,
  capture: z
    .enum(['auto', 'manual'])
    .nullish()
    .transform((v) => v ?? 'auto'),
});
export const ZOrderSendPaymentLinkResponse = z.object({ id: z.number().int(), email: z.string(), message: z.string() });
export const ZOrderCaptureResponse = z.object({ id: z.number().int(), paymentStatus: z.enum(PAYMENT_STATUSES), message: z.string() });

/** A payment link's token: the club's id, a hyphen and 160 random bits in base32 (the link names its club; the bits guard it). */
export const ORDER_PAY_TOKEN = /^[1-9]\d{0,8}-[a-z2-7]{32}$/;
const payToken = z.string().trim().regex(ORDER_PAY_TOKEN, ORDER_PAY_MSG.unknown);
export const ZOrderPayLinkRequest = z.object({ token: payToken });
/** The provider's answer on the return to the pay page (OnPay's signed accept parameters), passed on to be verified. */
export const ZOrderPayReturnRequest = z.object({
  token: payToken,
  query: z.record(z.string().max(100), z.string().max(2000)).refine((q) => Object.keys(q).length <= 60, ORDER_PAY_MSG.unknown),
});

export const ZOrderPayLinkResponse = z.object({
  clubName: z.string(),
  orderNumber: z.number().int(),
  /** payable: Betal is offered; paid / authorized: done; closed: cancelled or no longer to be paid. */
  state: z.enum(['payable', 'paid', 'authorized', 'closed']),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  name: z.string().nullable(),
  lines: z.array(z.object({ title: z.string(), amount: z.number(), total: z.number(), options: z.array(z.string()) })),
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  provider: z.enum(['test', 'stripe', 'onpay']),
  /** The last attempt's outcome, when it failed or was cancelled by the buyer. */
  lastAttempt: z.enum(['failed', 'cancelled']).nullable(),
});
export type TOrderPayLink = z.output<typeof ZOrderPayLinkResponse>;

/** How the buyer's browser pays: the test provider's page or a provider redirect, OnPay's form, or Stripe Elements. */
export const ZOrderPayStartResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('form'), action: z.string(), fields: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('client-secret'), clientSecret: z.string(), publishableKey: z.string(), returnUrl: z.string() }),
]);
export type TOrderPayStart = z.output<typeof ZOrderPayStartResponse>;

/* ------------------------------------------------------------------ totals (SPEC §9) */

/** What orderTotals needs of an order: prices in øre as stored. */
export interface OrderMoney {
  lines: { price: number; amount: number; discount?: number; vatExempt?: boolean; options?: { price: number }[] }[];
  orderDiscount?: number;
  additionalFee?: number;
  invoicing?: { type: InvoicingType | null; rateFee?: number | null } | null;
}

export interface OrderTotals {
  /** Lines and options before discounts, as entered. */
  gross: number;
  /** Line discounts and the order discount, as entered. */
  discount: number;
  additionalFee: number;
  /** The rates fee (percent of the discounted lines and fee), as entered; 0 unless invoicing is rates. */
  rateFee: number;
  /** Excluding VAT. */
  subtotal: number;
  vat: number;
  total: number;
}

/**
 * The money lines of an order, flattened: each line and each of its options as a line of its own
 * (the option's price per unit of the line, the line's VAT exemption), in a canonical order, with the order discount
 * already spread over them (computeTotals' rule); then the additional fee and, for rates invoicing,
 * the rate fee on what the lines and fee come to.
 */
export function orderMoneyLines(order: OrderMoney, vat: VatSettings): { lines: MoneyLine[]; additionalFee: number; rateFee: number } {
  const goods: MoneyLine[] = [];
  for (const l of order.lines) {
    goods.push({ unitPrice: l.price, amount: l.amount, discount: l.discount ?? 0, vatExempt: !!l.vatExempt });
    for (const o of l.options ?? []) goods.push({ unitPrice: o.price, amount: l.amount, discount: 0, vatExempt: !!l.vatExempt });
  }
  // A canonical order, so the order discount's last øre (largest remainder, ties to the earlier line)
  // lands on the same line however the lines are sorted on screen: totals depend on the lines, not their order.
  goods.sort(
    (a, b) =>
      Number(!!a.vatExempt) - Number(!!b.vatExempt) || a.unitPrice - b.unitPrice || a.amount - b.amount || (a.discount ?? 0) - (b.discount ?? 0),
  );
  const spread = computeTotals(goods, vat, { orderDiscount: order.orderDiscount ?? 0 });
  const discounted = goods.map((g, i) => ({ ...g, discount: spread.lines[i].discount }));
  const additionalFee = Math.max(0, order.additionalFee ?? 0);
  const base = spread.gross - spread.discount + additionalFee;
  const percent = order.invoicing?.type === 'rates' ? (order.invoicing.rateFee ?? 0) : 0;
  const rateFee = percent > 0 ? percentOf(base, percent) : 0;
  const fees: MoneyLine[] = [];
  if (additionalFee) fees.push({ unitPrice: additionalFee, amount: 1 });
  if (rateFee) fees.push({ unitPrice: rateFee, amount: 1 });
  return { lines: [...discounted, ...fees], additionalFee, rateFee };
}

/** The totals of an order under the club's VAT settings: the one computation, client and server. */
export function orderTotals(order: OrderMoney, vat: VatSettings): OrderTotals {
  const { lines, additionalFee, rateFee } = orderMoneyLines(order, vat);
  const t = computeTotals(lines, vat);
  return { gross: t.gross - additionalFee - rateFee, discount: t.discount, additionalFee, rateFee, subtotal: t.subtotal, vat: t.vat, total: t.total };
}

/** The part of a yearly amount one invoice of a recurring plan carries: amount × intervals / 12, half-up to øre. */
export function recurringAmount(yearly: number, intervalMonths: number): number {
  const n = multiply(yearly, intervalMonths);
  return Math.sign(n) * Math.round(Math.abs(n) / 12);
}

/* ------------------------------------------------------------------ list */

export const ORDER_SORT_FIELDS = ['Number', 'Status', 'Payment', 'Contact', 'Company', 'Price', 'Date', 'Id'] as const;

export const ZOrderListRequest = listInput(
  z.object({ status: choiceFilter(ORDER_STATUSES), paymentStatus: choiceFilter(PAYMENT_STATUSES), companyId: optionalId, contactId: optionalId }).passthrough(),
  ORDER_SORT_FIELDS,
  { field: 'Number', dir: 'desc' },
);
export type TOrderListRequest = z.input<typeof ZOrderListRequest>;

const kr = z.number();

/** A list row: SPEC §2's columns (Status, Number, Payment, Contact, Company, Price, Date) plus ids. */
export const ZOrderListRow = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  number: z.number().int(),
  payment: z.enum(PAYMENT_STATUSES),
  contact: z.string().nullable(),
  contactId: z.number().int().nullable(),
  company: z.string().nullable(),
  companyId: z.number().int().nullable(),
  /** The total incl. VAT, kroner. */
  price: kr,
  date: z.string(),
});
export type TOrderListRow = z.output<typeof ZOrderListRow>;
/**
 * A search counts its matches exactly up to this many, or up to the end of the page asked for when
 * that is further (migration 0020): with more, `total` is that number and `totalCapped` is true —
 * "more than `total`" (the list shows 'mere end 1.000'; the pager offers one page more). An unsearched
 * list's total is always exact.
 */
export const ORDER_SEARCH_COUNT_CAP = 1000;
export const ZOrderListResponse = ZPage(ZOrderListRow).extend({ totalCapped: z.boolean() });

/* ------------------------------------------------------------------ one order */

/** What an order line and an agreement line answer alike (SPEC §3 line editing fields), kroner. */
export const documentLineResponseFields = {
  id: z.number().int(),
  productId: z.number().int().nullable(),
  variantId: z.number().int().nullable(),
  title: z.string(),
  sku: z.string().nullable(),
  type: z.enum(['product', 'ticket', 'seat-ticket']),
  price: kr,
  amount: z.number(),
  discount: kr,
  prePayment: z.boolean(),
  vatExempt: z.boolean(),
  description: z.string().nullable(),
  seat: z.string().nullable(),
  seatEventId: z.number().int().nullable(),
};

/** The company and contact an order or agreement is for, as the API answers them. */
export const documentPartyFields = {
  companyId: z.number().int().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  contactId: z.number().int().nullable(),
  contact: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string().nullable() }).nullable(),
};

const ZOrderLineResponse = z.object({
  ...documentLineResponseFields,
  extraInfo: ZExtraInfoAnswers,
  options: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int().nullable(),
      variantId: z.number().int().nullable(),
      title: z.string(),
      sku: z.string().nullable(),
      price: kr,
      prePayment: z.boolean(),
    }),
  ),
});

/** An order's or agreement's invoicing plan as the API answers it (SPEC §3 Invoicing), kroner. */
export const ZInvoicingResponse = z
  .object({
    type: z.enum(INVOICING_TYPES),
    prePaymentDate: z.string().nullable(),
    invoiceDate: z.string().nullable(),
    amount: kr.nullable(),
    intervals: z.number().int().nullable(),
    startDate: z.string().nullable(),
    intervalFee: kr.nullable(),
    customPeriods: z.array(z.object({ date: z.string().nullable(), amount: kr })),
    rateFee: z.number().nullable(),
    splitPayments: z.boolean(),
  })
  .nullable();

export const ZOrderResponse = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  internal: z.string().nullable(),
  additional: z.string().nullable(),
  extraInfo: ZExtraInfoAnswers,
  ...documentPartyFields,
  contractId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  orderLines: z.array(ZOrderLineResponse),
  orderDiscount: kr,
  additionalFee: kr,
  subtotal: kr,
  discount: kr,
  vat: kr,
  total: kr,
  invoicing: ZInvoicingResponse,
  fieldValues: z.record(z.string(), z.unknown()),
  createDate: z.string(),
  createdBy: z.number().int().nullable(),
  /** Card payments of the order, newest first; the one its paymentStatus follows is paymentId. */
  paymentId: z.number().int().nullable(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      provider: z.enum(['test', 'stripe', 'onpay']),
      status: z.enum(['pending', 'authorized', 'paid', 'failed', 'cancelled', 'refunded']),
      amount: kr,
      capturedAmount: kr,
      refundedAmount: kr,
      needsAttention: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  paymentLinks: z.array(z.object({ sentTo: z.string(), capture: z.enum(['auto', 'manual']), createdAt: z.string() })),
  audit: z.array(
    z.object({ at: z.string(), userId: z.number().int().nullable(), user: z.string().nullable(), action: z.string(), fromStatus: z.string().nullable(), toStatus: z.string().nullable() }),
  ),
});
export type TOrderResponse = z.output<typeof ZOrderResponse>;

export const ZOrderActionResponse = z.object({ id: z.number().int(), status: z.enum(ORDER_STATUSES).nullable(), message: z.string() });

/** Øre → kroner for the wire (null stays null). */
export const wireKroner = (ore: number | null | undefined) => oreToKroner(ore ?? null);
