import { FILE_MSG, MAX_FILE_BYTES, MSG } from '@klubhus/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { PDF, PNG } from './helpers';

// The web app's one way to the server (issue 10): uploads as ZUpload (base64) inside tRPC calls and
// exports as base64 from a tRPC procedure, over HTTP as the browser sends them; never the REST adapters.

let t: TestApp;
let staff: string;

const upload = (filename: string, bytes: Buffer, mimetype = 'application/octet-stream') => ({ filename, mimetype, data: bytes.toString('base64') });

/** A tRPC mutation as the web client's link sends it (POST /trpc/<path>, the input as JSON). */
async function mutate(path: string, input: unknown, cookie = staff) {
  const res = await t.request('POST', `/trpc/${path}`, { cookie, body: input as object });
  const body = res.json();
  return { status: res.statusCode, data: body.result?.data, error: body.error?.message as string | undefined };
}
async function query(path: string, input: unknown) {
  const res = await t.request('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { cookie: staff });
  expect(res.statusCode).toBe(200);
  return res.json().result.data;
}
/** The bytes behind a file link the API hands out. */
async function bytesAt(url: string) {
  const res = await t.request('GET', url, { cookie: staff });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
const snapshot = async (...tables: string[]) =>
  JSON.stringify(await Promise.all(tables.map(async (table) => (await sql`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(t.database.owner)).rows)));

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('staff@demo.dk');
}, 120_000);
afterAll(() => t.close());

describe('uploads through tRPC (base64 ZUpload)', () => {
  it('a company logo comes back byte for byte', async () => {
    const saved = await mutate('companies.update', { name: 'Transport A/S', status: 0, cvr: '31313131', logoWebFile: [upload('logo.png', PNG, 'image/png')] });
    expect(saved).toMatchObject({ status: 200, data: { created: true } });
    const company = await query('companies.get', { id: saved.data.id });
    expect(company.logoWebUrl).toMatch(/^\/api\/files\/\d+$/);
    expect(await bytesAt(company.logoWebUrl)).toEqual(PNG);
  });

  it('a contact picture comes back byte for byte', async () => {
    const saved = await mutate('contacts.update', { firstname: 'Tine', lastname: 'Transport', email: 'tine@transport.dk', pictureFile: [upload('tine.png', PNG, 'image/png')] });
    expect(saved.status).toBe(200);
    const contact = await query('contacts.get', { id: saved.data.id });
    expect(await bytesAt(contact.pictureUrl)).toEqual(PNG);
  });

  it('files of a record and comment attachments come back byte for byte, above the 2 MB of other requests', async () => {
    const company = await mutate('companies.update', { name: 'Filer A/S', status: 0, cvr: '32323232' });
    // 9 MB: 12 MB of base64, above the body limit of any other request.
    const big = Buffer.concat([PDF, Buffer.alloc(9 * 1024 * 1024 - PDF.length, 0x20)]);
    const r = await mutate('files.upload', { relationType: 'company', relationId: company.data.id, files: [upload('aftale.pdf', PDF), upload('stor.pdf', big)] });
    expect(r).toMatchObject({ status: 200, data: { message: FILE_MSG.filesUploaded } });
    expect(await bytesAt(r.data.files[0].filePath)).toEqual(PDF);
    // (Buffer.equals: toEqual walks 9 MB byte by byte for a minute.)
    expect((await bytesAt(r.data.files[1].filePath)).equals(big)).toBe(true);

    const c = await mutate('comments.add', {
      originType: 'company',
      originId: company.data.id,
      text: '<p>Se bilag</p>',
      picturesFiles: [upload('billede.png', PNG, 'image/png')],
      filesFiles: [upload('bilag.pdf', PDF)],
    });
    expect(c.status).toBe(200);
    const list = await query('comments.list', { originType: 'company', originId: company.data.id });
    const comment = list.comments.find((x: { id: number }) => x.id === c.data.id);
    expect(await bytesAt(comment.images[0].filePath)).toEqual(PNG);
    expect(await bytesAt(comment.files[0].filePath)).toEqual(PDF);
  });

  it('refuses an upload over 10 MB in Danish and changes nothing', async () => {
    const company = await mutate('companies.update', { name: 'Stor A/S', status: 0, cvr: '33333333' });
    const before = await snapshot('files', 'companies', 'comments');
    const tooBig = Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES + 1 - PDF.length, 0x20)]);
    for (const [path, input] of [
      ['files.upload', { relationType: 'company', relationId: company.data.id, files: [upload('stor.pdf', tooBig)] }],
      ['companies.update', { id: company.data.id, name: 'Stor A/S', status: 0, cvr: '33333333', logoWebFile: [upload('stor.png', tooBig, 'image/png')] }],
      ['comments.add', { originType: 'company', originId: company.data.id, text: '<p>x</p>', filesFiles: [upload('stor.pdf', tooBig)] }],
    ] as const) {
      const r = await mutate(path, input);
      expect(r.status, path).toBe(400);
      expect(r.error, path).toBe(FILE_MSG.fileTooLarge);
    }
    expect(await snapshot('files', 'companies', 'comments')).toBe(before);
  });

  it('without a session a large body is refused before it is read', async () => {
    const res = await t.request('POST', '/trpc/files.upload', { body: { files: [upload('x.pdf', Buffer.alloc(3 * 1024 * 1024))] } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: MSG.requestTooLarge });
  });
});

describe('export through tRPC (base64)', () => {
  it('Virksomheder.xlsx of the search and sort, read back with exceljs', async () => {
    const input = { search: 'aarhus', sort: { field: 'Name', dir: 'desc' } };
    const r = await mutate('companies.export', input);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ fileName: 'Virksomheder.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.data.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Virksomheder');
    expect(ws?.getRow(1).getCell(1).value).toBe('Navn');
    const listed = (await query('companies.list', { ...input, perPage: 1000 })).rows.map((c: { name: string }) => c.name);
    expect(listed.length).toBeGreaterThan(1);
    expect(ws?.rowCount).toBe(listed.length + 1);
    expect(listed.map((_: string, i: number) => ws?.getRow(i + 2).getCell(1).value)).toEqual(listed);
  });
});
