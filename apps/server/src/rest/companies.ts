import type { Caller } from '@klubhus/api';
import { ZCompanyListRequest, ZCompanyUpdateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, listEnvelope, listRequest, type RestInput } from './route';

type CompanyRow = Awaited<ReturnType<Caller['companies']['list']>>['rows'][number];

/** SPEC §3: company list rows in PascalCase. */
export const companyRow = (c: CompanyRow) => ({
  Id: c.id,
  Name: c.name,
  CVR: c.cvr,
  Address: c.address,
  ZipCode: c.zipCode,
  City: c.city,
  Email: c.email,
  Phone: c.phone,
  FollowUpDate: c.followUpDate,
  Utilization: c.utilization,
  LogoWeb: c.logoWeb,
  Status: c.status,
});

/** The list body; a search sent inside filter (as some tables do) counts as the search. */
function companyListBody(input: RestInput) {
  const body = listRequest(input) as Record<string, unknown>;
  const filter = (body.filter ?? {}) as Record<string, unknown>;
  const query = input.query as Record<string, unknown>;
  const status = filter.status ?? (input.req.method === 'GET' ? query.status : undefined);
  return {
    ...body,
    search: body.search ?? (typeof filter.search === 'string' ? filter.search : undefined),
    filter: { ...filter, status },
  };
}

const files = (body: Record<string, unknown>, name: string) => {
  const f = (body.files as Record<string, unknown[]> | undefined)?.[name];
  return f?.length ? f : undefined;
};

const idParam = (input: RestInput) => ({ id: input.params.id as never });

export const companyRoutes = defineRoutes('Companies', [
  {
    method: 'POST',
    url: '/api/companies',
    summary: 'Company list: {filter{status}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Name asc, 10 per page',
    body: ZCompanyListRequest,
    handler: async (call, input) => listEnvelope(await call.companies.list(companyListBody(input) as never), companyRow),
  },
  {
    method: 'POST',
    url: '/api/companies/export',
    summary: 'Virksomheder.xlsx of the current filter, search and sort',
    body: ZCompanyListRequest,
    handler: async (call, input) => {
      const file = await call.companies.export(companyListBody(input) as never);
      return input.reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Buffer.from(file.base64, 'base64'));
    },
  },
  {
    method: 'GET',
    url: '/api/companies',
    summary: 'Company picker: ?search= (20 best by name) or ?ids=1,2,3 -> {success, result}',
    query: z.object({ search: z.string().optional(), ids: z.string().optional() }),
    handler: async (call, { query }) => {
      const q = query as { search?: string; ids?: string | string[] };
      const ids = q.ids === undefined ? undefined : Array.isArray(q.ids) ? q.ids.join(',') : q.ids;
      return { success: true, result: await call.companies.search({ search: q.search, ids } as never) };
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
        logoWebFile: files(body, 'logoWebFile') ?? body.logoWebFile,
        logoPrintFile: files(body, 'logoPrintFile') ?? body.logoPrintFile,
      } as never);
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
  {
    method: 'GET',
    url: '/api/companies/:id/revenue',
    summary: 'Revenue of the company (0 until orders exist)',
    handler: async (call, input) => ({ success: true, result: await call.companies.revenue(idParam(input)) }),
  },
  {
    method: 'GET',
    url: '/api/companies/:id/orders',
    summary: 'Orders of the company (none until orders exist)',
    handler: async (call, input) => ({ success: true, result: await call.companies.orders(idParam(input)) }),
  },
  {
    method: 'GET',
    url: '/api/companies/:id/contracts',
    summary: 'Contracts of the company (none until agreements exist)',
    handler: async (call, input) => ({ success: true, result: await call.companies.contracts(idParam(input)) }),
  },
  {
    method: 'GET',
    url: '/api/companies/:id/ticket-utilization',
    summary: 'Ticket utilization per product -> [{id, product, used, total, utilization}] (none until events exist)',
    handler: async (call, input) => ({ success: true, result: await call.companies.ticketUtilization(idParam(input)) }),
  },
  {
    method: 'DELETE',
    url: '/api/companies/:id/contacts/:contactId',
    summary: 'Remove a contact from the company',
    handler: async (call, { params }) => call.companies.removeContact({ companyId: params.id, contactId: params.contactId } as never),
  },
  {
    method: 'DELETE',
    url: '/api/companies/:id',
    summary: 'Delete a company (its contact links, comments and files go with it)',
    handler: async (call, input) => call.companies.delete(idParam(input)),
  },
]);
