import type { DatabaseHandle } from '@klubhus/db';
import type { ApiConfig } from './lib/config';
import type { Session, SessionUser } from './auth/session';

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
}

export interface Context {
  deps: ApiDeps;
  /** The app-role connection: row-level security applies. */
  db: DatabaseHandle['db'];
  session: Session | null;
  user: SessionUser | null;
  req: RequestMeta;
  /** Host name of the request, used to pick the club of a public storefront. */
  host: string | null;
}

export function createContext(
  deps: ApiDeps,
  auth: { session: Session; user: SessionUser } | null,
  req: RequestMeta,
  host: string | null = null,
): Context {
  return { deps, db: deps.database.db, session: auth?.session ?? null, user: auth?.user ?? null, req, host };
}
