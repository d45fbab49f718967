import type { Caller } from '@klubhus/api';
import { CRM_MSG, firstIssueMessage, MSG } from '@klubhus/domain';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType } from 'zod';

export interface RestInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One documented URL of SPEC §7: a thin adapter that calls a tRPC procedure
 * through the caller and shapes the legacy envelope. No business logic here.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  summary: string;
  tag: string;
  /** Documented request body / query (for /api/docs); the procedure validates. */
  body?: ZodType;
  query?: ZodType;
  /** Takes multipart form data as well as JSON. */
  multipart?: boolean;
  /** Public routes work without a session. */
  public?: boolean;
  handler: (call: Caller, input: RestInput) => Promise<unknown>;
}

export const defineRoutes = (tag: string, routes: Omit<RestRoute, 'tag'>[]): RestRoute[] => routes.map((r) => ({ ...r, tag }));

/** The legacy envelope of a failed call: {success: false, error}, with the HTTP status of the error. */
export function restError(error: unknown): { status: number; body: { success: false; error: string; data?: unknown } } {
  if (error instanceof TRPCError) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    const message = zod ? firstIssueMessage(zod) : error.message;
    const fieldErrors = zod ? Object.fromEntries(zod.issues.map((i) => [i.path.join('.'), i.message])) : undefined;
    return { status: getHTTPStatusCodeFromError(error), body: { success: false, error: message, ...(fieldErrors ? { data: fieldErrors } : {}) } };
  }
  if (error instanceof ZodError) return { status: 400, body: { success: false, error: firstIssueMessage(error) } };
  // @fastify/multipart stops a part over the upload limit (10 MB) before any procedure runs.
  if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, body: { success: false, error: CRM_MSG.fileTooLarge } };
  return { status: 500, body: { success: false, error: MSG.unknownError } };
}

/** The list envelope of SPEC §7. */
export function listEnvelope<T, R>(page: { rows: T[]; total: number; totalPages: number }, map: (row: T) => R) {
  return { Result: page.rows.map(map), TotalPages: page.totalPages, Total: page.total };
}

/** Reads the list protocol from a POST body or from GET query parameters (search, sort, direction, page). */
export function listRequest(input: RestInput) {
  if (input.req.method === 'POST') return input.body;
  const q = input.query as Record<string, string | undefined>;
  return {
    search: q.search,
    page: q.page,
    perPage: q.perPage ?? q.pageSize,
    ...(q.sort ? { sort: { field: q.sort, dir: q.direction ?? q.dir ?? 'asc' } } : {}),
  };
}
