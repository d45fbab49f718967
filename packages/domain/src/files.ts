import { z } from 'zod';
import { ATTACHMENT_RELATION_TYPES } from './attachments';
import { id } from './validation';

/** Texts of files and attachments. */
export const FILE_MSG = {
  fileNotFound: 'Filen blev ikke fundet.',
  fileTooLarge: 'Filen må maksimalt være 10 MB',
  fileTypeRefused: 'Filtypen er ikke tilladt. Tilladt: billeder (PNG, JPEG, GIF, WebP), PDF, Office-dokumenter, tekst og CSV.',
  noFiles: 'Vælg mindst én fil',
  relationUnknown: 'Ukendt relation',
  fileDeleted: 'Filen blev slettet!',
  filesUploaded: 'Filen blev uploadet!',
} as const;

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Bytes a base64 text (with or without a data: prefix) decodes to, without decoding it. */
export function base64Bytes(base64: string): number {
  const body = base64.replace(/^data:[^,]*,/, '');
  const len = body.replace(/\s/g, '').length;
  const pad = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((len * 3) / 4) - pad);
}

/**
 * The one upload shape (DESIGN.md): a file's name, its mime type as the browser saw it and its bytes —
 * base64 over tRPC (the web app, lib/transfer.ts `toUpload`), raw bytes from a REST adapter's multipart
 * part. At most MAX_FILE_BYTES, else 'Filen må maksimalt være 10 MB'; the type is checked from the bytes.
 */
export const ZUpload = z.object({
  filename: z.string().trim().min(1).max(255),
  mimetype: z.string().optional(),
  data: z
    .union([z.instanceof(Uint8Array), z.string()])
    .refine((d) => (typeof d === 'string' ? base64Bytes(d) : d.length) <= MAX_FILE_BYTES, { error: FILE_MSG.fileTooLarge }),
});
export type TUpload = z.input<typeof ZUpload>;
/** Uploads one request may carry (one field, or all of a comment's fields), as a REST form may (MULTIPART_LIMITS.files). */
export const MAX_UPLOADS = 20;
/** Up to 20 uploads of one field. */
export const uploads = z.array(ZUpload).max(MAX_UPLOADS).nullish();

/** A file reference on a record: undefined keeps the current one, null or '' removes it, a number sets it. */
export const fileRef = z
  .preprocess(
    // A file URL as the API hands it out (/api/files/12) counts as its id.
    (v) => (typeof v === 'string' && /^\/api\/files\/\d+$/.test(v) ? Number(v.split('/').pop()) : v),
    z.union([z.literal(''), z.null(), z.coerce.number().int().positive()], { error: 'Ugyldig fil' }).optional(),
  )
  .transform((v) => (v === undefined ? undefined : typeof v === 'number' ? v : null));

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const isImageMime = (mime: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(mime);

/** A record type from a request: one of ATTACHMENT_RELATIONS, else 'Ukendt relation'. */
export const relationType = z.enum(ATTACHMENT_RELATION_TYPES, { error: FILE_MSG.relationUnknown });

export const ZFileListRequest = z.object({ relationType, relationId: id });

/** Files always belong to a record (an upload without one would be an orphan nobody can reach). */
export const ZFileUploadRequest = z.object({
  relationType,
  relationId: id,
  files: z.array(ZUpload, { error: FILE_MSG.noFiles }).min(1, FILE_MSG.noFiles).max(MAX_UPLOADS),
});

const startsWith = (b: Uint8Array, sig: number[], offset = 0) => sig.every((x, i) => b[offset + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * The type of a file from its bytes (magic numbers), never from its name:
 * png, jpeg, gif, webp, pdf, Office Open XML (docx/xlsx/pptx by the zip's
 * entries) and plain text/csv (valid UTF-8 without control bytes).
 * Returns null for anything else.
 */
export function detectFileType(bytes: Uint8Array, fileName = ''): { mime: string; ext: string } | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Office Open XML: the zip's local file names say which kind.
    const head = ascii(bytes, 0, Math.min(bytes.length, 64 * 1024));
    if (!head.includes('[Content_Types].xml')) return null;
    if (head.includes('word/')) return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };
    if (head.includes('xl/')) return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
    if (head.includes('ppt/')) return { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' };
    return null;
  }
  if (isPlainText(bytes)) {
    const csv = /\.csv$/i.test(fileName);
    return csv ? { mime: 'text/csv', ext: 'csv' } : { mime: 'text/plain', ext: 'txt' };
  }
  return null;
}

function isPlainText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  for (const b of sample) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length < bytes.length ? trimUtf8(sample) : sample);
    return !/<\s*(script|html|svg|iframe)/i.test(new TextDecoder().decode(sample));
  } catch {
    return false;
  }
}

/** Drops a UTF-8 sequence cut at the end of a sample. */
function trimUtf8(b: Uint8Array): Uint8Array {
  const end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const c = b[end - i];
    if ((c & 0xc0) === 0xc0) return b.subarray(0, end - i);
    if ((c & 0x80) === 0) break;
  }
  return b;
}

/** A file of a record as the API hands it out; filePath is where to fetch it (/api/files/{id}). */
export const ZFileResponse = z.object({
  id: z.number().int(),
  fileName: z.string(),
  filePath: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  relationType: z.string().nullable(),
  relationId: z.number().int().nullable(),
  createDate: z.date(),
});
export const ZFileListResponse = z.array(ZFileResponse);
export const ZFileUploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  files: z.array(z.object({ id: z.number().int(), fileName: z.string(), filePath: z.string(), mimeType: z.string(), size: z.number().int() })),
});
/** The bytes of a file for GET /api/files/{id}. */
export const ZFileDownloadResponse = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  data: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
});
