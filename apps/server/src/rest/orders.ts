import { type TOrderListRow, ZOrderActionRequest, ZOrderListRequest, ZOrderUpdateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, idParam, listEnvelope, listRequest, pascalRow, type RestCaller, type RestInput, type RestRoute } from './route';

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

/**
 * The list envelope {Result, TotalPages, Total} and TotalCapped: a search counts its matches only up
 * to 1,000 (or the page's end); with more, Total is that number, TotalCapped true ("more than Total")
 * and TotalPages one more page than Total fills. Otherwise Total is exact and TotalCapped false.
 */
const orderListEnvelope = (page: Awaited<ReturnType<RestCaller['orders']['list']>>) => ({ ...listEnvelope(page, orderRow), TotalCapped: page.totalCapped });

/** The list body; a search sent inside filter counts as the search. */
function orderListBody(input: RestInput) {
  const body = listRequest(input) as Record<string, unknown>;
  const filter = (body.filter ?? {}) as Record<string, unknown>;
  const query = input.query as Record<string, unknown>;
  const fromQuery = input.req.method === 'GET' ? { status: query.status, paymentStatus: query.paymentStatus } : {};
  return { ...body, search: body.search ?? (typeof filter.search === 'string' ? filter.search : undefined), filter: { ...fromQuery, ...filter } };
}

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
  {
    method: 'POST',
    url: '/api/orders',
    summary:
      'Order list: {filter{status, paymentStatus, companyId, contactId}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total, TotalCapped}; default Number desc, 10 per page. A search sorted by Number counts at most 1,000 matches (or to the end of the page asked for): TotalCapped true means more than Total match',
    body: ZOrderListRequest,
    handler: async (call, input) => orderListEnvelope(await call.orders.list(orderListBody(input))),
  },
  {
    method: 'GET',
    url: '/api/orders',
    summary: 'Order list by query parameters (search, sort, direction, page, perPage, status, paymentStatus); the same envelope, TotalCapped as in POST',
    handler: async (call, input) => orderListEnvelope(await call.orders.list(orderListBody(input))),
  },
  {
    method: 'POST',
    url: '/api/orders/export',
    summary: 'Ordrer.xlsx of the current filter, search and sort',
    body: ZOrderListRequest,
    handler: async (call, input) => {
      const file = await call.orders.export(orderListBody(input));
      return input.reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Buffer.from(file.base64, 'base64'));
    },
  },
  {
    method: 'POST',
    url: '/api/orders/update',
    summary: 'Create (no id) or save an order with its lines -> {success, result: id, message}',
    body: ZOrderUpdateRequest,
    handler: async (call, { body }) => {
      const r = await call.orders.update(body);
      return { success: true, result: r.id, message: r.message };
    },
  },
  actionRoute('approve', 'Approve a draft', (call, body) => call.orders.approve(body)),
  actionRoute('edit', 'Reopen an approved order for editing', (call, body) => call.orders.edit(body)),
  actionRoute('cancel', 'Cancel an order (not a draft or a cancelled one)', (call, body) => call.orders.cancel(body)),
  {
    method: 'POST',
    url: '/api/orders/:id/send-paymentlink',
    summary: "Mail the order's contact a link to pay the approved order with the club's provider ({capture: 'auto' | 'manual'}, default auto) -> {success, result: id, message, data: {email}}",
    body: z.object({ capture: z.enum(['auto', 'manual']).nullish() }),
    handler: async (call, { params, body }) => {
      const r = await call.orders.sendPaymentLink({ id: params.id, capture: body.capture as 'auto' | 'manual' | undefined });
      return { success: true, result: r.id, message: r.message, data: { email: r.email } };
    },
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
  {
    method: 'GET',
    url: '/api/orders/:id',
    summary: 'One order with lines, options, totals, invoicing plan, field values and audit -> {success, result}',
    handler: async (call, input) => ({ success: true, result: await call.orders.get(idParam(input)) }),
  },
  {
    method: 'DELETE',
    url: '/api/orders/:id',
    summary: 'Delete a draft or cancelled order -> {success, message}',
    handler: async (call, input) => {
      const r = await call.orders.delete(idParam(input));
      return { success: true, message: r.message };
    },
  },
]);
