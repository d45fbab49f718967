import { CATALOGUE_MSG, MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { callerFor, refused, restRefused } from './helpers';
import { useTestApp } from '../support/app';

const app = useTestApp(async (t) => ({
  call: await callerFor(t, 'staff@demo.dk'),
  memberCall: await callerFor(t, 'member@demo.dk'),
  admin: await t.login('admin@demo.dk'),
}));
const base = { title: 'Sæsonkort', type: 'product' as const, price: '1.250,50' };

describe('products (router)', () => {
  it('creates a product with variants and options in one save, and reads it back in kroner', async () => {
    const addon = await app.call.products.update({ title: 'Parkering', type: 'product', price: 50 });
    expect(addon).toMatchObject({ created: true, message: MSG.productCreated });
    const cat = await app.call.productCategories.update({ title: 'Billetter' });
    const group = await app.call.invoiceGroups.update({ title: 'Entré', vatExempt: true });
    const addonVariant = await app.call.products.update({
      id: addon.id,
      title: 'Parkering',
      type: 'product',
      price: 50,
      variants: [{ title: 'Bil', price: '60' }],
    });
    expect(addonVariant.message).toBe(MSG.productSaved);
    const addonDetail = await app.call.products.get({ id: addon.id });
    const car = addonDetail.variants[0];

    const r = await app.call.products.update({
      ...base,
      sku: 'SK-1',
      categoryId: cat.id,
      invoiceGroupId: group.id,
      saleAmount: '100',
      contractSetup: { type: 'number', amountType: 'amount', unit: 'person', preSelected: true },
      subscription: { active: true, fee: '99,95', interval: 1, commitment: 12 },
      shop: { active: true, title: 'Sæsonkort 26/27', price: '1100', image: 'https://cdn.demo.dk/kort.png' },
      extraInfo: [{ title: 'Størrelse', alias: 'size', type: 'Select', values: ['S', 'M'], multiple: false }],
      variants: [
        { title: 'Voksen', price: '1250,50' },
        { title: 'Barn', price: '600', saleAmount: 20 },
      ],
      options: [{ productId: addon.id, variantId: car.id, public: true, priceOverride: true, price: '45,5' }],
    });
    const p = await app.call.products.get({ id: r.id });
    expect(p).toMatchObject({
      title: 'Sæsonkort',
      sku: 'SK-1',
      type: 'product',
      price: 1250.5,
      saleAmount: 100,
      category: { id: cat.id, title: 'Billetter' },
      invoiceGroupId: group.id,
      active: true,
      contractSetup: { type: 'number', amountType: 'amount', unit: 'person', preSelected: true },
      subscription: { active: true, fee: 99.95, interval: 1, commitment: 12, startFee: null },
      shop: { active: true, title: 'Sæsonkort 26/27', price: 1100, image: 'https://cdn.demo.dk/kort.png' },
      extraInfo: [{ title: 'Størrelse', alias: 'size', type: 'Select', values: ['S', 'M'], multiple: false }],
    });
    expect(p.variants.map((v) => [v.title, v.price, v.saleAmount])).toEqual([
      ['Voksen', 1250.5, null],
      ['Barn', 600, 20],
    ]);
    expect(p.options).toEqual([
      expect.objectContaining({ productId: addon.id, product: 'Parkering', variantId: car.id, variant: 'Bil', public: true, priceOverride: true, price: 45.5 }),
    ]);
    const stored = await app.t.database.owner.selectFrom('products').select(['price']).where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(stored.price).toBe(125050);

    // Saving again: one variant edited, one removed, one added; the option removed.
    await app.call.products.update({
      ...base,
      id: r.id,
      variants: [
        { id: p.variants[0].id, title: 'Voksen', price: '1300' },
        { title: 'Pensionist', price: '700' },
      ],
      options: [],
    });
    const again = await app.call.products.get({ id: r.id });
    expect(again.variants.map((v) => [v.id === p.variants[0].id, v.title, v.price])).toEqual([
      [true, 'Voksen', 1300],
      [false, 'Pensionist', 700],
    ]);
    expect(again.options).toEqual([]);
    expect(again.categoryId).toBeNull();
  });

  it('refuses invalid products with SPEC §5 messages and changes nothing', async () => {
    await refused(app.t, () => app.call.products.update({ ...base, title: '' }), 'Titel er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, type: '' as never }), 'Type er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, price: '' }), 'Pris er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, price: 'ti kr' }), 'Pris skal være et gyldigt tal.');
    await refused(app.t, () => app.call.products.update({ ...base, saleAmount: 'mange' }), 'Salgsantal skal være et heltal.');
    await refused(app.t, () => app.call.products.update({ ...base, variants: [{ title: '', price: 1 }] }), 'Titel er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, variants: [{ title: 'Voksen', price: '' }] }), 'Pris er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, options: [{ productId: '' }] }), 'Produkt er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, options: [{ productId: 1, priceOverride: true }] }), 'Pris er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, contractSetup: { type: '' as never } }), 'Type er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, contractSetup: { type: 'number-text' } }), 'Antalstype er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, contractSetup: { type: 'number', amountType: 'amount-price' } }), 'Enhed er påkrævet');
    await refused(app.t, () => app.call.products.update({ ...base, type: 'ticket', reservation: true }), CATALOGUE_MSG.reservationOnlySeatTicket);
    // References must be the club's own rows.
    await refused(app.t, () => app.call.products.update({ ...base, categoryId: 999999 }), CATALOGUE_MSG.unknownCategory);
    await refused(app.t, () => app.call.products.update({ ...base, invoiceGroupId: 999999 }), CATALOGUE_MSG.unknownInvoiceGroup);
    await refused(app.t, () => app.call.products.update({ ...base, options: [{ productId: 999999 }] }), CATALOGUE_MSG.unknownProduct);
    const other = await app.call.products.update({ title: 'Andet', type: 'product', price: 1, variants: [{ title: 'X', price: 1 }] });
    const otherVariant = (await app.call.products.get({ id: other.id })).variants[0].id;
    const target = await app.call.products.update({ title: 'Mål', type: 'product', price: 1 });
    await refused(
      app.t,
      () => app.call.products.update({ ...base, id: target.id, options: [{ productId: target.id }] }),
      CATALOGUE_MSG.optionSelf,
    );
    const third = await app.call.products.update({ title: 'Tredje', type: 'product', price: 1 });
    await refused(app.t, () => app.call.products.update({ ...base, options: [{ productId: third.id, variantId: otherVariant }] }), CATALOGUE_MSG.optionVariant);
    // A variant id of another product cannot be taken over.
    await refused(app.t, () => app.call.products.update({ ...base, id: target.id, variants: [{ id: otherVariant, title: 'Stjålet', price: 1 }] }), CATALOGUE_MSG.unknownVariant);
    // A failure after the product row was written rolls the whole save back.
    await refused(
      app.t,
      () => app.call.products.update({ ...base, id: target.id, title: 'Ændret', variants: [{ title: 'Ny', price: 1 }], options: [{ id: 999999, productId: third.id }] }),
      CATALOGUE_MSG.unknownOption,
    );
    expect((await app.call.products.get({ id: target.id })).title).toBe('Mål');
  });

  it('takes back what get returns: saving an unchanged product changes nothing', async () => {
    const addon = await app.call.products.update({ title: 'Rundtur-tilvalg', type: 'product', price: 5, variants: [{ title: 'Stor', price: 7 }] });
    const addonVariant = (await app.call.products.get({ id: addon.id })).variants[0].id;
    const r = await app.call.products.update({
      ...base,
      type: 'seat-ticket',
      reservation: true,
      seats: { chartId: 'c-1', category: 'VIP' },
      contractSetup: { type: 'number-text', amountType: 'price' },
      subscription: { active: true, startFee: '100', fee: '49,5', interval: 3, commitment: 6 },
      shop: { active: true, title: 'Web', price: '10,25', discount: '1', description: '<p>x</p>' },
      extraInfo: [{ title: 'Navn', alias: 'navn', type: 'Text' }],
      variants: [{ title: 'A', price: '1,5', saleAmount: 3, active: false, sorting: 2 }],
      options: [
        { productId: addon.id, variantId: addonVariant, public: true, preSelected: true },
        { productId: addon.id, priceOverride: true, price: '2,75' },
      ],
    });
    const before = await app.call.products.get({ id: r.id });
    await app.call.products.update(before as never);
    expect(await app.call.products.get({ id: r.id })).toEqual(before);
  });

  it('allows reservation on seat tickets', async () => {
    const r = await app.call.products.update({ ...base, type: 'seat-ticket', reservation: true, seats: { chartId: 'chart-1', category: 'A' } });
    expect(await app.call.products.get({ id: r.id })).toMatchObject({ type: 'seat-ticket', reservation: true, seats: { chartId: 'chart-1', category: 'A' } });
  });

  it('lists Title asc, 10 per page, with the lowest active variant price and hasVariants', async () => {
    const cat = await app.call.productCategories.update({ title: 'Listekategori' });
    const withVariants = await app.call.products.update({
      title: 'AAA Trøje',
      type: 'product',
      price: '500',
      categoryId: cat.id,
      description: 'Hjemmebane',
      variants: [
        { title: 'Large', price: '450' },
        { title: 'Small', price: '399,95' },
        { title: 'Udsolgt', price: '100', active: false },
      ],
    });
    const plain = await app.call.products.update({ title: 'AAB Halstørklæde', type: 'product', price: '149', categoryId: cat.id });
    const page = await app.call.products.list({ filter: { categoryId: cat.id } });
    expect(page.rows.map((r) => [r.id, r.title, r.price, r.hasVariants, r.category])).toEqual([
      [withVariants.id, 'AAA Trøje', 399.95, true, 'Listekategori'],
      [plain.id, 'AAB Halstørklæde', 149, false, 'Listekategori'],
    ]);
    expect(page.rows[0]).toMatchObject({ basePrice: 500, description: 'Hjemmebane', sorting: 0 });
    // Titles that sort before every other product of this file, created out of order.
    for (const i of [11, 3, 0, 7, 10, 1, 9, 2, 8, 4, 6, 5]) await app.call.products.update({ title: `000 Side ${String(i).padStart(2, '0')}`, type: 'product', price: i });
    const all = await app.call.products.list({});
    expect(all.perPage).toBe(10);
    expect(all.total).toBeGreaterThanOrEqual(14);
    expect(all.totalPages).toBe(Math.ceil(all.total / 10));
    expect(all.rows.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `000 Side ${String(i).padStart(2, '0')}`));
    const second = await app.call.products.list({ page: 2 });
    expect(second.rows.slice(0, 2).map((r) => r.title)).toEqual(['000 Side 10', '000 Side 11']);
    const desc = await app.call.products.list({ sort: { field: 'Title', dir: 'desc' }, perPage: 1000 });
    expect(desc.rows.slice(-2).map((r) => r.title)).toEqual(['000 Side 01', '000 Side 00']);
    expect((await app.call.products.list({ search: 'AAA trøje' })).rows.map((r) => r.id)).toEqual([withVariants.id]);
    // Search covers title, sku and description.
    expect((await app.call.products.list({ search: 'hjemmeban', filter: { categoryId: cat.id } })).rows.map((r) => r.id)).toEqual([withVariants.id]);
    const byPrice = await app.call.products.list({ filter: { categoryId: cat.id }, sort: { field: 'Price', dir: 'asc' } });
    expect(byPrice.rows.map((r) => r.id)).toEqual([plain.id, withVariants.id]);
  });

  it('the demo catalogue: a ticket with variants lists its lowest variant price, a season ticket with its option', async () => {
    const rows = (await app.call.products.list({ search: 'Enkeltbillet' })).rows;
    expect(rows).toEqual([expect.objectContaining({ title: 'Enkeltbillet', price: 60, basePrice: 120, hasVariants: true, category: 'Billetter' })]);
    const card = (await app.call.products.list({ search: 'Sæsonkort', filter: { categoryId: rows[0].categoryId } })).rows.find((r) => r.type === 'seat-ticket');
    const detail = await app.call.products.get({ id: card?.id as number });
    expect(detail).toMatchObject({ title: 'Sæsonkort', reservation: true, seasonTicket: true, price: 1800 });
    expect(detail.options).toEqual([expect.objectContaining({ product: 'Parkering', priceOverride: true, price: 250 })]);
  });

  it('search for pickers by text and by ids, with active variants', async () => {
    const p = await app.call.products.update({ title: 'Pickerprodukt', type: 'ticket', price: 10, variants: [{ title: 'V1', price: 12 }] });
    const bySearch = await app.call.products.search({ search: 'pickerprod' });
    expect(bySearch).toEqual([expect.objectContaining({ id: p.id, title: 'Pickerprodukt', type: 'ticket', price: 10, variants: [expect.objectContaining({ title: 'V1', price: 12 })] })]);
    expect((await app.call.products.search({ ids: [p.id, 999999] })).map((r) => r.id)).toEqual([p.id]);
    expect((await app.call.products.categories()).length).toBeGreaterThan(0);
  });

  it('deletes a product; options pointing at it and discount-code links go with it', async () => {
    const target = await app.call.products.update({ title: 'Slettes', type: 'product', price: 1 });
    const holder = await app.call.products.update({ title: 'Holder', type: 'product', price: 1, options: [{ productId: target.id }] });
    expect(await app.call.products.delete({ id: target.id })).toEqual({ success: true, message: CATALOGUE_MSG.productDeleted });
    expect((await app.call.products.get({ id: holder.id })).options).toEqual([]);
    await refused(app.t, () => app.call.products.get({ id: target.id }), MSG.notFound);
    await refused(app.t, () => app.call.products.delete({ id: target.id }), MSG.notFound);
  });

  it('is for staff of a club with the products module', async () => {
    await refused(app.t, () => app.memberCall.products.list({}), MSG.forbidden);
    await refused(app.t, () => app.memberCall.products.update(base), MSG.forbidden);
    const demo = await app.t.database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow();
    const mod = await app.t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'products').executeTakeFirstOrThrow();
    await sql`UPDATE client_modules SET active = false WHERE client_id = ${demo.id} AND module_id = ${mod.id}`.execute(app.t.database.owner);
    try {
      await refused(app.t, () => app.call.products.list({}), MSG.moduleOff);
    } finally {
      await sql`UPDATE client_modules SET active = true WHERE client_id = ${demo.id} AND module_id = ${mod.id}`.execute(app.t.database.owner);
    }
  });
});

describe('products (REST)', () => {
  it('POST /api/products/update as JSON and as multipart, GET, list envelope, picker, DELETE', async () => {
    const created = await app.t.request('POST', '/api/products/update', {
      cookie: app.admin,
      body: { ...base, title: 'REST-produkt', variants: [{ title: 'A', price: '10' }, { title: 'B', price: '8,5' }] },
    });
    expect(created.statusCode).toBe(200);
    const { success, result: id, message } = created.json();
    expect({ success, message }).toEqual({ success: true, message: MSG.productCreated });

    const one = await app.t.request('GET', `/api/products/${id}`, { cookie: app.admin });
    expect(one.json()).toMatchObject({ success: true, result: { id, title: 'REST-produkt', price: 1250.5 } });

    const list = await app.t.request('POST', '/api/products', { cookie: app.admin, body: { search: 'REST-produkt', page: 1, perPage: 10 } });
    expect(list.json()).toEqual({
      Result: [expect.objectContaining({ Id: id, Title: 'REST-produkt', Price: 8.5, HasVariants: true, BasePrice: 1250.5 })],
      TotalPages: 1,
      Total: 1,
    });
    const getList = await app.t.request('GET', '/api/products?page=1&perPage=10', { cookie: app.admin });
    expect(getList.json()).toMatchObject({ TotalPages: expect.any(Number), Total: expect.any(Number) });
    expect(getList.json().Result.length).toBeLessThanOrEqual(10);

    const picker = await app.t.request('GET', '/api/products?search=REST-prod', { cookie: app.admin });
    expect(picker.json()).toEqual({ success: true, result: [expect.objectContaining({ id, title: 'REST-produkt' })] });
    const byIds = await app.t.request('GET', `/api/products?ids=${id}`, { cookie: app.admin });
    expect(byIds.json().result.map((r: { id: number }) => r.id)).toEqual([id]);

    // Multipart: objects and arrays as JSON-encoded fields.
    const boundary = '----klubhuscatalogue';
    const fields = { id: String(id), title: 'REST-produkt 2', type: 'ticket', price: '99,5', shop: JSON.stringify({ active: true, title: 'Shop' }) };
    const payload = `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--${boundary}--\r\n`;
    const multi = await app.t.app.inject({
      method: 'POST',
      url: '/api/products/update',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: app.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(multi.json()).toEqual({ success: true, result: id, message: MSG.productSaved });
    expect((await app.t.request('GET', `/api/products/${id}`, { cookie: app.admin })).json().result).toMatchObject({
      title: 'REST-produkt 2',
      type: 'ticket',
      price: 99.5,
      shop: { active: true, title: 'Shop' },
      variants: [],
    });

    await restRefused(app.t, () => app.t.request('POST', '/api/products/update', { cookie: app.admin, body: { ...base, price: 'x' } }), 'Pris skal være et gyldigt tal.');
    await restRefused(
      app.t,
      () => app.t.request('POST', '/api/products/update', { cookie: app.admin, body: { ...base, type: 'product', reservation: true } }),
      CATALOGUE_MSG.reservationOnlySeatTicket,
    );

    const del = await app.t.request('DELETE', `/api/products/${id}`, { cookie: app.admin });
    expect(del.json()).toEqual({ success: true, message: CATALOGUE_MSG.productDeleted });
    expect((await app.t.request('GET', `/api/products/${id}`, { cookie: app.admin })).statusCode).toBe(404);
  });

  it('stores an uploaded webshop image (multipart imageFile) as a club file, refuses non-images, removes it with the product', async () => {
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const send = (fields: Record<string, string>, file: { name: string; data: Buffer; type: string }) => {
      const boundary = '----klubhusimage';
      const head = Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      const payload = Buffer.concat([
        Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="imageFile"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
        file.data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.t.app.inject({
        method: 'POST',
        url: '/api/products/update',
        headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: app.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    await restRefused(
      app.t,
      () => send({ title: 'Med billede', type: 'product', price: '10' }, { name: 'virus.png', data: Buffer.from('MZ not an image'), type: 'image/png' }),
      CATALOGUE_MSG.imageNotImage,
    );
    const res = await send({ title: 'Med billede', type: 'product', price: '10', shop: JSON.stringify({ active: true, title: 'Shop' }) }, { name: 'kort.png', data: PNG, type: 'image/png' });
    expect(res.json()).toMatchObject({ success: true, message: MSG.productCreated });
    const id = res.json().result;
    const product = await app.call.products.get({ id });
    expect(product.shop).toMatchObject({ active: true, title: 'Shop', image: expect.stringMatching(/^\/api\/files\/\d+$/) });
    const fileId = Number(product.shop.image?.split('/').pop());
    const file = await app.t.database.owner.selectFrom('files').select(['relation_type', 'relation_id', 'mime_type']).where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(file).toEqual({ relation_type: 'product', relation_id: id, mime_type: 'image/png' });
    const img = await app.t.request('GET', product.shop.image as string, { cookie: app.admin });
    expect(img.statusCode).toBe(200);
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    // A new upload replaces the old file.
    const again = await send({ id: String(id), title: 'Med billede', type: 'product', price: '10' }, { name: 'nyt.png', data: PNG, type: 'image/png' });
    expect(again.json()).toMatchObject({ success: true, result: id });
    const files = await app.t.database.owner.selectFrom('files').select('id').where('relation_type', '=', 'product').where('relation_id', '=', id).execute();
    expect(files).toHaveLength(1);
    expect(files[0].id).not.toBe(fileId);
    // Saving with the same image keeps the file; clearing shop.image removes it.
    const current = await app.call.products.get({ id });
    await app.call.products.update(current as never);
    expect(await app.t.database.owner.selectFrom('files').select('id').where('relation_type', '=', 'product').where('relation_id', '=', id).execute()).toEqual(files);
    await app.call.products.update({ ...(current as object), shop: { ...current.shop, image: null } } as never);
    expect(await app.t.database.owner.selectFrom('files').select('id').where('relation_type', '=', 'product').where('relation_id', '=', id).execute()).toEqual([]);
    await send({ id: String(id), title: 'Med billede', type: 'product', price: '10' }, { name: 'igen.png', data: PNG, type: 'image/png' });
    await app.call.products.delete({ id });
    expect(await app.t.database.owner.selectFrom('files').select('id').where('relation_type', '=', 'product').where('relation_id', '=', id).execute()).toEqual([]);
  });
});
