import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { toPretixPlan, type TSeatMapLayout, ZSeatingChartUpdateRequest } from '@klubhus/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineRoutes, idParam } from './route';
import { deleteRoute, saveRoute } from './shapes';

/**
 * A drawing's bytes, kept per process by token with its brotli and gzip copies: a drawing never
 * changes, so each is serialised and compressed once (a stadium: 400 kB of JSON, 40 kB in brotli).
 */
const KEEP = 8;
const bytes = new Map<string, { json: Buffer; br: Buffer; gzip: Buffer }>();

function drawingBytes(token: string, layout: TSeatMapLayout) {
  let kept = bytes.get(token);
  if (kept) bytes.delete(token);
  else {
    const json = Buffer.from(JSON.stringify(layout));
    kept = { json, br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(json, { level: 9 }) };
    if (bytes.size >= KEEP) bytes.delete(bytes.keys().next().value as string);
  }
  // The most recently used goes last: the oldest unused goes first.
  bytes.set(token, kept);
  return kept;
}

function sendDrawing(req: FastifyRequest, reply: FastifyReply, token: string, layout: TSeatMapLayout) {
  const b = drawingBytes(token, layout);
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  const body = encoding ? b[encoding] : b.json;
  reply
    .header('content-type', 'application/json; charset=utf-8')
    // It never changes; 'private' because each request is checked against the visitor's club.
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('etag', `"${token}"`)
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.header('content-length', String(body.length)).send(body);
}

/**
 * The club's seating charts (SPEC §7: GET /api/seats/charts?categories=true -> result[] (key,
 * name)), and one chart for an integrator — in our plan format, or in pretix's open seating-plan
 * format with ?format=pretix — with save and delete beside it.
 */
export const seatingRoutes = defineRoutes('Seating', [
  {
    method: 'GET',
    url: '/api/seatmaps/:token',
    summary:
      "A seat map's drawing (the address Planoversigt and the seat picker are given): {categories, sections: [{key, name, rows: [{label, seats: [[number, x, y, category index, accessible 0/1]]}]}]}; never changes, cacheable; another club's 404",
    public: true,
    handler: async (call, input) => {
      const token = input.params.token;
      const layout = await call.publicSeats.drawing({ token });
      return sendDrawing(input.req, input.reply, token, layout);
    },
  },
  {
    method: 'GET',
    url: '/api/seats/charts',
    summary: "The club's seating charts by name -> {success, result: [{key, name, seats}]}; ?categories=true adds each chart's categories [{key, label, color, accessible}]",
    query: z.object({ categories: z.string().optional() }),
    handler: async (call, input) => {
      const withCategories = input.query.categories === 'true';
      const charts = await call.seatingCharts.options();
      return {
        success: true,
        result: charts.map((c) => ({ key: c.id, name: c.name, seats: c.seats, ...(withCategories ? { categories: c.categories } : {}) })),
      };
    },
  },
  {
    method: 'GET',
    url: '/api/seats/charts/:id',
    summary: 'One chart -> {success, result: {id, name, plan, events}}; ?format=pretix answers the plan in pretix\'s open seating-plan JSON',
    query: z.object({ format: z.enum(['pretix']).optional() }),
    handler: async (call, input) => {
      const chart = await call.seatingCharts.get(idParam(input));
      return input.query.format === 'pretix' ? toPretixPlan(chart.name, chart.plan) : { success: true, result: chart };
    },
  },
  saveRoute(
    '/api/seats/charts/update',
    'Create (no id) or save a chart {id?, name, plan: {categories, sections}} -> {success, result: id, message}',
    ZSeatingChartUpdateRequest,
    (call, body) => call.seatingCharts.update(body),
  ),
  deleteRoute('/api/seats/charts/:id', 'Delete a chart no event uses -> {success, message}', (call, id) => call.seatingCharts.delete(id)),
]);
