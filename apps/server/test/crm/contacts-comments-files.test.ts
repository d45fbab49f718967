import type { Tx } from '@klubhus/db';
import { COMMENT_MSG, COMPANY_MSG, CONTACT_MSG, FILE_MSG, MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubId, createTestApp, ORIGIN_HEADERS, type TestApp } from '../helpers';
import { callerFor, multipart, PDF, PNG } from './helpers';

let t: TestApp;
let admin: string;
let staff: string;
let nabo: number;
let demo: number;
type Caller = Awaited<ReturnType<typeof callerFor>>;
let staffCall: Caller;
let adminCall: Caller;
let companyId: number;

const snapshot = async (table: string) => JSON.stringify((await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3`.execute(t.database.owner)).rows);

async function inNabo<T>(fn: (trx: Tx) => Promise<T>) {
  return t.database.owner.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.client_id', ${String(nabo)}, true)`.execute(trx);
    return fn(trx);
  });
}

const upload = (url: string, cookie: string, fields: Record<string, unknown>, files: Parameters<typeof multipart>[1]) => {
  const form = multipart(fields, files);
  return t.app.inject({ method: 'POST', url, headers: { ...ORIGIN_HEADERS, ...form.headers, cookie }, payload: form.body });
};

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
  nabo = await clubId(t.database, 'Nabo BK');
  [admin, staff] = await Promise.all(['admin@demo.dk', 'staff@demo.dk'].map((e) => t.login(e)));
  staffCall = await callerFor(t, 'staff@demo.dk');
  adminCall = await callerFor(t, 'admin@demo.dk');
  companyId = (await staffCall.companies.update({ name: 'Kunde A/S', status: 1, cvr: '12345678' })).id;
}, 120_000);
afterAll(() => t.close());

describe('contacts', () => {
  it('validation: firstname, lastname, valid e-mail; nothing saved', async () => {
    const before = await snapshot('contacts');
    await expect(staffCall.contacts.update({ firstname: '', lastname: 'B', email: 'a@b.dk' })).rejects.toThrow('Fornavn er påkrævet');
    await expect(staffCall.contacts.update({ firstname: 'A', lastname: '', email: 'a@b.dk' })).rejects.toThrow('Efternavn er påkrævet');
    await expect(staffCall.contacts.update({ firstname: 'A', lastname: 'B', email: 'nej' })).rejects.toThrow('E-mail skal være en gyldig e-mail');
    await expect(staffCall.contacts.update({ firstname: 'A', lastname: 'B', email: 'a@b.dk', extraInfo: { kost: { value: 'Kød' } } })).rejects.toThrow(
      'Kostpræferencer skal være en af de mulige værdier',
    );
    const res = await t.request('POST', '/api/contacts/update', { cookie: staff, body: { firstname: 'A', lastname: 'B' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'E-mail er påkrævet' });
    expect(await snapshot('contacts')).toBe(before);
  });

  it('companies and lists must belong to the club', async () => {
    const foreign = await inNabo(async (trx) => ({
      company: (await trx.insertInto('companies').values({ client_id: nabo, name: 'N', cvr: '1' }).returning('id').executeTakeFirstOrThrow()).id,
      list: (await trx.insertInto('contact_lists').values({ client_id: nabo, title: 'N' }).returning('id').executeTakeFirstOrThrow()).id,
    }));
    const before = await snapshot('contacts');
    await expect(staffCall.contacts.update({ firstname: 'A', lastname: 'B', email: 'a@b.dk', companyIds: [foreign.company] })).rejects.toThrow(COMPANY_MSG.companyNotFound);
    await expect(staffCall.contacts.update({ firstname: 'A', lastname: 'B', email: 'a@b.dk', listIds: [foreign.list] })).rejects.toThrow(CONTACT_MSG.listNotFound);
    expect(await snapshot('contacts')).toBe(before);
  });

  it('create with companies, lists and picture (form); get; search; delete-card; delete', async () => {
    const list = await staffCall.contacts.lists.update({ title: 'VIP' });
    expect(list.message).toBe('Kontaktliste blev oprettet!');
    const res = await upload(
      '/api/contacts/update',
      staff,
      { firstname: 'Karen', lastname: 'Kontakt', email: 'Karen@Firma.dk', companyIds: [companyId], listIds: [list.id], highlighted: 'true', extraInfo: { kost: { value: 'Vegetar' } } },
      [{ field: 'file', filename: 'karen.jpg', data: PNG }],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, error: null });
    const id = res.json().data as number;
    const got = (await t.request('GET', `/api/contacts/${id}`, { cookie: staff })).json();
    expect(got.result).toMatchObject({ firstname: 'Karen', email: 'karen@firma.dk', highlighted: true, companyIds: [companyId], listIds: [list.id], paymentCards: [] });
    expect(got.result.extraInfo.kost.value).toBe('Vegetar');
    expect(got.data.companies.map((c: { name: string }) => c.name)).toEqual(['Kunde A/S']);
    const pic = await t.request('GET', got.result.pictureUrl, { cookie: staff });
    expect(pic.headers['content-type']).toBe('image/png');
    const refused = await upload('/api/contacts/update', staff, { id, firstname: 'Karen', lastname: 'Kontakt', email: 'karen@firma.dk' }, [
      { field: 'file', filename: 'karen.png', data: PDF },
    ]);
    expect(refused.json()).toMatchObject({ success: false, error: CONTACT_MSG.pictureNotImage });

    expect((await t.request('GET', `/api/contacts?search=karen&companyId=${companyId}`, { cookie: staff })).json().result.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await staffCall.contacts.search({ search: 'KAREN KONTAKT' })).map((c) => c.id)).toEqual([id]);
    const listed = (await t.request('POST', '/api/contacts', { cookie: staff, body: { search: 'firma.dk' } })).json();
    expect(listed).toMatchObject({ Total: 1, TotalPages: 1 });
    expect(listed.Result[0]).toMatchObject({ Id: id, firstname: 'Karen', lastname: 'Kontakt' });
    const card = await t.request('POST', `/api/contacts/${id}/delete-card`, { cookie: staff, body: { card: { id: 'x' } } });
    expect(card.statusCode).toBe(400);
    expect(card.json().error).toBe(CONTACT_MSG.cardNotFound);

    const lists = (await t.request('GET', '/api/contacts/lists', { cookie: staff })).json();
    expect(lists.Result).toContainEqual(expect.objectContaining({ Id: list.id, Title: 'VIP', contactCount: 1 }));
    const one = (await t.request('GET', `/api/lists/${list.id}`, { cookie: staff })).json();
    expect(one.result.contacts.map((c: { id: number }) => c.id)).toEqual([id]);

    const del = await t.request('DELETE', `/api/contacts/${id}`, { cookie: staff });
    expect(del.json()).toMatchObject({ success: true, message: MSG.contactDeleted });
    expect((await staffCall.contacts.lists.get({ id: list.id })).contacts).toEqual([]);
    expect((await t.request('GET', got.result.pictureUrl, { cookie: staff })).statusCode).toBe(404);
  });

  it('saved payment cards: shown masked, default first; deleting the default makes the newest left the default; another club’s card is not found', async () => {
    const contact = await staffCall.contacts.update({ firstname: 'Kort', lastname: 'Holder', email: 'kort@holder.dk' });
    const addCard = (clientId: number, contactId: number, ref: string, last4: string, isDefault: boolean, createdAt: string) =>
      t.database.owner.transaction().execute(async (trx: Tx) => {
        await sql`SELECT set_config('app.client_id', ${String(clientId)}, true)`.execute(trx);
        return (
          await trx
            .insertInto('contact_payment_cards')
            .values({ client_id: clientId, contact_id: contactId, provider: 'test', provider_ref: ref, card_type: 'visa', last4, exp_month: 12, exp_year: 2030, is_default: isDefault, created_at: createdAt })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      });
    const first = await addCard(demo, contact.id, 'pm_1', '4242', true, '2026-01-01');
    const second = await addCard(demo, contact.id, 'pm_2', '0005', false, '2026-02-01');
    await addCard(demo, contact.id, 'pm_3', '1111', false, '2026-01-15');
    const got = await staffCall.contacts.get({ id: contact.id });
    expect(got.paymentCards).toEqual([
      { id: String(first), cardType: 'visa', cardNumber: 'XXXX XXXX XXXX 4242', expMonth: 12, expYear: 2030, isDefault: true },
      expect.objectContaining({ id: String(second), cardNumber: 'XXXX XXXX XXXX 0005', isDefault: false }),
      expect.objectContaining({ cardNumber: 'XXXX XXXX XXXX 1111', isDefault: false }),
    ]);
    const res = await t.request('POST', `/api/contacts/${contact.id}/delete-card`, { cookie: staff, body: { card: { id: String(first) } } });
    expect(res.json()).toMatchObject({ success: true, message: CONTACT_MSG.cardDeleted });
    expect((await staffCall.contacts.get({ id: contact.id })).paymentCards.map((c) => [c.id, c.isDefault])).toEqual([
      [String(second), true],
      [expect.any(String), false],
    ]);
    // A card of another club's contact, or of another contact, is not found; nothing is deleted.
    const naboContact = await t.database.owner.insertInto('contacts').values({ client_id: nabo, firstname: 'Nabo', lastname: 'Kort', email: 'n@nabo.dk' }).returning('id').executeTakeFirstOrThrow();
    const foreign = await addCard(nabo, naboContact.id, 'pm_nabo', '9999', true, '2026-01-01');
    const before = await snapshot('contact_payment_cards');
    await expect(staffCall.contacts.deleteCard({ id: contact.id, cardId: foreign })).rejects.toThrow(CONTACT_MSG.cardNotFound);
    await expect(staffCall.contacts.deleteCard({ id: naboContact.id, cardId: foreign })).rejects.toThrow();
    expect(await snapshot('contact_payment_cards')).toBe(before);
  });

  it('contact lists: title required, members replaced, add/remove, delete', async () => {
    await expect(staffCall.contacts.lists.update({ title: ' ' })).rejects.toThrow('Navn er påkrævet');
    const a = await staffCall.contacts.update({ firstname: 'Anne', lastname: 'A', email: 'anne@a.dk' });
    const b = await staffCall.contacts.update({ firstname: 'Bo', lastname: 'B', email: 'bo@b.dk' });
    const res = await t.request('POST', '/api/contacts/lists/update', { cookie: staff, body: { title: 'Nyhedsbrev', contactIds: [a.id, b.id] } });
    const listId = res.json().result as number;
    expect(res.json().message).toBe('Kontaktliste blev oprettet!');
    expect((await staffCall.contacts.lists.get({ id: listId })).contactIds).toEqual([a.id, b.id]);
    const saved = await staffCall.contacts.lists.update({ id: listId, title: 'Nyhedsbrev 2', contactIds: [b.id] });
    expect(saved.message).toBe('Kontaktliste blev gemt!');
    expect((await staffCall.contacts.lists.get({ id: listId })).contactIds).toEqual([b.id]);
    await t.request('POST', `/api/contacts/lists/${listId}/contacts/${a.id}`, { cookie: staff, body: {} });
    expect((await staffCall.contacts.lists.get({ id: listId })).contactIds).toEqual([a.id, b.id]);
    await t.request('DELETE', `/api/contacts/lists/${listId}/contacts/${b.id}`, { cookie: staff });
    expect((await staffCall.contacts.lists.get({ id: listId })).contactIds).toEqual([a.id]);
    expect((await t.request('DELETE', `/api/contacts/lists/${listId}`, { cookie: staff })).json()).toMatchObject({ success: true });
    await expect(staffCall.contacts.lists.get({ id: listId })).rejects.toThrow(MSG.notFound);
    expect((await staffCall.contacts.get({ id: a.id })).firstname).toBe('Anne');
  });
});

describe('contacts module switched off', () => {
  it('contacts, lists and their comments refuse; companies still work', async () => {
    const contact = await staffCall.contacts.update({ firstname: 'Off', lastname: 'Line', email: 'off@line.dk' });
    const mod = await t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'contacts').executeTakeFirstOrThrow();
    const current = await t.database.owner.selectFrom('client_modules').select(['features', 'role_acls']).where('client_id', '=', demo).where('module_id', '=', mod.id).executeTakeFirstOrThrow();
    await adminCall.clients.updateModule({ clientId: demo, moduleId: mod.id, active: false, features: current.features, roleAcls: current.role_acls } as never);
    try {
      const fresh = await callerFor(t, 'staff@demo.dk');
      await expect(fresh.contacts.list({})).rejects.toThrow(MSG.moduleOff);
      await expect(fresh.contacts.lists.list({})).rejects.toThrow(MSG.moduleOff);
      await expect(fresh.comments.list({ originType: 'contact', originId: contact.id })).rejects.toThrow(MSG.moduleOff);
      expect((await t.request('GET', `/api/contacts/${contact.id}`, { cookie: staff })).statusCode).toBe(403);
      expect((await t.request('POST', '/api/contacts/update', { cookie: staff, body: { firstname: 'A', lastname: 'B', email: 'a@b.dk' } })).statusCode).toBe(403);
      expect((await t.request('POST', '/api/companies', { cookie: staff, body: {} })).statusCode).toBe(200);
    } finally {
      await adminCall.clients.updateModule({ clientId: demo, moduleId: mod.id, active: true, features: current.features, roleAcls: current.role_acls } as never);
    }
  });
});

describe('comments', () => {
  it('stores sanitised text: no script, no event handlers, no javascript: links', async () => {
    const res = await t.request('POST', `/api/comments/${companyId}`, {
      cookie: staff,
      body: {
        originType: 'company',
        originUrl: `/companies/${companyId}`,
        text: '<p>Hej <b>med</b> dig<script>alert(1)</script><img src="x" onerror="alert(2)"><img src="/api/files/12"><a href="javascript:alert(3)">klik</a><a href="https://klub.dk" onclick="x()">ok</a></p>',
      },
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Kommentar tilføjet' });
    const stored = await t.database.owner.selectFrom('comments').select('text').where('id', '=', res.json().result).executeTakeFirstOrThrow();
    expect(stored.text).not.toMatch(/script|onerror|onclick|javascript/i);
    expect(stored.text).toContain('<b>med</b>');
    expect(stored.text).toContain('<img src="/api/files/12" />');
    expect(stored.text).toContain('<a href="https://klub.dk" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
  });

  it('text required unless an attachment; an image alone is enough', async () => {
    const before = await snapshot('comments');
    await expect(staffCall.comments.add({ originType: 'company', originId: companyId, text: '<p> </p><script>x</script>' })).rejects.toThrow(COMMENT_MSG.commentRequired);
    expect(await snapshot('comments')).toBe(before);
    const res = await upload(`/api/comments/${companyId}`, staff, { originType: 'company', text: '' }, [{ field: 'picturesFiles', filename: 'a.png', data: PNG }]);
    expect(res.json()).toMatchObject({ success: true });
    const list = await staffCall.comments.list({ originType: 'company', originId: companyId });
    const withImage = list.comments.find((c) => c.id === res.json().result);
    expect(withImage?.images).toHaveLength(1);
  });

  it('replies only to top-level comments; unread until read; only the author deletes', async () => {
    const top = await adminCall.comments.add({ originType: 'company', originId: companyId, text: 'Første' });
    const reply = await staffCall.comments.add({ originType: 'company', originId: companyId, parentId: top.id, text: 'Svar' });
    const before = await snapshot('comments');
    await expect(staffCall.comments.add({ originType: 'company', originId: companyId, parentId: reply.id, text: 'Svar på svar' })).rejects.toThrow(
      COMMENT_MSG.commentReplyToReply,
    );
    expect(await snapshot('comments')).toBe(before);

    const seen = (await t.request('GET', `/api/comments/${companyId}?type=company&skip=0`, { cookie: staff })).json();
    const mine = seen.comments.find((c: { id: number }) => c.id === top.id);
    expect(mine).toMatchObject({ unread: true, author: { firstname: 'Anna', lastname: 'Admin' }, canDelete: false });
    expect(mine.replies).toEqual([expect.objectContaining({ id: reply.id, unread: false, text: 'Svar', canDelete: true })]);
    expect(seen.unread).toBe(1);
    expect(seen.totalComments).toBe(3);
    expect((await t.request('POST', `/api/comments/${top.id}/read`, { cookie: staff, body: {} })).statusCode).toBe(200);
    const after = await staffCall.comments.list({ originType: 'company', originId: companyId });
    expect(after.unread).toBe(0);
    expect(after.comments.find((c) => c.id === top.id)?.unread).toBe(false);
    // The admin still has the staff reply unread.
    expect((await adminCall.comments.list({ originType: 'company', originId: companyId })).unread).toBeGreaterThanOrEqual(1);

    const beforeDelete = await snapshot('comments');
    const refused = await t.request('DELETE', `/api/comments/${top.id}`, { cookie: staff });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(COMMENT_MSG.commentOnlyAuthor);
    expect(await snapshot('comments')).toBe(beforeDelete);
    const ok = await t.request('DELETE', `/api/comments/${top.id}`, { cookie: admin });
    expect(ok.json()).toMatchObject({ success: true, message: 'Kommentar slettet' });
    const gone = await t.database.owner.selectFrom('comments').select('id').where('id', 'in', [top.id, reply.id]).execute();
    expect(gone).toEqual([]);
  });

  it('pages of 10, newest first', async () => {
    const contact = await staffCall.contacts.update({ firstname: 'P', lastname: 'Q', email: 'p@q.dk' });
    for (let i = 1; i <= 12; i++) await staffCall.comments.add({ originType: 'contact', originId: contact.id, text: `c${i}` });
    const p1 = await staffCall.comments.list({ originType: 'contact', originId: contact.id });
    const p2 = await staffCall.comments.list({ originType: 'contact', originId: contact.id, skip: 10 });
    expect(p1.comments.map((c) => c.text)).toEqual(['c12', 'c11', 'c10', 'c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3']);
    expect(p2.comments.map((c) => c.text)).toEqual(['c2', 'c1']);
    expect(p1.totalComments).toBe(12);
  });

  it('records of another club or of unknown types are refused', async () => {
    const foreign = await inNabo((trx) => trx.insertInto('companies').values({ client_id: nabo, name: 'N2', cvr: '2' }).returning('id').executeTakeFirstOrThrow());
    await expect(staffCall.comments.add({ originType: 'company', originId: foreign.id, text: 'x' })).rejects.toThrow(MSG.notFound);
    await expect(staffCall.comments.list({ originType: 'company', originId: foreign.id })).rejects.toThrow(MSG.notFound);
    await expect(staffCall.comments.add({ originType: 'hemmelig' as never, originId: companyId, text: 'x' })).rejects.toThrow(FILE_MSG.relationUnknown);
    const noType = await t.request('GET', `/api/comments/${companyId}`, { cookie: staff });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error).toBe(FILE_MSG.relationUnknown);
    const noFiles = await t.request('POST', '/api/files/upload', { cookie: staff, body: { relationType: 'company', relationId: companyId } });
    expect(noFiles.json()).toMatchObject({ success: false, error: FILE_MSG.noFiles });
  });
});

describe('files', () => {
  it('types from bytes: a .png name with PDF bytes is stored as PDF and served as an attachment with nosniff', async () => {
    const res = await upload('/api/files/upload', staff, { relationType: 'company', relationId: companyId }, [
      { field: 'files', filename: 'billede.png', contentType: 'image/png', data: PDF },
      { field: 'files', filename: 'noter.csv', contentType: 'text/csv', data: Buffer.from('navn;by\nÅse;Århus\n') },
    ]);
    expect(res.statusCode).toBe(200);
    const [pdf, csv] = res.json().result as { id: number; fileName: string; mimeType: string; filePath: string }[];
    expect(pdf).toMatchObject({ fileName: 'billede.pdf', mimeType: 'application/pdf', filePath: `/api/files/${pdf.id}` });
    expect(csv).toMatchObject({ fileName: 'noter.csv', mimeType: 'text/csv' });
    const got = await t.request('GET', pdf.filePath, { cookie: staff });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="billede.pdf"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, PDF)).toBe(0);
    const stored = await t.database.owner.selectFrom('files').select('file_path').where('id', '=', pdf.id).executeTakeFirstOrThrow();
    expect(stored.file_path).not.toContain('billede');
    expect(stored.file_path).toMatch(new RegExp(`^${demo}/[0-9a-f]{2}/[0-9a-f]{32}$`));
    const listed = (await t.request('GET', `/api/files?relationType=company&relationId=${companyId}`, { cookie: staff })).json().result;
    expect(listed.map((f: { id: number }) => f.id).sort()).toEqual([pdf.id, csv.id].sort());

    // Another club: 404, and its delete changes nothing.
    await t.request('GET', `/api/app/change-client/${nabo}`, { cookie: admin });
    expect((await t.request('GET', pdf.filePath, { cookie: admin })).statusCode).toBe(404);
    expect((await t.request('DELETE', pdf.filePath, { cookie: admin })).statusCode).toBe(404);
    await t.request('GET', `/api/app/change-client/${demo}`, { cookie: admin });
    expect((await t.request('GET', pdf.filePath, { cookie: admin })).statusCode).toBe(200);

    expect((await t.request('DELETE', pdf.filePath, { cookie: staff })).json()).toMatchObject({ success: true, message: FILE_MSG.fileDeleted });
    expect((await t.request('GET', pdf.filePath, { cookie: staff })).statusCode).toBe(404);
  });

  it('refuses unknown types, executables and files over 10 MB; relation must exist in the club', async () => {
    const before = await snapshot('files');
    const exe = await upload('/api/files/upload', staff, { relationType: 'company', relationId: companyId }, [
      { field: 'files', filename: 'faktura.pdf', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error).toBe(FILE_MSG.fileTypeRefused);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload('/api/files/upload', staff, { relationType: 'company', relationId: companyId }, [{ field: 'files', filename: 'stor.pdf', data: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ success: false, error: FILE_MSG.fileTooLarge });
    await expect(
      staffCall.files.upload({ relationType: 'company', relationId: companyId, files: [{ filename: 'stor.pdf', data: big.toString('base64') }] }),
    ).rejects.toThrow(FILE_MSG.fileTooLarge);
    await expect(staffCall.files.upload({ relationType: 'company', relationId: 999999, files: [{ filename: 'a.png', data: PNG }] })).rejects.toThrow(MSG.notFound);
    await expect(staffCall.files.upload({ relationType: 'hemmelig' as never, relationId: companyId, files: [{ filename: 'a.png', data: PNG }] })).rejects.toThrow(
      FILE_MSG.relationUnknown,
    );
    expect(await snapshot('files')).toBe(before);
  });
});
