import { isImageMime } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, idParam } from './route';

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const fileRoutes = defineRoutes('Files', [
  {
    method: 'GET',
    url: '/api/files',
    summary: 'Files of a record: ?relationType=company&relationId=1 -> {success, result: [{id, fileName, filePath, mimeType, size}]}',
    query: z.object({ relationType: z.string(), relationId: z.string() }),
    handler: async (call, { query }) => {
      const q = query as Record<string, string | undefined>;
      return { success: true, result: await call.files.list({ relationType: q.relationType ?? '', relationId: q.relationId }) };
    },
  },
  {
    method: 'POST',
    url: '/api/files/upload',
    summary: 'Upload files (multipart: files, relationId, relationType); type from the bytes, max 10 MB each',
    multipart: true,
    handler: async (call, { body }) => {
      const uploaded = (body.files as Record<string, unknown[]> | undefined) ?? {};
      const files = Object.values(uploaded).flat();
      const r = await call.files.upload({ relationType: body.relationType, relationId: body.relationId, files });
      return { success: true, result: r.files, message: r.message };
    },
  },
  {
    method: 'GET',
    url: '/api/files/:id',
    summary: 'The file: attachment (images inline), nosniff, only to its club',
    handler: async (call, input) => {
      const f = await call.files.download(idParam(input));
      const { reply } = input;
      return reply
        .header('content-type', f.mimeType)
        .header('content-length', String(f.data.length))
        .header('content-disposition', disposition(isImageMime(f.mimeType) ? 'inline' : 'attachment', f.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(f.data);
    },
  },
  {
    method: 'DELETE',
    url: '/api/files/:id',
    summary: 'Delete a file',
    handler: async (call, input) => call.files.delete(idParam(input)),
  },
]);
