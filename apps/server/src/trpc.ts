import type { IncomingHttpHeaders } from 'node:http';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Our Fastify adapter for tRPC: like every tRPC adapter, a thin wrapper around tRPC's public
 * `resolveResponse` (which parses the call, batches, runs the procedures, shapes errors and status
 * codes). What differs from `@trpc/server/adapters/fastify` is only the cost of the two ends:
 *
 * - the request it gets is a small object with exactly what resolveResponse reads (method, url,
 *   headers.get/has, signal, json()) over Fastify's own request, instead of an undici `Request`
 *   built from a copy of every header, a parsed URL and a body stream;
 * - its answer is read whole (`text()`) and sent by Fastify as one string with its status and
 *   headers, instead of a `Response` Fastify streams (the API's onSend then compresses it as any
 *   JSON answer).
 *
 * Anything but a JSON body (a form, octet-stream: tRPC's other content types) gets the standard
 * undici Request, and an answer that streams (JSON lines) is handed to Fastify as the Response it
 * is: both behave exactly as tRPC's own adapter.
 */
export interface TrpcRoutesOptions<TRouter extends AnyTRPCRouter> {
  prefix: string;
  router: TRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => inferRouterContext<TRouter> | Promise<inferRouterContext<TRouter>>;
}

export function trpcRoutes<TRouter extends AnyTRPCRouter>(scope: FastifyInstance, opts: TrpcRoutesOptions<TRouter>): void {
  // Bodies reach resolveResponse as they came: JSON as its text (parsed once, by the call), forms and
  // octet-stream as the request stream (as tRPC's own Fastify plugin does).
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  scope.removeContentTypeParser('multipart/form-data');
  scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

  scope.all(`${opts.prefix}/:path`, async (req, reply) => {
    const res = await resolveResponse({
      router: opts.router,
      req: trpcRequest(req, reply),
      path: (req.params as { path: string }).path,
      error: null,
      createContext: async () => opts.createContext(req, reply),
    });
    if (res.headers.has('transfer-encoding') || res.headers.get('content-type') === 'text/event-stream') {
      // A streamed answer (JSON lines, server-sent events): Fastify writes it as it comes.
      return reply.send(res);
    }
    reply.code(res.status);
    for (const [name, value] of res.headers) reply.header(name, value);
    return reply.send(await res.text());
  });
}

/** What resolveResponse reads of a request, over Fastify's request; a real Request for bodies other than JSON. */
function trpcRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const method = req.method;
  const headers = req.headers;
  const jsonBody = method === 'GET' || method === 'HEAD' || isJson(headers['content-type']);
  if (!jsonBody) {
    const raw = req.raw as typeof req.raw & { body?: unknown };
    raw.body = req.body;
    return incomingMessageToRequest(raw, reply.raw, { maxBodySize: null });
  }
  return {
    method,
    // Only the path and the query count: resolveResponse reads searchParams (input, batch) from it.
    url: `http://localhost${req.url}`,
    headers: new LeanHeaders(headers),
    signal: abortedWhenClientLeaves(reply),
    json: async () => JSON.parse(typeof req.body === 'string' ? req.body : ''),
  } as unknown as Request;
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(';', 1)[0].trim().toLowerCase() === 'application/json';
}

/** Headers.get and .has over Node's (lower-cased) request headers, joined as Headers joins them. */
class LeanHeaders {
  constructor(private readonly incoming: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.incoming[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.incoming[name.toLowerCase()] !== undefined;
  }
}

/** A signal that aborts when the connection closes before the answer was written (the client left). */
function abortedWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  return controller.signal;
}
