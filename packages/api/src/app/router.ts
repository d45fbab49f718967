import {
  id,
  ZActiveModule,
  ZAppStateResponse,
  ZChangeClientResponse,
  ZClientConfiguration,
  ZNoInput,
  ZStaffOwnersResponse,
  ZStaffUsersRequest,
  ZStaffUsersResponse,
  ZTermsRequest,
  ZUserProfile,
} from '@klubhus/domain';
import { z } from 'zod';
import { staffOwners } from '../lib/owners';
import { authedProcedure, authedRead, publicProcedure, router, staffProcedure } from '../trpc';
import { appState, changeClient, clientConfiguration, staffUsers, storefrontTerms, viewerOf as viewer } from './service';

/**
 * The logged-in user: the logged-in rung has read the profile with the session, so GET /api/user is
 * one statement. Its REST adapter calls it directly (authedRead: the same rung, schemas and resolver).
 */
export const appUser = authedRead('app.user', ZNoInput, ZUserProfile, ({ ctx }) => ctx.profile);

export const appStateRouter = router({
  state: publicProcedure.input(ZNoInput).output(ZAppStateResponse).query(({ ctx }) => appState(viewer(ctx))),
  user: appUser.procedure,
  client: publicProcedure.input(ZNoInput).output(ZClientConfiguration.nullable()).query(({ ctx }) => clientConfiguration(viewer(ctx))),
  modules: publicProcedure
    .input(ZNoInput)
    .output(z.array(ZActiveModule))
    .query(async ({ ctx }) => (await clientConfiguration(viewer(ctx)))?.modules ?? []),
  terms: publicProcedure.input(ZTermsRequest).output(z.string()).query(({ ctx, input }) => storefrontTerms(viewer(ctx), input.kind)),
  users: staffProcedure.input(ZStaffUsersRequest).output(ZStaffUsersResponse).query(({ ctx, input }) => staffUsers(ctx.trx, ctx.club.clientId, input?.search)),
  /** The club's staff for owner pickers ('Ansvarlig' on events and agreements). */
  owners: staffProcedure.input(ZNoInput).output(ZStaffOwnersResponse).query(({ ctx }) => staffOwners(ctx.trx, ctx.club.clientId)),
  changeClient: authedProcedure
    .input(z.object({ id }))
    .output(ZChangeClientResponse)
    .mutation(({ ctx, input }) => changeClient(ctx.db, ctx.user, ctx.session, input.id)),
});
