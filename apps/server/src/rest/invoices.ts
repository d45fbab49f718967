import { type EconomicLookup, type TInvoiceListRow, ZInvoiceIdRequest, ZInvoiceListRequest, ZInvoiceUpdateDateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, idParam, listEnvelope, listRequest, pascalRow, type RestCaller, type RestInput, type RestRoute } from './route';

/**
 * Invoices (SPEC §7 Invoices, issue 15) at /api/invoices: the list protocol (Number desc, 10 per
 * page, search; rows Id, Number, ExternalNumber, Type, IsDraft, IsSent, IsPaid, InvoiceDate,
 * PaymentDate, Total, Company, Contact, Collection, OrderId …), an order's invoices and plan
 * (GET /{orderId}), the actions of §4 (POST /update-date, /{id}/book, /credit, /delete, /send,
 * /sent, /paid, /send-receipt), the PDF (GET /{id}/pdf: the stored file; 202 while the PDF job is
 * still making it, never rendered in the request) and its HTML (GET /{id}/preview). Beside the
 * orders: POST /api/orders/{id}/invoice (and /api/orders/invoice with the id in the body), and
 * e-conomic's look-up lists GET /api/orders/product-groups, /customer-groups, /units, /vat-zones,
 * /payment-terms, /layouts, /economic/products?search.
 */

export const invoiceRow = (r: TInvoiceListRow) => pascalRow(r);

function invoiceListBody(input: RestInput) {
  const body = listRequest(input) as Record<string, unknown>;
  const filter = (body.filter ?? {}) as Record<string, unknown>;
  const query = input.query as Record<string, unknown>;
  const fromQuery = input.req.method === 'GET' ? { orderId: query.orderId, companyId: query.companyId, type: query.type } : {};
  return { ...body, search: body.search ?? (typeof filter.search === 'string' ? filter.search : undefined), filter: { ...fromQuery, ...filter } };
}

type Action = 'book' | 'credit' | 'delete' | 'send' | 'sent' | 'paid' | 'sendReceipt';
const act = (path: string, name: Action, summary: string): Omit<RestRoute, 'tag'> => ({
  method: 'POST',
  url: `/api/invoices/:id/${path}`,
  summary: `${summary} -> {success, result: id, number, message}`,
  handler: async (call: RestCaller, input: RestInput) => {
    const r = await call.invoices[name](idParam(input));
    return { success: true, result: r.id, number: r.number, message: r.message };
  },
});

const LOOKUPS: [string, EconomicLookup][] = [
  ['/api/orders/product-groups', 'productGroups'],
  ['/api/orders/customer-groups', 'customerGroups'],
  ['/api/orders/units', 'units'],
  ['/api/orders/vat-zones', 'vatZones'],
  ['/api/orders/payment-terms', 'paymentTerms'],
  ['/api/orders/layouts', 'layouts'],
  ['/api/orders/economic/products', 'products'],
];

const invoiceOrder = async (call: RestCaller, id: unknown) => {
  const r = await call.orders.invoice({ id });
  return { success: true, result: r.id, message: r.message };
};

export const invoiceRoutes = defineRoutes('Invoices', [
  {
    method: 'POST',
    url: '/api/invoices',
    summary: 'Invoice list: {filter{orderId, companyId, type}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Number desc, 10 per page',
    body: ZInvoiceListRequest,
    handler: async (call, input) => listEnvelope(await call.invoices.list(invoiceListBody(input)), invoiceRow),
  },
  {
    method: 'GET',
    url: '/api/invoices',
    summary: 'Invoice list by query parameters (search, sort, direction, page, perPage, orderId, companyId, type)',
    handler: async (call, input) => listEnvelope(await call.invoices.list(invoiceListBody(input)), invoiceRow),
  },
  {
    method: 'POST',
    url: '/api/invoices/update-date',
    summary: "Change a draft's invoice date {id, invoiceDate: YYYY-MM-DD} -> {success, result: id, message: 'Faktura dato er gemt'}",
    body: ZInvoiceUpdateDateRequest,
    handler: async (call, { body }) => {
      const r = await call.invoices.updateDate(body);
      return { success: true, result: r.id, message: r.message };
    },
  },
  {
    method: 'GET',
    url: '/api/invoices/:orderId',
    summary: "An order's invoices and its invoicing plan (made and still to come) -> {success, result: {invoices, planned, canInvoice}}",
    handler: async (call, { params }) => ({ success: true, result: await call.invoices.byOrder({ orderId: params.orderId }) }),
  },
  {
    method: 'GET',
    url: '/api/invoices/:id/detail',
    summary: 'One invoice with its lines, totals, recipient, PDF state, e-conomic state and history -> {success, result}',
    handler: async (call, input) => ({ success: true, result: await call.invoices.get(idParam(input)) }),
  },
  act('book', 'book', 'Book a draft: it gets the next invoice number'),
  act('credit', 'credit', 'Credit a booked invoice: a credit note with its own number'),
  act('delete', 'delete', 'Delete a draft'),
  act('send', 'send', 'E-mail the invoice with its PDF to the recipient'),
  act('sent', 'sent', 'Mark the invoice as sent'),
  act('paid', 'paid', 'Mark the invoice as paid (the receipt is e-mailed)'),
  act('send-receipt', 'sendReceipt', 'E-mail the receipt of a paid invoice'),
  {
    method: 'GET',
    url: '/api/invoices/:id/pdf',
    summary: 'The PDF of a booked invoice (application/pdf); 202 {success: false, error} while it is being made',
    query: ZInvoiceIdRequest.partial(),
    handler: async (call, input) => {
      const r = await call.invoices.pdf(idParam(input));
      if (r.status !== 'ready') return input.reply.code(r.status === 'pending' ? 202 : 500).header('retry-after', '2').send({ success: false, error: r.message });
      const bytes = Buffer.from(r.base64, 'base64');
      return input.reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(bytes.length))
        .header('content-disposition', `inline; filename="${r.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(bytes);
    },
  },
  {
    method: 'GET',
    url: '/api/invoices/:id/preview',
    summary: 'The HTML the PDF is printed from (text/html, sandboxed)',
    handler: async (call, input) => {
      const r = await call.invoices.preview(idParam(input));
      return input.reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .send(r.html);
    },
  },
  {
    method: 'POST',
    url: '/api/orders/invoice',
    summary: "Invoice an approved order now ({id}): the next draft of its plan, dated today -> {success, result: invoice id, message: 'Faktura blev oprettet!'}",
    body: z.object({ id: z.number() }),
    handler: async (call, { body }) => invoiceOrder(call, body.id),
  },
  {
    method: 'POST',
    url: '/api/orders/:id/invoice',
    summary: "Invoice an approved order now: the next draft of its plan, dated today -> {success, result: invoice id, message: 'Faktura blev oprettet!'}",
    handler: async (call, { params }) => invoiceOrder(call, params.id),
  },
  ...LOOKUPS.map(
    ([url, list]): Omit<RestRoute, 'tag'> => ({
      method: 'GET',
      url,
      summary: `e-conomic look-up (${list}) of the club -> {success, result: [{value, label}], data: {enabled}}${list === 'products' ? '; ?search' : ''}`,
      handler: async (call, { query }) => {
        const r = await call.economic[list](list === 'products' ? { search: (query as Record<string, string | undefined>).search } : {});
        return { success: true, result: r.items, data: { enabled: r.enabled } };
      },
    }),
  ),
]);
