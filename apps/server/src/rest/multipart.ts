import type { FastifyRequest } from 'fastify';

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
      body[part.fieldname] = decodeField(String(part.value ?? ''));
    }
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
