import type { ZodType } from 'zod';
import { idParam, listEnvelope, listRequest, type RestCaller, type RestInput, type RestRoute } from './route';

/**
 * The shapes the REST adapters repeat (SPEC §7), declared once: the list protocol's POST and GET
 * pair, one record by its id, a save's and a delete's envelope, an exported file and a stored PDF.
 * Each keeps its URL, status and envelope exactly as the adapters wrote them out by hand.
 */

type Route = Omit<RestRoute, 'tag'>;
type Page<T> = { rows: T[]; total: number; totalPages: number };
type IdInput = ReturnType<typeof idParam>;

/** A save's envelope: {success, result: id, message}. */
export const saved = (r: { id: number; message: string }) => ({ success: true, result: r.id, message: r.message });

/** A mailing's envelope: {success, result: id, message, data: {email}}. */
export const mailed = (r: { id: number; message: string; email: string }) => ({ success: true, result: r.id, message: r.message, data: { email: r.email } });

/**
 * The body of a filtered list (POST: the list protocol; GET: query parameters). A search sent
 * inside filter (as some tables do) counts as the search; `filter` makes the procedure's filter
 * from the one sent and, for a GET, the query parameters.
 */
export function filteredListBody(input: RestInput, filter: (sent: Record<string, unknown>, query: Record<string, unknown> | undefined) => Record<string, unknown>) {
  const body = listRequest(input) as Record<string, unknown>;
  const sent = (body.filter ?? {}) as Record<string, unknown>;
  const query = input.req.method === 'GET' ? (input.query as Record<string, unknown>) : undefined;
  return { ...body, search: body.search ?? (typeof sent.search === 'string' ? sent.search : undefined), filter: filter(sent, query) };
}

/** A filter that a GET may give as the query parameters `keys`; the filter sent wins. */
export const queryFilter =
  (...keys: string[]) =>
  (sent: Record<string, unknown>, query: Record<string, unknown> | undefined) => ({
    ...(query ? Object.fromEntries(keys.map((k) => [k, query[k]])) : {}),
    ...sent,
  });

/** POST {url} (the list protocol) and GET {url} (query parameters) of one list -> {Result, TotalPages, Total}. */
export function listRoutes<T, E extends object = object>(spec: {
  url: string;
  post: string;
  get: string;
  body?: ZodType;
  list: (call: RestCaller, input: RestInput) => Promise<Page<T> & E>;
  row: (row: T) => unknown;
  /** Fields a list adds to the envelope (the order list's TotalCapped). */
  more?: (page: E) => Record<string, unknown>;
}): Route[] {
  const handler = async (call: RestCaller, input: RestInput) => {
    const page = await spec.list(call, input);
    return { ...listEnvelope(page, spec.row), ...spec.more?.(page) };
  };
  return [
    { method: 'POST', url: spec.url, summary: spec.post, ...(spec.body ? { body: spec.body } : {}), handler },
    { method: 'GET', url: spec.url, summary: spec.get, handler },
  ];
}

/** GET {url} with the record's :id -> {success, result}. */
export const getRoute = (url: string, summary: string, get: (call: RestCaller, id: IdInput) => Promise<unknown>, extra: Partial<Route> = {}): Route => ({
  method: 'GET',
  url,
  summary,
  ...extra,
  handler: async (call, input) => ({ success: true, result: await get(call, idParam(input)) }),
});

/** DELETE {url} with the record's :id -> the procedure's own answer. */
export const deleteRoute = (url: string, summary: string, remove: (call: RestCaller, id: IdInput) => Promise<unknown>): Route => ({
  method: 'DELETE',
  url,
  summary,
  handler: async (call, input) => remove(call, idParam(input)),
});

/** DELETE {url} with the record's :id -> {success, message}. */
export const deleteWithMessage = (url: string, summary: string, remove: (call: RestCaller, id: IdInput) => Promise<{ message: string }>): Route =>
  deleteRoute(url, summary, async (call, id) => ({ success: true, message: (await remove(call, id)).message }));

/** POST {url} that saves the body -> {success, result: id, message}. */
export const saveRoute = (url: string, summary: string, body: ZodType, save: (call: RestCaller, body: Record<string, unknown>) => Promise<{ id: number; message: string }>): Route => ({
  method: 'POST',
  url,
  summary,
  body,
  handler: async (call, input) => saved(await save(call, input.body)),
});

/** A generated file ({fileName, mimeType, base64}) as the answer: an attachment (a download) or inline (a new tab). */
export function sendFile(input: RestInput, file: { fileName: string; mimeType: string; base64: string }, disposition: 'attachment' | 'inline' = 'attachment') {
  return input.reply
    .header('content-type', file.mimeType)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .send(Buffer.from(file.base64, 'base64'));
}

/** A PDF as the answer, shown inline; `cache` is its cache-control. */
export function sendPdf(input: RestInput, fileName: string, bytes: Buffer, cache: string) {
  return input.reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(bytes.length))
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache)
    .send(bytes);
}

/** A PDF a job makes and stores: the file once ready; 202 {success: false, error} while it is being made, 500 when it failed. */
export function sendStoredPdf(input: RestInput, r: { status: 'ready'; fileName: string; base64: string } | { status: 'pending' | 'failed'; message: string }, cache: string) {
  if (r.status !== 'ready') return input.reply.code(r.status === 'pending' ? 202 : 500).header('retry-after', '2').send({ success: false, error: r.message });
  return sendPdf(input, r.fileName, Buffer.from(r.base64, 'base64'), cache);
}
