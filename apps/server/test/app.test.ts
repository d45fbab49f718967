import { describe, expect, it } from 'vitest';
import { clubId } from './helpers';
import { useTestApp } from './support/app';

const app = useTestApp(async (t) => ({ demo: await clubId(t.database, 'Demo IF'), nabo: await clubId(t.database, 'Nabo BK') }));

describe('app state and club context', () => {
  it('GET /api/app: public for visitors and members, back office for staff', async () => {
    expect((await app.t.request('GET', '/api/app')).json()).toEqual({ isFrontend: true });
    expect((await app.t.request('GET', '/api/app', { cookie: await app.t.login('member@demo.dk') })).json()).toEqual({ isFrontend: true });
    expect((await app.t.request('GET', '/api/app', { cookie: await app.t.login('staff@demo.dk') })).json()).toEqual({ isFrontend: false });
  });

  it('GET /api/user: result is the user, data.clients the clubs; 401 without a session', async () => {
    expect((await app.t.request('GET', '/api/user')).statusCode).toBe(401);
    const res = await app.t.request('GET', '/api/user', { cookie: await app.t.login('admin@demo.dk') });
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.result).toMatchObject({ email: 'admin@demo.dk', firstname: 'Anna', superAdmin: true });
    expect(body.result.password_hash).toBeUndefined();
    expect(body.data.clients.map((c: { name: string }) => c.name).sort()).toEqual(['Demo IF', 'Nabo BK']);
  });

  it('GET /api/user (app.user called directly) answers exactly what app.user answers through tRPC, and refuses alike', async () => {
    const cookie = await app.t.login('staff@demo.dk');
    const rest = (await app.t.request('GET', '/api/user', { cookie })).json();
    const trpc = (await app.t.request('GET', '/trpc/app.user', { cookie })).json();
    expect(rest.result).toEqual(trpc.result.data);
    expect(rest.data.clients).toEqual(trpc.result.data.clients);
    const refusedRest = await app.t.request('GET', '/api/user', { cookie: 'klubhus_session=nope' });
    const refusedTrpc = await app.t.request('GET', '/trpc/app.user', { cookie: 'klubhus_session=nope' });
    expect([refusedRest.statusCode, refusedTrpc.statusCode]).toEqual([401, 401]);
    expect(refusedRest.json()).toEqual({ success: false, error: refusedTrpc.json().error.message });
  });

  it('GET /api/app/client: the client configuration with modules and extra-info definitions', async () => {
    const res = await app.t.request('GET', '/api/app/client', { cookie: await app.t.login('staff@demo.dk') });
    const c = res.json();
    expect(c).toMatchObject({ name: 'Demo IF', zipCode: '8000', city: 'Aarhus C', vatRate: 25, pricesWithVat: true, disableVat: false, isFrontend: false });
    expect(c.modules.map((m: { alias: string }) => m.alias)).toContain('companies');
    const companies = c.modules.find((m: { alias: string }) => m.alias === 'companies');
    expect(companies).toMatchObject({ endpoint: '/api/companies', views: [{ route: 'companies' }, { route: 'company' }] });
    expect(c.settings.companies.extraInfo.map((e: { type: string }) => e.type)).toEqual(['Select', 'Checkbox', 'Radio', 'Text']);
  });

  it('GET /api/app/modules lists only active modules, with the club custom endpoint', async () => {
    await app.t.database.owner
      .updateTable('client_modules')
      .set({ active: false })
      .where('client_id', '=', app.demo)
      .where('module_id', '=', app.t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'marketing'))
      .execute();
    await app.t.database.owner
      .updateTable('client_modules')
      .set({ custom_endpoint: '/api/sponsorer' })
      .where('client_id', '=', app.demo)
      .where('module_id', '=', app.t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'companies'))
      .execute();
    const modules = (await app.t.request('GET', '/api/app/modules', { cookie: await app.t.login('staff@demo.dk') })).json();
    expect(modules.map((m: { alias: string }) => m.alias)).not.toContain('marketing');
    expect(modules.find((m: { alias: string }) => m.alias === 'companies').endpoint).toBe('/api/sponsorer');
    await app.t.database.owner.updateTable('client_modules').set({ active: true, custom_endpoint: null }).where('client_id', '=', app.demo).execute();
  });

  it('GET /api/app/users lists the club staff with search; members and other clubs are not listed', async () => {
    const cookie = await app.t.login('staff@demo.dk');
    const all = (await app.t.request('GET', '/api/app/users', { cookie })).json();
    expect(all.map((u: { email: string }) => u.email).sort()).toEqual(['admin@demo.dk', 'staff@demo.dk']);
    expect(Object.keys(all[0]).sort()).toEqual(['email', 'firstname', 'id', 'lastname', 'picture']);
    const found = (await app.t.request('GET', '/api/app/users?search=søren', { cookie })).json();
    expect(found.map((u: { email: string }) => u.email)).toEqual(['staff@demo.dk']);
  });

  it('change-client switches only to a club the user belongs to', async () => {
    const admin = await app.t.login('admin@demo.dk');
    const ok = await app.t.request('GET', `/api/app/change-client/${app.nabo}`, { cookie: admin });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/');
    expect((await app.t.request('GET', '/api/app/client', { cookie: admin })).json().name).toBe('Nabo BK');

    const staff = await app.t.login('staff@demo.dk');
    const refused = await app.t.request('GET', `/api/app/change-client/${app.nabo}`, { cookie: staff });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: 'Du er ikke medlem af denne klub.' });
    expect((await app.t.request('GET', '/api/app/client', { cookie: staff })).json().name).toBe('Demo IF');
    expect((await app.t.request('GET', `/api/app/change-client/${app.demo}`, { cookie: staff })).statusCode).toBe(302);
  });

  it('serves the storefront terms as HTML', async () => {
    const res = await app.t.request('GET', '/api/webshop/terms');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Handelsbetingelser');
  });

  it('publishes an OpenAPI document of every REST route', async () => {
    const doc = (await app.t.request('GET', '/api/docs')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('rememberMe');
    expect(doc.paths['/api/modules/{id}']).toHaveProperty('delete');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/webhooks/'))).toEqual(['/api/webhooks/stripe', '/api/webhooks/onpay', '/api/webhooks/test']);
  });
});

describe('modules REST (platform admin)', () => {
  it('lists with the list protocol: Sorting asc, 10 per page, search, envelope {Result, TotalPages, Total}', async () => {
    const cookie = await app.t.login('admin@demo.dk');
    const res = (await app.t.request('POST', '/api/modules', { cookie, body: {} })).json();
    expect(res.Total).toBe(8);
    expect(res.TotalPages).toBe(1);
    expect(res.Result[0]).toEqual({ Id: expect.any(Number), name: 'Dashboard', alias: 'dashboard', url: '/', icon: 'layout-dashboard', sorting: 1 });
    const sorted = res.Result.map((m: { sorting: number }) => m.sorting);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    const desc = (await app.t.request('POST', '/api/modules', { cookie, body: { sort: { field: 'Name', dir: 'desc' }, perPage: 25 } })).json();
    expect(desc.Result[0].name).toBe('Webshop');
    const search = (await app.t.request('GET', '/api/modules?search=kontakt', { cookie })).json();
    expect(search.Result.map((m: { alias: string }) => m.alias)).toEqual(['contacts']);
    const bad = await app.t.request('POST', '/api/modules', { cookie, body: { perPage: 7 } });
    expect(bad.statusCode).toBe(400);
  });

  it('creates, reads, saves and deletes a module', async () => {
    const cookie = await app.t.login('admin@demo.dk');
    const created = await app.t.request('POST', '/api/modules/update', {
      cookie,
      body: {
        name: 'Frivillige',
        alias: 'volunteers',
        icon: 'hand-heart',
        url: '/volunteers',
        sorting: '20',
        views: [{ route: 'volunteers', values: [] }],
        aclRules: [{ name: 'Fuld adgang', userACL: [{ subject: ['volunteers'], action: ['manage'], inverted: false, fields: ['*'] }] }],
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().result;
    expect(created.json()).toEqual({ success: true, result: expect.any(Number) });
    const read = (await app.t.request('GET', `/api/modules/${id}`, { cookie })).json();
    expect(read).toMatchObject({ success: true, result: { name: 'Frivillige', sorting: 20, views: [{ route: 'volunteers' }] } });
    const saved = await app.t.request('POST', '/api/modules/update', { cookie, body: { ...read.result, id, name: 'Frivillige hjælpere' } });
    expect(saved.json()).toEqual({ success: true, result: id });
    expect((await app.t.request('GET', `/api/modules/${id}`, { cookie })).json().result.name).toBe('Frivillige hjælpere');
    const del = await app.t.request('DELETE', `/api/modules/${id}`, { cookie });
    expect(del.json()).toMatchObject({ success: true });
    expect((await app.t.request('GET', `/api/modules/${id}`, { cookie })).statusCode).toBe(404);
  });

  it('refuses missing fields and a taken alias in Danish, changing nothing', async () => {
    const cookie = await app.t.login('admin@demo.dk');
    const missing = await app.t.request('POST', '/api/modules/update', { cookie, body: { name: 'X', alias: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, error: 'Ikon er påkrævet' });
    const taken = await app.t.request('POST', '/api/modules/update', { cookie, body: { name: 'X', alias: 'companies', icon: 'x' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Alias er allerede i brug.');
    expect((await app.t.request('POST', '/api/modules', { cookie, body: {} })).json().Total).toBe(8);
  });

  it('is refused to club staff and to visitors', async () => {
    const staff = await app.t.login('staff@demo.dk');
    expect((await app.t.request('POST', '/api/modules', { cookie: staff, body: {} })).statusCode).toBe(403);
    expect((await app.t.request('POST', '/api/modules', { body: {} })).statusCode).toBe(401);
    const del = await app.t.request('DELETE', '/api/modules/1', { cookie: staff });
    expect(del.statusCode).toBe(403);
  });

  it("switching a module off for a club removes it from that club's configuration only", async () => {
    const admin = await app.t.login('admin@demo.dk');
    const modules = (await app.t.request('GET', `/api/clients/${app.demo}/modules`, { cookie: admin })).json().result;
    const events = modules.find((m: { alias: string }) => m.alias === 'events');
    expect(events.active).toBe(true);
    const off = await app.t.request('POST', `/api/clients/${app.demo}/modules/update`, { cookie: admin, body: { ...events, active: false } });
    expect(off.json()).toEqual({ success: true });
    const staff = await app.t.login('staff@demo.dk');
    expect((await app.t.request('GET', '/api/app/modules', { cookie: staff })).json().map((m: { alias: string }) => m.alias)).not.toContain('events');
    const naboModules = (await app.t.request('GET', `/api/clients/${app.nabo}/modules`, { cookie: admin })).json().result;
    expect(naboModules.find((m: { alias: string }) => m.alias === 'events').active).toBe(true);
    await app.t.request('POST', `/api/clients/${app.demo}/modules/update`, { cookie: admin, body: { ...events, active: true } });
  });
});
