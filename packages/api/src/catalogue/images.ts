import { json, type Tx } from '@klubhus/db';
import { CATALOGUE_MSG, type TUpload } from '@klubhus/domain';
import { fileUrl, storeUploads } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';

/** Webshop images are club files related to their record (ATTACHMENT_RELATIONS in @klubhus/domain). */
export type ImageRelation = 'product' | 'product-category' | 'order-category';

/** Removes the uploaded images of a record but one (their bytes after commit). */
async function dropImages(trx: Tx, files: CallFiles, clientId: number, type: ImageRelation, recordId: number, keepId: number | null) {
  let q = trx.deleteFrom('files').where('client_id', '=', clientId).where('relation_type', '=', type).where('relation_id', '=', recordId);
  if (keepId !== null) q = q.where('id', '!=', keepId);
  files.retireAfterCommit((await q.returning('file_path').execute()).map((r) => r.file_path));
}

/**
 * A record's webshop image after its save: an upload is checked to be an image,
 * stored against the record and its URL (/api/files/{id}) returned for
 * shop.image; the record's earlier uploaded image goes. Without an upload it
 * returns null and removes uploaded images the record no longer refers to
 * (`current` is the shop.image being saved).
 */
export async function saveShopImage(
  trx: Tx,
  files: CallFiles,
  club: { clientId: number; userId: number },
  type: ImageRelation,
  recordId: number,
  uploads: TUpload[] | null | undefined,
  current: string | null | undefined,
): Promise<string | null> {
  if (!uploads?.length) {
    const keepId = current?.match(/^\/api\/files\/(\d+)$/)?.[1];
    await dropImages(trx, files, club.clientId, type, recordId, keepId ? Number(keepId) : null);
    return null;
  }
  const [file] = await storeUploads(trx, files, club, uploads.slice(0, 1), { type, id: recordId }, { imagesOnly: CATALOGUE_MSG.imageNotImage });
  await dropImages(trx, files, club.clientId, type, recordId, file.id);
  return fileUrl(file.id);
}

/** The records that take a webshop image, with the relation their image is stored under. */
const IMAGE_RELATION = { products: 'product', product_categories: 'product-category', order_categories: 'order-category' } as const satisfies Record<string, ImageRelation>;

/**
 * A record's webshop image saved with saveShopImage after the record's own save; when an upload was
 * stored, the record's shop JSON becomes the shop being saved with the new image's URL.
 */
export async function saveRecordShopImage<Shop extends { image?: string | null }>(
  trx: Tx,
  files: CallFiles,
  club: { clientId: number; userId: number },
  table: keyof typeof IMAGE_RELATION,
  recordId: number,
  uploads: TUpload[] | null | undefined,
  shop: Shop,
): Promise<void> {
  const image = await saveShopImage(trx, files, club, IMAGE_RELATION[table], recordId, uploads, shop.image);
  if (image) {
    await trx
      .updateTable(table)
      .set({ shop: json({ ...shop, image }) })
      .where('client_id', '=', club.clientId)
      .where('id', '=', recordId)
      .execute();
  }
}
