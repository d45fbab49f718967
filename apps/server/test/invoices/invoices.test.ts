import { renderPendingInvoicePdfs } from '@klubhus/api';
import { DEMO_USERS } from '@klubhus/db';
import { formatDKK, INVOICE_MSG, kronerToOre, orderTotals } from '@klubhus/domain';
import { fileStorage } from '@klubhus/api';
import { pdfRenderer, type PdfRenderer } from '@klubhus/integrations';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danishMessage } from '../catalogue/helpers';
import { clubId, createTestApp, type TestApp } from '../helpers';
import { approvedOrder, type InvoiceCaller, invoiceCaller, invoicesSnapshot } from './helpers';

/**
 * Invoices through the routers and the REST adapters (issue 15 items 1–3, 5, 7, 8), on the
 * embedded database or PostgreSQL (DATABASE_URL): invoicing an approved order, the lines copied at
 * issue time, booking with the club's next number, credit notes with numbers of their own, the
 * states and toasts of SPEC §4/§8, refusals that change nothing, the PDF made by the PDF job (its
 * text read back with pdfjs) and the company's revenue from booked invoices.
 */
let t: TestApp;
let call: InvoiceCaller;
let renderer: PdfRenderer;
let cookie: string;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  call = await invoiceCaller(t);
  cookie = await t.login(DEMO_USERS.admin);
  demo = await clubId(t.database, 'Demo IF');
  renderer = pdfRenderer({ pages: 2 });
}, 120_000);
afterAll(async () => {
  await renderer?.close();
  await t.close();
});

async function refusedWith(fn: () => Promise<unknown>, message: string) {
  const before = await invoicesSnapshot(t);
  const error = await fn().then(
    () => null,
    (e) => e,
  );
  expect(error, `expected refusal "${message}"`).toBeInstanceOf(Error);
  expect(danishMessage(error)).toBe(message);
  expect(await invoicesSnapshot(t)).toBe(before);
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: true }).promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`;
  }
  await doc.destroy();
  return text.replace(/\s+/g, ' ');
}

const jobDeps = () => ({ db: t.database.db, owner: t.database.owner, storage: fileStorage({ baseUrl: '', secureCookies: false, dataDir: t.dataDir }), renderer });

describe('invoicing an order', () => {
  it('invoices an approved order now: a draft whose lines and totals are the order’s, copied', async () => {
    const { id } = await approvedOrder(call, t);
    const order = await call.orders.get({ id });
    const r = await call.orders.invoice({ id });
    expect(r.message).toBe('Faktura blev oprettet!');
    const inv = await call.invoices.get({ id: r.id });
    expect(inv).toMatchObject({ isDraft: true, number: null, type: 'invoice', orderId: id, orderNumber: order.orderNumber, isSent: false, isPaid: false });
    // Klubtrøje ×2, Sæsonkort with its discount, Parkering as a line of its own.
    expect(inv.lines.map((l) => [l.title, l.amount, l.price])).toEqual([
      ['Klubtrøje – Medium', 2, 499],
      ['Sæsonkort', 1, 1800],
      ['Parkering', 1, 300],
    ]);
    expect({ subtotal: inv.subtotal, vat: inv.vat, total: inv.total }).toEqual({ subtotal: order.subtotal, vat: order.vat, total: order.total });
    const vat = { vatRate: 25, pricesWithVat: true, disableVat: false };
    const expected = orderTotals(
      { lines: order.orderLines.map((l) => ({ ...l, price: kronerToOre(l.price), discount: kronerToOre(l.discount), options: l.options.map((o) => ({ price: kronerToOre(o.price) })) })), orderDiscount: 0, additionalFee: 0 },
      vat,
    );
    expect(kronerToOre(inv.total)).toBe(expected.total);
    // Later edits of the product never reach the issued invoice.
    const jersey = inv.lines[0].productId as number;
    await t.database.owner.updateTable('products').set({ title: 'Omdøbt', price: 1 }).where('id', '=', jersey).execute();
    expect((await call.invoices.get({ id: r.id })).lines[0]).toMatchObject({ title: 'Klubtrøje – Medium', price: 499 });
    await t.database.owner.updateTable('products').set({ title: 'Klubtrøje', price: 49900 }).where('id', '=', jersey).execute();
    // Without a plan the whole order is one invoice: a second 'invoice now' is refused, nothing changes.
    await refusedWith(() => call.orders.invoice({ id }), INVOICE_MSG.orderFullyInvoiced);
  });

  it('refuses to invoice an order that is not approved', async () => {
    const { id } = await approvedOrder(call, t);
    await call.orders.edit({ id });
    await refusedWith(() => call.orders.invoice({ id }), INVOICE_MSG.orderNotApproved);
  });

  it('books, credits, marks sent and paid with the toasts of SPEC §8; numbers 1, 2, … per club', async () => {
    const { id: orderId } = await approvedOrder(call, t);
    const { id } = await call.orders.invoice({ id: orderId });
    expect((await call.invoices.updateDate({ id, invoiceDate: '2026-03-01' })).message).toBe('Faktura dato er gemt');
    const draft = await call.invoices.get({ id });
    expect([draft.invoiceDate, draft.paymentDate]).toEqual(['2026-03-01', '2026-03-09']);
    await refusedWith(() => call.invoices.credit({ id }), INVOICE_MSG.creditOnlyBooked);
    await refusedWith(() => call.invoices.paid({ id }), INVOICE_MSG.paidOnlyBooked);
    const before = (await t.database.owner.selectFrom('invoice_counters').select('last_number').where('client_id', '=', demo).executeTakeFirst())?.last_number ?? 0;
    const booked = await call.invoices.book({ id });
    expect(booked).toMatchObject({ message: INVOICE_MSG.booked, number: before + 1 });
    await refusedWith(() => call.invoices.book({ id }), INVOICE_MSG.bookOnlyDraft);
    await refusedWith(() => call.invoices.delete({ id }), INVOICE_MSG.deleteOnlyDraft);
    await refusedWith(() => call.invoices.updateDate({ id, invoiceDate: '2026-04-01' }), INVOICE_MSG.dateOnlyDraft);
    expect((await call.invoices.sent({ id })).message).toBe(INVOICE_MSG.markedSent);
    expect((await call.invoices.send({ id })).message).toBe('E-mail med faktura sendt');
    const mail = await t.database.owner.selectFrom('outbox').selectAll().where('kind', '=', 'invoice').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Faktura nr. ${before + 1} fra Demo IF`);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `Faktura-${before + 1}.pdf`, contentType: 'application/pdf' })]);
    expect((await call.invoices.paid({ id })).message).toBe('E-mail med kvittering sendt');
    await refusedWith(() => call.invoices.paid({ id }), INVOICE_MSG.alreadyPaid);
    expect((await call.invoices.sendReceipt({ id })).message).toBe('E-mail med kvittering sendt');
    const credit = await call.invoices.credit({ id });
    expect(credit).toMatchObject({ message: INVOICE_MSG.credited, number: before + 2 });
    const note = await call.invoices.get({ id: credit.id });
    const original = await call.invoices.get({ id });
    expect(note).toMatchObject({ type: 'credit_note', creditsId: id, creditsNumber: before + 1, isDraft: false, total: -original.total, subtotal: -original.subtotal, vat: -original.vat });
    expect(original).toMatchObject({ credited: true, creditedById: credit.id });
    await refusedWith(() => call.invoices.credit({ id }), INVOICE_MSG.alreadyCredited);
    await refusedWith(() => call.invoices.credit({ id: credit.id }), INVOICE_MSG.creditCreditNote);
    expect(original.audit.map((a) => a.action)).toEqual(['create', 'date', 'book', 'sent', 'send', 'paid', 'receipt', 'receipt', 'credit']);
  });

  it('deletes a draft (Kladden blev slettet!) and the plan entry can be made again', async () => {
    const { id: orderId } = await approvedOrder(call, t);
    const { id } = await call.orders.invoice({ id: orderId });
    expect((await call.invoices.delete({ id })).message).toBe('Kladden blev slettet!');
    expect((await call.invoices.byOrder({ orderId })).invoices).toEqual([]);
    const again = await call.orders.invoice({ id: orderId });
    expect(again.id).not.toBe(id);
  });

  it('bad input gets a Danish error and changes nothing', async () => {
    const { id: orderId } = await approvedOrder(call, t);
    const { id } = await call.orders.invoice({ id: orderId });
    await refusedWith(() => call.invoices.updateDate({ id, invoiceDate: '2026-02-30' }), INVOICE_MSG.invoiceDateFormat);
    await refusedWith(() => call.invoices.updateDate({ id, invoiceDate: '' }), INVOICE_MSG.invoiceDateRequired);
    await refusedWith(() => call.invoices.book({ id: 999_999 }), 'Elementet blev ikke fundet.');
  });

  it('another club sees none of it', async () => {
    const { id: orderId } = await approvedOrder(call, t);
    const { id } = await call.orders.invoice({ id: orderId });
    const other = await invoiceCaller(t, { club: 'Nabo BK' });
    await refusedWith(() => other.invoices.book({ id }), 'Elementet blev ikke fundet.');
    expect((await other.invoices.list({})).rows.some((r) => r.id === id)).toBe(false);
  });
});

describe('REST adapters', () => {
  it('serve every URL of SPEC §7 Invoices in its envelopes', async () => {
    const { id: orderId } = await approvedOrder(call, t);
    const made = await t.request('POST', `/api/orders/${orderId}/invoice`, { cookie, body: {} });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ success: true, message: 'Faktura blev oprettet!' });
    const id = made.json().result as number;
    const list = await t.request('POST', '/api/invoices', { cookie, body: { search: '', page: 1 } });
    expect(list.json()).toMatchObject({ Total: expect.any(Number), TotalPages: expect.any(Number) });
    expect(list.json().Result[0]).toMatchObject({ Id: id, Number: null, IsDraft: true, Type: 'invoice', OrderId: orderId, Collection: 'transfer' });
    const byOrder = await t.request('GET', `/api/invoices/${orderId}`, { cookie });
    expect(byOrder.json().result.invoices.map((i: { id: number }) => i.id)).toEqual([id]);
    const date = await t.request('POST', '/api/invoices/update-date', { cookie, body: { id, invoiceDate: '2026-05-01' } });
    expect(date.json()).toEqual({ success: true, result: id, message: 'Faktura dato er gemt' });
    const bad = await t.request('POST', '/api/invoices/update-date', { cookie, body: { id, invoiceDate: 'i morgen' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { success: false, error: INVOICE_MSG.invoiceDateFormat, data: expect.any(Object) }]);
    const pdfOfDraft = await t.request('GET', `/api/invoices/${id}/pdf`, { cookie });
    expect([pdfOfDraft.statusCode, pdfOfDraft.json().error]).toEqual([409, INVOICE_MSG.draftNoPdf]);
    const preview = await t.request('GET', `/api/invoices/${id}/preview`, { cookie });
    expect(preview.headers['content-type']).toContain('text/html');
    expect(preview.body).toContain('KLADDE');
    const book = await t.request('POST', `/api/invoices/${id}/book`, { cookie, body: {} });
    expect(book.json()).toMatchObject({ success: true, result: id, message: INVOICE_MSG.booked });
    const pending = await t.request('GET', `/api/invoices/${id}/pdf`, { cookie });
    expect([pending.statusCode, pending.json().error]).toEqual([202, INVOICE_MSG.pdfPending]);
    for (const [path, message] of [
      ['sent', INVOICE_MSG.markedSent],
      ['send', INVOICE_MSG.sentByEmail],
      ['paid', INVOICE_MSG.receiptSent],
      ['send-receipt', INVOICE_MSG.receiptSent],
    ] as const) {
      const r = await t.request('POST', `/api/invoices/${id}/${path}`, { cookie, body: {} });
      expect(r.json(), path).toMatchObject({ success: true, result: id, message });
    }
    const credit = await t.request('POST', `/api/invoices/${id}/credit`, { cookie, body: {} });
    expect(credit.json()).toMatchObject({ success: true, message: INVOICE_MSG.credited });
    const again = await t.request('POST', `/api/invoices/${id}/credit`, { cookie, body: {} });
    expect([again.statusCode, again.json()]).toEqual([409, { success: false, error: INVOICE_MSG.alreadyCredited }]);
    const { id: orderId2 } = await approvedOrder(call, t);
    const draft2 = (await t.request('POST', '/api/orders/invoice', { cookie, body: { id: orderId2 } })).json().result;
    const del = await t.request('POST', `/api/invoices/${draft2}/delete`, { cookie, body: {} });
    expect(del.json()).toMatchObject({ success: true, message: 'Kladden blev slettet!' });
    const detail = await t.request('GET', `/api/invoices/${id}/detail`, { cookie });
    expect(detail.json().result).toMatchObject({ id, isPaid: true, isSent: true, credited: true });
    for (const url of ['/api/orders/product-groups', '/api/orders/customer-groups', '/api/orders/units', '/api/orders/vat-zones', '/api/orders/payment-terms', '/api/orders/layouts', '/api/orders/economic/products?search=x']) {
      const r = await t.request('GET', url, { cookie });
      expect(r.json(), url).toEqual({ success: true, result: [], data: { enabled: false } });
    }
    const docs = (await t.request('GET', '/api/docs')).json() as { paths: Record<string, unknown> };
    for (const p of ['/api/invoices', '/api/invoices/update-date', '/api/invoices/{id}/book', '/api/invoices/{id}/pdf', '/api/orders/{id}/invoice', '/api/orders/vat-zones']) expect(Object.keys(docs.paths)).toContain(p);
  });
});

describe('the PDF', () => {
  it('is made by the PDF job on the warm browser; its text holds the number, lines, VAT and total in Danish format', async () => {
    const { id: orderId } = await approvedOrder(call, t);
    const { id } = await call.orders.invoice({ id: orderId });
    const { number } = await call.invoices.book({ id });
    const r = await renderPendingInvoicePdfs(jobDeps());
    expect(r.failed).toBe(0);
    expect(r.ready).toBeGreaterThanOrEqual(1);
    const inv = await call.invoices.get({ id });
    expect(inv.pdfStatus).toBe('ready');
    expect(inv.pdfUrl).toBe(`/api/invoices/${id}/pdf`);
    const res = await t.request('GET', `/api/invoices/${id}/pdf`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(res.rawPayload));
    const dk = (kr: number) => formatDKK(kronerToOre(kr)).replace(/\s+/g, ' ');
    expect(text).toContain(`Faktura nr. ${number}`);
    expect(text).toContain('Klubtrøje – Medium');
    expect(text).toContain('Sæsonkort');
    expect(text).toContain('Parkering');
    expect(text).toContain('998,00'); // 2 × 499,00
    expect(text).toContain('Moms 25 %');
    expect(text).toContain(dk(inv.vat));
    expect(text).toContain(dk(inv.subtotal));
    expect(text).toContain(dk(inv.total));
    expect(text).toContain('CVR');
    // A second run finds nothing to do (each PDF once).
    expect((await renderPendingInvoicePdfs(jobDeps())).ready).toBe(0);
  }, 60_000);

  it('the renderer survives its browser being killed, and a document over its timeout fails alone', async () => {
    await renderer.render('<p>varm</p>');
    const pid = renderer.pid();
    expect(pid).toBeGreaterThan(0);
    const launches = renderer.launches;
    process.kill(pid as number, 'SIGKILL');
    const pdf = await renderer.render('<p>igen</p>');
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(renderer.launches).toBe(launches + 1);
    const slow = pdfRenderer({ pages: 1, timeoutMs: 2_000 });
    try {
      await expect(slow.render('<p>langsom</p><script>const end = Date.now() + 20000; while (Date.now() < end) {}</script>')).rejects.toThrow(/within 2000 ms/);
      expect((await slow.render('<p>hurtig</p>')).subarray(0, 4).toString()).toBe('%PDF');
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe('the company screen', () => {
  it('revenue year to date comes from booked invoices, credit notes subtracted', async () => {
    const { id: orderId, ids } = await approvedOrder(call, t);
    const before = await call.companies.revenue({ id: ids.company });
    const { id } = await call.orders.invoice({ id: orderId });
    expect(await call.companies.revenue({ id: ids.company })).toEqual(before); // a draft is not revenue
    await call.invoices.book({ id });
    const inv = await call.invoices.get({ id });
    const after = await call.companies.revenue({ id: ids.company });
    expect(Math.round((after.yearToDate - before.yearToDate) * 100)).toBe(Math.round(inv.subtotal * 100));
    await call.invoices.credit({ id });
    expect((await call.companies.revenue({ id: ids.company })).yearToDate).toBeCloseTo(before.yearToDate, 2);
  });
});
