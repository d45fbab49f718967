import type { IncomingHttpHeaders } from 'node:http';
import { type AnyTRPCProcedure, type AnyTRPCRouter, getErrorShape, getTRPCErrorFromUnknown, type inferRouterContext, TRPCError, transformTRPCResponse } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { getHTTPStatusCodeFromError, resolveResponse } from '@trpc/server/http';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
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
 *
 * The commonest call of all, one query by GET (every list and screen read), is answered without
 * resolveResponse when it succeeds (see answerQuery): the procedure is called as resolveResponse
 * calls it, with the same context, raw input and signal, and its answer written as resolveResponse
 * writes it. A failure is handed to resolveResponse to shape (its `error` option), as is every other
 * kind of call. trpc-adapter.test.ts holds both paths to tRPC's own adapter, call by call.
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
    const path = (req.params as { path: string }).path;
    let failed: { error: TRPCError; ctx: unknown } | null = null;
    if (req.method === 'GET') {
      const query = await answerQuery(opts, req, reply, path);
      if (query && 'body' in query) return query.body;
      failed = query;
    }
    const res = await resolveResponse({
      router: opts.router,
      req: trpcRequest(req, reply),
      path,
      error: failed?.error ?? null,
      createContext: async () => (failed ? failed.ctx : opts.createContext(req, reply)) as inferRouterContext<TRouter>,
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

/**
 * One query by GET, alone or as a batch of one (as the web client's batch link sends it), with no
 * body type or JSON's, no stream asked for, no connection parameters, a path that needs no decoding
 * and names a query: run as resolveResponse runs it. Its context comes from createContext, its raw
 * input from the `input` parameter parsed as JSON (for a batch, its entry "0"; bad input refused as
 * tRPC refuses it) and deserialized by the router's transformer, and its signal aborts when the
 * client leaves. Answered with `body` (the reply sent) when it succeeds; a failure comes back as the
 * error and the context it ran with, for resolveResponse to shape; null: not such a call.
 */
async function answerQuery<TRouter extends AnyTRPCRouter>(
  opts: TrpcRoutesOptions<TRouter>,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<{ body: FastifyReply } | { error: TRPCError; ctx: unknown } | null> {
  const headers = req.headers;
  const type = headers['content-type'];
  if ((type !== undefined && !isJson(type)) || headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl') || path.includes('%')) return null;
  const procedure = (opts.router._def.procedures as Record<string, AnyTRPCProcedure | undefined>)[path];
  if (procedure?._def.type !== 'query') return null;
  const at = req.url.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1));
  // tRPC reads batch=1 as a batch and any other value as none: only those two are taken here.
  const batch = params.get('batch');
  if ((batch !== null && batch !== '1') || params.has('connectionParams')) return null;
  const config = opts.router._def._config;
  let input: Promise<unknown> | null = null;
  const getRawInput = () => {
    input ??= (async () => {
      const text = params.get('input');
      const value: unknown = text ? JSON.parse(text) : undefined;
      if (value === undefined) return undefined;
      if (batch === null) return config.transformer.input.deserialize(value);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
      }
      const entry = (value as Record<string, unknown>)[0];
      return entry === undefined ? undefined : config.transformer.input.deserialize(entry);
    })().catch((cause: unknown) => {
      if (cause instanceof TRPCError) throw cause;
      throw new TRPCError({ code: 'BAD_REQUEST', message: cause instanceof Error ? cause.message : 'Invalid input', cause });
    });
    return input;
  };
  let ctx: unknown;
  try {
    ctx = await opts.createContext(req, reply);
  } catch (cause) {
    return { error: getTRPCErrorFromUnknown(cause), ctx: undefined };
  }
  let data: unknown;
  try {
    data = await callProcedure(procedure, { path, getRawInput, ctx, type: 'query', signal: abortedWhenClientLeaves(reply), batchIndex: 0 });
  } catch (cause) {
    return { error: getTRPCErrorFromUnknown(cause), ctx };
  }
  if (isDataStream(data)) {
    const error = new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink' });
    // In a batch it is the call's failure; alone, resolveResponse refuses it outside the call, so its shape names no path.
    if (batch !== null) return { error, ctx };
    const shape = getErrorShape({ config, error, type: 'query', path: undefined, input: undefined, ctx });
    reply.header('vary', 'trpc-accept, accept').header('content-type', 'application/json');
    return { body: reply.code(getHTTPStatusCodeFromError(error)).send(JSON.stringify(transformTRPCResponse(config, { error: shape }))) };
  }
  // transformTRPCResponse's answer to a result, without its copies of the envelope.
  const answer = { result: { data: config.transformer.output.serialize(data) } };
  reply.code(200).header('vary', 'trpc-accept, accept').header('content-type', 'application/json');
  return { body: reply.send(JSON.stringify(batch === null ? answer : [answer])) };
}

type CallOptions = { path: string; getRawInput: () => Promise<unknown>; ctx: unknown; type: 'query'; signal: AbortSignal; batchIndex: number; input?: unknown };
type MiddlewareResult = { ok: boolean; data?: unknown; error?: TRPCError };
type Middleware = (opts: CallOptions & { meta: unknown; next: (next?: { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> }) => Promise<MiddlewareResult> }) => Promise<MiddlewareResult>;

/**
 * A procedure called as tRPC's own caller calls it (createProcedureCaller and callRecursive): each
 * middleware, the resolver last, gets the call's options with the procedure's meta and a `next`
 * that merges the context it is given into the call's, takes the input it is given (else the
 * level's), and calls the next level; a level that throws is a failed result; the last result is
 * the answer, or its error thrown. tRPC copies the options twice per level with a helper that
 * defines each property in turn: 7% of the server's CPU in a list call of four levels (a CPU
 * profile of the bench); object spread copies the same own properties. A procedure with its own
 * caller (experimental_caller) is called as it is.
 */
async function callProcedure(procedure: AnyTRPCProcedure, opts: CallOptions): Promise<unknown> {
  const def = procedure._def as unknown as { middlewares: Middleware[]; meta: unknown; experimental_caller: boolean };
  if (def.experimental_caller) return procedure(opts);
  const { middlewares, meta } = def;
  const level = async (index: number, at: CallOptions): Promise<MiddlewareResult> => {
    try {
      return await middlewares[index]({
        ...at,
        meta,
        next: (next) =>
          level(index + 1, {
            ...at,
            ctx: next?.ctx ? { ...(at.ctx as object), ...next.ctx } : at.ctx,
            input: next && 'input' in next ? next.input : at.input,
            getRawInput: next?.getRawInput ?? at.getRawInput,
          }),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as MiddlewareResult;
    }
  };
  const result = await level(0, opts);
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?' });
  if (!result.ok) throw result.error;
  return result.data;
}

/** What resolveResponse refuses to answer as plain JSON: an async iterable, or an object holding promises or iterables. */
function isDataStream(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const streams = (v: unknown) => v !== null && typeof v === 'object' && (Symbol.asyncIterator in v || typeof (v as { then?: unknown }).then === 'function');
  return Symbol.asyncIterator in value || Object.values(value).some(streams);
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
