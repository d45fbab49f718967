import { CATALOGUE_MSG, MSG } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { callerFor, refused, restRefused } from './helpers';
import { useTestApp } from '../support/app';

const app = useTestApp(async (t) => ({ call: await callerFor(t, 'staff@demo.dk'), admin: await t.login('admin@demo.dk') }));

describe('product categories', () => {
  it('creates, saves, lists Title asc and deletes (products stay without a category)', async () => {
    await refused(app.t, () => app.call.productCategories.update({ title: ' ' }), 'Titel er påkrævet');
    const b = await app.call.productCategories.update({ title: 'Merchandise', shop: { active: true, title: 'Fanshop', image: 'https://cdn/x.png' } });
    expect(b.message).toBe(MSG.categoryCreated);
    const a = await app.call.productCategories.update({ title: 'Billetter', sorting: 2 });
    expect((await app.call.productCategories.update({ id: a.id, title: 'Billetter og kort', sorting: 2 })).message).toBe(MSG.categorySaved);
    expect(await app.call.productCategories.get({ id: b.id })).toEqual({
      id: b.id,
      title: 'Merchandise',
      sorting: 0,
      shop: { active: true, title: 'Fanshop', description: null, image: 'https://cdn/x.png' },
    });
    // Beside the demo catalogue's Billetter, Fanshop and Sponsorpakker.
    expect((await app.call.productCategories.list({})).rows.map((r) => r.title)).toEqual(['Billetter', 'Billetter og kort', 'Fanshop', 'Merchandise', 'Sponsorpakker']);
    const p = await app.call.products.update({ title: 'Kasket', type: 'product', price: 100, categoryId: b.id });
    expect(await app.call.productCategories.delete({ id: b.id })).toEqual({ success: true, message: CATALOGUE_MSG.categoryDeleted });
    expect((await app.call.products.get({ id: p.id })).categoryId).toBeNull();
  });

  it('saves the shop and the agreement order of a category separately, and refuses foreign or repeated ids', async () => {
    const cat = await app.call.productCategories.update({ title: 'Sortering' });
    const ids: number[] = [];
    for (const title of ['Alfa', 'Bravo', 'Charlie', 'Delta']) ids.push((await app.call.products.update({ title, type: 'product', price: 1, categoryId: cat.id })).id);
    const outsider = await app.call.products.update({ title: 'Udenfor', type: 'product', price: 1 });
    // New products come last, in creation order.
    expect((await app.call.productCategories.products({ id: cat.id, contract: false })).map((p) => p.id)).toEqual(ids);

    const shopOrder = [ids[3], ids[1], ids[0], ids[2]];
    expect(await app.call.productCategories.sortProducts({ id: cat.id, contract: false, productIds: shopOrder })).toEqual({
      success: true,
      message: MSG.productsSorted,
    });
    expect(MSG.productsSorted).toBe('Produkterne blev sorteret!');
    // Agreement order: only two listed; the rest keep their order after them.
    await app.call.productCategories.sortProducts({ id: cat.id, contract: true, productIds: [ids[2], ids[0]] });
    expect((await app.call.productCategories.products({ id: cat.id, contract: false })).map((p) => p.id)).toEqual(shopOrder);
    expect((await app.call.productCategories.products({ id: cat.id, contract: true })).map((p) => p.id)).toEqual([ids[2], ids[0], ids[1], ids[3]]);

    await refused(app.t, () => app.call.productCategories.sortProducts({ id: cat.id, contract: false, productIds: [ids[0], outsider.id] }), CATALOGUE_MSG.sortNotInCategory);
    await refused(app.t, () => app.call.productCategories.sortProducts({ id: cat.id, contract: false, productIds: [ids[0], ids[0]] }), CATALOGUE_MSG.sortDuplicate);
    await refused(app.t, () => app.call.productCategories.sortProducts({ id: 999999, contract: false, productIds: [] }), MSG.notFound);

    // REST: GET in order, POST a bare array of ids.
    const res = await app.t.request('GET', `/api/products/categories/${cat.id}/products?contract=true`, { cookie: app.admin });
    expect(res.json().result.map((p: { id: number }) => p.id)).toEqual([ids[2], ids[0], ids[1], ids[3]]);
    const posted = await app.t.request('POST', `/api/products/categories/${cat.id}/products?contract=true`, { cookie: app.admin, body: [...ids].reverse() });
    expect(posted.json()).toEqual({ success: true, message: 'Produkterne blev sorteret!' });
    expect((await app.call.productCategories.products({ id: cat.id, contract: true })).map((p) => p.id)).toEqual([...ids].reverse());
    expect((await app.call.productCategories.products({ id: cat.id, contract: false })).map((p) => p.id)).toEqual(shopOrder);
    await restRefused(
      app.t,
      () => app.t.request('POST', `/api/products/categories/${cat.id}/products`, { cookie: app.admin, body: { contract: false, productIds: [outsider.id] } }),
      CATALOGUE_MSG.sortNotInCategory,
    );
    // A product moved into the category comes last in both lists.
    await app.call.products.update({ id: outsider.id, title: 'Udenfor', type: 'product', price: 1, categoryId: cat.id });
    expect((await app.call.productCategories.products({ id: cat.id, contract: false })).map((p) => p.id)).toEqual([...shopOrder, outsider.id]);
  });
});

describe('invoice groups', () => {
  it('CRUD with E-conomic settings stored, through router and REST', async () => {
    await refused(app.t, () => app.call.invoiceGroups.update({ title: '' }), 'Titel er påkrævet');
    const g = await app.call.invoiceGroups.update({ title: 'Tilskud', sku: 'TS', vatExempt: true, economic: { productGroup: '1', unit: 'stk' } });
    expect(g.message).toBe(MSG.groupCreated);
    expect(await app.call.invoiceGroups.get({ id: g.id })).toEqual({
      id: g.id,
      title: 'Tilskud',
      sku: 'TS',
      sorting: 0,
      vatExempt: true,
      economic: { productGroup: '1', unit: 'stk' },
    });
    const saved = await app.t.request('POST', '/api/products/invoicegroups/update', { cookie: app.admin, body: { id: g.id, title: 'Tilskud 2', sku: 'TS2' } });
    expect(saved.json()).toEqual({ success: true, result: g.id, message: MSG.groupSaved });
    const list = await app.t.request('GET', '/api/products/invoicegroups?search=tilskud', { cookie: app.admin });
    expect(list.json()).toEqual({ Result: [expect.objectContaining({ Id: g.id, Title: 'Tilskud 2', Sku: 'TS2', VatExempt: false })], TotalPages: 1, Total: 1 });
    // Title asc beside the demo groups.
    const all = await app.t.request('GET', '/api/products/invoicegroups', { cookie: app.admin });
    expect(all.json().Result.map((r: { Title: string }) => r.Title)).toEqual(['Billetsalg', 'Merchandise', 'Sponsorater', 'Tilskud 2']);
    const p = await app.call.products.update({ title: 'Bande', type: 'product', price: 1, invoiceGroupId: g.id });
    expect((await app.t.request('DELETE', `/api/products/invoicegroups/${g.id}`, { cookie: app.admin })).json()).toEqual({
      success: true,
      message: CATALOGUE_MSG.groupDeleted,
    });
    expect((await app.call.products.get({ id: p.id })).invoiceGroupId).toBeNull();
  });
});

describe('order categories', () => {
  it('requires a title, reads the price as a decimal, lists Title asc', async () => {
    await refused(app.t, () => app.call.orderCategories.update({ title: '' }), 'Titel er påkrævet');
    await refused(app.t, () => app.call.orderCategories.update({ title: 'Guld', price: 'dyr' }), 'Pris skal være et gyldigt tal.');
    const g = await app.call.orderCategories.update({
      title: 'Guldpartner',
      sku: 'GULD',
      price: '25.000,00',
      invoiceTitle: 'Partnerskab',
      showOnShop: true,
      shop: { title: 'Bliv partner', description: '<p>Hej</p>' },
    });
    expect(g.message).toBe(MSG.categoryCreated);
    await app.call.orderCategories.update({ title: 'Bronzepartner', price: 5000 });
    expect(await app.call.orderCategories.get({ id: g.id })).toEqual({
      id: g.id,
      title: 'Guldpartner',
      sku: 'GULD',
      price: 25000,
      invoiceTitle: 'Partnerskab',
      sorting: 0,
      showOnShop: true,
      hideOnContract: false,
      shop: { title: 'Bliv partner', image: null, description: '<p>Hej</p>' },
    });
    const rest = await app.t.request('POST', '/api/orders/categories', { cookie: app.admin, body: { search: 'partner', page: 1, perPage: 10 } });
    expect(rest.json().Result.map((r: { Title: string }) => r.Title)).toEqual(['Bronzepartner', 'Guldpartner', 'Partnerskab']);
    await restRefused(app.t, () => app.t.request('POST', '/api/orders/categories/update', { cookie: app.admin, body: { title: '' } }), 'Titel er påkrævet');
    const saved = await app.t.request('POST', '/api/orders/categories/update', { cookie: app.admin, body: { id: g.id, title: 'Guld', price: '30000' } });
    expect(saved.json()).toEqual({ success: true, result: g.id, message: MSG.categorySaved });
    expect((await app.t.request('GET', `/api/orders/categories/${g.id}`, { cookie: app.admin })).json().result).toMatchObject({ title: 'Guld', price: 30000 });
  });
});

describe('seasons', () => {
  it('validates dates and the reservation expiry of a child season', async () => {
    const s = { title: '2026/27', startDate: '2026-07-01', endDate: '2027-06-30' };
    await refused(app.t, () => app.call.seasons.update({ ...s, title: '' }), 'Titel er påkrævet');
    await refused(app.t, () => app.call.seasons.update({ ...s, endDate: '' }), 'Slutdato er påkrævet');
    await refused(app.t, () => app.call.seasons.update({ ...s, endDate: '2026-06-30' }), CATALOGUE_MSG.seasonEndBeforeStart);
    const top = await app.call.seasons.update(s);
    expect(top.message).toBe(MSG.seasonCreated);
    await refused(app.t, () => app.call.seasons.update({ ...s, title: 'Efterår', parentId: top.id }), 'Reservation udløber er påkrævet');
    await refused(app.t, () => app.call.seasons.update({ ...s, parentId: 999999, reservationExpires: '2026-06-01' }), CATALOGUE_MSG.unknownSeason);
    const child = await app.call.seasons.update({ ...s, title: 'Efterår', endDate: '2026-12-31', parentId: top.id, reservations: true, reservationExpires: '2026-06-15' });
    expect(await app.call.seasons.get({ id: child.id })).toEqual({
      id: child.id,
      title: 'Efterår',
      startDate: '2026-07-01',
      endDate: '2026-12-31',
      parentId: top.id,
      reservations: true,
      reservationExpires: '2026-06-15',
      seats: [],
    });
  });

  it('refuses itself and its own descendants as parent; parents lists seasons without a parent', async () => {
    const d = { startDate: '2027-07-01', endDate: '2028-06-30', reservationExpires: '2027-06-01' };
    const a = await app.call.seasons.update({ title: 'A', ...d });
    const b = await app.call.seasons.update({ title: 'B', ...d, parentId: a.id });
    const c = await app.call.seasons.update({ title: 'C', ...d, parentId: b.id });
    await refused(app.t, () => app.call.seasons.update({ id: a.id, title: 'A', ...d, parentId: a.id }), CATALOGUE_MSG.seasonOwnParent);
    await refused(app.t, () => app.call.seasons.update({ id: a.id, title: 'A', ...d, parentId: c.id }), CATALOGUE_MSG.seasonCycle);
    await refused(app.t, () => app.call.seasons.update({ id: a.id, title: 'A', ...d, parentId: b.id }), CATALOGUE_MSG.seasonCycle);
    const parents = (await app.call.seasons.parents()).map((p) => p.id);
    expect(parents).toContain(a.id);
    expect(parents).not.toContain(b.id);
    expect(parents).not.toContain(c.id);
    expect((await app.call.seasons.parents({ id: a.id })).map((p) => p.id)).not.toContain(a.id);
    // A season with children cannot be deleted; the leaf can.
    await refused(app.t, () => app.call.seasons.delete({ id: b.id }), CATALOGUE_MSG.seasonHasChildren);
    expect(await app.call.seasons.delete({ id: c.id })).toEqual({ success: true, message: CATALOGUE_MSG.seasonDeleted });
    // Moving b to the top level is fine.
    expect((await app.call.seasons.update({ id: b.id, title: 'B', ...d, parentId: null })).message).toBe(MSG.seasonSaved);
  });

  it('REST: list Name asc, parents, get, update, delete', async () => {
    const list = await app.t.request('GET', '/api/orders/seasons', { cookie: app.admin });
    const names = list.json().Result.map((r: { Title: string }) => r.Title);
    expect(names).toEqual([...names].sort());
    expect(list.json().Result[0]).toHaveProperty('StartDate');
    const parents = await app.t.request('GET', '/api/orders/seasons/parents', { cookie: app.admin });
    expect(parents.json().success).toBe(true);
    expect(parents.json().result.every((p: { parentId: number | null }) => p.parentId === null)).toBe(true);
    await restRefused(
      app.t,
      () => app.t.request('POST', '/api/orders/seasons/update', { cookie: app.admin, body: { title: 'X', startDate: '2026-02-01', endDate: '2026-01-01' } }),
      CATALOGUE_MSG.seasonEndBeforeStart,
    );
    const created = await app.t.request('POST', '/api/orders/seasons/update', { cookie: app.admin, body: { title: 'REST', startDate: '2030-01-01', endDate: '2030-12-31' } });
    expect(created.json()).toMatchObject({ success: true, message: MSG.seasonCreated });
    const id = created.json().result;
    expect((await app.t.request('GET', `/api/orders/seasons/${id}`, { cookie: app.admin })).json().result).toMatchObject({ title: 'REST', startDate: '2030-01-01' });
    expect((await app.t.request('DELETE', `/api/orders/seasons/${id}`, { cookie: app.admin })).json()).toEqual({ success: true, message: CATALOGUE_MSG.seasonDeleted });
  });
});

describe('custom fields', () => {
  it('requires title and type; dropdown values; number default is a decimal; categories of the club', async () => {
    await refused(app.t, () => app.call.customFields.update({ title: '', type: 'Text' }), 'Titel er påkrævet');
    await refused(app.t, () => app.call.customFields.update({ title: 'Felt' } as never), 'Type er påkrævet');
    await refused(app.t, () => app.call.customFields.update({ title: 'Farve', type: 'Dropdown' }), CATALOGUE_MSG.dropdownNeedsValues);
    await refused(app.t, () => app.call.customFields.update({ title: 'Antal', type: 'Number', defaultValue: 'fem' }), 'Standardværdi skal være et gyldigt tal.');
    await refused(app.t, () => app.call.customFields.update({ title: 'Farve', type: 'Dropdown', values: ['Rød'], defaultValue: 'Blå' }), CATALOGUE_MSG.defaultNotInValues);
    await refused(app.t, () => app.call.customFields.update({ title: 'Antal', type: 'Number', categoryIds: [999999] }), CATALOGUE_MSG.unknownCategory);
    const cat = await app.call.orderCategories.update({ title: 'Felt-kategori' });
    const f = await app.call.customFields.update({ title: 'Antal gæster', type: 'Number', defaultValue: '2,5', categoryIds: [cat.id] });
    expect(f).toMatchObject({ created: true, defaultValue: '2.5', message: MSG.fieldCreated });
    expect(await app.call.customFields.get({ id: f.id })).toEqual({
      id: f.id,
      title: 'Antal gæster',
      type: 'Number',
      categoryIds: [cat.id],
      sorting: 0,
      values: [],
      defaultValue: '2.5',
    });
    expect((await app.call.customFields.forCategory({ categoryId: cat.id })).map((x) => x.id)).toEqual([f.id]);
    expect((await app.call.customFields.list({ filter: { categoryId: cat.id } })).rows.map((x) => x.id)).toEqual([f.id]);
  });

  it('changing the type clears the carried-over default; a new valid default for the new type is kept', async () => {
    const f = await app.call.customFields.update({ title: 'Note', type: 'Text', defaultValue: '12' });
    // The form re-sends the old default with the new type: cleared, even though '12' would be a valid number.
    const changed = await app.call.customFields.update({ id: f.id, title: 'Note', type: 'Number', defaultValue: '12' });
    expect(changed.defaultValue).toBeNull();
    expect((await app.call.customFields.get({ id: f.id })).defaultValue).toBeNull();
    // Same type again: a default is kept.
    await app.call.customFields.update({ id: f.id, title: 'Note', type: 'Number', defaultValue: '7' });
    expect((await app.call.customFields.get({ id: f.id })).defaultValue).toBe('7');
    // New type with a new value that fits it: kept.
    await app.call.customFields.update({ id: f.id, title: 'Note', type: 'Dropdown', values: ['A', 'B'], defaultValue: 'B' });
    expect(await app.call.customFields.get({ id: f.id })).toMatchObject({ type: 'Dropdown', values: ['A', 'B'], defaultValue: 'B' });
    // Type change with the stale default that does not even fit the new type: cleared, not refused.
    await app.call.customFields.update({ id: f.id, title: 'Note', type: 'Date', values: ['A', 'B'], defaultValue: 'B' });
    expect(await app.call.customFields.get({ id: f.id })).toMatchObject({ type: 'Date', values: [], defaultValue: null });
    // Type change with a new value that does not fit the new type: refused, nothing changed.
    await refused(app.t, () => app.call.customFields.update({ id: f.id, title: 'Note', type: 'Number', defaultValue: 'abc' }), 'Standardværdi skal være et gyldigt tal.');
  });

  it('REST: GET ?categoryId gives the category fields, list envelope otherwise, update and delete', async () => {
    const cat = await app.call.orderCategories.update({ title: 'REST-felter' });
    const created = await app.t.request('POST', '/api/orders/fields/update', {
      cookie: app.admin,
      body: { title: 'Bemærkning', type: 'RichText', categoryIds: [cat.id], sorting: 3 },
    });
    expect(created.json()).toMatchObject({ success: true, message: MSG.fieldCreated });
    const id = created.json().result;
    const forCat = await app.t.request('GET', `/api/orders/fields?categoryId=${cat.id}`, { cookie: app.admin });
    expect(forCat.json()).toEqual({ success: true, result: [expect.objectContaining({ id, title: 'Bemærkning', type: 'RichText', categoryIds: [cat.id] })] });
    const list = await app.t.request('POST', '/api/orders/fields', { cookie: app.admin, body: { search: 'Bemærk' } });
    expect(list.json()).toEqual({ Result: [expect.objectContaining({ Id: id, Title: 'Bemærkning' })], TotalPages: 1, Total: 1 });
    await restRefused(app.t, () => app.t.request('POST', '/api/orders/fields/update', { cookie: app.admin, body: { title: 'X', type: 'Nope' } }), 'Type er ugyldig');
    expect((await app.t.request('DELETE', `/api/orders/fields/${id}`, { cookie: app.admin })).json()).toEqual({ success: true, message: CATALOGUE_MSG.fieldDeleted });
  });
});

describe('discount codes', () => {
  const code = { title: 'Sommerrabat', code: 'SOMMER26', expires: '2026-08-31', discount: '12,5' };

  it('validates with SPEC §5 messages, defaults to percentage and inactive, and stores products of the club', async () => {
    await refused(app.t, () => app.call.discountCodes.update({ ...code, title: '' }), 'Titel er påkrævet');
    await refused(app.t, () => app.call.discountCodes.update({ ...code, code: '' }), 'Kode er påkrævet');
    await refused(app.t, () => app.call.discountCodes.update({ ...code, expires: '' }), 'Udløbsdato er påkrævet');
    await refused(app.t, () => app.call.discountCodes.update({ ...code, discount: '' }), 'Rabat er påkrævet');
    await refused(app.t, () => app.call.discountCodes.update({ ...code, discount: 'ti' }), 'Rabat skal være et gyldigt tal.');
    await refused(app.t, () => app.call.discountCodes.update({ ...code, amount: 'mange' }), 'Antal skal være et heltal.');
    await refused(app.t, () => app.call.discountCodes.update({ ...code, productIds: [''] as never }), 'Produkt er påkrævet');
    await refused(app.t, () => app.call.discountCodes.update({ ...code, productIds: [999999] }), CATALOGUE_MSG.unknownProduct);
    const p = await app.call.products.update({ title: 'Rabatvare', type: 'product', price: 100 });
    const c = await app.call.discountCodes.update({ ...code, amount: 50, productIds: [p.id] });
    expect(c.message).toBe(MSG.discountCodeCreated);
    expect(await app.call.discountCodes.get({ id: c.id })).toEqual({
      id: c.id,
      title: 'Sommerrabat',
      code: 'SOMMER26',
      expires: '2026-08-31',
      amount: 50,
      uses: 0,
      discount: 12.5,
      percentage: true,
      active: false,
      productIds: [p.id],
      products: [{ id: p.id, title: 'Rabatvare' }],
    });
    const fixed = await app.call.discountCodes.update({ id: c.id, ...code, percentage: false, discount: '250', active: true });
    expect(fixed.message).toBe(MSG.discountCodeSaved);
    expect(await app.call.discountCodes.get({ id: c.id })).toMatchObject({ discount: 250, percentage: false, active: true, productIds: [] });
  });

  it('refuses a code that exists in another case, and allows the same code in another club', async () => {
    await app.call.discountCodes.update({ ...code, code: 'VINTER' });
    await refused(app.t, () => app.call.discountCodes.update({ ...code, code: 'vinter' }), CATALOGUE_MSG.codeTaken);
    await restRefused(
      app.t,
      () => app.t.request('POST', '/api/orders/discount-codes/update', { cookie: app.admin, body: { ...code, code: 'Vinter' } }),
      CATALOGUE_MSG.codeTaken,
      409,
    );
    const nabo = await callerFor(app.t, 'admin@demo.dk', 'Nabo BK');
    expect((await nabo.discountCodes.update({ ...code, code: 'vinter' })).message).toBe(MSG.discountCodeCreated);
  });

  it('REST: list Title asc, get, update, delete', async () => {
    const list = await app.t.request('POST', '/api/orders/discount-codes', { cookie: app.admin, body: {} });
    const titles = list.json().Result.map((r: { Title: string; Code: string }) => r.Code);
    expect(titles.length).toBeGreaterThan(0);
    expect(list.json().Result[0]).toMatchObject({ Percentage: expect.any(Boolean), Uses: 0 });
    const created = await app.t.request('POST', '/api/orders/discount-codes/update', { cookie: app.admin, body: { ...code, code: 'REST10', discount: '10' } });
    const id = created.json().result;
    expect(created.json()).toMatchObject({ success: true, message: MSG.discountCodeCreated });
    expect((await app.t.request('GET', `/api/orders/discount-codes/${id}`, { cookie: app.admin })).json().result).toMatchObject({ code: 'REST10', discount: 10 });
    expect((await app.t.request('DELETE', `/api/orders/discount-codes/${id}`, { cookie: app.admin })).json()).toEqual({
      success: true,
      message: CATALOGUE_MSG.discountCodeDeleted,
    });
    expect((await app.t.request('GET', `/api/orders/discount-codes/${id}`, { cookie: app.admin })).statusCode).toBe(404);
  });
});
