import type { Caller, Context } from '@klubhus/api';
import { isInternalError, reportInternalError } from '@klubhus/api/lib/errors';
import { FILE_MSG, firstIssueMessage, MSG } from '@klubhus/domain';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType } from 'zod';

/**
 * The caller as a REST adapter sees it: what arrives on the wire is unknown
 * until the procedure's own input schema has validated it, so inputs are
 * `unknown`; outputs keep the procedure's typed response (its .output schema).
 * This one mapping replaces a cast at every call.
 */
type WireInputs<T> = T extends (...args: never[]) => Promise<infer O>
  ? (input?: unknown) => Promise<O>
  : T extends object
    ? { [K in keyof T]: WireInputs<T[K]> }
    : T;
export type RestCaller = WireInputs<Caller>;

/** A tRPC caller seen through wire inputs (see RestCaller). */
export const restCaller = (caller: Caller): RestCaller => caller as unknown as RestCaller;

/** camelCase keys → PascalCase keys, as a type. */
export type Pascal<T> = { [K in keyof T as K extends string ? Capitalize<K> : K]: T[K] };

/**
 * The one way a REST row is built from a procedure's row: every key
 * capitalised (id → Id, zipCode → ZipCode); `renames` for the documented
 * exceptions (cvr → CVR).
 */
export type PascalRow<T, R> = Omit<Pascal<T>, Capitalize<keyof R & string>> & { [K in keyof R as R[K] & string]: K extends keyof T ? T[K] : never };
export function pascalRow<T extends object, R extends Partial<Record<keyof T & string, string>> = Record<never, never>>(row: T, renames?: R): PascalRow<T, R> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const renamed = (renames as Record<string, string> | undefined)?.[k];
    out[renamed ?? k.charAt(0).toUpperCase() + k.slice(1)] = v;
  }
  return out as PascalRow<T, R>;
}

/**
 * Rows of the legacy lists that name some keys in PascalCase (Id, Title) and
 * keep the record's own keys beside them (contacts, contact lists, modules).
 */
export function withPascalKeys<T extends object, K extends keyof T & string>(row: T, keys: readonly K[]): Pascal<Pick<T, K>> & T {
  return { ...pascalRow(Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>), ...row } as Pascal<Pick<T, K>> & T;
}

/** The uploads of one multipart field (undefined when the form had none). */
export function formFiles(body: Record<string, unknown>, field: string): unknown[] | undefined {
  const f = (body.files as Record<string, unknown[]> | undefined)?.[field];
  return f?.length ? f : undefined;
}

/** The record id of a `/:id` URL, for the procedure to validate. */
export const idParam = (input: RestInput) => ({ id: input.params.id });

export interface RestInput {
  /** The call's context: for a read the API offers directly (authedRead's `direct`), never for anything else. */
  ctx: Context;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One documented URL of SPEC §7: a thin adapter that calls a tRPC procedure
 * through the caller and shapes the legacy envelope. No business logic here.
 * A hot read the API defines with authedRead may be called through its `direct`
 * (the same procedure without tRPC's call machinery) with `ctx`.
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
  /** A GET that changes state (a link the app navigates to): refused when the navigation comes from another site. */
  navigationWrite?: boolean;
  handler: (call: RestCaller, input: RestInput) => Promise<unknown>;
}

export const defineRoutes = (tag: string, routes: Omit<RestRoute, 'tag'>[]): RestRoute[] => routes.map((r) => ({ ...r, tag }));

/** The legacy envelope of a failed call: {success: false, error}, with the HTTP status of the error. */
export function restError(error: unknown): { status: number; body: { success: false; error: string; data?: unknown; errorId?: string } } {
  // @fastify/multipart stops a form over its limits before any procedure runs.
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, body: { success: false, error: FILE_MSG.fileTooLarge } };
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return { status: 413, body: { success: false, error: MSG.formTooLarge } };
  }
  if (code === 'FST_FIELD_TOO_LARGE') return { status: 413, body: { success: false, error: MSG.fieldTooLarge } };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE') {
    return { status: 400, body: { success: false, error: MSG.genericError } };
  }
  if (error instanceof TRPCError && !isInternalError(error)) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    const message = zod ? firstIssueMessage(zod) : error.message;
    const fieldErrors = zod ? Object.fromEntries(zod.issues.map((i) => [i.path.join('.'), i.message])) : undefined;
    return { status: getHTTPStatusCodeFromError(error), body: { success: false, error: message, ...(fieldErrors ? { data: fieldErrors } : {}) } };
  }
  if (error instanceof ZodError) return { status: 400, body: { success: false, error: firstIssueMessage(error) } };
  // Anything else is internal: its text stays in the log, under the id the client gets.
  return { status: 500, body: { success: false, error: MSG.unknownError, errorId: reportInternalError(error) } };
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
