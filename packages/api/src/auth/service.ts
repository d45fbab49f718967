import { type Database, hashPassword, setScope, verifyPassword, withUser } from '@klubhus/db';
import {
  MSG,
  PASSWORD_COMMON_MESSAGE,
  type ZChangePasswordRequest,
  type ZForgotPasswordRequest,
  type ZLoginRequest,
  type ZRegisterRequest,
  ZResetPasswordRequest,
} from '@klubhus/domain';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ROLE_MEMBER } from '../clubs/context';
import { resolvePublicClubId } from '../clubs/public';
import type { RequestMeta } from '../context';
import { linkMail, queueMail } from '../lib/mail';
import { generateToken, hashToken } from '../lib/tokens';
import { isCommonPassword } from './password';
import { hit, isLimited, LIMITS, reset } from './rate-limit';
import { createSession, invalidateSession, invalidateUserSessions, type Session } from './session';
import { userProfile } from './user';

/** Sign-in, sign-up and passwords (SPEC §2). */

/** What an auth call needs of its request: the connection, the client address and cookie, the session it came with. */
export interface AuthRequest {
  db: Kysely<Database>;
  req: RequestMeta;
  session: Session | null;
  baseUrl: string;
  host: string | null;
}

const RESET_TTL = 60 * 60_000;
const CONFIRM_TTL = 48 * 60 * 60_000;

const tooMany = () => new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyAttempts });

/** Logs in: the rate limits, the password, a rotated session in the cookie; answers with the user. */
export async function login(r: AuthRequest, input: z.output<typeof ZLoginRequest>) {
  const emailKey = `login:${input.email}`;
  const ipKey = `login-ip:${r.req.ip}`;
  if ((await isLimited(r.db, emailKey, LIMITS.loginPerEmail)) || (await isLimited(r.db, ipKey, LIMITS.loginPerIp))) {
    throw tooMany();
  }
  const user = await r.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'email_confirmed'])
    .where(({ fn }) => fn('lower', ['email']), '=', input.email)
    .executeTakeFirst();
  // Unknown e-mails verify against a dummy hash: same answer, about the same time.
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) {
    await hit(r.db, emailKey, LIMITS.loginPerEmail);
    await hit(r.db, ipKey, LIMITS.loginPerIp);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.loginFailed });
  }
  if (!user.email_confirmed) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.emailNotConfirmed });
  await reset(r.db, emailKey);
  // Rotation: whatever session the browser had is ended; a new token is issued.
  if (r.session) await invalidateSession(r.db, r.session?.id);
  const clientId = await defaultClubOf(r.db, user.id, r.session?.currentClientId ?? null);
  const { token } = await createSession(r.db, user.id, { remember: input.rememberMe, clientId });
  r.req.setSessionCookie(token, input.rememberMe);
  return userProfile(r.db, user.id);
}

export async function logout(r: AuthRequest) {
  if (r.session) await invalidateSession(r.db, r.session?.id);
  r.req.clearSessionCookie();
  return { success: true as const };
}

/** Signs up a member of the storefront's club; a taken e-mail gets the same answer and its owner a mail. */
/** The confirm-email mail of a new user (sign-up, or a buyer who asked for a user at booking): a 160-bit token, its hash kept. */
export async function sendConfirmEmail(trx: Kysely<Database>, baseUrl: string, user: { id: number; email: string; firstname: string }, token = generateToken()) {
  await trx
    .insertInto('auth_tokens')
    .values({ id: hashToken(token), user_id: user.id, kind: 'confirm', expires_at: new Date(Date.now() + CONFIRM_TTL) })
    .execute();
  await queueMail(trx, {
    to: user.email,
    subject: 'Bekræft din e-mail',
    kind: 'confirm-email',
    ...linkMail({
      greeting: `Hej ${user.firstname}`,
      lines: ['Tak fordi du har oprettet en bruger. Bekræft din e-mail ved at klikke på linket herunder.'],
      link: `${baseUrl}/api/confirm-email?token=${token}`,
      linkText: 'Bekræft e-mail',
    }),
  });
}

export async function register(r: AuthRequest, input: z.output<typeof ZRegisterRequest>) {
  const ipKey = `register-ip:${r.req.ip}`;
  if (await isLimited(r.db, ipKey, LIMITS.registerPerIp)) throw tooMany();
  await hit(r.db, ipKey, LIMITS.registerPerIp);
  const clientId = await resolvePublicClubId(r.db, r.host);
  const passwordHash = await hashPassword(input.password);
  const token = generateToken();
  await r.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(({ fn }) => fn('lower', ['email']), '=', input.email)
      .executeTakeFirst();
    // A taken address gets the same answer as a new one (no telling who has an account);
    // its owner gets a mail saying so, with the ways in.
    if (taken) {
      await queueMail(trx, {
        to: input.email,
        subject: 'Nogen forsøgte at oprette en bruger med din e-mail',
        kind: 'signup-existing',
        ...linkMail({
          greeting: 'Hej',
          lines: [
            'Nogen forsøgte lige at oprette en ny bruger med din e-mail, men du har allerede en bruger.',
            'Var det dig, kan du logge ind som du plejer. Har du glemt din adgangskode, kan du vælge en ny fra login-siden. Var det ikke dig, kan du se bort fra denne e-mail.',
          ],
          link: `${r.baseUrl}/login`,
          linkText: 'Log ind eller vælg en ny adgangskode',
        }),
      });
      return;
    }
    const user = await trx
      .insertInto('users')
      .values({ email: input.email, password_hash: passwordHash, firstname: input.firstname, lastname: input.lastname })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (clientId) {
      await setScope(trx, clientId, user.id);
      await trx.insertInto('client_users').values({ client_id: clientId, user_id: user.id, role: ROLE_MEMBER }).execute();
    }
    await sendConfirmEmail(trx, r.baseUrl, { id: user.id, email: input.email, firstname: input.firstname }, token);
  });
  return { success: true as const, message: MSG.signupSuccess };
}

export async function confirmEmail(r: AuthRequest, token: string) {
  const ok = await r.db.transaction().execute(async (trx) => {
    const row = await useToken(trx, token, 'confirm');
    if (!row) return false;
    await trx.updateTable('users').set({ email_confirmed: true }).where('id', '=', row.user_id).execute();
    return true;
  });
  if (!ok) throw new TRPCError({ code: 'BAD_REQUEST', message: MSG.confirmFailed });
  return { success: true as const, message: MSG.emailConfirmed };
}

export async function forgotPassword(r: AuthRequest, input: z.output<typeof ZForgotPasswordRequest>) {
  const emailKey = `forgot:${input.email}`;
  const ipKey = `forgot-ip:${r.req.ip}`;
  if ((await isLimited(r.db, emailKey, LIMITS.forgotPerEmail)) || (await isLimited(r.db, ipKey, LIMITS.forgotPerIp))) {
    throw tooMany();
  }
  await hit(r.db, emailKey, LIMITS.forgotPerEmail);
  await hit(r.db, ipKey, LIMITS.forgotPerIp);
  const user = await r.db
    .selectFrom('users')
    .select(['id', 'firstname', 'email'])
    .where(({ fn }) => fn('lower', ['email']), '=', input.email)
    .executeTakeFirst();
  // Known and unknown e-mails get the same answer; only a known one gets a link.
  if (user) {
    const token = generateToken();
    await r.db.transaction().execute(async (trx) => {
      // Only the newest link works: earlier ones are revoked.
      await revokeResetTokens(trx, user.id);
      await trx
        .insertInto('auth_tokens')
        .values({ id: hashToken(token), user_id: user.id, kind: 'reset', expires_at: new Date(Date.now() + RESET_TTL) })
        .execute();
      await queueMail(trx, {
        to: user.email,
        subject: 'Genskab din adgangskode',
        kind: 'reset-password',
        ...linkMail({
          greeting: `Hej ${user.firstname}`,
          lines: ['Vi har modtaget en anmodning om at genskabe din adgangskode. Linket virker i en time.'],
          link: `${r.baseUrl}/reset-password?token=${token}`,
          linkText: 'Vælg en ny adgangskode',
        }),
      });
    });
  }
  return { success: true as const, message: MSG.forgotSent };
}

export async function resetPassword(r: AuthRequest, input: z.output<typeof ZResetPasswordRequest>) {
  const passwordHash = await hashPassword(input.password);
  const ok = await r.db.transaction().execute(async (trx) => {
    const row = await useToken(trx, input.resetToken, 'reset');
    if (!row) return false;
    await trx.updateTable('users').set({ password_hash: passwordHash, email_confirmed: true }).where('id', '=', row.user_id).execute();
    // A new password ends every session of the user and every other reset link.
    await invalidateUserSessions(trx, row.user_id);
    await revokeResetTokens(trx, row.user_id);
    return true;
  });
  if (!ok) throw new TRPCError({ code: 'BAD_REQUEST', message: MSG.resetFailed });
  return { success: true as const };
}

/** Changes the signed-in user's password (limited like login); other sessions and reset links end. */
export async function changePassword(r: AuthRequest, userId: number, input: z.output<typeof ZChangePasswordRequest>) {
  const parsed = ZResetPasswordRequest.safeParse({ resetToken: 'x', password: input.password, confirmPassword: input.password });
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', message: parsed.error.issues[0].message });
  if (isCommonPassword(input.password)) throw new TRPCError({ code: 'BAD_REQUEST', message: PASSWORD_COMMON_MESSAGE });
  // Guessing the current password through a stolen session is limited as login is.
  const userKey = `change-password:${userId}`;
  if (await isLimited(r.db, userKey, LIMITS.changePasswordPerUser)) throw tooMany();
  const user = await r.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    await hit(r.db, userKey, LIMITS.changePasswordPerUser);
    throw new TRPCError({ code: 'BAD_REQUEST', message: MSG.loginFailed });
  }
  await reset(r.db, userKey);
  const passwordHash = await hashPassword(input.password);
  await r.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    // Every other session of the user ends; this one stays. Reset links sent before stop working.
    await invalidateUserSessions(trx, userId, r.session?.id);
    await revokeResetTokens(trx, userId);
  });
  return { success: true as const };
}

/** Marks every unused reset token of the user used: a newer link or a new password revokes them. */
async function revokeResetTokens(trx: Parameters<typeof invalidateUserSessions>[0], userId: number) {
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', 'reset')
    .where('used_at', 'is', null)
    .execute();
}

/** Marks a single-use token used and returns it; null if unknown, used or expired. */
async function useToken(trx: Parameters<typeof invalidateUserSessions>[0], token: string, kind: 'reset' | 'confirm') {
  return trx
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
}

/** The club a new session opens in: the previous one if still a member, else the first accepted membership. */
async function defaultClubOf(db: Parameters<typeof withUser>[0], userId: number, previous: number | null) {
  return withUser(db, userId, async (trx) => {
    const clubs = await trx
      .selectFrom('client_users')
      .innerJoin('clients', 'clients.id', 'client_users.client_id')
      .select(['client_users.client_id', 'client_users.role'])
      .where('client_users.user_id', '=', userId)
      .where('client_users.accepted', '=', true)
      .where('clients.active', '=', true)
      .orderBy('client_users.client_id')
      .execute();
    if (previous && clubs.some((c) => c.client_id === previous)) return previous;
    // Prefer a club where the user is staff: that is where they work.
    return (clubs.find((c) => c.role !== ROLE_MEMBER) ?? clubs[0])?.client_id ?? null;
  });
}
