import { type TOrderListRow, ZOrderActionRequest, ZOrderListRequest, ZOrderUpdateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, idParam, pascalRow, type RestCaller, type RestInput, type RestRoute } from './route';
import { deleteWithMessage, filteredListBody, getRoute, listRoutes, mailed, queryFilter, saveRoute, sendFile } from './shapes';

/**
 * Orders (SPEC §7 "Orders"): the list protocol at {base} = /api/orders with rows Id, Status, Number,
 * Payment, Contact, Company, Price, Date; Ordrer.xlsx; one order; save; the status actions. The
 * custom fields of a category (GET /api/orders/fields?categoryId) are served by the catalogue
 * adapter beside the field editor's URLs. Specific paths (/categories, /seasons, /fields, …) are
 * static routes and win over /:id. POST /{id}/send-paymentlink mails the contact a payment link,
 * POST /{id}/capture-payment captures an authorized payment. Invoicing (POST /invoice) arrives with
 * the invoices issue.
 */

export const orderRow = (r: TOrderListRow) => pascalRow(r);

/** The list body; a search sent inside filter counts as the search. */
const orderListBody = (input: RestInput) => filteredListBody(input, queryFilter('status', 'paymentStatus'));

const actionRoute = (path: 'approve' | 'edit' | 'cancel', what: string, act: (call: RestCaller, body: unknown) => Promise<{ id: number; message: string; status: string | null }>) =>
  ({
    method: 'POST',
    url: `/api/orders/${path}`,
    summary: `${what}: the order body (its id) -> {success, result: id, status, message}`,
    body: ZOrderActionRequest,
    handler: async (call: RestCaller, { body }: RestInput) => {
      const r = await act(call, body);
      return { success: true, result: r.id, status: r.status, message: r.message };
    },
  }) satisfies Omit<RestRoute, 'tag'>;

export const orderRoutes = defineRoutes('Orders', [
  ...listRoutes({
    url: '/api/orders',
    post:
      'Order list: {filter{status, paymentStatus, companyId, contactId}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total, TotalCapped}; default Number desc, 10 per page. A search sorted by Number counts at most 1,000 matches (or to the end of the page asked for): TotalCapped true means more than Total match',
    get: 'Order list by query parameters (search, sort, direction, page, perPage, status, paymentStatus); the same envelope, TotalCapped as in POST',
    body: ZOrderListRequest,
    list: (call, input) => call.orders.list(orderListBody(input)),
    row: orderRow,
    // A search counts its matches only up to 1,000 (or the page's end); with more, Total is that
    // number, TotalCapped true ("more than Total") and TotalPages one more page than Total fills.
    more: (page) => ({ TotalCapped: page.totalCapped }),
  }),
  {
    method: 'POST',
    url: '/api/orders/export',
    summary: 'Ordrer.xlsx of the current filter, search and sort',
    body: ZOrderListRequest,
    handler: async (call, input) => sendFile(input, await call.orders.export(orderListBody(input))),
  },
  saveRoute('/api/orders/update', 'Create (no id) or save an order with its lines -> {success, result: id, message}', ZOrderUpdateRequest, (call, body) => call.orders.update(body)),
  actionRoute('approve', 'Approve a draft', (call, body) => call.orders.approve(body)),
  actionRoute('edit', 'Reopen an approved order for editing', (call, body) => call.orders.edit(body)),
  actionRoute('cancel', 'Cancel an order (not a draft or a cancelled one)', (call, body) => call.orders.cancel(body)),
  {
    method: 'POST',
    url: '/api/orders/:id/send-paymentlink',
    summary: "Mail the order's contact a link to pay the approved order with the club's provider ({capture: 'auto' | 'manual'}, default auto) -> {success, result: id, message, data: {email}}",
    body: z.object({ capture: z.enum(['auto', 'manual']).nullish() }),
    handler: async (call, { params, body }) => mailed(await call.orders.sendPaymentLink({ id: params.id, capture: body.capture as 'auto' | 'manual' | undefined })),
  },
  {
    method: 'POST',
    url: '/api/orders/:id/capture-payment',
    summary: "Capture the order's authorized payment through its provider (only then) -> {success, result: id, paymentStatus, message}",
    handler: async (call, input) => {
      const r = await call.orders.capturePayment(idParam(input));
      return { success: true, result: r.id, paymentStatus: r.paymentStatus, message: r.message };
    },
  },
  getRoute('/api/orders/:id', 'One order with lines, options, totals, invoicing plan, field values and audit -> {success, result}', (call, id) => call.orders.get(id)),
  deleteWithMessage('/api/orders/:id', 'Delete a draft or cancelled order -> {success, message}', (call, id) => call.orders.delete(id)),
]);
