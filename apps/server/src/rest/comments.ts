import { ZCommentAddRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, formFiles, idParam } from './route';

export const commentRoutes = defineRoutes('Comments', [
  {
    method: 'GET',
    url: '/api/comments/:id',
    summary: 'Comments of a record ({id} = origin id; ?type=company&skip=0) -> {comments, totalComments, unread}, 10 per page',
    query: z.object({ type: z.string().optional(), originType: z.string().optional(), skip: z.string().optional() }),
    handler: async (call, { params, query }) => {
      const q = query as Record<string, string | undefined>;
      return call.comments.list({ originId: params.id, originType: q.type ?? q.originType ?? q.origin ?? '', skip: q.skip ?? 0 });
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
        picturesFiles: formFiles(body, 'picturesFiles') ?? body.picturesFiles,
        filesFiles: formFiles(body, 'filesFiles') ?? body.filesFiles,
      });
      return { success: true, result: r.id, message: r.message };
    },
  },
  {
    method: 'POST',
    url: '/api/comments/:id/read',
    summary: 'Mark a comment (and its replies) read for me',
    handler: async (call, input) => call.comments.markRead(idParam(input)),
  },
  {
    method: 'DELETE',
    url: '/api/comments/:id',
    summary: 'Delete a comment (author only)',
    handler: async (call, input) => call.comments.delete(idParam(input)),
  },
]);
