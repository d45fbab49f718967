import type { Tx } from '@klubhus/db';
import { CATALOGUE_MSG, type TUpload } from '@klubhus/domain';
import type { ApiDeps } from '../context';
import { fileStorage, fileUrl, registerRelation, removeStored, storeUploads, withFileCleanup } from '../files/service';
import type { ClubScope } from '../trpc';

/** Webshop images are club files related to their record (the files table and storage of the CRM domain). */
export const IMAGE_RELATIONS = {
  product: { table: 'products', module: 'products' },
  'product-category': { table: 'product_categories', module: 'products' },
  'order-category': { table: 'order_categories', module: 'orders' },
} as const;
export type ImageRelation = keyof typeof IMAGE_RELATIONS;
for (const [type, r] of Object.entries(IMAGE_RELATIONS)) registerRelation(type, r.table, r.module);

type Ctx = ClubScope & { deps: ApiDeps };

/** Removes the stored images of a record (rows in the transaction); returns the storage keys to delete after commit. */
async function dropImages(trx: Tx, clientId: number, type: ImageRelation, recordId: number, keepId: number | null): Promise<string[]> {
  let q = trx.deleteFrom('files').where('client_id', '=', clientId).where('relation_type', '=', type).where('relation_id', '=', recordId);
  if (keepId !== null) q = q.where('id', '!=', keepId);
  return (await q.returning('file_path').execute()).map((r) => r.file_path);
}

/**
 * Runs a save in one transaction with a way to store its uploaded webshop image:
 * storeImage(recordId, current) checks the bytes are an image, stores them,
 * records the file against the record and returns its URL (/api/files/{id})
 * for shop.image; the record's earlier uploaded image is removed. Without an
 * upload it returns null and removes uploaded images the record no longer
 * refers to (`current` is the shop.image being saved). Bytes written by a save
 * that fails are deleted again; removed files' bytes go after commit.
 */
export async function saveWithImage<T>(
  ctx: Ctx,
  uploads: TUpload[] | null | undefined,
  type: ImageRelation,
  save: (trx: Tx, storeImage: (recordId: number, current: string | null | undefined) => Promise<string | null>) => Promise<T>,
): Promise<T> {
  const storage = fileStorage(ctx.deps.config);
  let stale: string[] = [];
  const result = await withFileCleanup(storage, (written) =>
    ctx.tx((trx) =>
      save(trx, async (recordId, current) => {
        if (!uploads?.length) {
          const keepId = current?.match(/^\/api\/files\/(\d+)$/)?.[1];
          stale = await dropImages(trx, ctx.club.clientId, type, recordId, keepId ? Number(keepId) : null);
          return null;
        }
        const [file] = await storeUploads(trx, storage, ctx.club, uploads.slice(0, 1), { type, id: recordId }, written, {
          imagesOnly: CATALOGUE_MSG.imageNotImage,
        });
        stale = await dropImages(trx, ctx.club.clientId, type, recordId, file.id);
        return fileUrl(file.id);
      }),
    ),
  );
  await removeStored(storage, stale);
  return result;
}

/** Runs a delete in one transaction and removes the record's uploaded images with it (bytes after commit). */
export async function deleteWithImages<T>(ctx: Ctx, type: ImageRelation, recordId: number, remove: (trx: Tx) => Promise<T>): Promise<T> {
  let stale: string[] = [];
  const result = await ctx.tx(async (trx) => {
    const r = await remove(trx);
    stale = await dropImages(trx, ctx.club.clientId, type, recordId, null);
    return r;
  });
  await removeStored(fileStorage(ctx.deps.config), stale);
  return result;
}
