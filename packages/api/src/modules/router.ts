import { id, ZModuleListRequest, ZModuleListResponse, ZModuleResponse, ZModuleUpdateRequest, ZSaveResponse, ZSuccessResponse } from '@klubhus/domain';
import { z } from 'zod';
import { router, superAdminProcedure } from '../trpc';
import { deleteModule, getModule, listModules, saveModule } from './service';

const byId = z.object({ id });

/** Module definitions are platform-wide: only platform administrators edit them. */
export const modulesRouter = router({
  list: superAdminProcedure.input(ZModuleListRequest).output(ZModuleListResponse).query(({ ctx, input }) => listModules(ctx.db, input)),
  get: superAdminProcedure.input(byId).output(ZModuleResponse).query(({ ctx, input }) => getModule(ctx.db, input.id)),
  update: superAdminProcedure
    .input(ZModuleUpdateRequest)
    .output(ZSaveResponse)
    .mutation(({ ctx, input }) => ctx.db.transaction().execute((trx) => saveModule(trx, input))),
  delete: superAdminProcedure.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteModule(ctx.db, input.id)),
});
