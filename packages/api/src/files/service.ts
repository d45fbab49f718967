import type { Tx } from '@klubhus/db';
import { FILE_MSG, type ZFileListRequest, type ZFileResponse, type ZFileUploadRequest } from '@klubhus/domain';
import type { z } from 'zod';
import { assertFileAccess, assertRecord, deleteFiles, fileUrl, storeUploads } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import type { ClubContext } from '../clubs/context';
import { fail } from '../lib/errors';

/** Files attached to records (SPEC §3 File, §7 Files): read and changed as their record is. */

type FileRow = { id: number; file_name: string; mime_type: string; size: number; relation_type: string | null; relation_id: number | null; created_at: Date };
const FILE_COLUMNS = ['id', 'file_name', 'mime_type', 'size', 'relation_type', 'relation_id', 'created_at'] as const;

const toFile = (r: FileRow): z.output<typeof ZFileResponse> => ({
  id: r.id,
  fileName: r.file_name,
  filePath: fileUrl(r.id) as string,
  mimeType: r.mime_type,
  size: r.size,
  relationType: r.relation_type,
  relationId: r.relation_id,
  createDate: r.created_at,
});

export async function listFiles(trx: Tx, club: ClubContext, input: z.output<typeof ZFileListRequest>) {
  await assertRecord(trx, club, input.relationType, input.relationId, 'read');
  const rows = await trx
    .selectFrom('files')
    .select(FILE_COLUMNS)
    .where('client_id', '=', club.clientId)
    .where('relation_type', '=', input.relationType)
    .where('relation_id', '=', input.relationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toFile);
}

async function fileRow(trx: Tx, club: ClubContext, fileId: number) {
  const r = await trx.selectFrom('files').select([...FILE_COLUMNS, 'file_path']).where('client_id', '=', club.clientId).where('id', '=', fileId).executeTakeFirst();
  if (!r) throw fail.notFound();
  return r;
}

export async function getFile(trx: Tx, club: ClubContext, fileId: number) {
  const r = await fileRow(trx, club, fileId);
  await assertFileAccess(trx, club, r, 'read');
  return toFile(r);
}

export async function downloadFile(trx: Tx, files: CallFiles, club: ClubContext, fileId: number) {
  const r = await fileRow(trx, club, fileId);
  await assertFileAccess(trx, club, r, 'read');
  const data = await files.get(r.file_path);
  if (!data) throw fail.notFound();
  return { id: r.id, fileName: r.file_name, mimeType: r.mime_type, size: r.size, data };
}

export async function uploadFiles(trx: Tx, files: CallFiles, club: ClubContext, input: z.output<typeof ZFileUploadRequest>) {
  await assertRecord(trx, club, input.relationType, input.relationId, 'update');
  const stored = await storeUploads(trx, files, club, input.files, { type: input.relationType, id: input.relationId });
  return { success: true as const, message: FILE_MSG.filesUploaded, files: stored.map((f) => ({ ...f, filePath: fileUrl(f.id) as string })) };
}

export async function deleteFile(trx: Tx, files: CallFiles, club: ClubContext, fileId: number) {
  const r = await fileRow(trx, club, fileId);
  await assertFileAccess(trx, club, r, 'update');
  await deleteFiles(trx, files, club.clientId, [fileId]);
  return { success: true as const, message: FILE_MSG.fileDeleted };
}
