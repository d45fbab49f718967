import { MAX_FILE_BYTES, FILE_MSG, type TUpload } from '@klubhus/domain';

/**
 * The web app's one way to move files to and from the server: uploads go inside tRPC calls as
 * ZUpload ({filename, mimetype, data: base64}); exports come back from a tRPC procedure as base64
 * and are saved here. The web app sends nothing to the REST adapters under /api (third parties').
 */

/** A file the user chose, as the upload shape every tRPC procedure takes (ZUpload). Refuses a file over 10 MB in Danish. */
export async function toUpload(file: File): Promise<TUpload & { data: string }> {
  if (file.size > MAX_FILE_BYTES) throw new Error(FILE_MSG.fileTooLarge);
  const buffer = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < buffer.length; i += chunk) binary += String.fromCharCode(...buffer.subarray(i, i + chunk));
  return { filename: file.name, mimetype: file.type, data: btoa(binary) };
}

/** Several files as uploads (in order). */
export const toUploads = (files: File[]) => Promise.all(files.map(toUpload));

/** Saves an export (base64 from a tRPC procedure) as a download under its file name. */
export function saveBase64File(fileName: string, mimeType: string, base64: string) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(new Blob([bytes], { type: mimeType }), fileName);
}

/** Saves a Blob under a file name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The bytes of a base64 string (a PDF handed over by a tRPC procedure). */
export function base64ToBytes(base64: string): Uint8Array {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}
