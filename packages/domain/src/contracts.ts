import { z } from 'zod';
import { optionalKroner } from './kroner';
import { choiceFilter, listInput } from './list';
import { CONTRACT_SETUP_TYPES, isNumberSetup } from './catalogue';
import { CONTRACT_MSG } from './contractTexts';
import { ZExtraInfoAnswers } from './extraInfo';
import { documentLineResponseFields, documentPartyFields, type TOrderLine, ZFieldValues, ZInvoicingResponse, ZOrderInvoicing, ZOrderLineInput } from './orders';
import { ZPage } from './responses';
import { bool, id, optionalDate, optionalId, optionalText, safeString } from './validation';

/**
 * Sponsor agreements (SPEC §3 Contract, Contract line; §4 contract and agreement states, line
 * setup; §5 Contract, Signing; §7 Contracts; §8 agreement texts; §9 priceDisplay, defaults).
 * Money is øre inside, kroner on the wire; the lines are order lines (same editing fields, same
 * totals: orderTotals) plus the seat category and two markers the agreement keeps.
 */

/* ------------------------------------------------------------------ states */

export const CONTRACT_STATUSES = ['draft', 'renewal', 'approved', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = { draft: 'Kladde', renewal: 'Gentegning', approved: 'Godkendt', cancelled: 'Annulleret' };
export const CONTRACT_STATUS_COLORS: Record<ContractStatus, string> = { draft: 'blue', renewal: 'purple', approved: 'green', cancelled: 'red' };

export const AGREEMENT_STATUSES = ['unsent', 'sent', 'signed', 'renegotiation'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = { unsent: 'Ikke sendt', sent: 'Sendt', signed: 'Underskrevet', renegotiation: 'Genforhandling' };

/** The status changes of SPEC §4 (invoicing an approved agreement is its own call: POST /invoice). */
export const CONTRACT_ACTIONS = ['approve', 'delete', 'renew', 'edit', 'cancel', 'reactivate'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

export { CONTRACT_MSG };

/** The toast of a successful action. */
export const CONTRACT_ACTION_MSG: Record<ContractAction, string> = {
  approve: CONTRACT_MSG.approved,
  delete: CONTRACT_MSG.deleted,
  renew: CONTRACT_MSG.renewed,
  edit: CONTRACT_MSG.reopened,
  cancel: CONTRACT_MSG.cancelled,
  reactivate: CONTRACT_MSG.reactivated,
};

/**
 * Where an action leads from a status (SPEC §4), or the Danish refusal. renew keeps the approved
 * agreement as it is (a new one in status renewal is made beside it); delete leads nowhere (null);
 * a reactivated agreement is a draft again, to be checked and approved anew.
 */
export function contractTransition(from: ContractStatus, action: ContractAction): { ok: true; to: ContractStatus | null } | { ok: false; message: string } {
  switch (action) {
    case 'approve':
      return from === 'draft' || from === 'renewal' ? { ok: true, to: 'approved' } : { ok: false, message: CONTRACT_MSG.approveOnlyDraftOrRenewal };
    case 'delete':
      return from === 'draft' ? { ok: true, to: null } : { ok: false, message: CONTRACT_MSG.deleteOnlyDraft };
    case 'renew':
      return from === 'approved' ? { ok: true, to: 'approved' } : { ok: false, message: CONTRACT_MSG.renewOnlyApproved };
    case 'edit':
      return from === 'approved' ? { ok: true, to: 'draft' } : { ok: false, message: CONTRACT_MSG.editOnlyApproved };
    case 'cancel':
      return from !== 'cancelled' ? { ok: true, to: 'cancelled' } : { ok: false, message: CONTRACT_MSG.cancelAlreadyCancelled };
    case 'reactivate':
      return from === 'cancelled' ? { ok: true, to: 'draft' } : { ok: false, message: CONTRACT_MSG.reactivateOnlyCancelled };
  }
}

/** Only draft and renewal allow editing category, description, season, dates, company, contact and lines. */
export const contractEditable = (status: ContractStatus) => status === 'draft' || status === 'renewal';

/** The header buttons of the agreement screen by status (SPEC §2, §4). */
export function contractButtons(status: ContractStatus): ContractAction[] {
  const all: ContractAction[] = [...CONTRACT_ACTIONS];
  return all.filter((a) => contractTransition(status, a).ok);
}

/* ------------------------------------------------------------------ line setup (SPEC §4) */

export type ContractSetupType = (typeof CONTRACT_SETUP_TYPES)[number];
/** A product's agreement setup as stored (SPEC §3 Product contractSetup). */
export interface ProductContractSetup {
  type: ContractSetupType;
  amountType: 'amount' | 'price' | 'amount-price' | null;
  unit: 'stk' | 'person' | null;
  preSelected: boolean;
}
export const isTextSetup = (s: ProductContractSetup) => s.type === 'text' || s.type === 'number-text';
export const isPriceSetup = (s: ProductContractSetup) => isNumberSetup(s.type) && (s.amountType === 'price' || s.amountType === 'amount-price');

/** A product as the agreement's setup list offers it (prices in øre). */
export interface SetupProduct {
  id: number;
  title: string;
  sku: string | null;
  type: 'product' | 'ticket' | 'seat-ticket';
  price: number;
  vatExempt: boolean;
  prePayment: boolean;
  contractSetup: ProductContractSetup | null;
  variants: { id: number; title: string; sku: string | null; price: number }[];
}

/** A line in the agreement's editor (øre). */
export type ContractLine = TOrderLine & { seatCategoryId?: string | null; categoryLine?: boolean; hadProduct?: boolean };

/** What a setup control changed: the checkbox, the amount and price fields, the description, the variant select. */
export type SetupChange =
  | { kind: 'checkbox'; checked: boolean }
  | { kind: 'number'; amount: number; price?: number | null }
  | { kind: 'text'; description: string | null }
  | { kind: 'variant'; variantId: number | null };

const baseLine = (p: SetupProduct): ContractLine => ({
  productId: p.id,
  variantId: null,
  title: p.title,
  sku: p.sku,
  type: p.type,
  price: p.price,
  discount: 0,
  amount: 1,
  prePayment: p.prePayment,
  vatExempt: p.vatExempt,
  description: null,
  seat: null,
  seatEventId: null,
  extraInfo: [],
  options: [],
  hadProduct: true,
});

/**
 * The agreement's lines after a product's setup control changed (SPEC §4 line setup):
 * a ticked checkbox adds a line at the product's price, amount 1, unticked removes it; a number line
 * is there while its amount is above 0 (a price-type line takes the price entered); a text line
 * carries the description, and goes when it is emptied; choosing a variant sets its price and amount
 * 1, clearing it removes the line. Other lines are left as they are.
 */
export function applySetup(lines: ContractLine[], p: SetupProduct, change: SetupChange): ContractLine[] {
  const at = lines.findIndex((l) => l.productId === p.id && !l.categoryLine);
  const existing = at >= 0 ? lines[at] : null;
  const without = lines.filter((_, i) => i !== at);
  const put = (l: ContractLine) => (at >= 0 ? lines.map((x, i) => (i === at ? l : x)) : [...lines, l]);
  switch (change.kind) {
    case 'checkbox':
      return change.checked ? (existing ? lines : put(baseLine(p))) : without;
    case 'number': {
      if (!(change.amount > 0)) return without;
      const price = p.contractSetup && isPriceSetup(p.contractSetup) ? (change.price ?? existing?.price ?? p.price) : (existing?.price ?? p.price);
      return put({ ...(existing ?? baseLine(p)), amount: change.amount, price });
    }
    case 'text': {
      const d = change.description?.trim() ?? '';
      if (!d) return p.contractSetup?.type === 'number-text' && existing ? put({ ...existing, description: null }) : without;
      return put({ ...(existing ?? baseLine(p)), description: d });
    }
    case 'variant': {
      if (!change.variantId) return without;
      const v = p.variants.find((x) => x.id === change.variantId);
      if (!v) return lines;
      return put({ ...(existing ?? baseLine(p)), variantId: v.id, title: `${p.title} – ${v.title}`, sku: v.sku ?? p.sku, price: v.price, amount: 1 });
    }
  }
}

/** A line's refusal under its product's setup, or null (the server checks every line on save). */
export function setupLineProblem(line: { title: string; amount: number; price: number; description?: string | null }, setup: ProductContractSetup | null): string | null {
  if (!setup) return null;
  if (setup.type === 'checkbox' && Number(line.amount) !== 1) return CONTRACT_MSG.checkboxLineAmount(line.title);
  if (isNumberSetup(setup.type) && !(Number(line.amount) > 0)) return CONTRACT_MSG.numberLineAmount(line.title);
  if (isPriceSetup(setup) && !(line.price > 0)) return CONTRACT_MSG.priceLineNeedsPrice(line.title);
  if (setup.type === 'text' && !line.description?.trim()) return CONTRACT_MSG.textLineNeedsDescription(line.title);
  return null;
}

/** An agreement category as its line sees it (øre). */
export interface ContractCategory {
  id: number;
  title: string;
  sku: string | null;
  price: number | null;
  invoiceTitle: string | null;
}

/** The category's line: only a category with a sku has one. */
export function categoryLine(c: ContractCategory | null): ContractLine | null {
  if (!c?.sku) return null;
  return {
    productId: null,
    variantId: null,
    title: c.invoiceTitle || c.title,
    sku: c.sku,
    type: 'product',
    price: c.price ?? 0,
    discount: 0,
    amount: 1,
    prePayment: false,
    vatExempt: false,
    description: null,
    seat: null,
    seatEventId: null,
    extraInfo: [],
    options: [],
    categoryLine: true,
  };
}

/** Changing the category removes the previous category's line and adds the new one's (if it has a sku) first. */
export function withCategoryLine(lines: ContractLine[], c: ContractCategory | null): ContractLine[] {
  const rest = lines.filter((l) => !l.categoryLine);
  const line = categoryLine(c);
  return line ? [line, ...rest] : rest;
}

/** A season fills the start and end dates (the start is then locked); own dates clear the season. */
export function seasonDates(season: { startDate: string; endDate: string } | null, current: { startDate: string | null; endDate: string | null }) {
  return season ? { startDate: season.startDate, endDate: season.endDate } : current;
}

/* ------------------------------------------------------------------ the agreement form (SPEC §3, §5) */

export const ZContractLineInput = ZOrderLineInput.extend({
  seatCategoryId: optionalText(100),
  categoryLine: bool,
});
export type TContractLineInput = z.input<typeof ZContractLineInput>;

export const ZContractUpdateRequest = z
  .object({
    id: optionalId,
    categoryId: optionalId.refine((v) => v !== null, CONTRACT_MSG.categoryRequired),
    description: optionalText(5000),
    internal: optionalText(5000),
    seasonId: optionalId,
    startDate: optionalDate('Startdato'),
    endDate: optionalDate('Slutdato'),
    noEndDate: bool,
    renewDate: optionalDate('Genforhandlingsdato'),
    agreementStatus: z
      .enum(AGREEMENT_STATUSES)
      .nullish()
      .transform((v) => v ?? null),
    orderDiscount: optionalKroner('Rabat').transform((v) => v ?? 0),
    additionalFee: optionalKroner('Gebyr').transform((v) => v ?? 0),
    invoicing: ZOrderInvoicing,
    fieldValues: ZFieldValues,
    additional: optionalText(5000),
    contractDescription: optionalText(20000),
    supplementalDescription: optionalText(20000),
    companyId: optionalId.refine((v) => v !== null, CONTRACT_MSG.companyRequired),
    contactId: optionalId.refine((v) => v !== null, CONTRACT_MSG.contactRequired),
    ownerId: optionalId,
    /** Left out, the stored lines stay; sent, they replace them (only in draft or renewal). */
    contractLines: z.array(ZContractLineInput).max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && !v.noEndDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: CONTRACT_MSG.endBeforeStart });
    const inv = v.invoicing;
    if (!inv) return;
    const prePayment = (v.contractLines ?? []).some((l) => l.prePayment || l.options.some((o) => o.prePayment));
    if (prePayment && !inv.prePaymentDate) ctx.addIssue({ code: 'custom', path: ['invoicing', 'prePaymentDate'], message: CONTRACT_MSG.prePaymentDateRequired });
    if (inv.type === 'single' && !inv.invoiceDate) ctx.addIssue({ code: 'custom', path: ['invoicing', 'invoiceDate'], message: CONTRACT_MSG.invoiceDateRequired });
    if (inv.type === 'recurring') {
      if (!inv.startDate) ctx.addIssue({ code: 'custom', path: ['invoicing', 'startDate'], message: CONTRACT_MSG.startDateRequired });
      if (!inv.intervals) ctx.addIssue({ code: 'custom', path: ['invoicing', 'intervals'], message: CONTRACT_MSG.intervalRequired });
    }
    if (inv.type === 'rates' && !inv.invoiceDate && !inv.startDate && !inv.customPeriods.length) {
      ctx.addIssue({ code: 'custom', path: ['invoicing', 'invoiceDate'], message: CONTRACT_MSG.invoiceDateRequired });
    }
  });
export type TContractUpdateRequest = z.input<typeof ZContractUpdateRequest>;
export type TContractUpdate = z.output<typeof ZContractUpdateRequest>;

export const ZContractIdRequest = z.object({ id });

/** Seat lines moved or copied to another event, or removed (SPEC §4). */
export const ZContractSeatLinesRequest = z
  .object({
    id,
    lineIds: z.array(id).min(1).max(500),
    action: z.enum(['move', 'copy', 'remove']),
    eventId: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'remove' && !v.eventId) ctx.addIssue({ code: 'custom', path: ['eventId'], message: CONTRACT_MSG.seatTargetRequired });
  });

/** The target event of a seat line's move or copy: the club's events, searchable by title. */
export const ZContractSeatEventsRequest = z.object({ search: safeString().trim().max(100).optional() });
/** Upcoming events first (soonest first), then past ones (latest first); startDate as an ISO timestamp. */
export const ZContractSeatEventsResponse = z.array(z.object({ id: z.number().int(), title: z.string(), startDate: z.string() }));

/* ------------------------------------------------------------------ responses */

const kr = z.number();

/** An agreement's period as the agreement and its list row answer it: dates as 'YYYY-MM-DD'. */
const periodFields = {
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  noEndDate: z.boolean(),
  renewDate: z.string().nullable(),
};

export const ZContractLineResponse = z.object({
  ...documentLineResponseFields,
  seatCategoryId: z.string().nullable(),
  categoryLine: z.boolean(),
  /** The line's product was deleted: shown under Slettede. */
  productDeleted: z.boolean(),
  extraInfo: ZExtraInfoAnswers,
  options: z.array(
    z.object({ productId: z.number().int().nullable(), variantId: z.number().int().nullable(), title: z.string(), sku: z.string().nullable(), price: kr, prePayment: z.boolean() }),
  ),
  /** product.subscription.startFee (SPEC §3 Contract line), kroner. */
  startFee: kr.nullable(),
});
export type TContractLineResponse = z.output<typeof ZContractLineResponse>;

export const ZContractResponse = z.object({
  id: z.number().int(),
  contractNumber: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
  agreementStatus: z.enum(AGREEMENT_STATUSES),
  categoryId: z.number().int().nullable(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  internal: z.string().nullable(),
  seasonId: z.number().int().nullable(),
  ...periodFields,
  orderDiscount: kr,
  contractLines: z.array(ZContractLineResponse),
  invoicing: ZInvoicingResponse,
  fieldValues: z.record(z.string(), z.unknown()),
  additional: z.string().nullable(),
  contractDescription: z.string().nullable(),
  supplementalDescription: z.string().nullable(),
  ...documentPartyFields,
  ownerId: z.number().int().nullable(),
  renewedFromId: z.number().int().nullable(),
  invoices: z.array(z.object({ id: z.number().int(), number: z.number().int().nullable(), isDraft: z.boolean(), invoiceDate: z.string(), total: kr })),
  files: z.array(z.object({ id: z.number().int(), name: z.string() })),
  subtotal: kr,
  discount: kr,
  additionalFee: kr,
  vat: kr,
  total: kr,
  version: z.number().int(),
  pdfStatus: z.enum(['none', 'pending', 'ready', 'failed']),
  /** The contract PDF's link (202 while the job renders the current version). */
  pdfUrl: z.string(),
  createDate: z.string(),
  audit: z.array(
    z.object({ at: z.string(), user: z.string().nullable(), action: z.string(), fromStatus: z.string().nullable(), toStatus: z.string().nullable(), detail: z.string().nullable() }),
  ),
  signTrail: z.array(
    z.object({
      at: z.string(),
      event: z.enum(['sent', 'opened', 'signed', 'refused']),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      sha256: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
});
export type TContractResponse = z.output<typeof ZContractResponse>;

export const ZContractActionResponse = z.object({ id: z.number().int(), status: z.enum(CONTRACT_STATUSES).nullable(), message: z.string(), newId: z.number().int().nullable() });
export const ZContractSentResponse = z.object({ id: z.number().int(), email: z.string(), message: z.string() });

/* ------------------------------------------------------------------ list (SPEC §3 Contract summary) */

export const CONTRACT_SORT_FIELDS = ['Number', 'Status', 'Company', 'Category', 'StartDate', 'EndDate', 'RenewDate', 'Total', 'Id'] as const;

export const ZContractListRequest = listInput(
  z
    .object({
      status: choiceFilter(CONTRACT_STATUSES),
      companyId: optionalId,
    })
    .passthrough(),
  CONTRACT_SORT_FIELDS,
  { field: 'Number', dir: 'desc' },
);
export type TContractListRequest = z.input<typeof ZContractListRequest>;

export const ZContractListRow = z.object({
  id: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
  agreementStatus: z.enum(AGREEMENT_STATUSES),
  contractNumber: z.number().int(),
  category: z.string().nullable(),
  company: z.string().nullable(),
  companyId: z.number().int().nullable(),
  ...periodFields,
  subtotal: kr,
  additionalFee: kr,
});
export type TContractListRow = z.output<typeof ZContractListRow>;
export const ZContractListResponse = ZPage(ZContractListRow);

/** The products an agreement offers, grouped by category (GET {contracts}/products). */
export const ZContractProductsResponse = z.array(
  z.object({
    categoryId: z.number().int().nullable(),
    category: z.string(),
    products: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        sku: z.string().nullable(),
        type: z.enum(['product', 'ticket', 'seat-ticket']),
        price: kr,
        vatExempt: z.boolean(),
        prePayment: z.boolean(),
        contractSetup: z
          .object({
            type: z.enum(CONTRACT_SETUP_TYPES),
            amountType: z.enum(['amount', 'price', 'amount-price']).nullable(),
            unit: z.enum(['stk', 'person']).nullable(),
            preSelected: z.boolean(),
          })
          .nullable(),
        variants: z.array(z.object({ id: z.number().int(), title: z.string(), sku: z.string().nullable(), price: kr })),
      }),
    ),
  }),
);
export type TContractProducts = z.output<typeof ZContractProductsResponse>;

/** Agreements up for renegotiation (the dashboard's Genforhandlinger): renewDate within the window. */
export const ZRenegotiationsRequest = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  /** Days ahead of today; renewDate already passed is always included while the agreement is approved. */
  days: z.coerce.number().int().min(0).max(3650).default(90),
});
export const ZRenegotiationsResponse = ZPage(
  z.object({
    id: z.number().int(),
    contractNumber: z.number().int(),
    company: z.string().nullable(),
    companyId: z.number().int().nullable(),
    category: z.string().nullable(),
    renewDate: z.string(),
    endDate: z.string().nullable(),
    agreementStatus: z.enum(AGREEMENT_STATUSES),
    total: kr,
  }),
);

/* ------------------------------------------------------------------ signing (SPEC §5 Signing) */

/** A signing link's token: the club's id, a hyphen and 160 random bits in base32. */
export const CONTRACT_SIGN_TOKEN = /^[1-9]\d{0,8}-[a-z2-7]{32}$/;
const signToken = z.string().trim().regex(CONTRACT_SIGN_TOKEN, CONTRACT_MSG.tokenInvalid);
/** userAgent: the signer's browser, filled from the request by the REST adapter (evidence). */
export const ZContractSignPageRequest = z.object({ id, token: signToken, userAgent: optionalText(500) });
/** A PNG data URL of the drawn signature. */
export const ZContractSignRequest = z.object({
  id,
  token: signToken,
  signature: safeString({ error: CONTRACT_MSG.signatureRequired })
    .trim()
    .min(1, CONTRACT_MSG.signatureRequired)
    .max(2_000_000, CONTRACT_MSG.signatureInvalid)
    .refine((v) => /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(v), CONTRACT_MSG.signatureInvalid),
  name: optionalText(200),
  userAgent: optionalText(500),
});
export const ZContractSignPageResponse = z.object({
  clubName: z.string(),
  contractNumber: z.number().int(),
  signed: z.boolean(),
  fileName: z.string(),
  base64: z.string(),
  signerName: z.string().nullable(),
});
export const ZContractSignResponse = z.object({ token: z.string(), message: z.string(), fileName: z.string(), base64: z.string() });

/* ------------------------------------------------------------------ settings (SPEC §3 Client settings contracts, §9 priceDisplay) */

export const PRICE_DISPLAYS = ['Total', 'Category', 'Product'] as const;
export type PriceDisplay = (typeof PRICE_DISPLAYS)[number];
export interface ContractSettings {
  pdfTitle?: string | null;
  categoryAsPdfTitle?: boolean;
  color?: string | null;
  headerColor?: string | null;
  pdfLogo?: string | null;
  logoRight?: boolean;
  pdfBanner?: string | null;
  emailSubject?: string | null;
  emailText?: string | null;
  signEmailSubject?: string | null;
  signedEmailSubject?: string | null;
  priceDisplay?: PriceDisplay | null;
  showTotalWithVat?: boolean;
  showTotalExclVat?: boolean;
  hideWorth?: boolean;
  pdfAdditionalTitle?: string | null;
  pdfDescription?: string | null;
  pdfGeneralTerms?: string | null;
  pdfPaymentTerms?: string | null;
}
