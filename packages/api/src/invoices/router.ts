import {
  ECONOMIC_LOOKUPS,
  type EconomicLookup,
  id,
  ZEconomicLookupRequest,
  ZEconomicLookupResponse,
  ZEconomicSettingsRequest,
  ZEconomicSettingsResponse,
  ZNoInput,
  ZSuccessResponse,
  ZInvoiceActionResponse,
  ZInvoiceHtmlResponse,
  ZInvoiceIdRequest,
  ZInvoiceListRequest,
  ZInvoiceListResponse,
  ZInvoicePdfResponse,
  ZInvoiceResponse,
  ZInvoiceUpdateDateRequest,
  ZOrderInvoicesResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { clubAdminProcedure, moduleAccess, router } from '../trpc';
import { economicFromEnv, economicLookup, economicSettings, saveEconomicSettings } from './economic';
import { invoicePreview } from './html';
import {
  bookInvoice,
  creditInvoice,
  deleteInvoice,
  getInvoice,
  invoicePdf,
  listInvoices,
  markInvoicePaid,
  markInvoiceSent,
  orderInvoices,
  retryInvoicePdf,
  sendInvoice,
  sendInvoiceReceipt,
  updateInvoiceDate,
} from './service';

const { read, write, remove } = moduleAccess('orders', 'orders');

type Act = typeof bookInvoice;
const action = (rung: typeof write, fn: Act) =>
  rung
    .input(ZInvoiceIdRequest)
    .output(ZInvoiceActionResponse)
    .mutation(({ ctx, input }) => fn(ctx.trx, ctx.club, input.id));

/**
 * Invoices (SPEC §7 Invoices; §4 Invoice): the list, one invoice, an order's invoices and plan, the
 * actions (book, credit, delete a draft, mark sent, mark paid with its receipt, send by e-mail, send
 * the receipt, change a draft's date), the stored PDF and the HTML preview it is printed from.
 */
export const invoicesRouter = router({
  list: read.input(ZInvoiceListRequest).output(ZInvoiceListResponse).query(({ ctx, input }) => listInvoices(ctx.trx, ctx.club.clientId, input)),
  get: read.input(ZInvoiceIdRequest).output(ZInvoiceResponse).query(({ ctx, input }) => getInvoice(ctx.trx, ctx.club.clientId, input.id)),
  byOrder: read
    .input(z.object({ orderId: id }))
    .output(ZOrderInvoicesResponse)
    .query(({ ctx, input }) => orderInvoices(ctx.trx, ctx.club.clientId, input.orderId)),
  book: action(write, bookInvoice),
  credit: action(write, creditInvoice),
  delete: action(remove, deleteInvoice),
  sent: action(write, markInvoiceSent),
  paid: action(write, markInvoicePaid),
  send: action(write, sendInvoice),
  sendReceipt: action(write, sendInvoiceReceipt),
  retryPdf: action(write, retryInvoicePdf),
  updateDate: write
    .input(ZInvoiceUpdateDateRequest)
    .output(ZInvoiceActionResponse)
    .mutation(({ ctx, input }) => updateInvoiceDate(ctx.trx, ctx.club, input.id, input.invoiceDate)),
  pdf: read.input(ZInvoiceIdRequest).output(ZInvoicePdfResponse).query(({ ctx, input }) => invoicePdf(ctx.trx, ctx.club.clientId, input.id, ctx.files)),
  preview: read
    .input(ZInvoiceIdRequest)
    .output(ZInvoiceHtmlResponse)
    .query(({ ctx, input }) => invoicePreview(ctx.trx, ctx.club.clientId, input.id, ctx.files)),
});

const lookup = (list: EconomicLookup) =>
  read
    .input(ZEconomicLookupRequest)
    .output(ZEconomicLookupResponse)
    .query(({ ctx, input }) => economicLookup(ctx.trx, ctx.club.clientId, ctx.deps.economic ?? economicFromEnv(), list, input?.search));

/** e-conomic's look-up lists (SPEC §7 Orders: product-groups, customer-groups, units, vat-zones, payment-terms, layouts, economic/products). */
const lookups = Object.fromEntries(ECONOMIC_LOOKUPS.map((l) => [l, lookup(l)])) as Record<EconomicLookup, ReturnType<typeof lookup>>;

/** e-conomic's look-up lists, and the E-conomic tab of the club's settings (club admins; the grant token write-only). */
export const economicRouter = router({
  ...lookups,
  settings: clubAdminProcedure.input(ZNoInput).output(ZEconomicSettingsResponse).query(({ ctx }) => economicSettings(ctx.trx, ctx.club.clientId)),
  saveSettings: clubAdminProcedure
    .input(ZEconomicSettingsRequest)
    .output(ZSuccessResponse)
    .mutation(({ ctx, input }) => saveEconomicSettings(ctx.trx, ctx.club.clientId, input)),
});
