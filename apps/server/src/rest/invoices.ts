import { type EconomicLookup, type TInvoiceListRow, ZInvoiceIdRequest, ZInvoiceListRequest, ZInvoiceUpdateDateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, idParam, pascalRow, type RestCaller, type RestInput, type RestRoute } from './route';
import { filteredListBody, getRoute, listRoutes, queryFilter, saved, saveRoute, sendStoredPdf } from './shapes';

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

const invoiceListBody = (input: RestInput) => filteredListBody(input, queryFilter('orderId', 'companyId', 'type'));

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

const invoiceOrder = async (call: RestCaller, id: unknown) => saved(await call.orders.invoice({ id }));

export const invoiceRoutes = defineRoutes('Invoices', [
  ...listRoutes({
    url: '/api/invoices',
    post: 'Invoice list: {filter{orderId, companyId, type}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Number desc, 10 per page',
    get: 'Invoice list by query parameters (search, sort, direction, page, perPage, orderId, companyId, type)',
    body: ZInvoiceListRequest,
    list: (call, input) => call.invoices.list(invoiceListBody(input)),
    row: invoiceRow,
  }),
  saveRoute(
    '/api/invoices/update-date',
    "Change a draft's invoice date {id, invoiceDate: YYYY-MM-DD} -> {success, result: id, message: 'Faktura dato er gemt'}",
    ZInvoiceUpdateDateRequest,
    (call, body) => call.invoices.updateDate(body),
  ),
  {
    method: 'GET',
    url: '/api/invoices/:orderId',
    summary: "An order's invoices and its invoicing plan (made and still to come) -> {success, result: {invoices, planned, canInvoice}}",
    handler: async (call, { params }) => ({ success: true, result: await call.invoices.byOrder({ orderId: params.orderId }) }),
  },
  getRoute('/api/invoices/:id/detail', 'One invoice with its lines, totals, recipient, PDF state, e-conomic state and history -> {success, result}', (call, id) => call.invoices.get(id)),
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
    handler: async (call, input) => sendStoredPdf(input, await call.invoices.pdf(idParam(input)), 'private, max-age=300'),
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
