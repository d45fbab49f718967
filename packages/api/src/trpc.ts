import type { Tx } from '@klubhus/db';
import { firstIssueMessage, type ModuleAlias, MSG, type PermissionAction, type PermissionSubject, type TUserProfile } from '@klubhus/domain';
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from '@trpc/server';
import { type ZodType, ZodError, z } from 'zod';
import { type Session, type SessionUser, validateSession } from './auth/session';
import { userProfile, validateSessionWithProfile } from './auth/user';
import { clubContextCache, GuessMissed, holdClubCall, openClubCall } from './clubs/call';
import type { ClubContext } from './clubs/context';
import type { CallOutcome, Context } from './context';
import { CallFiles, fileStorage } from './attachments/storage';
import { isInternalError, reportInternalError } from './lib/errors';

/** What a procedure declares of itself (`.meta({...})`). */
export interface ProcedureMeta {
  /**
   * A club read whose first statement may go out with the call's session check, in one round trip
   * (see oneTripCall): it only reads the database, and does nothing before its first statement's
   * answer that acts on the call (no mail, no outside system, no file).
   */
  oneTrip?: boolean;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
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

/**
 * Procedures validate their input and answer synchronously. tRPC calls a zod schema's parseAsync, and
 * zod 4 takes its compiled path for an object only when it parses synchronously: the order list's
 * answer of ten rows took 30 µs to validate asynchronously against 5.6 µs synchronously. The same
 * schema and the same result or ZodError; a schema that needs to wait (an async refinement: none so
 * far) is parsed asynchronously as before.
 */
function parsedSynchronously<S>(schema: S): S {
  if (!(schema instanceof z.ZodType)) return schema;
  const zod: ZodType = schema;
  const parsing = Object.create(zod, {
    parseAsync: {
      value: (value: unknown) => {
        try {
          return zod.parse(value);
        } catch (error) {
          if (error instanceof z.core.$ZodAsyncError) return zod.parseAsync(value);
          throw error;
        }
      },
    },
  });
  synchronous.add(parsing);
  return parsing;
}
const synchronous = new WeakSet<object>();

/** Whether a procedure's schema parses synchronously (the house test holds every procedure to it). */
export const parsesSynchronously = (schema: unknown) => typeof schema === 'object' && schema !== null && synchronous.has(schema);

/** A procedure builder whose .input and .output schemas parse synchronously (parsedSynchronously), as do the builders made from it. */
function withSyncParsing<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (key === 'input' || key === 'output') return (schema: unknown) => withSyncParsing(value.call(target, parsedSynchronously(schema)));
      if (key === 'use' || key === 'meta' || key === 'concat' || key === 'unstable_concat') return (...args: unknown[]) => withSyncParsing(value.apply(target, args));
      return value;
    },
  });
}
const procedure = withSyncParsing(t.procedure);

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

export { fail } from './lib/errors';

/** The cause of a refusal by a rung of the ladder (before the procedure's input is even read). */
export class RungRefusal extends Error {}
const refuse = (code: 'UNAUTHORIZED' | 'FORBIDDEN', message: string) => new TRPCError({ code, message, cause: new RungRefusal(message) });

/**
 * Tells an observer (the cross-club sweep) how each call ended; see CallOutcome. Every rung below
 * is one middleware that observes and checks together: tRPC copies the call's options at each
 * middleware, so a ladder of one-line middlewares cost a club call a tenth of its Node CPU.
 */
function observe(ctx: Context, path: string, result: { ok: boolean; error?: TRPCError }) {
  if (!ctx.deps.observe) return;
  const e = result.ok ? null : (result.error ?? null);
  const outcome: CallOutcome = !e ? 'resolved' : e.cause instanceof RungRefusal ? 'rung' : e.code === 'BAD_REQUEST' && e.cause instanceof ZodError ? 'input' : 'resolved';
  ctx.deps.observe(path, outcome);
}

/*
 * What a rung adds to the context (tRPC merges it in: passing only the additions spares a copy of
 * the whole context per call).
 */
type Checked = { sessionChecked: true; session: Session | null; user: SessionUser | null };
type Authed = { sessionChecked: true; user: SessionUser; session: Session; profile: TUserProfile };

/** The request's session, checked (one statement; none without a cookie or when already checked). */
async function checkedSession(ctx: Context): Promise<Checked> {
  if (ctx.sessionChecked || !ctx.sessionId) return { sessionChecked: true, session: ctx.session, user: ctx.user };
  const auth = await validateSession(ctx.db, ctx.sessionId);
  return { sessionChecked: true, session: auth?.session ?? null, user: auth?.user ?? null };
}

/** The same with the user's profile and memberships, read in the same one statement (GET /api/user is just that). */
async function loggedIn(ctx: Context): Promise<Authed> {
  if (ctx.sessionChecked || !ctx.sessionId) {
    if (!ctx.user || !ctx.session) throw refuse('UNAUTHORIZED', MSG.notLoggedIn);
    return { sessionChecked: true, user: ctx.user, session: ctx.session, profile: await userProfile(ctx.db, ctx.user.id) };
  }
  const auth = await validateSessionWithProfile(ctx.db, ctx.sessionId);
  if (!auth) throw refuse('UNAUTHORIZED', MSG.notLoggedIn);
  return { sessionChecked: true, session: auth.session, user: auth.user, profile: auth.profile };
}

/** A rung for calls outside a club: the session checked, then the rung's own test. */
function sessionRung<C extends Checked | Authed>(check: (ctx: Context) => Promise<C>) {
  return procedure.use(async ({ ctx, path, next }) => {
    let checked: C;
    try {
      checked = await check(ctx);
    } catch (error) {
      observe(ctx, path, { ok: false, error: error as TRPCError });
      throw error;
    }
    const result = await next({ ctx: checked });
    observe(ctx, path, result);
    return result;
  });
}

/** Rung 1: anyone; the session the request names is checked (one statement, none without a cookie). */
export const publicProcedure = sessionRung(checkedSession);

/** Rung 2: a logged-in user (ctx.profile: the user as GET /api/user returns it). */
export const authedProcedure = sessionRung(loggedIn);

/**
 * A read of the logged-in rung that a REST adapter on a hot path may also call directly:
 * `procedure` is the tRPC procedure (authedProcedure.input(input).output(output).query(resolve)),
 * `direct(ctx, input)` the same call without tRPC's call machinery — the same rung (the session
 * checked by loggedIn in one statement, refused with the same error, observed alike), the same
 * input and output schemas (parsed as tRPC parses them, failing with the same errors) and the same
 * resolver. tRPC copies the call's options at each of a procedure's four middleware levels and
 * builds a caller proxy per request: 20–40 µs of Node CPU on GET /api/user, a call of one statement.
 * For reads only: anything that writes goes through the procedure.
 */
export function authedRead<I extends ZodType, O extends ZodType>(
  path: string,
  input: I,
  output: O,
  resolve: (opts: { ctx: Context & Authed; input: z.output<I> }) => z.input<O> | Promise<z.input<O>>,
) {
  const procedure = authedProcedure
    .input(input)
    .output(output)
    // The resolver's answer is what `output` parses (its type is the parser's, as for any procedure).
    .query(({ ctx, input }) => resolve({ ctx: ctx as Context & Authed, input: input as z.output<I> }) as never);
  async function direct(ctx: Context, rawInput?: unknown): Promise<z.output<O>> {
    let authed: Authed;
    try {
      authed = await loggedIn(ctx);
    } catch (error) {
      observe(ctx, path, { ok: false, error: error as TRPCError });
      throw error;
    }
    try {
      let parsed: z.output<I>;
      try {
        parsed = await input.parseAsync(rawInput);
      } catch (cause) {
        throw new TRPCError({ code: 'BAD_REQUEST', cause });
      }
      const data = await resolve({ ctx: { ...ctx, ...authed }, input: parsed });
      let answer: z.output<O>;
      try {
        answer = await output.parseAsync(data);
      } catch (cause) {
        throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
      }
      observe(ctx, path, { ok: true });
      return answer;
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      observe(ctx, path, { ok: false, error });
      throw error;
    }
  }
  return { procedure, direct };
}

/** Platform administrators: their own path, never reached through a club role. */
export const superAdminProcedure = sessionRung(async (ctx) => {
  const authed = await loggedIn(ctx);
  if (!authed.user.superAdmin && !authed.user.admin) throw refuse('FORBIDDEN', MSG.forbidden);
  return authed;
});

export interface ClubScope {
  club: ClubContext;
  /** The call's transaction, in which only this club's rows exist. Services take it first. */
  trx: Tx;
  /** Stored bytes the call writes or retires; settled after commit or rollback. */
  files: CallFiles;
}

/**
 * A rung inside a club: a member of the session's current club that passes the rung's test. The
 * club comes from the session, never from input. The whole call runs in one transaction scoped to
 * the club: its first statement checks the session and sets the scope (openClubCall), the club
 * context comes from the per-process cache when its version is current, and ctx.db is that
 * transaction too, so nothing in a club call can reach past the club or wait for a second
 * connection. A list call is four statements: BEGIN, that one, the list, COMMIT — in one round
 * trip when the procedure is a oneTrip read and the session's last call is known (oneTripCall).
 */
function clubRung(check: ClubCheck) {
  return procedure.use(async ({ ctx, path, type, meta, next }) => {
    const files = new CallFiles(fileStorage(ctx.deps.config));
    let committed = false;
    let outcome: { ok: boolean; error?: TRPCError } = { ok: false };
    try {
      const sessionId = ctx.sessionId;
      if (!sessionId) throw refuse('UNAUTHORIZED', MSG.notLoggedIn);
      // tRPC merges these into the call's context.
      const proceed = (trx: Tx, club: ClubContext, session: Session, user: SessionUser) => {
        const scope: ClubScope = { club, trx, files };
        return next({ ctx: { db: trx, sessionChecked: true as const, session, user, ...scope } });
      };
      if (meta?.oneTrip && type === 'query') {
        const result = await oneTripCall(ctx, sessionId, check, proceed);
        if (result) {
          outcome = result;
          committed = true;
          return result;
        }
      }
      const cache = clubContextCache(ctx.deps.database);
      const result = await ctx.db.transaction().execute(async (trx) => {
        const call = await openClubCall(trx, sessionId);
        if (!call) throw refuse('UNAUTHORIZED', MSG.notLoggedIn);
        const clientId = call.session.currentClientId;
        if (!clientId) throw refuse('FORBIDDEN', MSG.noClub);
        const club = await cache.get(trx, call.user, clientId, call.contextVersion);
        if (!club) throw refuse('FORBIDDEN', MSG.noClub);
        check(club);
        if (call.contextVersion !== null) cache.remember({ session: call.session, user: call.user, clientId, version: call.contextVersion });
        const result = await proceed(trx, club, call.session, call.user);
        outcome = result;
        // tRPC hands a failure back as a result: throw it so the transaction rolls back.
        if (!result.ok) throw result.error;
        return result;
      });
      committed = true;
      return result;
    } catch (error) {
      if (outcome.ok || !('error' in outcome)) outcome = { ok: false, error: error as TRPCError };
      throw error;
    } finally {
      observe(ctx, path, outcome);
      await files.settle(committed);
    }
  });
}

/**
 * A one-trip club read (ProcedureMeta.oneTrip): the session's check and scope (openClubCall's
 * statement) go out in one write with the procedure's first statement, in a READ ONLY transaction,
 * on the strength of what the session's last call in this process found (ClubCallGuess) — the club,
 * its context at that version and the user, checked against the rung as usual. Nothing is taken on
 * trust: the check statement runs first in the transaction and scopes it to the session's real club
 * (row-level security), and its answer is compared with the guess before any later statement is
 * answered to the procedure. Should anything differ (the session gone, expired or due for
 * extension, another club, a changed user or club context) the call answers nothing of it and runs
 * again the ordinary way. Null when there is no guess, the rung refuses it (a refusal is decided
 * on a fresh read), or the database does not pipeline: the caller runs the ordinary call.
 */
async function oneTripCall<R extends { ok: boolean; error?: TRPCError }>(
  ctx: Context,
  sessionId: string,
  check: ClubCheck,
  proceed: (trx: Tx, club: ClubContext, session: Session, user: SessionUser) => Promise<R>,
): Promise<R | null> {
  if (ctx.deps.database.kind === 'pglite') return null;
  const cache = clubContextCache(ctx.deps.database);
  const known = cache.guess(sessionId);
  if (!known) return null;
  try {
    check(known.club);
  } catch {
    return null;
  }
  const { guess, club } = known;
  try {
    return await ctx.db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const held = await holdClubCall(trx, sessionId, guess);
        if (!held) throw new GuessMissed('Not pipelined');
        const result = await proceed(trx, club, guess.session, guess.user);
        // The answer stands only if the session is what was guessed (the procedure may have sent nothing).
        held.flush();
        await held.answer;
        if (!result.ok) throw result.error;
        return result;
      });
  } catch (error) {
    if (error instanceof GuessMissed || (error instanceof TRPCError && error.cause instanceof GuessMissed)) {
      cache.forget(sessionId);
      return null;
    }
    throw error;
  }
}

/** Rung 3: a member of the session's current club. */
export const clubProcedure = clubRung(() => {});

/** Rung 3b: staff of the club (any role but member). */
export const staffProcedure = clubRung((club) => {
  if (!club.isStaff) throw refuse('FORBIDDEN', MSG.forbidden);
});

/** A test a club rung applies to the club context (see can). */
export type ClubCheck = (club: ClubContext) => void;

/**
 * Rung 4: staff of a club that has the module switched on, and passes the given checks — usually
 * one can(action, subject): `moduleProcedure('companies', can('read', 'companies'))`.
 */
export function moduleProcedure(alias: ModuleAlias, ...checks: ClubCheck[]) {
  return clubRung((club) => {
    if (!club.isStaff) throw refuse('FORBIDDEN', MSG.forbidden);
    if (!club.modules.some((m) => m.alias === alias)) throw refuse('FORBIDDEN', MSG.moduleOff);
    for (const check of checks) check(club);
  });
}

/** Rung 5: the role's abilities allow the action on the subject (e.g. can('delete', 'companies')). */
export function can(action: PermissionAction, subject: PermissionSubject): ClubCheck {
  return (club) => {
    if (!club.ability.can(action, subject)) throw refuse('FORBIDDEN', MSG.forbidden);
  };
}

/** A module's three rungs for one subject: read it, update it, delete it (a router's kinds of procedure). */
export function moduleAccess(alias: ModuleAlias, subject: PermissionSubject) {
  return { read: moduleProcedure(alias, can('read', subject)), write: moduleProcedure(alias, can('update', subject)), remove: moduleProcedure(alias, can('delete', subject)) };
}

/** Club admins (role admin or admin flag): club settings and users. */
export const clubAdminProcedure = clubRung((club) => {
  if (!club.isAdmin) throw refuse('FORBIDDEN', MSG.forbidden);
});
