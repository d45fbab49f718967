import { CATALOGUE_MSG, MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubId, createTestApp, linkStaffRule, type TestApp } from '../helpers';
import { catalogueSnapshot } from './helpers';

/** Role rules and modules decide who may read and write the catalogue; REST of product categories end to end. */
let t: TestApp;
let demo: number;

const linkRule = (alias: 'products' | 'orders', ruleId: string | null) => linkStaffRule(t.database, demo, alias, ruleId);

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
}, 120_000);
afterAll(() => t.close());

describe('catalogue access', () => {
  it('read rule: staff lists products and discount codes but cannot create, save or delete them', async () => {
    const admin = await t.login('admin@demo.dk');
    const product = (await t.request('POST', '/api/products/update', { cookie: admin, body: { title: 'Låst', type: 'product', price: 1 } })).json().result;
    const code = (
      await t.request('POST', '/api/orders/discount-codes/update', { cookie: admin, body: { title: 'L', code: 'LAAST', expires: '2030-01-01', discount: 5 } })
    ).json().result;
    await linkRule('products', 'Læseadgang');
    await linkRule('orders', 'Læseadgang');
    const staff = await t.login('staff@demo.dk');
    const before = await catalogueSnapshot(t);
    expect((await t.request('POST', '/api/products', { cookie: staff, body: { search: 'Låst' } })).json().Total).toBe(1);
    expect((await t.request('GET', '/api/orders/discount-codes?search=LAAST', { cookie: staff })).json().Total).toBe(1);
    for (const [method, url, body] of [
      ['POST', '/api/products/update', { title: 'Ny', type: 'product', price: 1 }],
      ['POST', '/api/products/update', { id: product, title: 'Ændret', type: 'product', price: 1 }],
      ['DELETE', `/api/products/${product}`, undefined],
      ['POST', '/api/products/categories/update', { title: 'Ny' }],
      ['POST', '/api/products/invoicegroups/update', { title: 'Ny' }],
      ['POST', '/api/orders/discount-codes/update', { id: code, title: 'L', code: 'LAAST', expires: '2031-01-01', discount: 5 }],
      ['DELETE', `/api/orders/discount-codes/${code}`, undefined],
      ['POST', '/api/orders/seasons/update', { title: 'S', startDate: '2030-01-01', endDate: '2030-02-01' }],
      ['POST', '/api/orders/fields/update', { title: 'F', type: 'Text' }],
      ['POST', '/api/orders/categories/update', { title: 'K' }],
    ] as const) {
      const res = await t.request(method, url, { cookie: staff, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ success: false, error: MSG.forbidden });
    }
    expect(await catalogueSnapshot(t)).toBe(before);
    // No rule at all: not even reading.
    await linkRule('products', null);
    expect((await t.request('POST', '/api/products', { cookie: staff, body: {} })).statusCode).toBe(403);
    await linkRule('products', 'Fuld adgang');
    await linkRule('orders', 'Fuld adgang');
    expect((await t.request('POST', '/api/products', { cookie: staff, body: {} })).statusCode).toBe(200);
  });

  it('members and visitors get nothing', async () => {
    const member = await t.login('member@demo.dk');
    for (const url of ['/api/products', '/api/products/categories', '/api/products/invoicegroups', '/api/orders/categories', '/api/orders/seasons', '/api/orders/fields', '/api/orders/discount-codes']) {
      expect((await t.request('GET', url, { cookie: member })).statusCode, url).toBe(403);
      expect((await t.request('GET', url)).statusCode, url).toBe(401);
    }
  });

  it('product categories through REST: create, list, get, save, delete', async () => {
    const admin = await t.login('admin@demo.dk');
    const created = await t.request('POST', '/api/products/categories/update', {
      cookie: admin,
      body: { title: 'Fanartikler', sorting: 1, shop: { active: true, title: 'Fanshop', description: 'Alt til fans' } },
    });
    expect(created.json()).toMatchObject({ success: true, message: MSG.categoryCreated });
    const id = created.json().result;
    const list = await t.request('POST', '/api/products/categories', { cookie: admin, body: { search: 'fanart' } });
    expect(list.json()).toEqual({ Result: [{ Id: id, Title: 'Fanartikler', Sorting: 1 }], TotalPages: 1, Total: 1 });
    expect((await t.request('GET', `/api/products/categories/${id}`, { cookie: admin })).json()).toEqual({
      success: true,
      result: { id, title: 'Fanartikler', sorting: 1, shop: { active: true, title: 'Fanshop', description: 'Alt til fans', image: null } },
    });
    const saved = await t.request('POST', '/api/products/categories/update', { cookie: admin, body: { id, title: 'Fanshop' } });
    expect(saved.json()).toEqual({ success: true, result: id, message: MSG.categorySaved });
    expect((await t.request('DELETE', `/api/products/categories/${id}`, { cookie: admin })).json()).toEqual({
      success: true,
      message: CATALOGUE_MSG.categoryDeleted,
    });
    expect((await t.request('GET', `/api/products/categories/${id}`, { cookie: admin })).json()).toEqual({ success: false, error: MSG.notFound });
  });
});
