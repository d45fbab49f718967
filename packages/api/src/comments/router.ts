import { id, ZCommentAddRequest, ZCommentAddResponse, ZCommentListRequest, ZCommentListResponse, ZSuccessResponse } from '@klubhus/domain';
import { z } from 'zod';
import { router, staffProcedure } from '../trpc';
import { addComment, deleteComment, listComments, markCommentRead } from './service';

const byId = z.object({ id });

/** Comments on records: staff of the club, with the abilities of the record's subject. */
export const commentsRouter = router({
  list: staffProcedure.input(ZCommentListRequest).output(ZCommentListResponse).query(({ ctx, input }) => listComments(ctx.trx, ctx.club, input)),
  add: staffProcedure.input(ZCommentAddRequest).output(ZCommentAddResponse).mutation(({ ctx, input }) => addComment(ctx.trx, ctx.files, ctx.club, input)),
  markRead: staffProcedure.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => markCommentRead(ctx.trx, ctx.club, input.id)),
  delete: staffProcedure.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteComment(ctx.trx, ctx.files, ctx.club, input.id)),
});
