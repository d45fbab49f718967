import { id, ZFileDownloadResponse, ZFileListRequest, ZFileListResponse, ZFileResponse, ZFileUploadRequest, ZFileUploadResponse, ZSuccessResponse } from '@klubhus/domain';
import { z } from 'zod';
import { router, staffProcedure } from '../trpc';
import { deleteFile, downloadFile, getFile, listFiles, uploadFiles } from './service';

const byId = z.object({ id });

/** Files attached to records: staff of the club, with the abilities of the record's subject. */
export const filesRouter = router({
  list: staffProcedure.input(ZFileListRequest).output(ZFileListResponse).query(({ ctx, input }) => listFiles(ctx.trx, ctx.club, input)),
  get: staffProcedure.input(byId).output(ZFileResponse).query(({ ctx, input }) => getFile(ctx.trx, ctx.club, input.id)),
  /** The bytes of a file of this club, for GET /api/files/{id}. */
  download: staffProcedure.input(byId).output(ZFileDownloadResponse).query(({ ctx, input }) => downloadFile(ctx.trx, ctx.files, ctx.club, input.id)),
  upload: staffProcedure.input(ZFileUploadRequest).output(ZFileUploadResponse).mutation(({ ctx, input }) => uploadFiles(ctx.trx, ctx.files, ctx.club, input)),
  delete: staffProcedure.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteFile(ctx.trx, ctx.files, ctx.club, input.id)),
});
