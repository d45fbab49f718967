import {
  id,
  type OrderAction,
  ZOrderActionRequest,
  ZInvoiceActionResponse,
  ZOrderActionResponse,
  ZOrderCaptureResponse,
  ZOrderListRequest,
  ZOrderListResponse,
  ZOrderPayLinkRequest,
  ZOrderPayLinkResponse,
  ZOrderPayReturnRequest,
  ZOrderPayStartResponse,
  ZOrderResponse,
  ZOrderTicketsResponse,
  ZOrderSendPaymentLinkRequest,
  ZOrderSendPaymentLinkResponse,
  ZOrderUpdateRequest,
  ZSaveResponse,
  ZSpreadsheetResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { moduleAccess, publicProcedure, router } from '../trpc';
import { captureOrderPayment, payLinkPage, payLinkReturn, payLinkStart, sendPaymentLink } from './payments';
import { exportOrders, getOrder, listOrders, orderAction, saveOrder } from './service';
import { invoiceOrderNow } from '../invoices/service';
import { orderTickets } from '../booking/tickets';

const { read, write, remove } = moduleAccess('orders', 'orders');

const byId = z.object({ id });

/** A status change of SPEC §4 (the order's id in, its new status and the toast out). */
const action = (rung: typeof write, name: OrderAction) =>
  rung
    .input(ZOrderActionRequest)
    .output(ZOrderActionResponse)
    .mutation(({ ctx, input }) => orderAction(ctx.trx, ctx.club, input.id, name, { baseUrl: ctx.deps.config.baseUrl, files: ctx.files }));

/**
 * Orders (SPEC §7 Orders): list, export, one order, save, the status machine of §4, payment links
 * and capture; and the public page a payment link opens (guarded by the link's token alone).
 */
export const ordersRouter = router({
  /**
   * A read of one statement (mostly): it goes out with the call's session check (oneTrip) and commits
   * the call's transaction with it (listOrders' commit), one round trip for the call.
   */
  list: read.meta({ oneTrip: true }).input(ZOrderListRequest).output(ZOrderListResponse).query(({ ctx, input }) => listOrders(ctx.trx, ctx.club.clientId, input, { commit: true })),
  export: read.input(ZOrderListRequest).output(ZSpreadsheetResponse).mutation(({ ctx, input }) => exportOrders(ctx.trx, ctx.club.clientId, input)),
  get: read.input(byId).output(ZOrderResponse).query(({ ctx, input }) => getOrder(ctx.trx, ctx.club.clientId, input.id)),
  /** The Billetter tab: the tickets the order's booking issued. */
  tickets: read.input(byId).output(ZOrderTicketsResponse).query(({ ctx, input }) => orderTickets(ctx.trx, ctx.club.clientId, input.id)),
  update: write.input(ZOrderUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveOrder(ctx.trx, ctx.club, input)),
  approve: action(write, 'approve'),
  edit: action(write, 'edit'),
  cancel: action(write, 'cancel'),
  /** Invoice an approved order now: the next draft of its plan (all of it without one), dated today. */
  invoice: write.input(ZOrderActionRequest).output(ZInvoiceActionResponse).mutation(({ ctx, input }) => invoiceOrderNow(ctx.trx, ctx.club, input.id)),
  delete: action(remove, 'delete'),
  sendPaymentLink: write
    .input(ZOrderSendPaymentLinkRequest)
    .output(ZOrderSendPaymentLinkResponse)
    .mutation(({ ctx, input }) => sendPaymentLink(ctx.trx, ctx.club, input, ctx.deps.config.baseUrl)),
  capturePayment: write
    .input(ZOrderActionRequest)
    .output(ZOrderCaptureResponse)
    .mutation(({ ctx, input }) => captureOrderPayment(ctx.trx, ctx.club, input.id, ctx.deps.config.baseUrl)),
  /** The page a mailed payment link opens (/public/orders/pay/{token}): public, the token is the guard. */
  payLink: publicProcedure.input(ZOrderPayLinkRequest).output(ZOrderPayLinkResponse).query(({ ctx, input }) => payLinkPage(ctx.db, input.token)),
  payStart: publicProcedure
    .input(ZOrderPayLinkRequest)
    .output(ZOrderPayStartResponse)
    .mutation(({ ctx, input }) => payLinkStart(ctx.db, ctx.deps.config.baseUrl, input.token)),
  payReturn: publicProcedure
    .input(ZOrderPayReturnRequest)
    .output(ZOrderPayLinkResponse)
    .mutation(({ ctx, input }) => payLinkReturn(ctx.db, ctx.deps.config.baseUrl, input.token, input.query)),
});
