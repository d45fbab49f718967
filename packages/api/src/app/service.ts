import { type Database, type Tx, withClub } from '@klubhus/db';
import { MSG, type TClientConfiguration } from '@klubhus/domain';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import type { Session, SessionUser } from '../auth/session';
import type { Context } from '../context';
import { loadActiveModules, loadClubContext } from '../clubs/context';
import { resolvePublicClubId } from '../clubs/public';
import { likePattern } from '../lib/list';

/** Who is asking: the connection, the signed-in user and session if any, and the host (a storefront's club). */
export interface Viewer {
  db: Kysely<Database>;
  user: SessionUser | null;
  session: Session | null;
  host: string | null;
}

/** The viewer of a call's context (public procedures). */
export const viewerOf = (ctx: Pick<Context, 'db' | 'user' | 'session' | 'host'>): Viewer => ({ db: ctx.db, user: ctx.user, session: ctx.session, host: ctx.host });

/**
 * The club the request works in: the session's current club for a member,
 * otherwise the public storefront's club. Never taken from input.
 */
export async function currentClub(v: Viewer) {
  if (v.user && v.session?.currentClientId) {
    const club = await loadClubContext(v.db, v.user, v.session.currentClientId);
    if (club) return { clientId: club.clientId, club };
  }
  const clientId = await resolvePublicClubId(v.db, v.host);
  return { clientId, club: null };
}

/** GET /api/app: whether the visitor gets the public storefront or the back office. */
export async function appState(v: Viewer) {
  const { club } = await currentClub(v);
  return { isFrontend: !club?.isStaff };
}

/** Client configuration of SPEC §3: what the web app builds its routes and forms from. */
export async function clientConfiguration(v: Viewer): Promise<TClientConfiguration | null> {
  const { clientId, club } = await currentClub(v);
  if (!clientId) return null;
  const client = await v.db
    .selectFrom('clients')
    .select(['id', 'name', 'logo', 'address', 'zip_code', 'city', 'email', 'phone', 'vat_rate', 'prices_with_vat', 'disable_vat', 'time_zone', 'settings'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const modules = club ? club.modules : (await withClub(v.db, { clientId }, (trx) => loadActiveModules(trx, clientId))).map((m) => m.module);
  const settings = client.settings as {
    companies?: { extraInfo?: unknown[] };
    contacts?: { extraInfo?: unknown[] };
  };
  return {
    id: client.id,
    name: client.name,
    logo: client.logo,
    address: client.address,
    zipCode: client.zip_code,
    city: client.city,
    email: client.email,
    phone: client.phone,
    vatRate: client.vat_rate,
    pricesWithVat: client.prices_with_vat,
    disableVat: client.disable_vat,
    timeZone: client.time_zone,
    isFrontend: !club?.isStaff,
    isAdmin: club?.isAdmin ?? false,
    role: club?.role ?? null,
    rules: club?.rules ?? [],
    // Visitors see only which modules exist (for public routes), not their internals.
    modules: modules.map((m) =>
      club?.isStaff ? m : { ...m, components: [], features: m.features.filter((f) => f.active).map((f) => ({ ...f, settings: {} })) },
    ),
    settings: {
      companies: { extraInfo: settings.companies?.extraInfo ?? [] },
      contacts: { extraInfo: settings.contacts?.extraInfo ?? [] },
    },
  };
}

/** Public texts of the storefront: terms pages and footer. */
export async function storefrontTerms(v: Viewer, kind: 'terms' | 'subscriptionTerms') {
  const { clientId } = await currentClub(v);
  if (!clientId) return '';
  const client = await v.db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirstOrThrow();
  const webshop = (client.settings as { webshop?: Record<string, string> }).webshop ?? {};
  return webshop[kind] ?? '';
}

/** Staff names and e-mails of the club (owner pickers): for staff only. */
export async function staffUsers(trx: Tx, clientId: number, search: string | undefined) {
  let q = trx
    .selectFrom('client_users')
    .innerJoin('users', 'users.id', 'client_users.user_id')
    .select(['users.id', 'users.firstname', 'users.lastname', 'users.email', 'users.picture'])
    .where('client_users.client_id', '=', clientId)
    .where('client_users.role', '!=', 'member');
  if (search) {
    const like = likePattern(search);
    q = q.where((eb) => eb.or([eb('users.firstname', 'ilike', like), eb('users.lastname', 'ilike', like), eb('users.email', 'ilike', like)]));
  }
  return q.orderBy('users.firstname').orderBy('users.lastname').limit(50).execute();
}

/** Switches the session to another club, only one the user is a member of. */
export async function changeClient(db: Kysely<Database>, user: SessionUser, session: Session, clientId: number) {
  const club = await loadClubContext(db, user, clientId);
  if (!club) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.notMemberOfClub });
  await db.updateTable('sessions').set({ current_client_id: clientId }).where('id', '=', session.id).execute();
  return { success: true as const, clientId };
}
