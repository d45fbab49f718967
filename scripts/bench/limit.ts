/**
 * The limit routes of the bench: what this stack can physically do for a call, written bare —
 * Fastify and pg with named prepared statements and hand-written SQL, no Kysely, no tRPC, no ladder —
 * but still correct: the session is looked up with its user and its expiry checked, and the club's
 * rows are read as the app role under row-level security in a transaction scoped to the club. Every
 * figure of the app is printed as a share of these, measured in the same run.
 *
 * The SQL is written here, not built from the app's queries, so the limit stays put while the app
 * changes; at start the list statement is compared with what the app's companyListQuery compiles to
 * and a difference is printed.
 */
import { createHash } from 'node:crypto';
import { APP_ROLE, type DatabaseHandle } from '@klubhus/db';
import { toListRow } from '@klubhus/api/companies/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';

/** The session and its user: validateSessionToken's columns (SESSION_COLUMNS). */
const SESSION_SQL = `SELECT s.id, s.user_id, s.current_client_id, s.remember, s.expires_at, s.absolute_expires_at,
  u.email, u.firstname, u.lastname, u.picture, u.admin, u.super_admin, u.time_zone
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`;

const SCOPE_SQL = `SELECT set_config('app.client_id', $1, true), set_config('app.user_id', $2, true)`;

/**
 * Page 1 of 10 in the default sort (Name asc) with each row's ticket utilization and the total as
 * scalar subqueries: the text
 * companyListQuery(trx, club, ZCompanyListRequest.parse({})).page.compile() gives, copied
 * (parameters: club, club, 10, 0).
 */
export const LIMIT_PAGE_SQL =
  `select "companies"."id", "companies"."name", "companies"."cvr", "companies"."address", "companies"."zip_code", "companies"."city", "companies"."email", "companies"."phone", "companies"."follow_up_date", "companies"."status", "companies"."logo_web", (select coalesce(round(count(t.first_scanned_at) * 100.0 / nullif(count(*), 0))::int, 0) from event_tickets t where t.client_id = companies.client_id and t.company_id = companies.id and t.status = 'valid') as "utilization", (select count(*)::int as "n" from "companies" where "companies"."client_id" = $1) as "total" from "companies" where "companies"."client_id" = $2 order by lower(companies.name) asc, "companies"."id" asc limit $3 offset $4`;
const PER_PAGE = 10;

/**
 * GET /api/user in one statement and no transaction: the inner row (OFFSET 0 keeps it a row of its
 * own; set_config is volatile, never dropped) sets the user scope, transaction-local so for this
 * statement only, before the outer row's memberships subquery reads client_users under row-level
 * security, which shows a user's own memberships. Columns of the session check and of userProfile.
 */
const USER_SQL = `SELECT s.id, s.user_id, s.current_client_id, s.remember, s.expires_at, s.absolute_expires_at,
  u.email, u.firstname, u.lastname, u.picture, u.admin, u.super_admin, u.time_zone,
  u.title, u.phone, u.mobile, u.about, u.linkedin, u.email_confirmed,
  (SELECT coalesce(json_agg(m ORDER BY m.name), '[]') FROM (
     SELECT cu.client_id, c.name, c.logo, cu.role, cu.system_user, cu.accepted FROM client_users cu
     JOIN clients c ON c.id = cu.client_id WHERE cu.user_id = s.user_id AND c.active) m) AS clients
  FROM (SELECT sessions.*, set_config('app.user_id', sessions.user_id::text, true) AS scoped FROM sessions WHERE id = $1 OFFSET 0) s
  JOIN users u ON u.id = s.user_id`;

/** The session id of the klubhus_session cookie: hashToken's SHA-256 hex of the token. */
const sessionIdOf = (cookie: string | undefined) => {
  const token = /(?:^|;\s*)klubhus_session=([a-z2-7]{32})(?:;|$)/.exec(cookie ?? '')?.[1];
  return token ? createHash('sha256').update(token, 'utf8').digest('hex') : null;
};

/** sessionFromRow's rule: expired (idle or absolute) is no session. */
const live = (row: pg.QueryResultRow, now = Date.now()) =>
  now < new Date(row.expires_at).getTime() && now < new Date(row.absolute_expires_at).getTime();

export interface LimitRoutes {
  /** The list statement differs from what the app's companyListQuery compiles to (null: the same). */
  drift: string | null;
  close(): Promise<void>;
}

/**
 * Registers GET /bench/limit/list (5 statements: session, BEGIN, scope, page with total, COMMIT)
 * and GET /bench/limit/user (1 statement) on the app, on a pool of their own of `poolSize`.
 * `appListSql` is the app's list statement, for the drift note.
 */
export async function addLimitRoutes(app: FastifyInstance, database: DatabaseHandle, poolSize: number, appListSql: string): Promise<LimitRoutes> {
  if (!database.url) throw new Error('the limit routes need PostgreSQL (DATABASE_URL)');
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize, options: `-c role=${APP_ROLE}` });
  pool.on('error', () => {});

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
      const s = (await client.query({ name: 'limit_session', text: SESSION_SQL, values: [id] })).rows[0];
      if (!s || !live(s) || !s.current_client_id) return reply.code(401).send({ error: 'not logged in' });
      await client.query('BEGIN');
      try {
        await client.query({ name: 'limit_scope', text: SCOPE_SQL, values: [String(s.current_client_id), String(s.user_id)] });
        const page = await client.query({ name: 'limit_page', text: LIMIT_PAGE_SQL, values: [s.current_client_id, s.current_client_id, PER_PAGE, 0] });
        await client.query('COMMIT');
        const total = page.rows.length ? Number(page.rows[0].total) : 0;
        // The app's own row mapping: a pure function, part of the least a list call does.
        return { rows: page.rows.map((r) => toListRow(r as Parameters<typeof toListRow>[0])), total, totalPages: Math.ceil(total / PER_PAGE), page: 1, perPage: PER_PAGE };
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }),
  );

  app.get(
    '/bench/limit/user',
    withSession(async (id, client, reply) => {
      const u = (await client.query({ name: 'limit_user', text: USER_SQL, values: [id] })).rows[0];
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
        clients: (u.clients as { client_id: number; name: string; logo: string | null; role: string; system_user: boolean; accepted: boolean }[]).map((c) => ({
          clientId: c.client_id,
          name: c.name,
          logo: c.logo,
          role: c.role,
          systemUser: c.system_user,
          accepted: c.accepted,
        })),
      };
    }),
  );

  return {
    drift: appListSql === LIMIT_PAGE_SQL ? null : appListSql,
    close: () => pool.end(),
  };
}
