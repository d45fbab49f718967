import { loadActiveModules, loadClubContext } from '../clubs/context';
import { resolvePublicClubId } from '../clubs/public';
import { userProfile } from '../auth/user';
import { id, MSG, safeString } from '@klubhus/domain';
import { withClub } from '@klubhus/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../context';
import { authedProcedure, publicProcedure, router, staffProcedure } from '../trpc';

/**
 * The club the request works in: the session's current club for a member,
 * otherwise the public storefront's club. Never taken from input.
 */
async function currentClub(ctx: Context) {
  if (ctx.user && ctx.session?.currentClientId) {
    const club = await loadClubContext(ctx.db, ctx.user, ctx.session.currentClientId);
    if (club) return { clientId: club.clientId, club };
  }
  const clientId = await resolvePublicClubId(ctx.db, ctx.host);
  return { clientId, club: null };
}

/** Client configuration of SPEC §3: what the web app builds its routes and forms from. */
async function clientConfiguration(ctx: Context) {
  const { clientId, club } = await currentClub(ctx);
  if (!clientId) return null;
  const client = await ctx.db
    .selectFrom('clients')
    .select(['id', 'name', 'logo', 'address', 'zip_code', 'city', 'email', 'phone', 'vat_rate', 'prices_with_vat', 'disable_vat', 'time_zone', 'settings'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const modules = club ? club.modules : (await withClub(ctx.db, { clientId }, (trx) => loadActiveModules(trx, clientId))).map((m) => m.module);
  const settings = client.settings as {
    companies?: { extraInfo?: unknown[] };
    contacts?: { extraInfo?: unknown[] };
    webshop?: { terms?: string; subscriptionTerms?: string };
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

export const appStateRouter = router({
  /** GET /api/app: whether the visitor gets the public storefront or the back office. */
  state: publicProcedure.query(async ({ ctx }) => {
    const { club } = await currentClub(ctx);
    return { isFrontend: !club?.isStaff };
  }),
  user: authedProcedure.query(({ ctx }) => userProfile(ctx.db, ctx.user.id)),
  client: publicProcedure.query(({ ctx }) => clientConfiguration(ctx)),
  modules: publicProcedure.query(async ({ ctx }) => (await clientConfiguration(ctx))?.modules ?? []),
  /** Public texts of the storefront: terms pages and footer. */
  terms: publicProcedure.input(z.object({ kind: z.enum(['terms', 'subscriptionTerms']) })).query(async ({ ctx, input }) => {
    const { clientId } = await currentClub(ctx);
    if (!clientId) return '';
    const client = await ctx.db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirstOrThrow();
    const webshop = (client.settings as { webshop?: Record<string, string> }).webshop ?? {};
    return webshop[input.kind] ?? '';
  }),
  /** Staff names and e-mails: for staff only (a member has no business listing them). */
  users: staffProcedure.input(z.object({ search: safeString().trim().max(100).optional() }).optional()).query(async ({ ctx, input }) => {
      let q = ctx.trx
        .selectFrom('client_users')
        .innerJoin('users', 'users.id', 'client_users.user_id')
        .select(['users.id', 'users.firstname', 'users.lastname', 'users.email', 'users.picture'])
        .where('client_users.client_id', '=', ctx.club.clientId)
        .where('client_users.role', '!=', 'member');
      const search = input?.search;
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([eb('users.firstname', 'ilike', like), eb('users.lastname', 'ilike', like), eb('users.email', 'ilike', like)]),
        );
      }
      return q.orderBy('users.firstname').orderBy('users.lastname').limit(50).execute();
    }),
  /** Switches the session to another club, only one the user is a member of. */
  changeClient: authedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const club = await loadClubContext(ctx.db, ctx.user, input.id);
    if (!club) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.notMemberOfClub });
    await ctx.db.updateTable('sessions').set({ current_client_id: input.id }).where('id', '=', ctx.session.id).execute();
    return { success: true as const, clientId: input.id };
  }),
});
