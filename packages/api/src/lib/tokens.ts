import { createHash, randomFillSync } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

const TOKEN_BYTES = 20;
/**
 * Random bytes for the next tokens, filled from the system's CSPRNG 256 tokens at a time: a fill
 * per token (crypto.getRandomValues) cost ~9 µs of Node CPU more a token, and a booking makes two or
 * three. Each byte is handed out once and cleared.
 */
const pool = new Uint8Array(TOKEN_BYTES * 256);
let used = pool.length;

/** A random token of 160 bits for cookies and e-mailed links (the Lucia guide's way). */
export function generateToken(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.subarray(used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  const token = encodeBase32LowerCaseNoPadding(bytes);
  // The bytes of a token handed out are not kept.
  bytes.fill(0);
  return token;
}

/** What the database stores instead of a token: a leaked table gives no usable tokens. */
export function hashToken(token: string): string {
  // Node's native SHA-256 (every call hashes its session cookie): the same hex as @oslojs's sha256.
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
