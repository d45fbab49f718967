import type { Tx } from '@klubhus/db';
import { COMMENTS_PAGE_SIZE, COMMENT_MSG, id, MSG, ZCommentAddRequest, ZCommentListRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import { assertRelation, deleteFileRows, fileStorage, fileUrl, removeStored, storeUploads, withFileCleanup } from '../files/service';
import { fail, router, staffProcedure } from '../trpc';
import { isBlank, sanitizeComment } from './sanitize';

const IMAGE_RELATION = 'comment-image';
const FILE_RELATION = 'comment-file';

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

export const commentsRouter = router({
  /** One page (10) of top-level comments of a record, newest first, each with its replies; unread counts the viewer's unread. */
  list: staffProcedure.input(ZCommentListRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const { clientId, userId } = ctx.club;
      await assertRelation(trx, ctx.club, input.originType, input.originId);
      const origin = (q: ReturnType<typeof commentQuery>) => q.where('comments.origin_type', '=', input.originType).where('comments.origin_id', '=', input.originId);
      const top = (await origin(commentQuery(trx, clientId, userId))
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
            .select(['id', 'file_name', 'mime_type', 'relation_type', 'relation_id'])
            .where('client_id', '=', clientId)
            .where('relation_type', 'in', [IMAGE_RELATION, FILE_RELATION])
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
        /** Only the author may delete (SPEC §6). */
        canDelete: c.author_id === userId,
        images: files
          .filter((f) => f.relation_type === IMAGE_RELATION && f.relation_id === c.id)
          .map((f) => ({ id: f.id, fileName: f.file_name, filePath: fileUrl(f.id) as string })),
        files: files
          .filter((f) => f.relation_type === FILE_RELATION && f.relation_id === c.id)
          .map((f) => ({ id: f.id, fileName: f.file_name, filePath: fileUrl(f.id) as string })),
      });
      return {
        comments: top.map((c) => ({ ...shape(c), replies: replies.filter((r) => r.parent_id === c.id).map(shape) })),
        totalComments: counts.total,
        unread: counts.unread,
      };
    }),
  ),

  /** Adds a comment (or a reply to a top-level comment); text required unless an image or file is attached. */
  add: staffProcedure.input(ZCommentAddRequest).mutation(async ({ ctx, input }) => {
    const storage = fileStorage(ctx.deps.config);
    const text = sanitizeComment(input.text ?? '');
    const attachments = (input.picturesFiles?.length ?? 0) + (input.filesFiles?.length ?? 0);
    if (isBlank(text) && attachments === 0) throw fail.badRequest(COMMENT_MSG.commentRequired);
    const { clientId, userId } = ctx.club;
    const created = await withFileCleanup(storage, (written) =>
      ctx.tx(async (trx) => {
        await assertRelation(trx, ctx.club, input.originType, input.originId);
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
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        if (input.picturesFiles?.length) {
          await storeUploads(trx, storage, ctx.club, input.picturesFiles, { type: IMAGE_RELATION, id: row.id }, written, {
            imagesOnly: 'Billeder skal være billeder (PNG, JPEG, GIF eller WebP)',
          });
        }
        if (input.filesFiles?.length) await storeUploads(trx, storage, ctx.club, input.filesFiles, { type: FILE_RELATION, id: row.id }, written);
        return row;
      }),
    );
    return { success: true as const, id: created.id, message: MSG.commentAdded };
  }),

  /** Marks a comment and its replies read for the viewer. */
  markRead: staffProcedure.input(z.object({ id })).mutation(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const { clientId, userId } = ctx.club;
      const rows = await trx
        .selectFrom('comments')
        .select('id')
        .where('client_id', '=', clientId)
        .where((eb) => eb.or([eb('id', '=', input.id), eb('parent_id', '=', input.id)]))
        .execute();
      if (!rows.some((r) => r.id === input.id)) throw fail.notFound();
      await trx
        .insertInto('comment_reads')
        .values(rows.map((r) => ({ client_id: clientId, comment_id: r.id, user_id: userId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { success: true as const, message: COMMENT_MSG.commentRead };
    }),
  ),

  /** Only the author deletes; replies and attachments go with it. */
  delete: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const { clientId, userId } = ctx.club;
    const keys = await ctx.tx(async (trx) => {
      const c = await trx.selectFrom('comments').select(['id', 'author_id']).where('client_id', '=', clientId).where('id', '=', input.id).executeTakeFirst();
      if (!c) throw fail.notFound();
      if (c.author_id !== userId) throw fail.forbidden(COMMENT_MSG.commentOnlyAuthor);
      const replies = await trx.selectFrom('comments').select('id').where('client_id', '=', clientId).where('parent_id', '=', c.id).execute();
      const all = [c.id, ...replies.map((r) => r.id)];
      const files = await trx
        .selectFrom('files')
        .select('id')
        .where('client_id', '=', clientId)
        .where('relation_type', 'in', [IMAGE_RELATION, FILE_RELATION])
        .where('relation_id', 'in', all)
        .execute();
      const removed = await deleteFileRows(trx, clientId, { ids: files.map((f) => f.id) });
      await trx.deleteFrom('comments').where('client_id', '=', clientId).where('id', '=', c.id).execute();
      return removed;
    });
    await removeStored(fileStorage(ctx.deps.config), keys);
    return { success: true as const, message: MSG.commentDeleted };
  }),
});
