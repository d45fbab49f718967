import { type TContractListRow, ZContractIdRequest, ZContractListRequest, ZContractSignRequest, ZContractUpdateRequest, ZRenegotiationsRequest } from '@klubhus/domain';
import { defineRoutes, idParam, listEnvelope, listRequest, pascalRow, type RestCaller, type RestInput, type RestRoute } from './route';

/**
 * Sponsor agreements (SPEC §7 "Contracts"): the list protocol at /api/contracts with rows of the
 * Contract summary (Id, Status, ContractNumber, Category, StartDate, EndDate, NoEndDate, RenewDate,
 * Subtotal, AdditionalFee, …); Aftaler.xlsx; one agreement; save; the status actions of SPEC §4 with
 * the agreement body; invoicing; the products grouped by category; and the dashboard's
 * renegotiations. Specific paths (/products, /update, …) are static routes and win over /:id.
 */

const pdfReply = (input: RestInput, fileName: string, bytes: Buffer) =>
  input.reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(bytes.length))
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);

export const contractRow = (r: TContractListRow) => pascalRow(r);

function contractListBody(input: RestInput) {
  const body = listRequest(input) as Record<string, unknown>;
  const filter = (body.filter ?? {}) as Record<string, unknown>;
  const query = input.query as Record<string, unknown>;
  const fromQuery = input.req.method === 'GET' ? { status: query.status, companyId: query.companyId } : {};
  return { ...body, search: body.search ?? (typeof filter.search === 'string' ? filter.search : undefined), filter: { ...fromQuery, ...filter } };
}

type ActionName = 'approve' | 'renew' | 'edit' | 'cancel' | 'reactivate';
const actionRoute = (path: ActionName, what: string) =>
  ({
    method: 'POST',
    url: `/api/contracts/${path}`,
    summary: `${what}: the contract body (its id) -> {success, result: id, status, message${path === 'renew' ? ', data: {id of the new agreement}' : ''}}`,
    body: ZContractIdRequest,
    handler: async (call: RestCaller, { body }: RestInput) => {
      const r = await call.contracts[path](body as { id: number });
      return { success: true, result: r.id, status: r.status, message: r.message, ...(r.newId ? { data: { id: r.newId } } : {}) };
    },
  }) satisfies Omit<RestRoute, 'tag'>;

export const contractRoutes = defineRoutes('Contracts', [
  {
    method: 'POST',
    url: '/api/contracts',
    summary: 'Contract list: {filter{status, companyId}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Number desc, 10 per page',
    body: ZContractListRequest,
    handler: async (call, input) => listEnvelope(await call.contracts.list(contractListBody(input)), contractRow),
  },
  {
    method: 'GET',
    url: '/api/contracts',
    summary: 'Contract list by query parameters (search, sort, direction, page, perPage, status, companyId)',
    handler: async (call, input) => listEnvelope(await call.contracts.list(contractListBody(input)), contractRow),
  },
  {
    method: 'POST',
    url: '/api/contracts/export',
    summary: 'Aftaler.xlsx of the current filter, search and sort',
    body: ZContractListRequest,
    handler: async (call, input) => {
      const file = await call.contracts.export(contractListBody(input));
      return input.reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Buffer.from(file.base64, 'base64'));
    },
  },
  {
    method: 'GET',
    url: '/api/contracts/products',
    summary: 'The products with an agreement setup, grouped by category -> {success, result: [{categoryId, category, products}]}',
    handler: async (call) => ({ success: true, result: await call.contracts.products() }),
  },
  {
    method: 'POST',
    url: '/api/contracts/update',
    summary: 'Create (no id) or save an agreement with its lines -> {success, result: id, message}',
    body: ZContractUpdateRequest,
    handler: async (call, { body }) => {
      const r = await call.contracts.update(body);
      return { success: true, result: r.id, message: r.message };
    },
  },
  actionRoute('approve', 'Approve a draft or renewal'),
  actionRoute('renew', 'Renew an approved agreement: a new agreement in status renewal, copied'),
  actionRoute('edit', 'Reopen an approved agreement for editing'),
  actionRoute('cancel', 'Cancel an agreement (not a cancelled one)'),
  actionRoute('reactivate', 'Reactivate a cancelled agreement (a draft again)'),
  {
    method: 'POST',
    url: '/api/contracts/invoice',
    summary: "Invoice an approved agreement now: the next draft of its plan -> {success, result: invoice id, message}",
    body: ZContractIdRequest,
    handler: async (call, { body }) => {
      const r = await call.contracts.invoice(body as { id: number });
      return { success: true, result: r.id, message: r.message };
    },
  },
  {
    method: 'GET',
    url: '/api/contracts/:id/invoices',
    summary: "The agreement's invoices and its plan (the Fakturaer tab) -> {success, result}",
    handler: async (call, input) => ({ success: true, result: await call.contracts.invoices(idParam(input)) }),
  },
  {
    method: 'GET',
    url: '/api/contracts/:id/pdf',
    summary: "The agreement's PDF of its current version (application/pdf), made by the contract PDF job; 202 {success: false, error} while it is being made",
    handler: async (call, input) => {
      const r = await call.contracts.pdf(idParam(input));
      if (r.status !== 'ready') return input.reply.code(r.status === 'pending' ? 202 : 500).header('retry-after', '2').send({ success: false, error: r.message });
      return pdfReply(input, r.fileName, Buffer.from(r.base64, 'base64'));
    },
  },
  {
    method: 'POST',
    url: '/api/contracts/:id/send',
    summary: "Mail the agreement's PDF to its contact -> {success, result: id, message, data: {email}}",
    handler: async (call, input) => {
      const r = await call.contracts.send(idParam(input));
      return { success: true, result: r.id, message: r.message, data: { email: r.email } };
    },
  },
  {
    method: 'POST',
    url: '/api/contracts/:id/send-signing',
    summary: 'Mail the contact a signing link (a token of 160 random bits, bound to this version of the agreement) -> {success, result: id, message, data: {email}}',
    handler: async (call, input) => {
      const r = await call.contracts.sendSigning(idParam(input));
      return { success: true, result: r.id, message: r.message, data: { email: r.email } };
    },
  },
  {
    method: 'GET',
    url: '/api/contracts/:id/esign',
    summary: 'The PDF to sign (public; ?token= is the guard), or the signed PDF once signed (application/pdf)',
    public: true,
    handler: async (call, input) => {
      const r = await call.contracts.signPage({ id: input.params.id, token: input.query.token, userAgent: input.req.headers['user-agent'] ?? null });
      input.reply.header('x-contract-signed', r.signed ? '1' : '0');
      return pdfReply(input, r.fileName, Buffer.from(r.base64, 'base64'));
    },
  },
  {
    method: 'POST',
    url: '/api/contracts/:id/esign',
    summary: 'Sign (public): {token, signature (PNG data URL), name?} -> {success, token, message, data: {fileName, base64 of the signed PDF}}',
    public: true,
    body: ZContractSignRequest.omit({ id: true, userAgent: true }),
    handler: async (call, input) => {
      const b = input.body as { token?: string; signature?: string; name?: string };
      const r = await call.contracts.sign({ id: input.params.id, token: b.token, signature: b.signature, name: b.name, userAgent: input.req.headers['user-agent'] ?? null });
      return { success: true, token: r.token, message: r.message, data: { fileName: r.fileName, base64: r.base64 } };
    },
  },
  {
    method: 'GET',
    url: '/api/contracts/:id',
    summary: 'One agreement with lines, totals, invoicing plan, invoices, files, audit and signing trail -> {success, result}',
    handler: async (call, input) => ({ success: true, result: await call.contracts.get(idParam(input)) }),
  },
  {
    method: 'DELETE',
    url: '/api/contracts/:id',
    summary: 'Delete a draft agreement -> {success, message}',
    handler: async (call, input) => {
      const r = await call.contracts.delete(idParam(input));
      return { success: true, message: r.message };
    },
  },
  {
    method: 'POST',
    url: '/api/dashboard/renegotiations',
    summary: 'Agreements up for renegotiation by renewDate ({page, perPage, days}) -> {Result, Total}',
    body: ZRenegotiationsRequest,
    handler: async (call, { body }) => {
      const r = await call.contracts.renegotiations(body);
      return { Result: r.rows.map((x) => pascalRow(x)), Total: r.total, TotalPages: r.totalPages };
    },
  },
]);
