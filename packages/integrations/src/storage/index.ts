import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded bytes live. Keys are random (newStorageKey), never derived
 * from a file name. Local disk under DATA_DIR/files by default; an
 * S3-compatible bucket when S3_BUCKET (and credentials) are configured.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** A fresh random key: two-level fan-out plus 128 random bits. */
export function newStorageKey(clientId: number): string {
  const token = randomBytes(16).toString('hex');
  return `${clientId}/${token.slice(0, 2)}/${token}`;
}

const KEY_PATTERN = /^[0-9]+\/[0-9a-f]{2}\/[0-9a-f]{32}$/;
const assertKey = (key: string) => {
  if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
};

export function localDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertKey(key);
    const p = resolve(join(base, key));
    if (!p.startsWith(base + sep)) throw new Error('Invalid storage key');
    return p;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, data, { flag: 'wx' });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3Options {
  /** e.g. https://s3.eu-north-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Optional key prefix inside the bucket. */
  prefix?: string;
  fetch?: typeof fetch;
  /** For tests: the signing time. */
  now?: () => Date;
}

const sha256hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
const encodeRfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for one request: returns the headers to send
 * (Authorization, x-amz-date, x-amz-content-sha256 plus the given ones).
 */
export function signV4(req: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}): Record<string, string> {
  const amzDate = req.date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...req.headers, host: req.url.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': req.payloadHash };
  const lower = Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).trim().replace(/\s+/g, ' ')] as const);
  lower.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = lower.map(([k]) => k).join(';');
  const canonicalHeaders = lower.map(([k, v]) => `${k}:${v}\n`).join('');
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = req.url.pathname
    .split('/')
    .map((seg) => encodeRfc3986(decodeURIComponent(seg)))
    .join('/');
  const canonicalRequest = [req.method, path || '/', query, canonicalHeaders, signedHeaders, req.payloadHash].join('\n');
  const scope = `${day}/${req.region}/${req.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${req.secretAccessKey}`, day);
  const kRegion = hmac(kDate, req.region);
  const kService = hmac(kRegion, req.service);
  const kSigning = hmac(kService, 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  const out: Record<string, string> = { ...headers };
  delete out.host;
  out.Authorization = `AWS4-HMAC-SHA256 Credential=${req.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return out;
}

/** S3-compatible object storage (path-style URLs), signed with SigV4 over fetch. */
export function s3Storage(opts: S3Options): FileStorage {
  const doFetch = opts.fetch ?? fetch;
  const urlOf = (key: string) => {
    assertKey(key);
    const base = opts.endpoint.replace(/\/+$/, '');
    return new URL(`${base}/${opts.bucket}/${opts.prefix ? `${opts.prefix.replace(/\/+$/, '')}/` : ''}${key}`);
  };
  const send = async (method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) => {
    const url = urlOf(key);
    const signed = signV4({
      method,
      url,
      headers,
      payloadHash: sha256hex(body ?? ''),
      region: opts.region,
      service: 's3',
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      date: opts.now?.() ?? new Date(),
    });
    return doFetch(url, { method, headers: signed, body: body as unknown as RequestInit['body'] });
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const res = await send('PUT', key, data, { 'content-type': contentType });
      if (!res.ok) throw new Error(`S3 PUT failed: ${res.status}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed: ${res.status}`);
    },
  };
}

/**
 * The storage the environment asks for: S3 when S3_BUCKET, S3_ENDPOINT,
 * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set (S3_REGION defaults to
 * us-east-1), else local disk under dataDir/files.
 */
export function storageFromEnv(dataDir: string, env: Record<string, string | undefined> = process.env): FileStorage {
  if (env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? 'us-east-1',
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      prefix: env.S3_PREFIX,
    });
  }
  return localDiskStorage(join(dataDir, 'files'));
}
