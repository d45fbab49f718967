import type { Tx } from '@klubhus/db';
import { CATALOGUE_MSG, type TUpload } from '@klubhus/domain';
import { deleteRecordAttachments, fileUrl, storeUploads } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import type { ClubScope } from '../trpc';

/** Webshop images are club files related to their record (ATTACHMENT_RELATIONS in @klubhus/domain). */
export type ImageRelation = 'product' | 'product-category' | 'order-category';

type Ctx = Pick<ClubScope, 'club' | 'trx' | 'files'>;

/** Removes the uploaded images of a record but one (their bytes after commit). */
async function dropImages(trx: Tx, files: CallFiles, clientId: number, type: ImageRelation, recordId: number, keepId: number | null) {
  let q = trx.deleteFrom('files').where('client_id', '=', clientId).where('relation_type', '=', type).where('relation_id', '=', recordId);
  if (keepId !== null) q = q.where('id', '!=', keepId);
  files.retireAfterCommit((await q.returning('file_path').execute()).map((r) => r.file_path));
}

/**
 * Runs a save with a way to store its uploaded webshop image: storeImage(recordId,
 * current) checks the bytes are an image, stores them against the record and
 * returns its URL (/api/files/{id}) for shop.image; the record's earlier
 * uploaded image is removed. Without an upload it returns null and removes
 * uploaded images the record no longer refers to (`current` is the shop.image
 * being saved). The call's transaction and stored bytes settle as one.
 */
export async function saveWithImage<T>(
  ctx: Ctx,
  uploads: TUpload[] | null | undefined,
  type: ImageRelation,
  save: (trx: Tx, storeImage: (recordId: number, current: string | null | undefined) => Promise<string | null>) => Promise<T>,
): Promise<T> {
  const { trx, files, club } = ctx;
  return save(trx, async (recordId, current) => {
    if (!uploads?.length) {
      const keepId = current?.match(/^\/api\/files\/(\d+)$/)?.[1];
      await dropImages(trx, files, club.clientId, type, recordId, keepId ? Number(keepId) : null);
      return null;
    }
    const [file] = await storeUploads(trx, files, club, uploads.slice(0, 1), { type, id: recordId }, { imagesOnly: CATALOGUE_MSG.imageNotImage });
    await dropImages(trx, files, club.clientId, type, recordId, file.id);
    return fileUrl(file.id);
  });
}

/** Runs a delete and removes the record's images, comments and files with it. */
export async function deleteWithImages<T>(ctx: Ctx, type: ImageRelation, recordId: number, remove: (trx: Tx) => Promise<T>): Promise<T> {
  const r = await remove(ctx.trx);
  await deleteRecordAttachments(ctx.trx, ctx.files, ctx.club.clientId, type, recordId);
  return r;
}
