/**
 * The limit routes of the bench: what this stack can physically do for a call, written bare —
 * Fastify and pg with named prepared statements and hand-written SQL, no Kysely, no tRPC, no ladder —
 * but still correct: the session is looked up and its expiry checked, and the club's rows are read
 * as the app role under row-level security in a transaction scoped to the club. Every figure of the
 * app is printed as a share of these, measured in the same run.
 */
import { createHash } from 'node:crypto';
import { APP_ROLE, type DatabaseHandle, withClub } from '@klubhus/db';
import { companyListQuery, toListRow } from '@klubhus/api/companies/service';
import { ZCompanyListRequest } from '@klubhus/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';

const SESSION_SQL = `SELECT s.user_id, s.current_client_id, s.expires_at, s.absolute_expires_at,
  u.email, u.firstname, u.lastname, u.picture, u.admin, u.super_admin, u.time_zone
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`;

const SCOPE_SQL = `SELECT set_config('app.client_id', $1, true), set_config('app.user_id', $2, true)`;

/** The session, its profile and the user's memberships: the inner row sets the user scope first. */
const USER_SQL = `SELECT s.user_id, s.expires_at, s.absolute_expires_at, u.email, u.firstname, u.lastname, u.title, u.picture,
  u.phone, u.mobile, u.about, u.linkedin, u.admin, u.super_admin, u.email_confirmed, u.time_zone,
  (SELECT coalesce(json_agg(m ORDER BY m.name), '[]') FROM (
     SELECT cu.client_id, c.name, c.logo, cu.role, cu.system_user, cu.accepted FROM client_users cu
     JOIN clients c ON c.id = cu.client_id WHERE cu.user_id = s.user_id AND c.active) m) AS clients
  FROM (SELECT sessions.*, set_config('app.user_id', sessions.user_id::text, true) AS scoped FROM sessions WHERE id = $1 OFFSET 0) s
  JOIN users u ON u.id = s.user_id`;

const sessionIdOf = (cookie: string | undefined) => {
  const token = /klubhus_session=([a-z2-7]{32})/.exec(cookie ?? '')?.[1];
  return token ? createHash('sha256').update(token).digest('hex') : null;
};

const live = (row: pg.QueryResultRow, now = Date.now()) =>
  now < new Date(row.expires_at).getTime() && now < new Date(row.absolute_expires_at).getTime();

export interface LimitRoutes {
  /** Statements the limit routes' pool has sent. */
  statements(): number;
  close(): Promise<void>;
}

/** Registers GET /bench/limit/list and /bench/limit/user on the app; their own pool of `poolSize`. */
export async function addLimitRoutes(app: FastifyInstance, database: DatabaseHandle, poolSize: number): Promise<LimitRoutes> {
  if (!database.url) throw new Error('the limit routes need PostgreSQL (DATABASE_URL)');
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize, options: `-c role=${APP_ROLE}` });
  let statements = 0;
  const query = <R extends pg.QueryResultRow>(client: pg.PoolClient, name: string, text: string, values?: unknown[]) => {
    statements++;
    return values ? client.query<R>({ name, text, values }) : client.query<R>(text);
  };

  // The app's own list statement (page of 10, default sort, total as a subquery), compiled once with
  // a stand-in club id that each call replaces by the session's club.
  const STAND_IN = -424242;
  const page = await withClub(database.db, { clientId: 1 }, async (trx) => companyListQuery(trx, STAND_IN, ZCompanyListRequest.parse({})).page.compile());
  const pageParams = (clientId: number) => page.parameters.map((v) => (v === STAND_IN ? clientId : v));

  /** Runs fn with the session id the cookie names and a pooled client; 401 without a session. */
  const withSession = (fn: (id: string, client: pg.PoolClient, reply: FastifyReply) => Promise<unknown>) => async (req: FastifyRequest, reply: FastifyReply) => {
    const id = sessionIdOf(req.headers.cookie);
    if (!id) return reply.code(401).send({ error: 'not logged in' });
    const client = await pool.connect();
    try {
      return await fn(id, client, reply);
    } finally {
      client.release();
    }
  };

  app.get(
    '/bench/limit/list',
    withSession(async (id, client, reply) => {
      const s = (await query(client, 'limit_session', SESSION_SQL, [id])).rows[0];
      if (!s || !live(s) || !s.current_client_id) return reply.code(401).send({ error: 'not logged in' });
      await query(client, '', 'BEGIN');
      try {
        await query(client, 'limit_scope', SCOPE_SQL, [String(s.current_client_id), String(s.user_id)]);
        const rows = (await query(client, 'limit_page', page.sql, pageParams(s.current_client_id))).rows;
        await query(client, '', 'COMMIT');
        return {
          // The app's own row mapping: a pure function, part of the least a list call does.
          rows: rows.map((r) => toListRow(r as Parameters<typeof toListRow>[0])),
          total: rows.length ? Number(rows[0].total) : 0,
        };
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }),
  );

  app.get(
    '/bench/limit/user',
    withSession(async (id, client, reply) => {
      const u = (await query(client, 'limit_user', USER_SQL, [id])).rows[0];
      if (!u || !live(u)) return reply.code(401).send({ error: 'not logged in' });
      return {
        id: u.user_id,
        email: u.email,
        firstname: u.firstname,
        lastname: u.lastname,
        title: u.title,
        picture: u.picture,
        phone: u.phone,
        mobile: u.mobile,
        about: u.about,
        linkedin: u.linkedin,
        admin: u.admin,
        superAdmin: u.super_admin,
        emailConfirmed: u.email_confirmed,
        timeZone: u.time_zone,
        clients: u.clients,
      };
    }),
  );

  return { statements: () => statements, close: () => pool.end() };
}
