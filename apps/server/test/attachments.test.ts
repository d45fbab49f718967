import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { COMPANY_MSG, FILE_MSG, type AttachmentRelation } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, dataDir, PDF, PNG } from './crm/helpers';
import { createTestApp, type TestApp } from './helpers';

/**
 * Comments and files have one owner (packages/api/src/attachments): deleting a
 * record deletes its files, its comments with replies and read marks, the
 * comments' images and files, and every stored byte of them.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof callerFor>>;
let admin: Caller;
let staff: Caller;

/** Every stored object under the callers' storage. */
function storedObjects(): string[] {
  const root = join(dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

const b64 = (b: Buffer) => b.toString('base64');

/** Gives a record a file, a comment with an image and a file, a reply with a file, and read marks. */
async function attachEverything(type: AttachmentRelation, id: number) {
  await admin.files.upload({ relationType: type, relationId: id, files: [{ filename: 'aftale.pdf', data: b64(PDF) }] });
  const comment = await admin.comments.add({
    originType: type,
    originId: id,
    text: 'Se vedhæftet',
    picturesFiles: [{ filename: 'billede.png', data: b64(PNG) }],
    filesFiles: [{ filename: 'bilag.pdf', data: b64(PDF) }],
  });
  await staff.comments.add({ originType: type, originId: id, parentId: comment.id, text: 'Svar', filesFiles: [{ filename: 'svar.pdf', data: b64(PDF) }] });
  await staff.comments.markRead({ id: comment.id });
  return comment.id;
}

async function rowsLeft(type: string, id: number, commentId: number) {
  const owner = t.database.owner;
  const files = await owner
    .selectFrom('files')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('relation_type', '=', type), eb('relation_id', '=', id)]),
        eb.and([eb('relation_type', 'in', ['comment-image', 'comment-file']), eb('relation_id', '>=', commentId)]),
      ]),
    )
    .execute();
  const comments = await owner.selectFrom('comments').select('id').where('origin_type', '=', type).where('origin_id', '=', id).execute();
  const reads = await owner.selectFrom('comment_reads').select('comment_id').where('comment_id', '>=', commentId).execute();
  return { files: files.length, comments: comments.length, reads: reads.length };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await callerFor(t, 'admin@demo.dk');
  staff = await callerFor(t, 'staff@demo.dk');
}, 120_000);
afterAll(() => t.close());

describe('deleting a record deletes its attachments', () => {
  const cases: [AttachmentRelation, () => Promise<number>, (id: number) => Promise<unknown>][] = [
    [
      'company',
      async () => (await admin.companies.update({ name: 'Vedhæft A/S', status: 1, phone: '11223344', logoWebFile: [{ filename: 'logo.png', data: b64(PNG) }] })).id,
      (id) => admin.companies.delete({ id }),
    ],
    [
      'contact',
      async () => (await admin.contacts.update({ firstname: 'Vera', lastname: 'Vedhæft', email: 'vera@vedhaeft.dk', file: [{ filename: 'vera.png', data: b64(PNG) }] })).id,
      (id) => admin.contacts.delete({ id }),
    ],
    ['contact-list', async () => (await admin.contacts.lists.update({ title: 'Vedhæft-listen' })).id, (id) => admin.contacts.lists.delete({ id })],
    ['product', async () => (await admin.products.update({ title: 'Vedhæft-trøje', type: 'product', price: '100' })).id, (id) => admin.products.delete({ id })],
  ];

  for (const [type, create, remove] of cases) {
    it(`${type}: no files row, comment, read mark or stored byte is left`, async () => {
      const stored = storedObjects().length;
      const id = await create();
      const commentId = await attachEverything(type, id);
      expect(storedObjects().length).toBeGreaterThanOrEqual(stored + 4);
      expect(await rowsLeft(type, id, commentId)).toMatchObject({ comments: 2 });

      await remove(id);
      expect(await rowsLeft(type, id, commentId)).toEqual({ files: 0, comments: 0, reads: 0 });
      expect(storedObjects().length).toBe(stored);
    });
  }

  it('deleting a comment deletes its replies, read marks and both their files and bytes', async () => {
    const id = (await admin.companies.update({ name: 'Kommentar A/S', status: 1, phone: '11223344' })).id;
    const stored = storedObjects().length;
    const commentId = await attachEverything('company', id);
    await admin.comments.delete({ id: commentId });
    const left = await rowsLeft('company', id, commentId);
    expect(left).toEqual({ files: 1, comments: 0, reads: 0 });
    expect(storedObjects().length).toBe(stored + 1);
  });
});

describe('stored bytes follow the transaction', () => {
  it('a save that fails after storing an upload leaves no stored byte and no row', async () => {
    const stored = storedObjects().length;
    const files = await t.database.owner.selectFrom('files').select('id').execute();
    // The web logo is stored, then the print logo (a PDF) is refused: the whole call rolls back.
    await expect(
      admin.companies.update({
        name: 'Rul tilbage A/S',
        status: 1,
        phone: '11223344',
        logoWebFile: [{ filename: 'web.png', data: b64(PNG) }],
        logoPrintFile: [{ filename: 'print.pdf', data: b64(PDF) }],
      }),
    ).rejects.toThrow(COMPANY_MSG.logoNotImage);
    expect(storedObjects().length).toBe(stored);
    expect((await t.database.owner.selectFrom('files').select('id').execute()).length).toBe(files.length);
  });

  it('a replaced logo goes with its bytes, after the save', async () => {
    const id = (await admin.companies.update({ name: 'Nyt logo A/S', status: 1, phone: '11223344', logoWebFile: [{ filename: 'a.png', data: b64(PNG) }] })).id;
    const first = (await admin.companies.get({ id })).logoWeb;
    const stored = storedObjects().length;
    await admin.companies.update({ id, name: 'Nyt logo A/S', status: 1, phone: '11223344', logoWebFile: [{ filename: 'b.png', data: b64(PNG) }] });
    const second = (await admin.companies.get({ id })).logoWeb;
    expect(second).not.toBe(first);
    expect(storedObjects().length).toBe(stored);
    expect(await t.database.owner.selectFrom('files').select('id').where('id', '=', first as number).executeTakeFirst()).toBeUndefined();
  });
});

describe('uploads', () => {
  it('are refused without a record', async () => {
    const before = (await t.database.owner.selectFrom('files').select('id').execute()).length;
    await expect(admin.files.upload({ relationType: 'company', relationId: null as never, files: [{ filename: 'a.png', data: b64(PNG) }] })).rejects.toThrow(
      'Ugyldigt id',
    );
    const res = await t.request('POST', '/api/files/upload', { cookie: await t.login('admin@demo.dk'), body: { relationType: 'company', files: [] } });
    expect(res.statusCode).toBe(400);
    expect((await t.database.owner.selectFrom('files').select('id').execute()).length).toBe(before);
  });

  it('lose bidirectional control characters from their names', async () => {
    const id = (await admin.companies.update({ name: 'Navne A/S', status: 1, phone: '11223344' })).id;
    // "faktura\u202Efdp.exe" would display as "fakturaexe.pdf".
    const r = await admin.files.upload({ relationType: 'company', relationId: id, files: [{ filename: 'faktura\u202Efdp.exe\u2066.pdf', data: b64(PDF) }] });
    expect(r.files[0].fileName).toBe('fakturafdp.exe.pdf');
    expect(r.files[0].fileName).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('of an unknown record type are refused in Danish', async () => {
    await expect(admin.files.list({ relationType: 'hemmelig' as never, relationId: 1 })).rejects.toThrow(FILE_MSG.relationUnknown);
  });
});
