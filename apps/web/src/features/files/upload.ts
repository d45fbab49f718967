import { MSG } from '@klubhus/domain/messages';

/** The legacy REST envelope of SPEC §7: {success, result, error, data, message}. */
export interface RestEnvelope<T = unknown> {
  success?: boolean;
  result?: T;
  error?: string | null;
  message?: string;
  data?: unknown;
}

/** A REST call that failed: `message` is the server's Danish text (or 'Der opstod en ukendt fejl!'). */
export class RestError extends Error {}

/**
 * Appends a values object the way the REST adapters read multipart bodies
 * (DESIGN.md): strings and numbers as they are, booleans as 'true'/'false',
 * null as 'null', objects and arrays JSON-encoded; undefined is left out.
 */
export function appendFields(fd: FormData, values: Record<string, unknown>) {
  for (const [key, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (v === null) fd.append(key, 'null');
    else if (typeof v === 'object') fd.append(key, JSON.stringify(v));
    else fd.append(key, String(v));
  }
}

/** POST multipart to a REST URL of SPEC §7 (files under their field names); throws RestError with the server's text. */
export async function postMultipart<T = unknown>(url: string, values: Record<string, unknown>, files: Record<string, File[]> = {}): Promise<RestEnvelope<T>> {
  const fd = new FormData();
  appendFields(fd, values);
  for (const [field, list] of Object.entries(files)) for (const f of list) fd.append(field, f, f.name);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: fd, credentials: 'same-origin' });
  } catch {
    throw new RestError(MSG.unknownError);
  }
  let body: RestEnvelope<T> | null = null;
  try {
    body = (await res.json()) as RestEnvelope<T>;
  } catch {
    body = null;
  }
  if (!res.ok || !body || body.success === false) throw new RestError(body?.error || MSG.unknownError);
  return body;
}

/** Saves a Blob under a file name (export downloads). */
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

/** '12 kB', '1,4 MB' */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} kB`;
  return `${(n / 1024 / 1024).toLocaleString('da-DK', { maximumFractionDigits: 1 })} MB`;
}

/** 'YYYY-MM-DD' (or an ISO timestamp) as a Danish date: '24.12.2026'. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y, m - 1, d).toLocaleDateString('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric' });
  }
  const dt = value instanceof Date ? value : new Date(value);
  return Number.isNaN(dt.getTime()) ? '' : dt.toLocaleDateString('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** Date and time the Danish way: '24.12.2026 14.30'. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const dt = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(dt.getTime())) return '';
  return dt.toLocaleString('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
