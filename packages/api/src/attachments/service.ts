import type { Tx } from '@klubhus/db';
import {
  ATTACHMENT_RELATIONS,
  type AttachmentRelation,
  COMMENT_FILE_RELATION_TYPES,
  type CommentFileRelation,
  detectFileType,
  FILE_MSG,
  isAttachmentRelation,
  isImageMime,
  MAX_FILE_BYTES,
  MSG,
  type TUpload,
} from '@klubhus/domain';
import { sql } from 'kysely';
import type { ClubContext } from '../clubs/context';
import { fail } from '../lib/errors';
import type { CallFiles } from './storage';

/**
 * The one owner of comments and files on records: which records take them
 * (ATTACHMENT_RELATIONS in @klubhus/domain), who may read or change them, how
 * uploads are stored and how they go when their record goes.
 */

type ClubAccess = Pick<ClubContext, 'clientId' | 'userId' | 'modules' | 'ability'>;
/** Reading a record's comments and files needs read on its subject; adding or deleting them needs update. */
export type AttachmentAccess = 'read' | 'update';

function assertRelationAccess(club: ClubAccess, type: AttachmentRelation, access: AttachmentAccess) {
  const relation = ATTACHMENT_RELATIONS[type];
  if (!club.modules.some((m) => m.alias === relation.module)) throw fail.forbidden(MSG.moduleOff);
  if (!club.ability.can(access, relation.subject)) throw fail.forbidden(MSG.forbidden);
}

/** The record exists in this club, its module is on and the role may read or change it. */
export async function assertRecord(trx: Tx, club: ClubAccess, type: AttachmentRelation, recordId: number, access: AttachmentAccess) {
  assertRelationAccess(club, type, access);
  const { table } = ATTACHMENT_RELATIONS[type];
  const row = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE client_id = ${club.clientId} AND id = ${recordId}`.execute(trx);
  if (!row.rows.length) throw fail.notFound();
}

const isCommentFile = (type: string | null): type is CommentFileRelation => COMMENT_FILE_RELATION_TYPES.includes(type as CommentFileRelation);

/** A file is read or changed as its record is: its own relation, or a comment's file through the comment's record. */
export async function assertFileAccess(trx: Tx, club: ClubAccess, file: { relation_type: string | null; relation_id: number | null }, access: AttachmentAccess) {
  if (isAttachmentRelation(file.relation_type)) return assertRelationAccess(club, file.relation_type, access);
  if (isCommentFile(file.relation_type) && file.relation_id !== null) {
    const comment = await trx
      .selectFrom('comments')
      .select('origin_type')
      .where('client_id', '=', club.clientId)
      .where('id', '=', file.relation_id)
      .executeTakeFirst();
    if (!comment) throw fail.notFound();
    if (isAttachmentRelation(comment.origin_type)) return assertRelationAccess(club, comment.origin_type, access);
  }
  // A file of no known record (left by an earlier version) is for club admins only.
  if (!club.ability.can('manage', 'all')) throw fail.notFound();
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

/** Bidirectional controls (e.g. U+202E RIGHT-TO-LEFT OVERRIDE) would let "gpj.exe" read as "exe.jpg". */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A safe display name: no path, no control or bidirectional characters, the detected extension. */
export function cleanFileName(name: string, ext: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'fil';
  const cleaned =
    [...base.replace(BIDI_CONTROLS, '')]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(ch))
      .join('')
      .trim()
      .slice(0, 200) || 'fil';
  const withoutExt = cleaned.replace(/\.[^.]*$/, '') || 'fil';
  return `${withoutExt}.${ext}`;
}

export interface StoredFile {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
}

/** Checks every upload first, then stores the bytes and records them against the record. */
export async function storeUploads(
  trx: Tx,
  files: CallFiles,
  club: { clientId: number; userId: number },
  uploads: TUpload[],
  relation: { type: AttachmentRelation | CommentFileRelation; id: number },
  opts: { imagesOnly?: string } = {},
): Promise<StoredFile[]> {
  const checked = uploads.map((u) => ({ u, ...checkUpload(u, opts) }));
  const rows: StoredFile[] = [];
  for (const { u, data, type } of checked) {
    const key = await files.put(club.clientId, data, type.mime);
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

/** Deletes file rows of the club; their bytes go once the call has committed. Returns how many went. */
export async function deleteFiles(trx: Tx, files: CallFiles, clientId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await trx.deleteFrom('files').where('client_id', '=', clientId).where('id', 'in', ids).returning('file_path').execute();
  files.retireAfterCommit(rows.map((r) => r.file_path));
  return rows.length;
}

/**
 * A record's file fields (a logo, a picture) after its save: the first upload of
 * a field is stored against the record and wins over the field's reference;
 * a file of the record that a field referred to before and no field refers to
 * now is deleted (its bytes after commit). Returns the fields' new values.
 */
export async function saveFileFields<K extends string>(
  trx: Tx,
  files: CallFiles,
  club: { clientId: number; userId: number },
  relation: { type: AttachmentRelation; id: number },
  fields: Record<K, { uploads?: TUpload[] | null; value: number | null; before: number | null }>,
  opts: { imagesOnly?: string },
): Promise<Record<K, number | null>> {
  const after = {} as Record<K, number | null>;
  for (const key of Object.keys(fields) as K[]) {
    const { uploads, value } = fields[key];
    after[key] = uploads?.length ? (await storeUploads(trx, files, club, uploads.slice(0, 1), relation, opts))[0].id : value;
  }
  const kept = new Set(Object.values<number | null>(after));
  const replaced = Object.values<{ before: number | null }>(fields)
    .map((f) => f.before)
    .filter((f): f is number => f !== null && !kept.has(f));
  if (replaced.length) {
    const own = await trx
      .selectFrom('files')
      .select('id')
      .where('client_id', '=', club.clientId)
      .where('id', 'in', replaced)
      .where('relation_type', '=', relation.type)
      .where('relation_id', '=', relation.id)
      .execute();
    await deleteFiles(
      trx,
      files,
      club.clientId,
      own.map((o) => o.id),
    );
  }
  return after;
}

/** Deletes a club record (none: not found) with everything attached to it (deleteRecordAttachments). */
export async function deleteRecordWithAttachments(
  trx: Tx,
  files: CallFiles,
  clientId: number,
  table: 'companies' | 'contacts' | 'contact_lists',
  type: AttachmentRelation,
  recordId: number,
) {
  const deleted = await trx.deleteFrom(table).where('client_id', '=', clientId).where('id', '=', recordId).returning('id').executeTakeFirst();
  if (!deleted) throw fail.notFound();
  await deleteRecordAttachments(trx, files, clientId, type, recordId);
}

/**
 * Deletes everything attached to a record: its files, its comments with their
 * replies and read marks, and the comments' images and files (bytes after
 * commit). Call it in the transaction that deletes the record.
 */
export async function deleteRecordAttachments(trx: Tx, files: CallFiles, clientId: number, type: AttachmentRelation, recordId: number) {
  const comments = await trx
    .deleteFrom('comments')
    .where('client_id', '=', clientId)
    .where('origin_type', '=', type)
    .where('origin_id', '=', recordId)
    .returning('id')
    .execute();
  const commentIds = comments.map((c) => c.id);
  const attached = await trx
    .selectFrom('files')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => {
      const own = eb.and([eb('relation_type', '=', type), eb('relation_id', '=', recordId)]);
      return commentIds.length ? eb.or([own, eb.and([eb('relation_type', 'in', COMMENT_FILE_RELATION_TYPES), eb('relation_id', 'in', commentIds)])]) : own;
    })
    .execute();
  await deleteFiles(
    trx,
    files,
    clientId,
    attached.map((f) => f.id),
  );
}

/** Checks that a file id is an image of this club (for logo and picture references). */
export async function assertImageFile(trx: Tx, clientId: number, fileId: number, message: string) {
  const f = await trx.selectFrom('files').select(['id', 'mime_type']).where('client_id', '=', clientId).where('id', '=', fileId).executeTakeFirst();
  if (!f) throw fail.badRequest(FILE_MSG.fileNotFound);
  if (!isImageMime(f.mime_type)) throw fail.badRequest(message);
}

/** Where a file is fetched: GET /api/files/{id} (never the storage key). */
export const fileUrl = (id: number | null) => (id ? `/api/files/${id}` : null);
