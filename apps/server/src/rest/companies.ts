import { type TCompanyListRow, ZCompanyListRequest, ZCompanyUpdateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, formFiles, idParam, listEnvelope, pascalRow, type RestInput } from './route';
import { deleteRoute, filteredListBody, getRoute, sendFile } from './shapes';

/** SPEC §3: company list rows in PascalCase (CVR as documented). */
export const companyRow = (c: TCompanyListRow) => pascalRow(c, { cvr: 'CVR' });

/** The list body; a GET may give the status as a query parameter. */
const companyListBody = (input: RestInput) => filteredListBody(input, (sent, query) => ({ ...sent, status: sent.status ?? query?.status }));

export const companyRoutes = defineRoutes('Companies', [
  {
    method: 'POST',
    url: '/api/companies',
    summary: 'Company list: {filter{status}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Name asc, 10 per page',
    body: ZCompanyListRequest,
    handler: async (call, input) => listEnvelope(await call.companies.list(companyListBody(input)), companyRow),
  },
  {
    method: 'POST',
    url: '/api/companies/export',
    summary: 'Virksomheder.xlsx of the current filter, search and sort',
    body: ZCompanyListRequest,
    handler: async (call, input) => sendFile(input, await call.companies.export(companyListBody(input))),
  },
  {
    method: 'GET',
    url: '/api/companies',
    summary: 'Company picker: ?search= (20 best by name) or ?ids=1,2,3 -> {success, result}',
    query: z.object({ search: z.string().optional(), ids: z.string().optional() }),
    handler: async (call, { query }) => {
      const q = query as { search?: string; ids?: string | string[] };
      const ids = q.ids === undefined ? undefined : Array.isArray(q.ids) ? q.ids.join(',') : q.ids;
      return { success: true, result: await call.companies.search({ search: q.search, ids }) };
    },
  },
  {
    method: 'GET',
    url: '/api/companies/cvr-search',
    summary: 'CVR look-up (from 3 characters) -> {success, result: [{name, cvr, address, zipCode, city, email, phone, website}], enabled}',
    query: z.object({ query: z.string().optional() }),
    handler: async (call, { query }) => {
      const r = await call.companies.cvrSearch({ query: String((query as { query?: string }).query ?? '') });
      return { success: true, result: r.results, enabled: r.enabled, message: r.message };
    },
  },
  {
    method: 'GET',
    url: '/api/companies/event-types',
    summary: 'Event types and products for ticket limits -> {result, products} (empty until events exist)',
    handler: async (call) => {
      const r = await call.companies.eventTypes();
      return { success: true, result: r.result, products: r.products };
    },
  },
  {
    method: 'POST',
    url: '/api/companies/update',
    summary: 'Create (no id) or save a company; multipart with logoWebFile / logoPrintFile, or JSON -> {success, result: id}',
    body: ZCompanyUpdateRequest,
    multipart: true,
    handler: async (call, { body }) => {
      const r = await call.companies.update({
        ...body,
        files: undefined,
        logoWebFile: formFiles(body, 'logoWebFile') ?? body.logoWebFile,
        logoPrintFile: formFiles(body, 'logoPrintFile') ?? body.logoPrintFile,
      });
      return { success: true, result: r.id, message: r.message, error: null };
    },
  },
  {
    method: 'GET',
    url: '/api/companies/:id',
    summary: 'One company with contacts -> {success, result, data: {orders, contracts}}',
    handler: async (call, input) => {
      const { orders, contracts, ...result } = await call.companies.get(idParam(input));
      return { success: true, result, data: { orders, contracts } };
    },
  },
  getRoute('/api/companies/:id/revenue', 'Revenue of the company (0 until orders exist)', (call, id) => call.companies.revenue(id)),
  getRoute('/api/companies/:id/orders', 'Orders of the company (none until orders exist)', (call, id) => call.companies.orders(id)),
  getRoute('/api/companies/:id/contracts', 'Contracts of the company (none until agreements exist)', (call, id) => call.companies.contracts(id)),
  getRoute(
    '/api/companies/:id/ticket-utilization',
    'Ticket utilization per product -> [{id, product, used, total, utilization}] (none until events exist)',
    (call, id) => call.companies.ticketUtilization(id),
  ),
  {
    method: 'DELETE',
    url: '/api/companies/:id/contacts/:contactId',
    summary: 'Remove a contact from the company',
    handler: async (call, { params }) => call.companies.removeContact({ companyId: params.id, contactId: params.contactId }),
  },
  deleteRoute('/api/companies/:id', 'Delete a company (its contact links, comments and files go with it)', (call, id) => call.companies.delete(id)),
]);
