import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callerAt, type TestApp } from '../helpers';

/** Where callers of these tests store files (files/ under it). */
export const dataDir = mkdtempSync(join(tmpdir(), 'klubhus-crm-'));

/** A tRPC caller for a demo user with the given club as the session's club. */
export const callerFor = (t: TestApp, email: string, clubName = 'Demo IF') => callerAt(t, email, clubName, dataDir);

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, unknown>, files: { field: string; filename: string; contentType?: string; data: Buffer }[] = []) {
  const boundary = `----klubhus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    const value = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A tiny valid PNG (1x1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
