import { type TContractListRow, ZContractIdRequest, ZContractListRequest, ZContractSignRequest, ZContractUpdateRequest, ZRenegotiationsRequest } from '@klubhus/domain';
import { defineRoutes, idParam, pascalRow, type RestCaller, type RestInput, type RestRoute } from './route';
import { deleteWithMessage, filteredListBody, getRoute, listRoutes, mailed, queryFilter, saved, saveRoute, sendFile, sendPdf, sendStoredPdf } from './shapes';

/**
 * Sponsor agreements (SPEC §7 "Contracts"): the list protocol at /api/contracts with rows of the
 * Contract summary (Id, Status, ContractNumber, Category, StartDate, EndDate, NoEndDate, RenewDate,
 * Subtotal, AdditionalFee, …); Aftaler.xlsx; one agreement; save; the status actions of SPEC §4 with
 * the agreement body; invoicing; the products grouped by category; and the dashboard's
 * renegotiations. Specific paths (/products, /update, …) are static routes and win over /:id.
 */

const PDF_CACHE = 'private, no-store';

export const contractRow = (r: TContractListRow) => pascalRow(r);

const contractListBody = (input: RestInput) => filteredListBody(input, queryFilter('status', 'companyId'));

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
  ...listRoutes({
    url: '/api/contracts',
    post: 'Contract list: {filter{status, companyId}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Number desc, 10 per page',
    get: 'Contract list by query parameters (search, sort, direction, page, perPage, status, companyId)',
    body: ZContractListRequest,
    list: (call, input) => call.contracts.list(contractListBody(input)),
    row: contractRow,
  }),
  {
    method: 'POST',
    url: '/api/contracts/export',
    summary: 'Aftaler.xlsx of the current filter, search and sort',
    body: ZContractListRequest,
    handler: async (call, input) => sendFile(input, await call.contracts.export(contractListBody(input))),
  },
  {
    method: 'GET',
    url: '/api/contracts/products',
    summary: 'The products with an agreement setup, grouped by category -> {success, result: [{categoryId, category, products}]}',
    handler: async (call) => ({ success: true, result: await call.contracts.products() }),
  },
  saveRoute('/api/contracts/update', 'Create (no id) or save an agreement with its lines -> {success, result: id, message}', ZContractUpdateRequest, (call, body) => call.contracts.update(body)),
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
    handler: async (call, { body }) => saved(await call.contracts.invoice(body as { id: number })),
  },
  getRoute('/api/contracts/:id/invoices', "The agreement's invoices and its plan (the Fakturaer tab) -> {success, result}", (call, id) => call.contracts.invoices(id)),
  {
    method: 'GET',
    url: '/api/contracts/:id/pdf',
    summary: "The agreement's PDF of its current version (application/pdf), made by the contract PDF job; 202 {success: false, error} while it is being made",
    handler: async (call, input) => sendStoredPdf(input, await call.contracts.pdf(idParam(input)), PDF_CACHE),
  },
  {
    method: 'POST',
    url: '/api/contracts/:id/send',
    summary: "Mail the agreement's PDF to its contact -> {success, result: id, message, data: {email}}",
    handler: async (call, input) => mailed(await call.contracts.send(idParam(input))),
  },
  {
    method: 'POST',
    url: '/api/contracts/:id/send-signing',
    summary: 'Mail the contact a signing link (a token of 160 random bits, bound to this version of the agreement) -> {success, result: id, message, data: {email}}',
    handler: async (call, input) => mailed(await call.contracts.sendSigning(idParam(input))),
  },
  {
    method: 'GET',
    url: '/api/contracts/:id/esign',
    summary: 'The PDF to sign (public; ?token= is the guard), or the signed PDF once signed (application/pdf)',
    public: true,
    handler: async (call, input) => {
      const r = await call.contracts.signPage({ id: input.params.id, token: input.query.token, userAgent: input.req.headers['user-agent'] ?? null });
      input.reply.header('x-contract-signed', r.signed ? '1' : '0');
      return sendPdf(input, r.fileName, Buffer.from(r.base64, 'base64'), PDF_CACHE);
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
  getRoute('/api/contracts/:id', 'One agreement with lines, totals, invoicing plan, invoices, files, audit and signing trail -> {success, result}', (call, id) => call.contracts.get(id)),
  deleteWithMessage('/api/contracts/:id', 'Delete a draft agreement -> {success, message}', (call, id) => call.contracts.delete(id)),
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
