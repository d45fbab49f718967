import { COMPANY_MSG, CONTACT_MSG, MSG } from '@klubhus/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clubId, createTestApp, type TestApp } from '../helpers';
import { callerFor, multipart, PDF, PNG } from './helpers';

let t: TestApp;
let admin: string;
let staff: string;
let member: string;
let demo: number;
let nabo: number;
type Caller = Awaited<ReturnType<typeof callerFor>>;
let call: Caller;

const count = async (table: 'companies' | 'files' | 'company_contacts') =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.database.owner)).rows[0].n);

/** Expects a procedure to fail with exactly this message, and that no company changed. */
async function refused(fn: () => Promise<unknown>, message: string) {
  const before = JSON.stringify((await sql`SELECT * FROM companies ORDER BY id`.execute(t.database.owner)).rows);
  await expect(fn()).rejects.toThrow(message);
  expect(JSON.stringify((await sql`SELECT * FROM companies ORDER BY id`.execute(t.database.owner)).rows)).toBe(before);
}

const base = { name: 'Bageriet A/S', status: 0, cvr: '12345678' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
  nabo = await clubId(t.database, 'Nabo BK');
  [admin, staff, member] = await Promise.all(['admin@demo.dk', 'staff@demo.dk', 'member@demo.dk'].map((e) => t.login(e)));
  call = await callerFor(t, 'staff@demo.dk');
}, 120_000);
afterAll(() => t.close());

describe('company validation (router)', () => {
  it('cvr or phone, name, status, ean — Danish messages, nothing saved', async () => {
    const companies = await count('companies');
    await refused(() => call.companies.update({ name: 'A', status: 0 }), COMPANY_MSG.cvrRequired);
    await refused(() => call.companies.update({ name: '', status: 0, cvr: '12345678' }), 'Navn er påkrævet');
    await refused(() => call.companies.update({ name: 'A', cvr: '12345678' } as never), 'Status er påkrævet');
    await refused(() => call.companies.update({ ...base, useEAN: true }), COMPANY_MSG.eanRequired);
    expect(await count('companies')).toBe(companies);
    const ok = await call.companies.update({ name: 'A', status: 0, phone: '12345678' });
    expect(ok.message).toBe('Virksomheden blev oprettet!');
    const saved = await call.companies.update({ id: ok.id, name: 'A2', status: 1, phone: '12345678', useEAN: true, ean: '5790000000000' });
    expect(saved.message).toBe('Virksomheden blev gemt!');
    expect((await call.companies.get({ id: ok.id })).ean).toBe('5790000000000');
  });

  it('phone message when both are empty through REST, with the field errors', async () => {
    const res = await t.request('POST', '/api/companies/update', { cookie: staff, body: { name: 'B', status: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: COMPANY_MSG.cvrRequired, data: { cvr: COMPANY_MSG.cvrRequired, phone: COMPANY_MSG.phoneRequired } });
  });

  it('extra info against the club definitions', async () => {
    await refused(() => call.companies.update({ ...base, extraInfo: { branche: { value: 'Landbrug' } } }), 'Branche skal være en af de mulige værdier');
    await refused(() => call.companies.update({ ...base, extraInfo: { interesser: { values: ['Fodbold', 'Golf'] } } }), 'Interesser skal være en af de mulige værdier');
    await refused(() => call.companies.update({ ...base, extraInfo: { niveau: { value: 'Platin' } } }), 'Sponsorniveau skal være en af de mulige værdier');
    await refused(() => call.companies.update({ ...base, extraInfo: { ukendt: { value: 'x' } } }), 'Ukendt ekstra felt: ukendt');
    const r = await call.companies.update({
      ...base,
      extraInfo: { branche: { value: 'IT' }, interesser: { values: ['Fodbold', 'Netværk'] }, niveau: { value: 'Guld' }, noter: { value: 'God kunde' } },
    });
    const c = await call.companies.get({ id: r.id });
    expect(c.extraInfo.interesser).toEqual({ title: 'Interesser', alias: 'interesser', value: null, values: ['Fodbold', 'Netværk'] });
    expect(c.extraInfo.branche.value).toBe('IT');
  });

  it('owner must be a staff user of the club', async () => {
    const users = await t.database.owner.selectFrom('users').select(['id', 'email']).execute();
    const id = (e: string) => users.find((u) => u.email === e)?.id as number;
    await refused(() => call.companies.update({ ...base, ownerId: id('member@demo.dk') }), COMPANY_MSG.ownerNotStaff);
    const outsider = await t.database.owner
      .insertInto('users')
      .values({ email: 'ude@x.dk', firstname: 'U', lastname: 'De' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refused(() => call.companies.update({ ...base, ownerId: outsider.id }), COMPANY_MSG.ownerNotStaff);
    const r = await call.companies.update({ ...base, ownerId: id('staff@demo.dk') });
    expect((await call.companies.get({ id: r.id })).owner).toMatchObject({ firstname: 'Søren', lastname: 'Stab' });
  });

  it('ticket limits stored by event type, max amount may be empty; only products of the club', async () => {
    const productsOf = async (clientId: number) =>
      t.database.owner.transaction().execute(async (trx) => {
        await sql`SELECT set_config('app.client_id', ${String(clientId)}, true)`.execute(trx);
        const values = ['Sæsonkort', 'Dagsbillet'].map((title) => ({ client_id: clientId, title, type: 'ticket' as const, price: 10000 }));
        return (await trx.insertInto('products').values(values).returning('id').execute()).map((p) => p.id);
      });
    const [p1, p2] = await productsOf(demo);
    const [foreign] = await productsOf(nabo);
    expect([p1, p2, foreign].every(Boolean)).toBe(true);
    const r = await call.companies.update({ ...base, ticketLimits: { '3': [{ productId: p1, maxAmount: '' }, { productId: p2, maxAmount: 4 }] } as never });
    expect((await call.companies.get({ id: r.id })).ticketLimits).toEqual({ '3': [{ productId: p1, maxAmount: null }, { productId: p2, maxAmount: 4 }] });
    await refused(
      () => call.companies.update({ ...base, id: r.id, ticketLimits: { '3': [{ productId: foreign, maxAmount: 1 }] } }),
      COMPANY_MSG.ticketLimitProductUnknown,
    );
    await refused(() => call.companies.update({ ...base, ticketLimits: { '3': [{ productId: 999_999, maxAmount: 1 }] } }), COMPANY_MSG.ticketLimitProductUnknown);
  });

  it('contacts of another club cannot be linked', async () => {
    const foreign = await t.database.owner.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.client_id', ${String(nabo)}, true)`.execute(trx);
      return trx.insertInto('contacts').values({ client_id: nabo, firstname: 'N', lastname: 'B', email: 'n@b.dk' }).returning('id').executeTakeFirstOrThrow();
    });
    await refused(() => call.companies.update({ ...base, contactIds: [foreign.id] }), CONTACT_MSG.contactNotFound);
  });
});

describe('logos (REST multipart)', () => {
  it('refuses a PDF named .png and keeps nothing', async () => {
    const files = await count('files');
    const form = multipart({ name: 'Logo A/S', status: '0', cvr: '11223344' }, [{ field: 'logoWebFile', filename: 'logo.png', contentType: 'image/png', data: PDF }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/companies/update', headers: { ...form.headers, cookie: staff, host: 'localhost:3000', origin: 'http://localhost:3000' }, payload: form.body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(COMPANY_MSG.logoNotImage);
    expect(await count('files')).toBe(files);
    expect(await t.database.owner.selectFrom('companies').select('id').where('name', '=', 'Logo A/S').executeTakeFirst()).toBeUndefined();
  });

  it('stores a PNG logo, serves it inline, replaces and removes it', async () => {
    const form = multipart(
      { name: 'Logo A/S', status: '0', cvr: '11223344', extraInfo: { branche: { value: 'IT' } } },
      [{ field: 'logoWebFile', filename: 'logo.pdf', data: PNG }],
    );
    const headers = { ...form.headers, cookie: staff, host: 'localhost:3000', origin: 'http://localhost:3000' };
    const res = await t.app.inject({ method: 'POST', url: '/api/companies/update', headers, payload: form.body });
    expect(res.statusCode).toBe(200);
    const id = res.json().result as number;
    expect(res.json()).toMatchObject({ success: true, result: id, error: null });
    const company = (await t.request('GET', `/api/companies/${id}`, { cookie: staff })).json();
    expect(company).toMatchObject({ success: true, data: { orders: [], contracts: [] } });
    expect(company.result.extraInfo.branche.value).toBe('IT');
    const file = await t.request('GET', company.result.logoWebUrl, { cookie: staff });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="logo.png"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    // Another club's admin does not get it.
    await t.request('GET', `/api/app/change-client/${nabo}`, { cookie: admin });
    expect((await t.request('GET', company.result.logoWebUrl, { cookie: admin })).statusCode).toBe(404);
    await t.request('GET', `/api/app/change-client/${demo}`, { cookie: admin });
    // Removing the logo deletes the company's own file.
    const before = await count('files');
    const saved = await t.request('POST', '/api/companies/update', { cookie: staff, body: { id, name: 'Logo A/S', status: 0, cvr: '11223344', logoWeb: null } });
    expect(saved.json()).toMatchObject({ success: true, result: id });
    expect(await count('files')).toBe(before - 1);
    expect((await t.request('GET', company.result.logoWebUrl, { cookie: staff })).statusCode).toBe(404);
  });
});

describe('list, search, sort, export', () => {
  beforeAll(async () => {
    await t.database.owner.deleteFrom('companies').execute();
    const rows = [
      { name: 'Æblehuset', city: 'Aarhus', status: 1, cvr: '10000001', email: 'kontakt@aeble.dk', follow_up_date: '2026-03-01' },
      { name: 'bager Jensen', city: 'Odense', status: 0, cvr: '10000002', phone: '40404040', follow_up_date: '2026-01-01' },
      { name: 'Cykelsmeden', city: 'Aarhus', status: 2, cvr: '10000003', email: 'cykel@smed.dk' },
      { name: 'Damefrisøren', city: 'Vejle', status: 99, cvr: '10000004' },
    ];
    await t.database.owner.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.client_id', ${String(demo)}, true)`.execute(trx);
      await trx.insertInto('companies').values(rows.map((r) => ({ client_id: demo, ...r }))).execute();
      await sql`SELECT set_config('app.client_id', ${String(nabo)}, true)`.execute(trx);
      await trx.insertInto('companies').values({ client_id: nabo, name: 'Aarhus Nabo', city: 'Aarhus', cvr: '20000001' }).execute();
    });
  });

  it('default sort is Name asc, case-insensitive; rows are PascalCase with Utilization 0', async () => {
    const res = await t.request('POST', '/api/companies', { cookie: staff, body: {} });
    const body = res.json();
    expect(body.Total).toBe(4);
    expect(body.TotalPages).toBe(1);
    expect(body.Result.map((r: { Name: string }) => r.Name)).toEqual(['bager Jensen', 'Cykelsmeden', 'Damefrisøren', 'Æblehuset']);
    expect(Object.keys(body.Result[0]).sort()).toEqual(
      ['Address', 'CVR', 'City', 'Email', 'FollowUpDate', 'Id', 'LogoWeb', 'Name', 'Phone', 'Status', 'Utilization', 'ZipCode'].sort(),
    );
    expect(body.Result[0]).toMatchObject({ Utilization: 0, FollowUpDate: '2026-01-01', Phone: '40404040' });
  });

  it('status filter (Alle = none), search over name/cvr/email/phone/city, sort and pages', async () => {
    const names = async (body: object) => (await t.request('POST', '/api/companies', { cookie: staff, body })).json().Result.map((r: { Name: string }) => r.Name);
    expect(await names({ filter: { status: 'Alle' } })).toHaveLength(4);
    expect(await names({ filter: { status: 2 } })).toEqual(['Cykelsmeden']);
    expect(await names({ filter: { status: 99 } })).toEqual(['Damefrisøren']);
    expect(await names({ search: 'aarhus' })).toEqual(['Cykelsmeden', 'Æblehuset']);
    expect(await names({ search: '10000004' })).toEqual(['Damefrisøren']);
    expect(await names({ search: '4040' })).toEqual(['bager Jensen']);
    expect(await names({ search: 'smed.dk' })).toEqual(['Cykelsmeden']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ search: 'ÆBLE' })).toEqual(['Æblehuset']);
    expect(await names({ search: 'CYKEL@SMED' })).toEqual(['Cykelsmeden']);
    expect(await names({ search: 'aarhus', filter: { status: 1 } })).toEqual(['Æblehuset']);
    expect(await names({ sort: { field: 'City', dir: 'desc' } })).toEqual(['Damefrisøren', 'bager Jensen', 'Cykelsmeden', 'Æblehuset']);
    expect(await names({ sort: { field: 'FollowUpDate', dir: 'asc' } })).toEqual(['bager Jensen', 'Æblehuset', 'Cykelsmeden', 'Damefrisøren']);
    const page2 = (await t.request('POST', '/api/companies', { cookie: staff, body: { perPage: 10, page: 2 } })).json();
    expect(page2).toMatchObject({ Result: [], Total: 4, TotalPages: 1 });
    const tr = await call.companies.list({ sort: { field: 'CVR', dir: 'desc' }, perPage: 10 });
    expect(tr.rows.map((r) => r.cvr)).toEqual(['10000004', '10000003', '10000002', '10000001']);
  });

  it('the list over tRPC HTTP (what the web client sends)', async () => {
    const input = encodeURIComponent(JSON.stringify({ search: 'aarhus', sort: { field: 'Name', dir: 'asc' } }));
    const res = await t.request('GET', `/trpc/companies.list?input=${input}`, { cookie: staff });
    expect(res.statusCode).toBe(200);
    const data = res.json().result.data;
    expect(data).toMatchObject({ total: 2, totalPages: 1, page: 1, perPage: 10 });
    expect(data.rows.map((r: { name: string }) => r.name)).toEqual(['Cykelsmeden', 'Æblehuset']);
    const bad = await t.request('GET', `/trpc/companies.list?input=${encodeURIComponent(JSON.stringify({ filter: { status: 5 } }))}`, { cookie: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(COMPANY_MSG.statusInvalid);
  });

  it('exports Virksomheder.xlsx with the filter, search and sort, read back with exceljs', async () => {
    const res = await t.request('POST', '/api/companies/export', { cookie: staff, body: { search: 'aarhus', sort: { field: 'Name', dir: 'desc' } } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Virksomheder.xlsx"');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Virksomheder');
    expect(ws?.getRow(1).values).toEqual([undefined, 'Navn', 'CVR', 'Adresse', 'Postnr.', 'By', 'E-mail', 'Telefon', 'Opfølgningsdato', 'Udnyttelse', 'Status']);
    expect(ws?.rowCount).toBe(3);
    expect(ws?.getRow(2).getCell(1).value).toBe('Æblehuset');
    expect(ws?.getRow(2).getCell(10).value).toBe('Kunde');
    expect(ws?.getRow(3).getCell(1).value).toBe('Cykelsmeden');
    expect(ws?.getRow(3).getCell(10).value).toBe('Under forhandling');
  });

  it('pickers by search and ids; other clubs invisible', async () => {
    const found = (await t.request('GET', '/api/companies?search=aarhus', { cookie: staff })).json();
    expect(found.result.map((r: { name: string }) => r.name)).toEqual([]);
    const byName = (await t.request('GET', '/api/companies?search=smed', { cookie: staff })).json().result;
    expect(byName.map((r: { name: string }) => r.name)).toEqual(['Cykelsmeden']);
    const ids = byName.map((r: { id: number }) => r.id);
    const naboId = (await t.database.owner.selectFrom('companies').select('id').where('client_id', '=', nabo).executeTakeFirstOrThrow()).id;
    const byIds = (await t.request('GET', `/api/companies?ids=${ids[0]},${naboId}`, { cookie: staff })).json().result;
    expect(byIds.map((r: { id: number }) => r.id)).toEqual(ids);
    expect((await t.request('GET', `/api/companies/${naboId}`, { cookie: staff })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/companies/${naboId}`, { cookie: staff })).statusCode).toBe(404);
    expect(await t.database.owner.selectFrom('companies').select('id').where('id', '=', naboId).executeTakeFirst()).toBeTruthy();
  });

  it('empty honest sub-resources, the demo event types and CVR search off', async () => {
    const id = (await call.companies.search({ search: 'Cykel' }))[0].id;
    for (const part of ['revenue', 'orders', 'contracts', 'ticket-utilization']) {
      const res = await t.request('GET', `/api/companies/${id}/${part}`, { cookie: staff });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.request('GET', `/api/companies/${id}/revenue`, { cookie: staff })).json().result).toMatchObject({ yearToDate: 0 });
    expect((await t.request('GET', `/api/companies/${id}/ticket-utilization`, { cookie: staff })).json().result).toEqual([]);
    // The ticket-limit editor's event types are the club's own, with the ticket products of their templates.
    const types = (await t.request('GET', '/api/companies/event-types', { cookie: staff })).json();
    expect(types).toMatchObject({ success: true, result: [{ title: 'Hjemmekamp' }, { title: 'Sponsorarrangement' }] });
    expect(types.products.map((p: { title: string }) => p.title).sort()).toEqual(['Enkeltbillet', 'Enkeltbillet', 'Sæsonkort']);
    expect((await t.request('GET', '/api/companies/cvr-search?query=ab', { cookie: staff })).json()).toMatchObject({ result: [], enabled: false });
    expect((await t.request('GET', '/api/companies/cvr-search?query=Saldi', { cookie: staff })).json()).toMatchObject({
      result: [],
      enabled: false,
      message: COMPANY_MSG.cvrOff,
    });
  });

  it('delete removes the company and its contact links', async () => {
    const contact = await call.contacts.update({ firstname: 'Kim', lastname: 'Kontakt', email: 'kim@x.dk' });
    const id = (await call.companies.search({ search: 'Damefrisøren' }))[0].id;
    await call.companies.update({ id, name: 'Damefrisøren', status: 99, cvr: '10000004', contactIds: [contact.id] });
    expect((await call.companies.get({ id })).contacts.map((c) => c.firstname)).toEqual(['Kim']);
    expect((await call.contacts.get({ id: contact.id })).companies.map((c) => c.name)).toEqual(['Damefrisøren']);
    const links = await count('company_contacts');
    const res = await t.request('DELETE', `/api/companies/${id}`, { cookie: staff });
    expect(res.json()).toMatchObject({ success: true, message: MSG.companyDeleted });
    expect(await count('company_contacts')).toBe(links - 1);
    await expect(call.companies.get({ id })).rejects.toThrow(MSG.notFound);
    expect((await call.contacts.get({ id: contact.id })).companies).toEqual([]);
  });
});

describe('CVR search with cvrapi.dk configured (recorded response, no network)', () => {
  it('maps the answer through the procedure and REST', async () => {
    vi.stubEnv('CVR_API_URL', 'https://cvrapi.dk/api');
    vi.stubEnv('CVR_API_USER_AGENT', 'Klubhus - CRM - test@klubhus.dk');
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      seen.push(String(url));
      return new Response(JSON.stringify({ vat: 20756438, name: 'Saldi.dk ApS', address: 'Gefionsvej 13, 1', zipcode: '3400', city: 'Hillerød', phone: '46902208', email: 'phr@danosoft.dk', t: 100, version: 6 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      const res = (await t.request('GET', '/api/companies/cvr-search?query=Saldi', { cookie: staff })).json();
      expect(res).toEqual({
        success: true,
        enabled: true,
        message: null,
        result: [{ name: 'Saldi.dk ApS', cvr: '20756438', address: 'Gefionsvej 13, 1', zipCode: '3400', city: 'Hillerød', email: 'phr@danosoft.dk', phone: '46902208', website: null }],
      });
      expect((await t.request('GET', '/api/companies/cvr-search?query=Sa', { cookie: staff })).json().result).toEqual([]);
      expect(seen).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});

describe('access', () => {
  it('the CRM routes are documented at /api/docs', async () => {
    const doc = (await t.request('GET', '/api/docs')).json();
    for (const path of ['/api/companies', '/api/companies/update', '/api/companies/{id}', '/api/contacts/update', '/api/comments/{id}', '/api/files/upload', '/api/files/{id}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/companies/update'].post.requestBody.content['application/json'].schema.properties.name).toBeDefined();
  });

  it('a read-only role lists but cannot save or delete', async () => {
    const adminCall = await callerFor(t, 'admin@demo.dk');
    const mod = await t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'companies').executeTakeFirstOrThrow();
    const current = await t.database.owner.selectFrom('client_modules').select(['features', 'role_acls']).where('client_id', '=', demo).where('module_id', '=', mod.id).executeTakeFirstOrThrow();
    const existing = (await call.companies.search({ search: 'Cykel' }))[0];
    await adminCall.clients.updateModule({ clientId: demo, moduleId: mod.id, active: true, features: current.features, roleAcls: [{ ruleId: 'Læseadgang', role: 'staff' }] } as never);
    try {
      const before = JSON.stringify((await sql`SELECT * FROM companies ORDER BY id`.execute(t.database.owner)).rows);
      expect((await t.request('POST', '/api/companies', { cookie: staff, body: {} })).statusCode).toBe(200);
      expect((await t.request('POST', '/api/companies/update', { cookie: staff, body: base })).statusCode).toBe(403);
      expect((await t.request('DELETE', `/api/companies/${existing.id}`, { cookie: staff })).statusCode).toBe(403);
      expect(JSON.stringify((await sql`SELECT * FROM companies ORDER BY id`.execute(t.database.owner)).rows)).toBe(before);
    } finally {
      await adminCall.clients.updateModule({ clientId: demo, moduleId: mod.id, active: true, features: current.features, roleAcls: current.role_acls } as never);
    }
  });

  it('members are refused', async () => {
    expect((await t.request('POST', '/api/companies', { cookie: member, body: {} })).statusCode).toBe(403);
  });

  it('module companies switched off: procedures and REST refuse', async () => {
    const adminCall = await callerFor(t, 'admin@demo.dk');
    const mod = await t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'companies').executeTakeFirstOrThrow();
    const current = await t.database.owner.selectFrom('client_modules').select(['features', 'role_acls']).where('client_id', '=', demo).where('module_id', '=', mod.id).executeTakeFirstOrThrow();
    const kept = await call.companies.update({ ...base, name: 'Med logo' });
    const logo = await call.files.upload({ relationType: 'company', relationId: kept.id, files: [{ filename: 'l.png', data: PNG }] });
    await call.comments.add({ originType: 'company', originId: kept.id, text: 'Note' });
    await adminCall.clients.updateModule({ clientId: demo, moduleId: mod.id, active: false, features: current.features, roleAcls: current.role_acls } as never);
    const fresh = await callerFor(t, 'staff@demo.dk');
    // Comments and files of companies go with the module.
    await expect(fresh.comments.list({ originType: 'company', originId: kept.id })).rejects.toThrow(MSG.moduleOff);
    await expect(fresh.comments.add({ originType: 'company', originId: kept.id, text: 'x' })).rejects.toThrow(MSG.moduleOff);
    expect((await t.request('GET', logo.files[0].filePath, { cookie: staff })).statusCode).toBe(403);
    expect((await t.request('DELETE', logo.files[0].filePath, { cookie: staff })).statusCode).toBe(403);
    await expect(fresh.companies.list({})).rejects.toThrow(MSG.moduleOff);
    await expect(fresh.companies.update(base)).rejects.toThrow(MSG.moduleOff);
    const res = await t.request('POST', '/api/companies', { cookie: staff, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: MSG.moduleOff });
    expect((await t.request('POST', '/api/companies/update', { cookie: staff, body: base })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/companies/export', { cookie: staff, body: {} })).statusCode).toBe(403);
    await adminCall.clients.updateModule({ clientId: demo, moduleId: mod.id, active: true, features: current.features, roleAcls: current.role_acls } as never);
    expect((await t.request('POST', '/api/companies', { cookie: staff, body: {} })).statusCode).toBe(200);
    // (The caller stores bytes in its own data directory, so read it back through a caller.)
    expect((await (await callerFor(t, 'staff@demo.dk')).files.download({ id: logo.files[0].id })).data).toEqual(PNG);
  });
});
