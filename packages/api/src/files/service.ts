import type { Tx } from '@klubhus/db';
import { FILE_MSG, detectFileType, isImageMime, MAX_FILE_BYTES, MSG, type TUpload } from '@klubhus/domain';
import { type FileStorage, newStorageKey, storageFromEnv } from '@klubhus/integrations';
import { sql } from 'kysely';
import type { ApiConfig } from '../lib/config';
import { fail } from '../trpc';

const storages = new Map<string, FileStorage>();

/** The file storage of this installation (local disk under dataDir/files, or S3 when configured). */
export function fileStorage(config: ApiConfig): FileStorage {
  let s = storages.get(config.dataDir);
  if (!s) {
    s = storageFromEnv(config.dataDir);
    storages.set(config.dataDir, s);
  }
  return s;
}

/**
 * Records that files and comments may belong to: the table that must hold the
 * id in the current club and the module that must be on for the club. Other
 * domains register theirs with registerRelation.
 */
const relations = new Map<string, { table: string; module: string }>([
  ['company', { table: 'companies', module: 'companies' }],
  ['contact', { table: 'contacts', module: 'contacts' }],
  ['contact-list', { table: 'contact_lists', module: 'contacts' }],
]);

export function registerRelation(type: string, table: string, module: string) {
  relations.set(type, { table, module });
}

/**
 * Refuses unknown relation types, relations whose module is off for the club,
 * and ids that are not a record of this club (RLS hides other clubs' rows).
 */
export async function assertRelation(trx: Tx, club: { clientId: number; modules: { alias: string }[] }, type: string, relationId: number | null) {
  const relation = relations.get(type);
  if (!relation) throw fail.badRequest(FILE_MSG.relationUnknown);
  if (!club.modules.some((m) => m.alias === relation.module)) throw fail.forbidden(MSG.moduleOff);
  if (relationId === null) return;
  const row = await sql<{ id: number }>`SELECT id FROM ${sql.table(relation.table)} WHERE client_id = ${club.clientId} AND id = ${relationId}`.execute(trx);
  if (!row.rows.length) throw fail.notFound();
}

/** A file of a record whose module is off for the club is refused like the record itself. */
export function assertRelationModule(club: { modules: { alias: string }[] }, type: string | null) {
  const relation = type ? relations.get(type) : undefined;
  if (relation && !club.modules.some((m) => m.alias === relation.module)) throw fail.forbidden(MSG.moduleOff);
}

export function uploadBytes(u: TUpload): Buffer {
  return typeof u.data === 'string' ? Buffer.from(u.data.replace(/^data:[^,]*,/, ''), 'base64') : Buffer.from(u.data);
}

/** Checks an upload's size and type (from its bytes); returns the detected type. */
export function checkUpload(u: TUpload, opts: { imagesOnly?: string } = {}) {
  const data = uploadBytes(u);
  if (data.length > MAX_FILE_BYTES) throw fail.badRequest(FILE_MSG.fileTooLarge);
  const type = detectFileType(data, u.filename);
  if (!type) throw fail.badRequest(opts.imagesOnly ?? FILE_MSG.fileTypeRefused);
  if (opts.imagesOnly && !isImageMime(type.mime)) throw fail.badRequest(opts.imagesOnly);
  return { data, type };
}

/** A safe display name: no path, no control characters, the detected extension. */
function cleanFileName(name: string, ext: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'fil';
  const cleaned =
    [...base]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(ch))
      .join('')
      .trim()
      .slice(0, 200) || 'fil';
  const withoutExt = cleaned.replace(/\.[^.]*$/, '') || 'fil';
  return `${withoutExt}.${ext}`;
}

/**
 * Stores uploads and records them in one club's files table. Bytes go to
 * storage first; `written` collects their keys so the caller can remove them
 * if the transaction fails (see withFileCleanup).
 */
export async function storeUploads(
  trx: Tx,
  storage: FileStorage,
  club: { clientId: number; userId: number },
  uploads: TUpload[],
  relation: { type: string; id: number | null },
  written: string[],
  opts: { imagesOnly?: string } = {},
) {
  const checked = uploads.map((u) => ({ u, ...checkUpload(u, opts) }));
  const rows: { id: number; fileName: string; mimeType: string; size: number }[] = [];
  for (const { u, data, type } of checked) {
    const key = newStorageKey(club.clientId);
    await storage.put(key, data, type.mime);
    written.push(key);
    const row = await trx
      .insertInto('files')
      .values({
        client_id: club.clientId,
        file_name: cleanFileName(u.filename, type.ext),
        file_path: key,
        mime_type: type.mime,
        size: data.length,
        relation_type: relation.type,
        relation_id: relation.id,
        uploaded_by: club.userId,
      })
      .returning(['id', 'file_name', 'mime_type', 'size'])
      .executeTakeFirstOrThrow();
    rows.push({ id: row.id, fileName: row.file_name, mimeType: row.mime_type, size: row.size });
  }
  return rows;
}

/** Runs fn; if it throws, removes the stored objects it wrote, then rethrows. */
export async function withFileCleanup<T>(storage: FileStorage, fn: (written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await fn(written);
  } catch (e) {
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    throw e;
  }
}

/** Deletes file rows (in the transaction) and returns their storage keys to remove after commit. */
export async function deleteFileRows(trx: Tx, clientId: number, where: { ids?: number[]; relation?: { types: string[]; id: number } }) {
  let q = trx.deleteFrom('files').where('client_id', '=', clientId);
  if (where.ids) {
    if (!where.ids.length) return [];
    q = q.where('id', 'in', where.ids);
  }
  if (where.relation) q = q.where('relation_type', 'in', where.relation.types).where('relation_id', '=', where.relation.id);
  const rows = await q.returning('file_path').execute();
  return rows.map((r) => r.file_path);
}

export async function removeStored(storage: FileStorage, keys: string[]) {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
}

/** Checks that a file id is an image of this club (for logo and picture references). */
export async function assertImageFile(trx: Tx, clientId: number, fileId: number, message: string) {
  const f = await trx.selectFrom('files').select(['id', 'mime_type']).where('client_id', '=', clientId).where('id', '=', fileId).executeTakeFirst();
  if (!f) throw fail.badRequest(FILE_MSG.fileNotFound);
  if (!isImageMime(f.mime_type)) throw fail.badRequest(message);
}

export const fileUrl = (id: number | null) => (id ? `/api/files/${id}` : null);
