import { FILE_MSG, id, ZFileUploadRequest } from '@klubhus/domain';
import { z } from 'zod';
import { fail, router, staffProcedure } from '../trpc';
import { assertRelation, assertRelationModule, deleteFileRows, fileStorage, fileUrl, removeStored, storeUploads, withFileCleanup } from './service';

const toFile = (r: { id: number; file_name: string; mime_type: string; size: number; relation_type: string | null; relation_id: number | null; created_at: Date }) => ({
  id: r.id,
  fileName: r.file_name,
  /** Where to fetch it: GET /api/files/{id} (never the storage key). */
  filePath: fileUrl(r.id) as string,
  mimeType: r.mime_type,
  size: r.size,
  relationType: r.relation_type,
  relationId: r.relation_id,
  createDate: r.created_at,
});

/** Files attached to records (SPEC §3 File, §7 Files). Staff of the club only; RLS keeps clubs apart. */
export const filesRouter = router({
  list: staffProcedure
    .input(z.object({ relationType: z.string({ error: FILE_MSG.relationUnknown }).trim().min(1, FILE_MSG.relationUnknown).max(50, FILE_MSG.relationUnknown), relationId: id }))
    .query(({ ctx, input }) =>
      ctx.tx(async (trx) => {
        await assertRelation(trx, ctx.club, input.relationType, input.relationId);
        const rows = await trx
          .selectFrom('files')
          .select(['id', 'file_name', 'mime_type', 'size', 'relation_type', 'relation_id', 'created_at'])
          .where('client_id', '=', ctx.club.clientId)
          .where('relation_type', '=', input.relationType)
          .where('relation_id', '=', input.relationId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return rows.map(toFile);
      }),
    ),

  get: staffProcedure.input(z.object({ id })).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const r = await trx
        .selectFrom('files')
        .select(['id', 'file_name', 'mime_type', 'size', 'relation_type', 'relation_id', 'created_at'])
        .where('client_id', '=', ctx.club.clientId)
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!r) throw fail.notFound();
      assertRelationModule(ctx.club, r.relation_type);
      return toFile(r);
    }),
  ),

  /** The bytes of a file of this club, for GET /api/files/{id}. */
  download: staffProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const r = await ctx.tx((trx) =>
      trx
        .selectFrom('files')
        .select(['id', 'file_name', 'file_path', 'mime_type', 'size', 'relation_type'])
        .where('client_id', '=', ctx.club.clientId)
        .where('id', '=', input.id)
        .executeTakeFirst(),
    );
    if (!r) throw fail.notFound();
    assertRelationModule(ctx.club, r.relation_type);
    const data = await fileStorage(ctx.deps.config).get(r.file_path);
    if (!data) throw fail.notFound();
    return { id: r.id, fileName: r.file_name, mimeType: r.mime_type, size: r.size, data };
  }),

  upload: staffProcedure.input(ZFileUploadRequest).mutation(async ({ ctx, input }) => {
    const storage = fileStorage(ctx.deps.config);
    const files = await withFileCleanup(storage, (written) =>
      ctx.tx(async (trx) => {
        await assertRelation(trx, ctx.club, input.relationType, input.relationId);
        return storeUploads(trx, storage, ctx.club, input.files, { type: input.relationType, id: input.relationId }, written);
      }),
    );
    return { success: true as const, message: FILE_MSG.filesUploaded, files: files.map((f) => ({ ...f, filePath: fileUrl(f.id) as string })) };
  }),

  delete: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const keys = await ctx.tx(async (trx) => {
      const f = await trx.selectFrom('files').select('relation_type').where('client_id', '=', ctx.club.clientId).where('id', '=', input.id).executeTakeFirst();
      if (!f) throw fail.notFound();
      assertRelationModule(ctx.club, f.relation_type);
      return deleteFileRows(trx, ctx.club.clientId, { ids: [input.id] });
    });
    if (!keys.length) throw fail.notFound();
    await removeStored(fileStorage(ctx.deps.config), keys);
    return { success: true as const, message: FILE_MSG.fileDeleted };
  }),
});
