import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cvrApi, cvrFromEnv, localDiskStorage, mapCvrApiResponse, newStorageKey, offlineCvr, s3Storage, signV4, storageFromEnv } from '../src';

/** A real cvrapi.dk v6 response (INTEGRATIONS.md §6), as recorded. */
const RECORDED_SALDI = {
  vat: 20756438,
  name: 'Saldi.dk ApS',
  address: 'Gefionsvej 13, 1',
  zipcode: '3400',
  city: 'Hillerød',
  cityname: null,
  protected: false,
  phone: '46902208',
  email: 'phr@danosoft.dk',
  fax: null,
  startdate: '29/12 - 1997',
  enddate: null,
  employees: '2-4',
  addressco: null,
  industrycode: 620100,
  industrydesc: 'Computerprogrammering',
  companycode: 80,
  companydesc: 'Anpartsselskab',
  creditstartdate: null,
  creditbankrupt: false,
  creditstatus: null,
  owners: [{ name: 'Peter Rude' }],
  productionunits: [],
  t: 100,
  version: 6,
};

function recordedFetch(status: number, body: unknown) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = async (url: string, init?: { headers?: Record<string, string> }) => {
    calls.push({ url, headers: init?.headers ?? {} });
    return { ok: status >= 200 && status < 300, status, json: async () => body };
  };
  return { fetch, calls };
}

describe('CVR look-up', () => {
  it('is off by default and says so', async () => {
    expect(cvrFromEnv({})).toBe(offlineCvr);
    expect(offlineCvr.enabled).toBe(false);
    expect(await offlineCvr.search('Saldi')).toEqual([]);
    expect(cvrFromEnv({ CVR_API_URL: 'https://cvrapi.dk/api', CVR_API_USER_AGENT: 'Klubhus - CRM - test@example.dk' }).enabled).toBe(true);
  });

  it('maps a recorded cvrapi.dk response and sends the mandatory User-Agent', async () => {
    const rec = recordedFetch(200, RECORDED_SALDI);
    const cvr = cvrApi({ url: 'https://cvrapi.dk/api', userAgent: 'Klubhus - CRM - drift@klubhus.dk', fetch: rec.fetch });
    expect(await cvr.search('Saldi')).toEqual([
      { name: 'Saldi.dk ApS', cvr: '20756438', address: 'Gefionsvej 13, 1', zipCode: '3400', city: 'Hillerød', email: 'phr@danosoft.dk', phone: '46902208', website: null },
    ]);
    const url = new URL(rec.calls[0].url);
    expect(url.searchParams.get('search')).toBe('Saldi');
    expect(url.searchParams.get('country')).toBe('dk');
    expect(rec.calls[0].headers['User-Agent']).toBe('Klubhus - CRM - drift@klubhus.dk');
  });

  it('searches 8 digits as a CVR number', async () => {
    const rec = recordedFetch(200, RECORDED_SALDI);
    await cvrApi({ url: 'https://cvrapi.dk/api', userAgent: 'x', fetch: rec.fetch }).search('2075 6438');
    expect(new URL(rec.calls[0].url).searchParams.get('vat')).toBe('20756438');
  });

  it('NOT_FOUND is no result; quota and ban errors (HTTP 200 with error) are errors', async () => {
    const notFound = recordedFetch(404, { error: 'NOT_FOUND', t: 0, version: 6 });
    expect(await cvrApi({ url: 'u', userAgent: 'x', fetch: notFound.fetch }).search('Ingen')).toEqual([]);
    const quota = recordedFetch(200, { error: 'QUOTA_EXCEEDED', t: 0, version: 6 });
    await expect(cvrApi({ url: 'u', userAgent: 'x', fetch: quota.fetch }).search('Saldi')).rejects.toThrow('QUOTA_EXCEEDED');
    const banned = recordedFetch(200, { error: 'BANNED', t: 0, version: 6 });
    await expect(cvrApi({ url: 'u', userAgent: 'x', fetch: banned.fetch }).search('Saldi')).rejects.toThrow('BANNED');
  });

  it('pads short CVR numbers and ignores bodies without a company', () => {
    expect(mapCvrApiResponse({ vat: 1234567, name: 'X' })?.cvr).toBe('01234567');
    expect(mapCvrApiResponse({ t: 0 })).toBeNull();
    expect(mapCvrApiResponse(null)).toBeNull();
  });
});

describe('file storage', () => {
  it('local disk: random keys, round trip, delete, no paths outside the root', async () => {
    const root = mkdtempSync(join(tmpdir(), 'klubhus-store-'));
    const s = localDiskStorage(root);
    const key = newStorageKey(3);
    expect(key).toMatch(/^3\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(newStorageKey(3)).not.toBe(key);
    await s.put(key, new TextEncoder().encode('hej'), 'text/plain');
    expect((await s.get(key))?.toString()).toBe('hej');
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    await expect(s.get('../../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(s.put('3/aa/../../x', new Uint8Array(), 'x')).rejects.toThrow('Invalid storage key');
    expect(storageFromEnv(root, {}).kind).toBe('local');
  });

  it('SigV4 matches the AWS S3 documentation example (GET Object)', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.Authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('S3 adapter sends signed path-style requests and maps 404 to null', async () => {
    const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
    const fake = (async (url: URL, init: { method: string; headers: Record<string, string> }) => {
      calls.push({ url: String(url), method: init.method, headers: init.headers });
      return new Response(init.method === 'GET' ? null : '', { status: init.method === 'GET' ? 404 : 200 });
    }) as unknown as typeof fetch;
    const s = s3Storage({ endpoint: 'https://s3.example.com', region: 'eu-north-1', bucket: 'klubhus', accessKeyId: 'AK', secretAccessKey: 'SK', fetch: fake });
    const key = newStorageKey(1);
    await s.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    expect(await s.get(key)).toBeNull();
    expect(calls[0].url).toBe(`https://s3.example.com/klubhus/${key}`);
    expect(calls[0].headers.Authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/eu-north-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(calls[0].headers['x-amz-content-sha256']).toBe('039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81');
  });
});
