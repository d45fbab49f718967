import {
  id,
  ZOrderActionRequest,
  ZOrderActionResponse,
  ZOrderListRequest,
  ZOrderListResponse,
  ZOrderResponse,
  ZOrderUpdateRequest,
  ZSaveResponse,
  ZSpreadsheetResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { can, moduleProcedure, router } from '../trpc';
import { exportOrders, getOrder, listOrders, orderAction, saveOrder } from './service';

const read = moduleProcedure('orders', can('read', 'orders'));
const write = moduleProcedure('orders', can('update', 'orders'));
const remove = moduleProcedure('orders', can('delete', 'orders'));

const byId = z.object({ id });

/** Orders (SPEC §7 Orders): list, export, one order, save, and the status machine of §4. Invoicing comes with the invoices issue. */
export const ordersRouter = router({
  list: read.input(ZOrderListRequest).output(ZOrderListResponse).query(({ ctx, input }) => listOrders(ctx.trx, ctx.club.clientId, input)),
  export: read.input(ZOrderListRequest).output(ZSpreadsheetResponse).mutation(({ ctx, input }) => exportOrders(ctx.trx, ctx.club.clientId, input)),
  get: read.input(byId).output(ZOrderResponse).query(({ ctx, input }) => getOrder(ctx.trx, ctx.club.clientId, input.id)),
  update: write.input(ZOrderUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveOrder(ctx.trx, ctx.club, input)),
  approve: write.input(ZOrderActionRequest).output(ZOrderActionResponse).mutation(({ ctx, input }) => orderAction(ctx.trx, ctx.club, input.id, 'approve')),
  edit: write.input(ZOrderActionRequest).output(ZOrderActionResponse).mutation(({ ctx, input }) => orderAction(ctx.trx, ctx.club, input.id, 'edit')),
  cancel: write.input(ZOrderActionRequest).output(ZOrderActionResponse).mutation(({ ctx, input }) => orderAction(ctx.trx, ctx.club, input.id, 'cancel')),
  delete: remove.input(byId).output(ZOrderActionResponse).mutation(({ ctx, input }) => orderAction(ctx.trx, ctx.club, input.id, 'delete')),
});
