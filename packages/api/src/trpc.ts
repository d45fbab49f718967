import { withClub, type Tx } from '@klubhus/db';
import { firstIssueMessage, MSG } from '@klubhus/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { type ClubContext, loadClubContextIn } from './clubs/context';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      // The Danish text a person reads: the first validation message, or the error's own.
      message: zod ? firstIssueMessage(zod) : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        fieldErrors: zod ? Object.fromEntries(zod.issues.map((i) => [i.path.join('.'), i.message])) : undefined,
      },
    };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const fail = {
  notFound: () => new TRPCError({ code: 'NOT_FOUND', message: MSG.notFound }),
  forbidden: (message: string = MSG.forbidden) => new TRPCError({ code: 'FORBIDDEN', message }),
  badRequest: (message: string) => new TRPCError({ code: 'BAD_REQUEST', message }),
  conflict: (message: string) => new TRPCError({ code: 'CONFLICT', message }),
};

/** Rung 1: anyone. */
export const publicProcedure = t.procedure;

/** Rung 2: a logged-in user. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.notLoggedIn });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Platform administrators: their own path, never reached through a club role. */
export const superAdminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.superAdmin && !ctx.user.admin) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  return next();
});

export interface ClubScope {
  club: ClubContext;
  /** Runs fn in the call's transaction, in which only this club's rows exist. */
  tx<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
}

/**
 * Rung 3: a member of the session's current club; the club comes from the
 * session, never from input. The whole call runs in one transaction scoped to
 * the club: the club context and the procedure's own queries share it, and
 * ctx.db is that transaction too, so nothing in a club call can reach past
 * the club or wait for a second connection.
 */
export const clubProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const clientId = ctx.session.currentClientId;
  if (!clientId) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.noClub });
  return withClub(ctx.db, { clientId, userId: ctx.user.id }, async (trx) => {
    const club = await loadClubContextIn(trx, ctx.user, clientId);
    if (!club) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.noClub });
    const scope: ClubScope = { club, tx: (fn) => fn(trx) };
    const result = await next({ ctx: { ...ctx, db: trx, ...scope } });
    // tRPC hands a failure back as a result: throw it so the transaction rolls back.
    if (!result.ok) throw result.error;
    return result;
  });
});

/** Rung 3b: staff of the club (any role but member). */
export const staffProcedure = clubProcedure.use(({ ctx, next }) => {
  if (!ctx.club.isStaff) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  return next();
});

/** Rung 4: staff of a club that has the module switched on. */
export function moduleProcedure(alias: string) {
  return staffProcedure.use(({ ctx, next }) => {
    if (!ctx.club.modules.some((m) => m.alias === alias)) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.moduleOff });
    return next();
  });
}

/** Rung 5: the role's abilities allow the action on the subject (e.g. can('delete', 'companies')). */
export function can(action: string, subject: string) {
  return middleware(({ ctx, next }) => {
    const club = (ctx as Partial<ClubScope>).club;
    if (!club?.ability.can(action, subject)) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
    return next();
  });
}

/** Club admins (role admin or admin flag): club settings and users. */
export const clubAdminProcedure = clubProcedure.use(({ ctx, next }) => {
  if (!ctx.club.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  return next();
});
