import { MSG } from '@klubhus/domain';
import { TRPCError } from '@trpc/server';

/**
 * The refusals a service may throw. Services import these (never the router
 * ladder), so a service can be called from any router, job or script.
 */
export const fail = {
  notFound: () => new TRPCError({ code: 'NOT_FOUND', message: MSG.notFound }),
  forbidden: (message: string = MSG.forbidden) => new TRPCError({ code: 'FORBIDDEN', message }),
  badRequest: (message: string) => new TRPCError({ code: 'BAD_REQUEST', message }),
  conflict: (message: string) => new TRPCError({ code: 'CONFLICT', message }),
  tooManyRequests: (message: string) => new TRPCError({ code: 'TOO_MANY_REQUESTS', message }),
  /** An outside system (seats.io, a payment provider) refused or failed: 502 with our text, theirs as the cause. */
  badGateway: (message: string, cause?: unknown) => new TRPCError({ code: 'BAD_GATEWAY', message, cause }),
};

/**
 * An error no refusal planned for (a bug, a database error): the person gets
 * MSG.unknownError and a short id, the log gets the id with the real error.
 * The id sticks to the error object, so the tRPC formatter and the REST
 * envelope log one error once and answer the same id.
 */
const ids = new WeakMap<object, string>();
let logger: (errorId: string, error: unknown) => void = (errorId, error) => {
  console.error(`Intern fejl ${errorId}:`, error);
};

/** Where internal errors are logged (the server's logger); console.error until set. */
export function setInternalErrorLogger(log: (errorId: string, error: unknown) => void): void {
  logger = log;
}

export function newErrorId(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Logs an internal error (once per error object) and returns its id. */
export function reportInternalError(error: unknown): string {
  const key = typeof error === 'object' && error !== null ? error : null;
  const known = key ? ids.get(key) : undefined;
  if (known) return known;
  const errorId = newErrorId();
  if (key) ids.set(key, errorId);
  logger(errorId, error instanceof TRPCError && error.cause ? error.cause : error);
  return errorId;
}

/** An error whose text must not reach the client: anything but a deliberate refusal. */
export function isInternalError(error: unknown): boolean {
  return !(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR';
}
