import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random token of 160 bits for cookies and e-mailed links (the Lucia guide's way). */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What the database stores instead of a token: a leaked table gives no usable tokens. */
export function hashToken(token: string): string {
  // Node's native SHA-256 (every call hashes its session cookie): the same hex as @oslojs's sha256.
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
