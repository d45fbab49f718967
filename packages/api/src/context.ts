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

export interface ApiDeps {
  database: DatabaseHandle;
  config: ApiConfig;
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
