import { ZCommentAddRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes } from './route';

const upload = (body: Record<string, unknown>, name: string) => {
  const f = (body.files as Record<string, unknown[]> | undefined)?.[name];
  return f?.length ? f : undefined;
};

export const commentRoutes = defineRoutes('Comments', [
  {
    method: 'GET',
    url: '/api/comments/:id',
    summary: 'Comments of a record ({id} = origin id; ?type=company&skip=0) -> {comments, totalComments, unread}, 10 per page',
    query: z.object({ type: z.string().optional(), originType: z.string().optional(), skip: z.string().optional() }),
    handler: async (call, { params, query }) => {
      const q = query as Record<string, string | undefined>;
      return call.comments.list({ originId: params.id, originType: q.type ?? q.originType ?? q.origin ?? '', skip: q.skip ?? 0 } as never);
    },
  },
  {
    method: 'POST',
    url: '/api/comments/:id',
    summary: 'Add a comment to a record ({id} = origin id; form: text, originType, originUrl, originPattern, parentId, picturesFiles, filesFiles)',
    body: ZCommentAddRequest,
    multipart: true,
    handler: async (call, { params, body }) => {
      const r = await call.comments.add({
        ...body,
        files: undefined,
        originId: params.id,
        originType: body.originType ?? body.origin,
        picturesFiles: upload(body, 'picturesFiles') ?? body.picturesFiles,
        filesFiles: upload(body, 'filesFiles') ?? body.filesFiles,
      } as never);
      return { success: true, result: r.id, message: r.message };
    },
  },
  {
    method: 'POST',
    url: '/api/comments/:id/read',
    summary: 'Mark a comment (and its replies) read for me',
    handler: async (call, { params }) => call.comments.markRead({ id: params.id } as never),
  },
  {
    method: 'DELETE',
    url: '/api/comments/:id',
    summary: 'Delete a comment (author only)',
    handler: async (call, { params }) => call.comments.delete({ id: params.id } as never),
  },
]);
