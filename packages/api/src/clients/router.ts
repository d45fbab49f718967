import { ZClubModulesRequest, ZClubModulesResponse, ZClubModuleUpdateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { router, superAdminProcedure } from '../trpc';
import { clubModules, saveClubModule } from './service';

/** Platform administration of clubs: a club's module settings. */
export const clientsRouter = router({
  modules: superAdminProcedure.input(ZClubModulesRequest).output(ZClubModulesResponse).query(({ ctx, input }) => clubModules(ctx.db, input.clientId)),
  updateModule: superAdminProcedure
    .input(ZClubModuleUpdateRequest)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => saveClubModule(ctx.db, input)),
});
