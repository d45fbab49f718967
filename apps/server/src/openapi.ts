import { z } from 'zod';
import type { RestRoute } from './rest/route';

/** OpenAPI 3.1 of the REST adapters, generated from the same zod schemas the procedures validate with. */
export function openApiDocument(routes: RestRoute[], extraPaths: Record<string, Record<string, unknown>> = {}) {
  const paths: Record<string, Record<string, unknown>> = { ...extraPaths };
  for (const r of routes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const queryParams = r.query ? Object.keys(jsonSchema(r.query).properties ?? {}).map((name) => ({ name, in: 'query', schema: { type: 'string' } })) : [];
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      tags: [r.tag],
      summary: r.summary,
      parameters: [...params, ...queryParams],
      ...(r.body
        ? {
            requestBody: {
              content: {
                'application/json': { schema: jsonSchema(r.body) },
                ...(r.multipart ? { 'multipart/form-data': { schema: { type: 'object' } } } : {}),
              },
            },
          }
        : {}),
      security: r.public ? [] : [{ session: [] }],
      responses: { 200: { description: 'OK' }, 400: { description: 'Ugyldige data: {success:false, error}' }, 401: { description: 'Ikke logget ind' }, 403: { description: 'Ingen adgang' } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Klubhus REST API', version: '1.0.0', description: 'The documented URLs; each calls the same procedure as the web app.' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'klubhus_session' } } },
    paths,
  };
}

function jsonSchema(schema: z.ZodType): { properties?: Record<string, unknown> } & Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}
