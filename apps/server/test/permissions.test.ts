import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubId, createTestApp, linkStaffRule, type TestApp } from './helpers';

/**
 * Abilities come from the club's role rules (module ACL rule sets linked to a
 * role per club) and are enforced on the server whatever the client shows.
 */
let t: TestApp;
let demo: number;

const linkCompaniesRule = (ruleId: string | null) => linkStaffRule(t.database, demo, 'companies', ruleId);

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
});
afterAll(() => t.close());

describe('role rules', () => {
  it('full access: staff reads and writes companies', async () => {
    await linkCompaniesRule('Fuld adgang');
    const cookie = await t.login('staff@demo.dk');
    expect((await t.request('POST', '/api/companies', { cookie, body: {} })).statusCode).toBe(200);
    const created = await t.request('POST', '/api/companies/update', { cookie, body: { name: 'Fuld ApS', status: 0, phone: '11223344' } });
    expect(created.json()).toMatchObject({ success: true });
  });

  it('read access: staff lists companies but may not create or delete', async () => {
    await linkCompaniesRule('Læseadgang');
    const cookie = await t.login('staff@demo.dk');
    const list = await t.request('POST', '/api/companies', { cookie, body: {} });
    expect(list.statusCode).toBe(200);
    const before = list.json().Total;
    const id = list.json().Result[0].Id;
    const create = await t.request('POST', '/api/companies/update', { cookie, body: { name: 'Læs ApS', status: 0, phone: '11223344' } });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ success: false, error: 'Du har ikke adgang til dette.' });
    expect((await t.request('DELETE', `/api/companies/${id}`, { cookie })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/companies', { cookie, body: {} })).json().Total).toBe(before);
  });

  it('no rule: staff may not even read', async () => {
    await linkCompaniesRule(null);
    const cookie = await t.login('staff@demo.dk');
    expect((await t.request('POST', '/api/companies', { cookie, body: {} })).statusCode).toBe(403);
  });

  it("comments and files follow the abilities on their record's subject", async () => {
    const adminCookie = await t.login('admin@demo.dk');
    const company = (await t.request('POST', '/api/companies/update', { cookie: adminCookie, body: { name: 'Kommentar ApS', status: 0, phone: '11223344' } })).json().result;
    const comment = await t.request('POST', `/api/comments/${company}`, { cookie: adminCookie, body: { originType: 'company', text: 'Hej' } });
    expect(comment.statusCode).toBe(200);
    const commentsUrl = `/api/comments/${company}?type=company`;
    const filesUrl = `/api/files?relationType=company&relationId=${company}`;

    await linkCompaniesRule('Læseadgang');
    let cookie = await t.login('staff@demo.dk');
    expect((await t.request('GET', commentsUrl, { cookie })).statusCode).toBe(200);
    expect((await t.request('GET', filesUrl, { cookie })).statusCode).toBe(200);
    const add = await t.request('POST', `/api/comments/${company}`, { cookie, body: { originType: 'company', text: 'Må ikke' } });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({ success: false, error: 'Du har ikke adgang til dette.' });

    await linkCompaniesRule(null);
    cookie = await t.login('staff@demo.dk');
    expect((await t.request('GET', commentsUrl, { cookie })).statusCode).toBe(403);
    expect((await t.request('GET', filesUrl, { cookie })).statusCode).toBe(403);
    expect((await t.request('POST', `/api/comments/${comment.json().result}/read`, { cookie })).statusCode).toBe(403);
    const comments = await t.request('GET', commentsUrl, { cookie: adminCookie });
    expect(comments.json().totalComments).toBe(1);
  });

  it('club admins keep full access regardless of rules; members never get the back office', async () => {
    const admin = await t.login('admin@demo.dk');
    expect((await t.request('POST', '/api/companies', { cookie: admin, body: {} })).statusCode).toBe(200);
    const member = await t.login('member@demo.dk');
    expect((await t.request('POST', '/api/companies', { cookie: member, body: {} })).statusCode).toBe(403);
    await linkCompaniesRule('Fuld adgang');
  });
});
