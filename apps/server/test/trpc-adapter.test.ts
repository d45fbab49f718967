import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcRoutes } from '../src/trpc';

/**
 * Our tRPC adapter (src/trpc.ts) answers every kind of call exactly as tRPC's own Fastify adapter:
 * the same router is mounted under both, and each request is sent to both.
 */
const t = initTRPC.meta<{ label?: string }>().create({ isDev: false });
let aborted = false;
// Middlewares as the app's rungs use them: context added level by level, meta read, inputs merged,
// answers checked and wrapped, levels that throw or answer nothing (src/trpc.ts callProcedure).
const withUser = t.procedure.use(({ next }) => next({ ctx: { user: 'Åse' } }));
const withClub = withUser.use(({ ctx, next }) => next({ ctx: { club: `${ctx.user}s klub` } }));
const layered = withClub
  .meta({ label: 'lag' })
  .use(({ meta, next }) => next({ ctx: { seen: meta?.label } }))
  .input(z.object({ a: z.string() }))
  .input(z.object({ b: z.number().optional() }))
  .use(async ({ next }) => {
    const result = await next();
    return result.ok ? { ...result, data: { wrapped: result.data } } : result;
  })
  .output(z.object({ user: z.string(), club: z.string(), seen: z.string().optional(), input: z.object({ a: z.string(), b: z.number().optional() }) }));
const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string() }).optional()).query(({ input }) => ({ hi: input?.name ?? 'verden' })),
  fail: t.procedure.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Nej' });
  }),
  add: t.procedure.input(z.object({ a: z.number(), b: z.number() })).mutation(({ input }) => input.a + input.b),
  big: t.procedure.query(() => ({ text: 'hej '.repeat(5000) })),
  promised: t.procedure.query(() => ({ later: Promise.resolve(1) })),
  inner: t.router({ hello: t.procedure.input(z.object({ name: z.string() })).query(({ input }) => `hej ${input.name}`) }),
  layered: layered.query(({ ctx, input }) => ({ user: ctx.user, club: ctx.club, seen: ctx.seen, input })),
  layeredFails: layered.query(() => {
    throw new TRPCError({ code: 'CONFLICT', message: 'Optaget' });
  }),
  badOutput: t.procedure.output(z.object({ n: z.number() })).query(() => ({ n: 'x' }) as never),
  middlewareThrows: withUser
    .use(() => {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Log ind' });
    })
    .query(() => 1),
  middlewareAnswersNothing: t.procedure.use((() => undefined) as never).query(() => 1),
  wait: t.procedure.query(
    ({ signal }) =>
      new Promise((resolve) => {
        signal?.addEventListener('abort', () => {
          aborted = true;
          resolve('aborted');
        });
      }),
  ),
});

describe('our tRPC adapter', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(async (scope) => trpcRoutes(scope, { prefix: '/ours', router, createContext: () => ({}) }));
    await app.register(fastifyTRPCPlugin, { prefix: '/stock', trpcOptions: { router, createContext: () => ({}) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const cases: { name: string; method: 'GET' | 'POST' | 'HEAD'; path: string; body?: string; type?: string; accept?: string }[] = [
    { name: 'a query', method: 'GET', path: `/hello?input=${input({ name: 'Åse' })}` },
    { name: 'a query without input', method: 'GET', path: '/hello' },
    { name: 'a refused query', method: 'GET', path: '/fail' },
    { name: 'an unknown procedure', method: 'GET', path: '/nope' },
    { name: 'input the schema refuses', method: 'GET', path: `/hello?input=${input({ name: 7 })}` },
    { name: 'input that is not JSON', method: 'GET', path: '/hello?input=%7Bnope' },
    { name: 'a batch of queries, one refused', method: 'GET', path: `/hello,fail,hello?batch=1&input=${input({ 0: { name: 'a' }, 2: { name: 'b' } })}` },
    { name: 'a batch of queries', method: 'GET', path: `/hello,hello?batch=1&input=${input({ 0: { name: 'a' } })}` },
    { name: 'a mutation', method: 'POST', path: '/add', body: JSON.stringify({ a: 1, b: 2 }), type: 'application/json' },
    { name: 'a batch of mutations', method: 'POST', path: '/add,add?batch=1', body: JSON.stringify({ 0: { a: 1, b: 2 }, 1: { a: 'x' } }), type: 'application/json' },
    { name: 'a mutation whose body is not JSON', method: 'POST', path: '/add', body: '{nope', type: 'application/json' },
    { name: 'a mutation with an empty JSON body', method: 'POST', path: '/add', body: '', type: 'application/json; charset=utf-8' },
    { name: 'a mutation without a content type', method: 'POST', path: '/add' },
    { name: 'a mutation by GET', method: 'GET', path: '/add' },
    { name: 'a query by POST', method: 'POST', path: '/hello', body: '{}', type: 'application/json' },
    { name: 'HEAD', method: 'HEAD', path: '/hello' },
    // A query by GET is answered without resolveResponse when it succeeds (src/trpc.ts answerQuery): its edges.
    { name: 'a query whose input is null', method: 'GET', path: `/hello?input=${input(null)}` },
    { name: 'a query with an empty input', method: 'GET', path: '/hello?input=' },
    { name: 'a query with its input twice', method: 'GET', path: `/hello?input=${input({ name: 'a' })}&input=${input({ name: 'b' })}` },
    { name: 'a query with + in its input', method: 'GET', path: '/hello?input=%7B%22name%22%3A%22a+b%22%7D' },
    { name: 'a query whose path is URL-encoded', method: 'GET', path: `/h%65llo?input=${input({ name: 'a' })}` },
    { name: 'a query whose input is refused by the procedure', method: 'GET', path: `/fail?input=${input({ x: 1 })}` },
    { name: 'a query that answers a stream-like object', method: 'GET', path: '/promised' },
    { name: 'a query with a JSON content type', method: 'GET', path: `/hello?input=${input({ name: 'a' })}`, type: 'application/json' },
    { name: 'a query by GET with a form content type', method: 'GET', path: '/hello', type: 'multipart/form-data; boundary=x' },
    { name: 'a query asking for JSON lines', method: 'GET', path: '/hello', accept: 'application/jsonl' },
    { name: 'a query with connection parameters', method: 'GET', path: `/hello?connectionParams=${input({ a: '1' })}` },
    { name: 'a query of a nested router', method: 'GET', path: `/inner.hello?input=${input({ name: 'Ib' })}` },
    { name: 'a batch of one query', method: 'GET', path: `/hello?batch=1&input=${input({ 0: { name: 'Bo' } })}` },
    { name: 'a batch of one query without input', method: 'GET', path: '/hello?batch=1' },
    { name: 'a batch of one query whose entry is missing', method: 'GET', path: `/hello?batch=1&input=${input({ 1: { name: 'x' } })}` },
    { name: 'a batch of one query whose input is not an object', method: 'GET', path: `/hello?batch=1&input=${input([{ name: 'x' }])}` },
    { name: 'a batch of one query whose input is not JSON', method: 'GET', path: '/hello?batch=1&input=%7Bnope' },
    { name: 'a batch of one query the schema refuses', method: 'GET', path: `/hello?batch=1&input=${input({ 0: { name: 7 } })}` },
    { name: 'a batch of one refused query', method: 'GET', path: '/fail?batch=1' },
    { name: 'a batch of one query that answers a stream-like object', method: 'GET', path: '/promised?batch=1' },
    { name: 'a batch of one unknown procedure', method: 'GET', path: '/nope?batch=1' },
    { name: 'a batch of one mutation by GET', method: 'GET', path: '/add?batch=1' },
    { name: 'a query with batch=0', method: 'GET', path: `/hello?batch=0&input=${input({ name: 'a' })}` },
    { name: 'a query with batch=true', method: 'GET', path: `/hello?batch=true&input=${input({ name: 'a' })}` },
    { name: 'a large answer', method: 'GET', path: '/big' },
    { name: 'a query through middlewares that add context, read meta, merge inputs and wrap the answer', method: 'GET', path: `/layered?input=${input({ a: 'x', b: 2 })}` },
    { name: 'the same as a batch of one', method: 'GET', path: `/layered?batch=1&input=${input({ 0: { a: 'y' } })}` },
    { name: 'the same with input the second schema refuses', method: 'GET', path: `/layered?input=${input({ a: 'x', b: 'to' })}` },
    { name: 'a refused query behind middlewares', method: 'GET', path: `/layeredFails?input=${input({ a: 'x' })}` },
    { name: 'an answer the output schema refuses', method: 'GET', path: '/badOutput' },
    { name: 'a middleware that throws', method: 'GET', path: '/middlewareThrows' },
    { name: 'a middleware that answers nothing', method: 'GET', path: '/middlewareAnswersNothing' },
  ];
  for (const c of cases) {
    it(`answers ${c.name} as tRPC's own adapter does`, async () => {
      const send = (prefix: string) =>
        app.inject({
          method: c.method,
          url: `${prefix}${c.path}`,
          ...(c.body !== undefined ? { payload: c.body } : {}),
          headers: { ...(c.type ? { 'content-type': c.type } : {}), ...(c.accept ? { accept: c.accept } : {}) },
        });
      const [ours, stock] = [await send('/ours'), await send('/stock')];
      expect(ours.statusCode).toBe(stock.statusCode);
      expect(ours.body).toBe(stock.body);
      // Fastify names the charset of a string it sends (JSON is UTF-8); the media type is the same.
      expect(ours.headers['content-type']?.toString().replace('; charset=utf-8', '')).toBe(stock.headers['content-type']);
      expect(ours.headers.vary).toBe(stock.headers.vary);
      // Ours goes out whole, with its length.
      if (ours.body) expect(Number(ours.headers['content-length'])).toBe(Buffer.byteLength(ours.body));
    });
  }

  it('answers a query by GET that succeeds, alone or as a batch of one, without resolveResponse, and everything else through it', async () => {
    // resolveResponse answers with a web Response; our own answer to a query needs none.
    const Original = globalThis.Response;
    let made = 0;
    globalThis.Response = class extends Original {
      constructor(...args: ConstructorParameters<typeof Response>) {
        super(...args);
        made++;
      }
    } as typeof Response;
    try {
      const get = (path: string) => app.inject({ method: 'GET', url: `/ours${path}` });
      expect((await get(`/hello?input=${input({ name: 'a' })}`)).statusCode).toBe(200);
      expect((await get(`/inner.hello?input=${input({ name: 'b' })}`)).statusCode).toBe(200);
      expect((await get(`/layered?input=${input({ a: 'x' })}`)).statusCode).toBe(200);
      // As browsers and load tools send it: a GET naming JSON as its (absent) body's type.
      const named = await app.inject({ method: 'GET', url: `/ours/hello?input=${input({ name: 'c' })}`, headers: { 'content-type': 'application/json; charset=utf-8' } });
      expect(named.statusCode).toBe(200);
      expect(made).toBe(0);
      expect((await get('/fail')).statusCode).toBe(403);
      expect(made).toBe(1);
      expect((await get(`/hello?batch=1&input=${input({ 0: { name: 'd' } })}`)).statusCode).toBe(200);
      expect(made).toBe(1);
      expect((await get(`/hello,hello?batch=1&input=${input({})}`)).statusCode).toBe(200);
      expect(made).toBe(2);
    } finally {
      globalThis.Response = Original;
    }
  });

  it("aborts the call's signal when the client leaves", async () => {
    aborted = false;
    const { port } = app.server.address() as AddressInfo;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/ours/wait' });
    req.on('error', () => {});
    req.end();
    await new Promise((r) => setTimeout(r, 100));
    expect(aborted).toBe(false);
    req.destroy();
    await expect.poll(() => aborted).toBe(true);
  });
});
