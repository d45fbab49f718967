import type { Tx } from '@klubhus/db';
import { firstIssueMessage, type ModuleAlias, MSG, type PermissionAction, type PermissionSubject } from '@klubhus/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { validateSession } from './auth/session';
import { clubContextCache, openClubCall } from './clubs/call';
import type { ClubContext } from './clubs/context';
import type { CallOutcome, Context } from './context';
import { CallFiles, fileStorage } from './attachments/storage';
import { isInternalError, reportInternalError } from './lib/errors';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    // An internal error's own text (a PostgreSQL message, a stack) never leaves the server.
    if (isInternalError(error)) {
      const errorId = reportInternalError(error);
      return { ...shape, message: MSG.unknownError, data: { ...shape.data, stack: undefined, errorId, fieldErrors: undefined } };
    }
    return {
      ...shape,
      // The Danish text a person reads: the first validation message, or the error's own.
      message: zod ? firstIssueMessage(zod) : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        fieldErrors: zod ? Object.fromEntries(zod.issues.map((i) => [i.path.join('.'), i.message])) : undefined,
        errorId: undefined as string | undefined,
      },
    };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export { fail } from './lib/errors';

/** The cause of a refusal by a rung of the ladder (before the procedure's input is even read). */
export class RungRefusal extends Error {}
const refuse = (code: 'UNAUTHORIZED' | 'FORBIDDEN', message: string) => new TRPCError({ code, message, cause: new RungRefusal(message) });

/** Tells an observer (the cross-club sweep) how each call ended; see CallOutcome. */
const observed = t.procedure.use(async ({ ctx, path, next }) => {
  const result = await next();
  if (ctx.deps.observe) {
    const e = result.ok ? null : result.error;
    const outcome: CallOutcome = !e ? 'resolved' : e.cause instanceof RungRefusal ? 'rung' : e.code === 'BAD_REQUEST' && e.cause instanceof ZodError ? 'input' : 'resolved';
    ctx.deps.observe(path, outcome);
  }
  return result;
});

/** Rung 1: anyone; the session the request names is checked (one statement, none without a cookie). */
export const publicProcedure = observed.use(async ({ ctx, next }) => {
  if (ctx.sessionChecked || !ctx.sessionId) return next();
  const auth = await validateSession(ctx.db, ctx.sessionId);
  return next({ ctx: { ...ctx, sessionChecked: true, session: auth?.session ?? null, user: auth?.user ?? null } });
});

/** Rung 2: a logged-in user. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw refuse('UNAUTHORIZED', MSG.notLoggedIn);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Platform administrators: their own path, never reached through a club role. */
export const superAdminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.superAdmin && !ctx.user.admin) throw refuse('FORBIDDEN', MSG.forbidden);
  return next();
});

export interface ClubScope {
  club: ClubContext;
  /** The call's transaction, in which only this club's rows exist. Services take it first. */
  trx: Tx;
  /** Stored bytes the call writes or retires; settled after commit or rollback. */
  files: CallFiles;
}

/**
 * Rung 3: a member of the session's current club; the club comes from the
 * session, never from input. The whole call runs in one transaction scoped to
 * the club: its first statement checks the session and sets the scope
 * (openClubCall), the club context comes from the per-process cache when its
 * version is current, and ctx.db is that transaction too, so nothing in a club
 * call can reach past the club or wait for a second connection. A list call is
 * four statements: BEGIN, that one, the list, COMMIT.
 */
export const clubProcedure = observed.use(async ({ ctx, next }) => {
  if (!ctx.sessionId) throw refuse('UNAUTHORIZED', MSG.notLoggedIn);
  const sessionId = ctx.sessionId;
  const files = new CallFiles(fileStorage(ctx.deps.config));
  let committed = false;
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const call = await openClubCall(trx, sessionId);
      if (!call) throw refuse('UNAUTHORIZED', MSG.notLoggedIn);
      const clientId = call.session.currentClientId;
      if (!clientId) throw refuse('FORBIDDEN', MSG.noClub);
      const club = await clubContextCache(ctx.deps.database).get(trx, call.user, clientId, call.contextVersion);
      if (!club) throw refuse('FORBIDDEN', MSG.noClub);
      const scope: ClubScope = { club, trx, files };
      const result = await next({ ctx: { ...ctx, db: trx, sessionChecked: true, session: call.session, user: call.user, ...scope } });
      // tRPC hands a failure back as a result: throw it so the transaction rolls back.
      if (!result.ok) throw result.error;
      return result;
    });
    committed = true;
    return result;
  } finally {
    await files.settle(committed);
  }
});

/** Rung 3b: staff of the club (any role but member). */
export const staffProcedure = clubProcedure.use(({ ctx, next }) => {
  if (!ctx.club.isStaff) throw refuse('FORBIDDEN', MSG.forbidden);
  return next();
});

/** Rung 4: staff of a club that has the module switched on. */
export function moduleProcedure(alias: ModuleAlias) {
  return staffProcedure.use(({ ctx, next }) => {
    if (!ctx.club.modules.some((m) => m.alias === alias)) throw refuse('FORBIDDEN', MSG.moduleOff);
    return next();
  });
}

/** Rung 5: the role's abilities allow the action on the subject (e.g. can('delete', 'companies')). */
export function can(action: PermissionAction, subject: PermissionSubject) {
  return middleware(({ ctx, next }) => {
    const club = (ctx as Partial<ClubScope>).club;
    if (!club?.ability.can(action, subject)) throw refuse('FORBIDDEN', MSG.forbidden);
    return next();
  });
}

/** Club admins (role admin or admin flag): club settings and users. */
export const clubAdminProcedure = clubProcedure.use(({ ctx, next }) => {
  if (!ctx.club.isAdmin) throw refuse('FORBIDDEN', MSG.forbidden);
  return next();
});
