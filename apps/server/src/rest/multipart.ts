import { containsNul, MSG } from '@klubhus/domain';
import { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';

/**
 * What one form may hold (@fastify/multipart's limits): past them the read
 * stops with a 413 in Danish (restError) instead of buffering without end.
 */
export const MULTIPART_LIMITS = {
  fields: 200,
  fieldSize: 1024 * 1024,
  fieldNameSize: 200,
  parts: 250,
  files: 20,
  fileSize: 10 * 1024 * 1024,
} as const;

/** A field value cut at MULTIPART_LIMITS.fieldSize: refused, never stored truncated. */
class FieldTooLargeError extends Error {
  code = 'FST_FIELD_TOO_LARGE';
}

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * A multipart body as the same object a JSON body would give: each form field
 * by name (objects and arrays JSON-encoded, per DESIGN.md), files under
 * `files` keyed by field name (logoWebFile, bannerPictureFile, …).
 */
export async function readMultipart(req: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const files: Record<string, UploadedFile[]> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      files[part.fieldname] = [
        ...(files[part.fieldname] ?? []),
        { fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data },
      ];
    } else {
      if (part.valueTruncated || part.fieldnameTruncated) throw new FieldTooLargeError(part.fieldname);
      body[part.fieldname] = decodeField(String(part.value ?? ''));
    }
  }
  // PostgreSQL refuses NUL in text: a form field with one is refused here, as a JSON body is in app.ts.
  if (containsNul(body) || Object.keys(files).some((k) => containsNul(k) || files[k].some((f) => containsNul(f.filename)))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MSG.invalidText });
  }
  return { ...body, files };
}

function decodeField(value: string): unknown {
  const t = value.trim();
  if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
    try {
      return JSON.parse(t);
    } catch {
      return value;
    }
  }
  if (t === 'null') return null;
  return value;
}
