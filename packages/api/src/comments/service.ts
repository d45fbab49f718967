import type { Tx } from '@klubhus/db';
import {
  COMMENT_FILE_RELATIONS,
  COMMENT_FILE_RELATION_TYPES,
  COMMENT_MSG,
  COMMENTS_PAGE_SIZE,
  isAttachmentRelation,
  MSG,
  type ZCommentAddRequest,
  type ZCommentListRequest,
  type ZCommentListResponse,
} from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { assertRecord, deleteFiles, fileUrl, storeUploads } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import type { ClubContext } from '../clubs/context';
import { fail } from '../lib/errors';
import { isBlank, sanitizeComment } from './sanitize';

/** Comments on records (SPEC §6): read with read on the record's subject, written with update. */

interface CommentRow {
  id: number;
  parent_id: number | null;
  author_id: number | null;
  text: string;
  created_at: Date;
  origin_type: string;
  origin_id: number;
  origin_url: string | null;
  firstname: string | null;
  lastname: string | null;
  picture: string | null;
  read: boolean;
}

/** Comments with author, read state of the viewer (own comments are never unread). */
function commentQuery(trx: Tx, clientId: number, userId: number) {
  return trx
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.author_id')
    .select((eb) => [
      'comments.id',
      'comments.parent_id',
      'comments.author_id',
      'comments.text',
      'comments.created_at',
      'comments.origin_type',
      'comments.origin_id',
      'comments.origin_url',
      'users.firstname',
      'users.lastname',
      'users.picture',
      eb
        .or([
          eb('comments.author_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('comment_reads')
              .select('comment_reads.comment_id')
              .whereRef('comment_reads.comment_id', '=', 'comments.id')
              .where('comment_reads.client_id', '=', clientId)
              .where('comment_reads.user_id', '=', userId),
          ),
        ])
        .as('read'),
    ])
    .where('comments.client_id', '=', clientId);
}

/** One page (10) of top-level comments of a record, newest first, each with its replies. */
export async function listComments(trx: Tx, club: ClubContext, input: z.output<typeof ZCommentListRequest>): Promise<z.output<typeof ZCommentListResponse>> {
  const { clientId, userId } = club;
  await assertRecord(trx, club, input.originType, input.originId, 'read');
  const top = (await commentQuery(trx, clientId, userId)
    .where('comments.origin_type', '=', input.originType)
    .where('comments.origin_id', '=', input.originId)
    .where('comments.parent_id', 'is', null)
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(COMMENTS_PAGE_SIZE)
    .offset(input.skip)
    .execute()) as CommentRow[];
  const replies = top.length
    ? ((await commentQuery(trx, clientId, userId)
        .where(
          'comments.parent_id',
          'in',
          top.map((c) => c.id),
        )
        .orderBy('comments.created_at', 'asc')
        .orderBy('comments.id', 'asc')
        .execute()) as CommentRow[])
    : [];
  const ids = [...top, ...replies].map((c) => c.id);
  const files = ids.length
    ? await trx
        .selectFrom('files')
        .select(['id', 'file_name', 'relation_type', 'relation_id'])
        .where('client_id', '=', clientId)
        .where('relation_type', 'in', COMMENT_FILE_RELATION_TYPES)
        .where('relation_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  const counts = await trx
    .selectFrom('comments')
    .select([
      sql<number>`count(*) FILTER (WHERE parent_id IS NULL)::int`.as('total'),
      sql<number>`count(*) FILTER (WHERE author_id IS DISTINCT FROM ${userId} AND NOT EXISTS (
        SELECT 1 FROM comment_reads r WHERE r.client_id = comments.client_id AND r.comment_id = comments.id AND r.user_id = ${userId}))::int`.as('unread'),
    ])
    .where('client_id', '=', clientId)
    .where('origin_type', '=', input.originType)
    .where('origin_id', '=', input.originId)
    .executeTakeFirstOrThrow();
  const attached = (commentId: number, type: string) =>
    files.filter((f) => f.relation_type === type && f.relation_id === commentId).map((f) => ({ id: f.id, fileName: f.file_name, filePath: fileUrl(f.id) as string }));
  const shape = (c: CommentRow) => ({
    id: c.id,
    parentId: c.parent_id,
    authorId: c.author_id,
    author: { firstname: c.firstname ?? '', lastname: c.lastname ?? '', picture: c.picture },
    text: c.text,
    createDate: c.created_at,
    unread: !c.read,
    origin: c.origin_type,
    originId: c.origin_id,
    originUrl: c.origin_url,
    canDelete: c.author_id === userId,
    images: attached(c.id, COMMENT_FILE_RELATIONS.image),
    files: attached(c.id, COMMENT_FILE_RELATIONS.file),
  });
  return {
    comments: top.map((c) => ({ ...shape(c), replies: replies.filter((r) => r.parent_id === c.id).map(shape) })),
    totalComments: counts.total,
    unread: counts.unread,
  };
}

/** Adds a comment (or a reply to a top-level comment); text required unless an image or file is attached. */
export async function addComment(trx: Tx, files: CallFiles, club: ClubContext, input: z.output<typeof ZCommentAddRequest>) {
  const text = sanitizeComment(input.text ?? '');
  const attachments = (input.picturesFiles?.length ?? 0) + (input.filesFiles?.length ?? 0);
  if (isBlank(text) && attachments === 0) throw fail.badRequest(COMMENT_MSG.commentRequired);
  const { clientId, userId } = club;
  await assertRecord(trx, club, input.originType, input.originId, 'update');
  if (input.parentId) {
    const parent = await trx
      .selectFrom('comments')
      .select(['id', 'parent_id', 'origin_type', 'origin_id'])
      .where('client_id', '=', clientId)
      .where('id', '=', input.parentId)
      .executeTakeFirst();
    if (!parent || parent.origin_type !== input.originType || parent.origin_id !== input.originId) throw fail.notFound();
    if (parent.parent_id !== null) throw fail.badRequest(COMMENT_MSG.commentReplyToReply);
  }
  const row = await trx
    .insertInto('comments')
    .values({
      client_id: clientId,
      origin_type: input.originType,
      origin_id: input.originId,
      origin_url: input.originUrl,
      origin_pattern: input.originPattern,
      parent_id: input.parentId,
      author_id: userId,
      text: isBlank(text) ? '' : text,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.picturesFiles?.length) {
    await storeUploads(trx, files, club, input.picturesFiles, { type: COMMENT_FILE_RELATIONS.image, id: row.id }, { imagesOnly: COMMENT_MSG.picturesOnlyImages });
  }
  if (input.filesFiles?.length) await storeUploads(trx, files, club, input.filesFiles, { type: COMMENT_FILE_RELATIONS.file, id: row.id });
  return { success: true as const, id: row.id, message: MSG.commentAdded };
}

/** The comment's record, for the ability check of a change to the comment. */
async function commentOf(trx: Tx, club: ClubContext, commentId: number) {
  const c = await trx
    .selectFrom('comments')
    .select(['id', 'author_id', 'origin_type', 'origin_id'])
    .where('client_id', '=', club.clientId)
    .where('id', '=', commentId)
    .executeTakeFirst();
  if (!c) throw fail.notFound();
  return c;
}

/** Marks a comment and its replies read for the viewer. */
export async function markCommentRead(trx: Tx, club: ClubContext, commentId: number) {
  const c = await commentOf(trx, club, commentId);
  await assertCommentRecord(trx, club, c, 'read');
  const rows = await trx
    .selectFrom('comments')
    .select('id')
    .where('client_id', '=', club.clientId)
    .where((eb) => eb.or([eb('id', '=', commentId), eb('parent_id', '=', commentId)]))
    .execute();
  await trx
    .insertInto('comment_reads')
    .values(rows.map((r) => ({ client_id: club.clientId, comment_id: r.id, user_id: club.userId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { success: true as const, message: COMMENT_MSG.commentRead };
}

/** Only the author deletes; replies, read marks and the attachments of both go with it. */
export async function deleteComment(trx: Tx, files: CallFiles, club: ClubContext, commentId: number) {
  const c = await commentOf(trx, club, commentId);
  await assertCommentRecord(trx, club, c, 'update');
  if (c.author_id !== club.userId) throw fail.forbidden(COMMENT_MSG.commentOnlyAuthor);
  const removed = await trx
    .deleteFrom('comments')
    .where('client_id', '=', club.clientId)
    .where((eb) => eb.or([eb('id', '=', c.id), eb('parent_id', '=', c.id)]))
    .returning('id')
    .execute();
  const attached = await trx
    .selectFrom('files')
    .select('id')
    .where('client_id', '=', club.clientId)
    .where('relation_type', 'in', COMMENT_FILE_RELATION_TYPES)
    .where(
      'relation_id',
      'in',
      removed.map((r) => r.id),
    )
    .execute();
  await deleteFiles(
    trx,
    files,
    club.clientId,
    attached.map((f) => f.id),
  );
  return { success: true as const, message: MSG.commentDeleted };
}

async function assertCommentRecord(trx: Tx, club: ClubContext, c: { origin_type: string; origin_id: number }, access: 'read' | 'update') {
  if (!isAttachmentRelation(c.origin_type)) throw fail.notFound();
  await assertRecord(trx, club, c.origin_type, c.origin_id, access);
}
