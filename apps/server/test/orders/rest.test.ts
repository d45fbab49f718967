import { ORDER_MSG } from '@klubhus/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { demoIds, orderInput, ordersSnapshot } from './helpers';
import { restCalls, staffAndForeign, useTestApp } from '../support/app';

/** The REST adapters of SPEC §7 "Orders": envelopes, the status actions, export, refusals, and the order-proof route table. */
const app = useTestApp(async (t) => ({ ...(await staffAndForeign(t)), ids: await demoIds(t) }));
const { post, get } = restCalls(app);

describe('orders REST', () => {
  it('update → get → approve → edit → approve → cancel → delete, in SPEC envelopes', async () => {
    const created = await post('/api/orders/update', orderInput(app.ids));
    expect(created.json()).toMatchObject({ success: true, result: expect.any(Number), message: ORDER_MSG.created });
    const id = created.json().result as number;
    const one = (await get(`/api/orders/${id}`)).json();
    expect(one).toMatchObject({ success: true, result: { id, status: 'draft', paymentStatus: 'pending', orderLines: [{ title: 'Klubtrøje – Medium' }, { title: 'Sæsonkort' }] } });
    const body = { ...orderInput(app.ids), id };
    expect((await post('/api/orders/approve', body)).json()).toMatchObject({ success: true, result: id, status: 'approved', message: ORDER_MSG.approved });
    expect((await post('/api/orders/edit', body)).json()).toMatchObject({ success: true, status: 'draft', message: ORDER_MSG.reopened });
    await post('/api/orders/approve', body);
    const del = await app.t.request('DELETE', `/api/orders/${id}`, { cookie: app.staff });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ success: false, error: ORDER_MSG.deleteOnlyDraftOrCancelled });
    expect((await post('/api/orders/cancel', body)).json()).toMatchObject({ success: true, status: 'cancelled', message: ORDER_MSG.cancelled });
    expect((await app.t.request('DELETE', `/api/orders/${id}`, { cookie: app.staff })).json()).toEqual({ success: true, message: ORDER_MSG.deleted });
    expect((await get(`/api/orders/${id}`)).statusCode).toBe(404);
  });

  it('bad input: a Danish error, field errors, nothing changed', async () => {
    const before = await ordersSnapshot(app.t);
    const bad = await post('/api/orders/update', { orderLines: [{ title: 'X', price: '1', amount: '1', seat: 'A1' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'Plads skal være i formatet X-Y', data: { 'orderLines.0.seat': 'Plads skal være i formatet X-Y' } });
    expect((await get('/api/orders/abc')).statusCode).toBe(400);
    expect(await ordersSnapshot(app.t)).toBe(before);
  });

  it('the list: {Result, TotalPages, Total}, Number desc, 10 per page, search and filter', async () => {
    for (let i = 0; i < 3; i++) await post('/api/orders/update', orderInput(app.ids));
    const list = (await post('/api/orders', {})).json();
    expect(list.Result).toHaveLength(10);
    expect(Object.keys(list.Result[0])).toEqual(expect.arrayContaining(['Id', 'Status', 'Number', 'Payment', 'Contact', 'Company', 'Price', 'Date']));
    const numbers = list.Result.map((r: { Number: number }) => r.Number);
    expect(numbers).toEqual([...numbers].sort((a: number, b: number) => b - a));
    expect(list.TotalPages).toBe(Math.ceil(list.Total / 10));
    const paid = (await post('/api/orders', { filter: { paymentStatus: 'paid' } })).json();
    expect(paid.Result.every((r: { Payment: string }) => r.Payment === 'paid')).toBe(true);
    const byQuery = (await get('/api/orders?status=cart')).json();
    expect(byQuery.Result.map((r: { Status: string }) => r.Status)).toEqual(['cart']);
    const sorted = (await post('/api/orders', { sort: { field: 'Price', dir: 'asc' } })).json();
    const prices = sorted.Result.map((r: { Price: number }) => r.Price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
  });

  it('export: Ordrer.xlsx with Danish headers and labels', async () => {
    const res = await post('/api/orders/export', { filter: { status: 'approved' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Ordrer.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Ordrer');
    expect(ws?.getRow(1).values).toEqual([undefined, 'Status', 'Nummer', 'Betaling', 'Kontaktperson', 'Virksomhed', 'Pris', 'Dato']);
    expect(ws?.getRow(2).getCell(1).value).toBe('Godkendt');
  });

  it('specific paths never fall into /:id: categories, seasons, fields (?categoryId) answer as before', async () => {
    expect((await get('/api/orders/categories')).json()).toMatchObject({ Result: expect.any(Array) });
    expect((await get('/api/orders/seasons')).statusCode).toBe(200);
    const category = (await post('/api/orders/categories', {})).json().Result[0].Id;
    const fields = await get(`/api/orders/fields?categoryId=${category}`);
    expect(fields.json()).toMatchObject({ success: true, result: expect.any(Array) });
    expect((await get('/api/orders/discount-codes')).json()).toMatchObject({ Result: expect.any(Array) });
  });

  it('another club gets 404 for an order of Demo IF and changes nothing', async () => {
    const id = (await post('/api/orders/update', orderInput(app.ids))).json().result as number;
    const before = await ordersSnapshot(app.t);
    expect((await get(`/api/orders/${id}`, app.nabo)).statusCode).toBe(404);
    for (const action of ['approve', 'edit', 'cancel']) expect((await post(`/api/orders/${action}`, { id }, app.nabo)).statusCode).toBe(404);
    expect((await app.t.request('DELETE', `/api/orders/${id}`, { cookie: app.nabo })).statusCode).toBe(404);
    expect((await post('/api/orders/update', { id, firstname: 'Nabo' }, app.nabo)).statusCode).toBe(404);
    expect((await post('/api/orders', {}, app.nabo)).json().Result.map((r: { Id: number }) => r.Id)).not.toContain(id);
    expect(await ordersSnapshot(app.t)).toBe(before);
  });
});
