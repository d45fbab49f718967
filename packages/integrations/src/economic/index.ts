/**
 * e-conomic's REST API (INTEGRATIONS.md §1: https://restapi.e-conomic.com, X-AppSecretToken and
 * X-AgreementGrantToken on every call, the collection envelope, decimal kroner with two decimals,
 * null left out). Off by default: a club without the `economic` feature or an agreement grant token
 * never reaches this. Everything a club does with e-conomic goes through `EconomicClient`; tests
 * give it a `fetch` that answers recorded responses of the documented shapes.
 *
 * A booking is made safe to retry by our own reference: the draft carries `references.other` =
 * the invoice's reference, and before creating or booking anything the client asks e-conomic for a
 * booked invoice, then a draft, with that reference. A retry after a lost answer finds what the
 * first attempt made and books nothing twice. POSTs also carry an Idempotency-Key.
 */

export type EconomicFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

export interface EconomicOptions {
  appSecretToken: string;
  agreementGrantToken: string;
  baseUrl?: string;
  fetch?: EconomicFetch;
  /** Per call, milliseconds (default 15 s). */
  timeoutMs?: number;
}

export class EconomicError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly kind: 'http' | 'timeout' | 'network' | 'shape',
  ) {
    super(message);
  }
}

/** The look-up lists the settings, product and invoice-group screens choose from. */
export const ECONOMIC_LISTS = {
  productGroups: { path: '/product-groups', number: 'productGroupNumber' },
  customerGroups: { path: '/customer-groups', number: 'customerGroupNumber' },
  units: { path: '/units', number: 'unitNumber' },
  vatZones: { path: '/vat-zones', number: 'vatZoneNumber' },
  paymentTerms: { path: '/payment-terms', number: 'paymentTermsNumber' },
  layouts: { path: '/layouts', number: 'layoutNumber' },
  products: { path: '/products', number: 'productNumber' },
} as const;
export type EconomicList = keyof typeof ECONOMIC_LISTS;

export interface EconomicItem {
  number: string;
  name: string;
}

export interface EconomicCustomer {
  name: string;
  cvr?: string | null;
  ean?: string | null;
  email?: string | null;
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  customerGroup: number;
  paymentTerms: number;
  vatZone: number;
}

export interface EconomicDraftLine {
  productNumber: string | null;
  description: string;
  quantity: number;
  /** Kroner, two decimals, excluding VAT. */
  unitNetPrice: number;
  discountPercentage?: number;
}

export interface EconomicDraft {
  reference: string;
  date: string;
  dueDate?: string;
  customerNumber: number;
  layout: number;
  paymentTerms: number;
  recipient: { name: string; address?: string | null; zip?: string | null; city?: string | null; ean?: string | null; attention?: string | null; vatZone: number };
  heading?: string | null;
  lines: EconomicDraftLine[];
}

export interface EconomicClient {
  readonly enabled: boolean;
  list(list: EconomicList, search?: string): Promise<EconomicItem[]>;
  /** The customer with this CVR (else EAN), or null. */
  findCustomer(by: { cvr?: string | null; ean?: string | null }): Promise<number | null>;
  createCustomer(c: EconomicCustomer): Promise<number>;
  findBookedByReference(reference: string): Promise<number | null>;
  findDraftByReference(reference: string): Promise<number | null>;
  createDraft(d: EconomicDraft): Promise<number>;
  /** Books a draft; answers the booked invoice's number. */
  bookDraft(draftNumber: number, idempotencyKey: string): Promise<number>;
}

/** The offline default: nothing configured, nothing called. */
export const offlineEconomic: EconomicClient = {
  enabled: false,
  async list() {
    return [];
  },
  async findCustomer() {
    return null;
  },
  async createCustomer() {
    throw new EconomicError('e-conomic is not set up', null, 'network');
  },
  async findBookedByReference() {
    return null;
  },
  async findDraftByReference() {
    return null;
  },
  async createDraft() {
    throw new EconomicError('e-conomic is not set up', null, 'network');
  },
  async bookDraft() {
    throw new EconomicError('e-conomic is not set up', null, 'network');
  },
};

/** A filter value with e-conomic's escapes ($$, $(, $), $*, $,, $[, $]). */
export const filterValue = (v: string) => v.replace(/[$()*,[\]]/g, (c) => `$${c}`);

/** The first readable message of an error body, in either documented variant (message/errors or errorMessage). */
export function economicErrorMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return 'ukendt fejl';
  const b = body as Record<string, unknown>;
  const found: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || found.length >= 3 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    const msg = o.errorMessage ?? (depth > 0 ? o.message : undefined);
    if (typeof msg === 'string') found.push(typeof o.propertyName === 'string' ? `${o.propertyName}: ${msg}` : msg);
    for (const [k, x] of Object.entries(o)) if (k !== 'message' && k !== 'errorMessage') walk(x, depth + 1);
  };
  walk(b.errors, 1);
  const head = typeof b.message === 'string' ? b.message : typeof b.errorCode === 'string' ? b.errorCode : null;
  return [head, ...found].filter(Boolean).join(' ').slice(0, 500) || 'ukendt fejl';
}

const kroner2 = (n: number) => Math.round(n * 100) / 100;

export function economicClient(opts: EconomicOptions): EconomicClient {
  const base = (opts.baseUrl ?? 'https://restapi.e-conomic.com').replace(/\/$/, '');
  const doFetch: EconomicFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let res: Awaited<ReturnType<EconomicFetch>>;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          'X-AppSecretToken': opts.appSecretToken,
          'X-AgreementGrantToken': opts.agreementGrantToken,
          'Content-Type': 'application/json',
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: controller.signal,
      });
    } catch (e) {
      if (controller.signal.aborted || (e as Error).name === 'AbortError' || (e as Error).name === 'TimeoutError') throw new EconomicError('timeout', null, 'timeout');
      throw new EconomicError((e as Error).message, null, 'network');
    } finally {
      clearTimeout(timer);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) throw new EconomicError(economicErrorMessage(parsed), res.status, 'http');
    return parsed as T;
  }

  type Collection = { collection?: Record<string, unknown>[]; pagination?: { nextPage?: string } };
  async function collect(path: string, filter?: string, max = 1000): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 0; page < 20 && out.length < max; page++) {
      const q = `?skippages=${page}&pagesize=1000${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`;
      const r = await call<Collection>('GET', `${path}${q}`);
      if (!Array.isArray(r?.collection)) throw new EconomicError('unexpected answer', null, 'shape');
      out.push(...r.collection);
      if (!r.pagination?.nextPage) break;
    }
    return out;
  }

  return {
    enabled: true,
    async list(list, search) {
      const spec = ECONOMIC_LISTS[list];
      const filter = list === 'products' && search ? `name$like:*${filterValue(search)}*$or:productNumber$like:*${filterValue(search)}*` : undefined;
      const rows = await collect(spec.path, filter);
      return rows
        .filter((r) => !r.deleted && !r.barred)
        .map((r) => ({ number: String(r[spec.number]), name: String(r.name ?? '') }))
        .filter((r) => r.number !== 'undefined');
    },
    async findCustomer(by) {
      const filter = by.cvr ? `corporateIdentificationNumber$eq:${filterValue(by.cvr)}` : by.ean ? `ean$eq:${filterValue(by.ean)}` : null;
      if (!filter) return null;
      const rows = await collect('/customers', filter, 1);
      return rows.length ? Number(rows[0].customerNumber) : null;
    },
    async createCustomer(c) {
      const body: Record<string, unknown> = {
        name: c.name.slice(0, 255),
        currency: 'DKK',
        customerGroup: { customerGroupNumber: c.customerGroup },
        paymentTerms: { paymentTermsNumber: c.paymentTerms },
        vatZone: { vatZoneNumber: c.vatZone },
      };
      // null is refused by e-conomic: only what is there is sent.
      if (c.cvr) body.corporateIdentificationNumber = c.cvr;
      if (c.ean) body.ean = c.ean;
      if (c.email) body.email = c.email;
      if (c.address) body.address = c.address;
      if (c.zip) body.zip = c.zip;
      if (c.city) body.city = c.city;
      const r = await call<{ customerNumber?: number }>('POST', '/customers', body);
      if (typeof r?.customerNumber !== 'number') throw new EconomicError('unexpected answer', null, 'shape');
      return r.customerNumber;
    },
    async findBookedByReference(reference) {
      const rows = await collect('/invoices/booked', `references.other$eq:${filterValue(reference)}`, 1);
      return rows.length ? Number(rows[0].bookedInvoiceNumber) : null;
    },
    async findDraftByReference(reference) {
      const rows = await collect('/invoices/drafts', `references.other$eq:${filterValue(reference)}`, 1);
      return rows.length ? Number(rows[0].draftInvoiceNumber) : null;
    },
    async createDraft(d) {
      const recipient: Record<string, unknown> = { name: d.recipient.name, vatZone: { vatZoneNumber: d.recipient.vatZone } };
      if (d.recipient.address) recipient.address = d.recipient.address;
      if (d.recipient.zip) recipient.zip = d.recipient.zip;
      if (d.recipient.city) recipient.city = d.recipient.city;
      if (d.recipient.ean) recipient.ean = d.recipient.ean;
      const body: Record<string, unknown> = {
        date: d.date,
        currency: 'DKK',
        customer: { customerNumber: d.customerNumber },
        paymentTerms: { paymentTermsNumber: d.paymentTerms },
        layout: { layoutNumber: d.layout },
        recipient,
        references: { other: d.reference },
        lines: d.lines.map((l, k) => {
          const line: Record<string, unknown> = {
            lineNumber: k + 1,
            description: l.description.slice(0, 2500),
            quantity: l.quantity,
            unitNetPrice: kroner2(l.unitNetPrice),
          };
          if (l.productNumber) line.product = { productNumber: l.productNumber };
          if (l.discountPercentage) line.discountPercentage = kroner2(l.discountPercentage);
          return line;
        }),
      };
      if (d.dueDate) body.dueDate = d.dueDate;
      if (d.heading) body.notes = { heading: d.heading.slice(0, 250) };
      const r = await call<{ draftInvoiceNumber?: number }>('POST', '/invoices/drafts', body, `${d.reference}-draft`);
      if (typeof r?.draftInvoiceNumber !== 'number') throw new EconomicError('unexpected answer', null, 'shape');
      return r.draftInvoiceNumber;
    },
    async bookDraft(draftNumber, idempotencyKey) {
      const r = await call<{ bookedInvoiceNumber?: number }>('POST', '/invoices/booked', { draftInvoice: { draftInvoiceNumber: draftNumber } }, idempotencyKey);
      if (typeof r?.bookedInvoiceNumber !== 'number') throw new EconomicError('unexpected answer', null, 'shape');
      return r.bookedInvoiceNumber;
    },
  };
}
