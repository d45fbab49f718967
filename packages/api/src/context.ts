import type { DatabaseHandle } from '@klubhus/db';
import type { ApiConfig } from './lib/config';
import type { Session, SessionUser } from './auth/session';
import type { EconomicFactory } from './invoices/economic';

/** What the host (Fastify) gives the API for one request. */
export interface RequestMeta {
  ip: string;
  /** Sets or clears the session cookie on the response. */
  setSessionCookie(token: string, remember: boolean): void;
  clearSessionCookie(): void;
}

/**
 * How a call ended: refused by a rung of the ladder, refused by its input
 * schema, or resolved — the resolver ran, whether it answered or refused.
 */
export type CallOutcome = 'rung' | 'input' | 'resolved';

export interface ApiDeps {
  database: DatabaseHandle;
  config: ApiConfig;
  /** Told how every procedure call ended (the cross-club sweep listens; nothing does in production). */
  observe?: (path: string, outcome: CallOutcome) => void;
  /** The clubs' e-conomic clients (default: the app's secret from ECONOMIC_APP_SECRET_TOKEN; tests give recorded answers). */
  economic?: EconomicFactory;
}

export interface Context {
  deps: ApiDeps;
  /** The app-role connection: row-level security applies. */
  db: DatabaseHandle['db'];
  /**
   * The session the request names (its cookie token's hash), not yet checked. The ladder checks it
   * against the database: publicProcedure in one statement, clubProcedure inside the call's
   * transaction in the statement that also scopes it to the club.
   */
  sessionId: string | null;
  /** Whether session and user below are the checked answer for sessionId (else both still null). */
  sessionChecked: boolean;
  session: Session | null;
  user: SessionUser | null;
  req: RequestMeta;
  /** Host name of the request, used to pick the club of a public storefront. */
  host: string | null;
}

/** A request's session: a checked one, or only the id its cookie names (checked by the ladder). */
export type RequestAuth = { session: Session; user: SessionUser } | { sessionId: string } | null;

export function createContext(deps: ApiDeps, auth: RequestAuth, req: RequestMeta, host: string | null = null): Context {
  const checked = auth && 'session' in auth ? auth : null;
  return {
    deps,
    db: deps.database.db,
    sessionId: checked ? checked.session.id : (auth as { sessionId: string } | null)?.sessionId ?? null,
    sessionChecked: checked !== null || auth === null,
    session: checked?.session ?? null,
    user: checked?.user ?? null,
    req,
    host,
  };
}
