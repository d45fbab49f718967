import { CONTRACT_MSG } from '@klubhus/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contractInput, contractsSnapshot, demoIds } from './helpers';
import { restCalls, staffAndForeign, useTestApp } from '../support/app';

/** The REST adapters of SPEC §7 "Contracts": envelopes, the status actions, export, refusals and another club's ids. */
const app = useTestApp(async (t) => ({ ...(await staffAndForeign(t)), ids: await demoIds(t) }));
const { post, get } = restCalls(app);

describe('contracts REST', () => {
  it('update → get → approve → renew → edit → cancel → reactivate → delete, in SPEC envelopes', async () => {
    const created = await post('/api/contracts/update', contractInput(app.ids));
    expect(created.json()).toMatchObject({ success: true, result: expect.any(Number), message: CONTRACT_MSG.created });
    const id = created.json().result as number;
    const one = await get(`/api/contracts/${id}`);
    expect(one.json()).toMatchObject({ success: true, result: { id, status: 'draft', agreementStatus: 'unsent', startDate: '2025-07-01' } });
    expect(one.json().result.contractLines).toHaveLength(3);
    expect((await post('/api/contracts/approve', { id })).json()).toMatchObject({ success: true, result: id, status: 'approved', message: 'Aftalen blev godkendt!' });
    const renewed = (await post('/api/contracts/renew', { id })).json();
    expect(renewed).toMatchObject({ success: true, result: id, message: 'Ny aftale blev oprettet', data: { id: expect.any(Number) } });
    expect((await get(`/api/contracts/${renewed.data.id}`)).json().result.status).toBe('renewal');
    const invoiced = (await post('/api/contracts/invoice', { id })).json();
    expect(invoiced).toMatchObject({ success: true, message: 'Faktura blev oprettet!' });
    expect((await get(`/api/contracts/${id}/invoices`)).json().result.invoices.map((i: { id: number }) => i.id)).toEqual([invoiced.result]);
    expect((await post('/api/contracts/edit', { id })).json()).toMatchObject({ status: 'draft', message: 'Aftalen kan nu redigeres.' });
    expect((await post('/api/contracts/cancel', { id })).json()).toMatchObject({ status: 'cancelled', message: 'Aftalen blev annulleret!' });
    const refused = await app.t.request('DELETE', `/api/contracts/${id}`, { cookie: app.staff });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, error: CONTRACT_MSG.deleteOnlyDraft });
    expect((await post('/api/contracts/reactivate', { id })).json()).toMatchObject({ status: 'draft', message: 'Aftalen blev genaktiveret!' });
    const deleted = await app.t.request('DELETE', `/api/contracts/${id}`, { cookie: app.staff });
    expect(deleted.json()).toMatchObject({ success: true, message: 'Aftalen blev slettet!' });
  });

  it('the list protocol with status filter, and Aftaler.xlsx', async () => {
    const { result: id } = (await post('/api/contracts/update', contractInput(app.ids))).json();
    const list = (await post('/api/contracts', { filter: { status: 'draft' }, perPage: 100 })).json();
    expect(list.Result.every((r: { Status: string }) => r.Status === 'draft')).toBe(true);
    expect(list.Result.map((r: { Id: number }) => r.Id)).toContain(id);
    expect(list.Result[0]).toHaveProperty('ContractNumber');
    const byQuery = (await get('/api/contracts?status=approved&perPage=100')).json();
    expect(byQuery.Result.map((r: { Id: number }) => r.Id)).not.toContain(id);
    const file = await post('/api/contracts/export', { filter: { status: 'draft' } });
    expect(file.headers['content-disposition']).toContain('Aftaler.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Aftaler');
    expect(ws?.getRow(1).values).toEqual([undefined, 'Nummer', 'Status', 'Aftalestatus', 'Virksomhed', 'Kategori', 'Startdato', 'Slutdato', 'Genforhandling', 'Subtotal', 'Gebyr']);
    expect((ws?.rowCount ?? 0) - 1).toBe(list.Total);
  });

  it('products grouped by category; the renegotiations feed', async () => {
    const products = (await get('/api/contracts/products')).json();
    expect(products.success).toBe(true);
    expect(products.result.map((g: { category: string }) => g.category)).toEqual(expect.arrayContaining(['Sponsorpakker']));
    const feed = (await post('/api/dashboard/renegotiations', { days: 3650 })).json();
    expect(feed).toHaveProperty('Result');
    expect(feed).toHaveProperty('Total');
  });

  it('bad input gets a Danish error and changes nothing; another club sees nothing', async () => {
    const before = await contractsSnapshot(app.t);
    const bad = await post('/api/contracts/update', { ...contractInput(app.ids), contactId: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: CONTRACT_MSG.contactRequired });
    expect(await contractsSnapshot(app.t)).toBe(before);
    const { result: id } = (await post('/api/contracts/update', contractInput(app.ids))).json();
    const mark = await contractsSnapshot(app.t);
    expect((await get(`/api/contracts/${id}`, app.nabo)).statusCode).toBe(404);
    expect((await post('/api/contracts/approve', { id }, app.nabo)).statusCode).toBe(404);
    expect((await post('/api/contracts', {}, app.nabo)).json().Result.map((r: { Id: number }) => r.Id)).not.toContain(id);
    expect(await contractsSnapshot(app.t)).toBe(mark);
  });
});
