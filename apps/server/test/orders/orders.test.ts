import { nextOrderNumber } from '@klubhus/api/orders/service';
import { DEMO_USERS, setScope } from '@klubhus/db';
import {
  ORDER_ACTION_MSG,
  ORDER_ACTIONS,
  ORDER_MSG,
  ORDER_STATUSES,
  type OrderAction,
  type OrderStatus,
  orderTransition,
  orderTotals,
  ZOrderUpdateRequest,
} from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { clubId } from '../helpers';
import { callerFor, demoIds, forceStatus, orderInput, ordersSnapshot, refused, statusOf } from './helpers';
import { useTestApp } from '../support/app';

/** Orders through the router on a fresh database (embedded, or PostgreSQL with DATABASE_URL). */
const app = useTestApp(async (t) => ({ call: await callerFor(t), ids: await demoIds(t) }));

/** A new order brought into a status the way staff would (carts are made by the shop: set directly). */
async function orderIn(status: OrderStatus): Promise<number> {
  const { id } = await app.call.orders.update(orderInput(app.ids));
  if (status === 'approved' || status === 'cancelled') await app.call.orders.approve({ id });
  if (status === 'cancelled') await app.call.orders.cancel({ id });
  if (status === 'cart') await forceStatus(app.t, id, 'cart');
  return id;
}

const act = (action: OrderAction, id: number) => app.call.orders[action]({ id });

describe('status machine (SPEC §4), every (status, action) pair', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_ACTIONS.map((action) => [from, action] as const));

  it.each(pairs)('%s → %s', async (from, action) => {
    const id = await orderIn(from);
    const verdict = orderTransition(from, action);
    if (!verdict.ok) {
      await refused(app.t, () => act(action, id), verdict.message);
      expect((await statusOf(app.t, id))?.status).toBe(from);
      return;
    }
    const auditBefore = await app.t.database.owner.selectFrom('order_audit').select('id').where('order_id', '=', id).execute();
    const r = await act(action, id);
    expect(r.message).toBe(ORDER_ACTION_MSG[action]);
    expect(r.status).toBe(verdict.to);
    expect((await statusOf(app.t, id))?.status ?? null).toBe(verdict.to);
    const audit = await app.t.database.owner.selectFrom('order_audit').selectAll().where('order_id', '=', id).orderBy('id').execute();
    expect(audit.length).toBe(auditBefore.length + 1);
    const last = audit[audit.length - 1];
    const admin = await app.t.database.owner.selectFrom('users').select('id').where('email', '=', DEMO_USERS.admin).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ action, from_status: from, to_status: verdict.to, user_id: admin.id, client_id: app.ids.clientId });
    expect(last.at).toBeInstanceOf(Date);
  });

  it('allows exactly: draft approve/delete, approved edit/cancel, cart cancel, cancelled delete', () => {
    const allowed = pairs.filter(([from, action]) => orderTransition(from, action).ok).map(([f, a]) => `${f}:${a}`);
    expect(allowed.sort()).toEqual(['approved:cancel', 'approved:edit', 'cancelled:delete', 'cart:cancel', 'draft:approve', 'draft:delete']);
  });

  it('cancelling drops a pending payment; an unknown order is not found', async () => {
    const id = await orderIn('approved');
    await app.call.orders.cancel({ id });
    expect(await statusOf(app.t, id)).toEqual({ status: 'cancelled', payment_status: 'cancelled' });
    await refused(app.t, () => app.call.orders.approve({ id: 999_999 }), 'Elementet blev ikke fundet.');
  });

  it('a deleted order keeps its history', async () => {
    const id = await orderIn('draft');
    await app.call.orders.delete({ id });
    const audit = await app.t.database.owner.selectFrom('order_audit').select(['action', 'from_status', 'to_status']).where('order_id', '=', id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', from_status: null, to_status: 'draft' },
      { action: 'delete', from_status: 'draft', to_status: null },
    ]);
    expect(await app.t.database.owner.selectFrom('order_lines').select('id').where('order_id', '=', id).execute()).toEqual([]);
  });
});

describe('lines only while draft', () => {
  it('an approved order keeps its lines and amounts; notes may be saved; edit reopens it', async () => {
    const id = await orderIn('approved');
    const input = orderInput(app.ids, { id });
    await refused(app.t, () => app.call.orders.update({ ...input, orderLines: [...(input.orderLines ?? []), { title: 'Ekstra', price: '1', amount: '1' }] }), ORDER_MSG.linesOnlyInDraft);
    await refused(app.t, () => app.call.orders.update({ ...input, orderLines: [{ ...(input.orderLines ?? [])[0], amount: '3' }, (input.orderLines ?? [])[1]] }), ORDER_MSG.linesOnlyInDraft);
    await refused(app.t, () => app.call.orders.update({ ...input, orderLines: [] }), ORDER_MSG.linesOnlyInDraft);
    await refused(app.t, () => app.call.orders.update({ ...input, orderDiscount: '50' }), ORDER_MSG.amountsOnlyInDraft);
    // The same lines (or none sent) with a new note: saved, lines untouched.
    const linesBefore = await app.t.database.owner.selectFrom('order_lines').selectAll().where('order_id', '=', id).orderBy('id').execute();
    expect((await app.call.orders.update({ ...input, internal: 'Ring inden levering' })).message).toBe(ORDER_MSG.saved);
    expect((await app.call.orders.update({ ...input, orderLines: undefined, internal: 'Ring inden levering', description: 'Ny tekst' })).message).toBe(ORDER_MSG.saved);
    expect(await app.t.database.owner.selectFrom('order_lines').selectAll().where('order_id', '=', id).orderBy('id').execute()).toEqual(linesBefore);
    const order = await app.call.orders.get({ id });
    expect(order).toMatchObject({ status: 'approved', internal: 'Ring inden levering', description: 'Ny tekst' });

    expect((await app.call.orders.edit({ id })).message).toBe(ORDER_MSG.reopened);
    await app.call.orders.update({ ...input, orderLines: [{ title: 'Halstørklæde', price: '149', amount: '1' }] });
    expect((await app.call.orders.get({ id })).orderLines.map((l) => l.title)).toEqual(['Halstørklæde']);
  });

  it('a cancelled order and a cart are not saved', async () => {
    const cancelled = await orderIn('cancelled');
    await refused(app.t, () => app.call.orders.update(orderInput(app.ids, { id: cancelled, internal: 'x' })), ORDER_MSG.cancelledReadOnly);
    const cart = await orderIn('cart');
    await refused(app.t, () => app.call.orders.update(orderInput(app.ids, { id: cart })), ORDER_MSG.cartReadOnly);
  });
});

describe('SPEC §5 validation, refused in Danish with nothing changed', () => {
  const line = { title: 'Klubtrøje', price: '499', amount: '1' };
  it.each([
    [{ orderLines: [{ ...line, title: '' }] }, 'Titel er påkrævet'],
    [{ orderLines: [{ ...line, price: 'gratis' }] }, 'Pris skal være et gyldigt tal.'],
    [{ orderLines: [{ ...line, price: '' }] }, 'Pris er påkrævet'],
    [{ orderLines: [{ ...line, discount: '10%' }] }, 'Rabat skal være et gyldigt tal.'],
    [{ orderLines: [{ ...line, amount: '' }] }, 'Antal er påkrævet'],
    [{ orderLines: [{ ...line, amount: 'et' }] }, 'Antal skal være et gyldigt tal.'],
    [{ orderLines: [{ ...line, seat: 'A12' }] }, 'Plads skal være i formatet X-Y'],
    [{ orderLines: [{ ...line, seat: 'A-1-2' }] }, 'Plads skal være i formatet X-Y'],
    [{ orderLines: [{ ...line, seat: '-12' }] }, 'Plads skal være i formatet X-Y'],
    [{ orderLines: [{ ...line, options: [{ title: 'Tryk', price: 'x' }] }] }, 'Pris skal være et gyldigt tal.'],
    [{ orderLines: [line], invoicing: { type: 'single' } }, 'Fakturadato er påkrævet'],
    [{ orderLines: [{ ...line, prePayment: true }], invoicing: { type: 'rates', invoiceDate: '2026-09-01' } }, 'Forudbetalingsdato er påkrævet'],
  ] as const)('%j → %s', async (input, message) => {
    await refused(app.t, () => app.call.orders.update(input as never), message);
  });

  it('prepayment on stored lines also needs the date when only the plan is sent', async () => {
    const { id } = await app.call.orders.update({ orderLines: [{ ...line, prePayment: true }] });
    await refused(app.t, () => app.call.orders.update({ id, invoicing: { type: 'single', invoiceDate: '2026-09-01' } }), 'Forudbetalingsdato er påkrævet');
  });

  it('references must be rows of the club, variants of their product, fields of the category', async () => {
    const naboClub = await clubId(app.t.database, 'Nabo BK');
    const nabo = await app.t.database.owner.transaction().execute(async (trx) => {
      await setScope(trx, naboClub, null);
      const c = { client_id: naboClub };
      const company = await trx.insertInto('companies').values({ ...c, name: 'Nabo A/S', status: 1 }).returning('id').executeTakeFirstOrThrow();
      const contact = await trx.insertInto('contacts').values({ ...c, firstname: 'Nina', lastname: 'Nabo', email: 'nina@nabo.dk' }).returning('id').executeTakeFirstOrThrow();
      const product = await trx.insertInto('products').values({ ...c, title: 'Nabotrøje', type: 'product', price: 100 }).returning('id').executeTakeFirstOrThrow();
      return { company: company.id, contact: contact.id, jersey: product.id };
    });
    await refused(app.t, () => app.call.orders.update(orderInput(app.ids, { companyId: nabo.company })), ORDER_MSG.companyUnknown);
    await refused(app.t, () => app.call.orders.update(orderInput(app.ids, { contactId: nabo.contact })), ORDER_MSG.contactUnknown);
    await refused(app.t, () => app.call.orders.update({ orderLines: [{ ...line, productId: nabo.jersey }] }), ORDER_MSG.productUnknown);
    await refused(app.t, () => app.call.orders.update({ orderLines: [{ ...line, productId: app.ids.parking, variantId: app.ids.medium }] }), ORDER_MSG.variantUnknown);
    await refused(app.t, () => app.call.orders.update({ fieldValues: { '1': 'x' } }), ORDER_MSG.fieldUnknown);
    const category = await app.call.orderCategories.update({ title: 'Ordretest' });
    const field = await app.call.customFields.update({ title: 'Antal gæster', type: 'Number', categoryIds: [category.id] });
    await refused(app.t, () => app.call.orders.update({ categoryId: category.id, fieldValues: { [String(field.id)]: 'mange' } }), 'Antal gæster skal være et gyldigt tal.');
    const ok = await app.call.orders.update({ categoryId: category.id, fieldValues: { [String(field.id)]: '12,5' } });
    expect((await app.call.orders.get({ id: ok.id })).fieldValues).toEqual({ [String(field.id)]: 12.5 });
  });
});

describe('totals', () => {
  it('stores what orderTotals computes for the club (options, fee, rate fee on rates invoicing)', async () => {
    const input = orderInput(app.ids, {
      orderDiscount: '75,50',
      additionalFee: '25',
      invoicing: { type: 'rates', invoiceDate: '2026-09-01', rateFee: '2,5', intervals: 3 },
    });
    const { id } = await app.call.orders.update(input);
    const row = await app.t.database.owner.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const club = await app.t.database.owner.selectFrom('clients').selectAll().where('id', '=', app.ids.clientId).executeTakeFirstOrThrow();
    const parsed = ZOrderUpdateRequest.parse(input);
    const expected = orderTotals(
      { lines: parsed.orderLines ?? [], orderDiscount: parsed.orderDiscount, additionalFee: parsed.additionalFee, invoicing: parsed.invoicing },
      { vatRate: club.vat_rate, pricesWithVat: club.prices_with_vat, disableVat: club.disable_vat },
    );
    expect(expected.rateFee).toBeGreaterThan(0);
    expect({ subtotal: Number(row.subtotal), discount: Number(row.discount), vat: Number(row.vat), total: Number(row.total) }).toEqual({
      subtotal: expected.subtotal,
      discount: expected.discount,
      vat: expected.vat,
      total: expected.total,
    });
    const order = await app.call.orders.get({ id });
    expect(order.total).toBe(expected.total / 100);
    expect(order.orderLines[1]).toMatchObject({ price: 1800, discount: 100, seat: 'A-12', options: [{ title: 'Parkering', price: 300 }] });
    expect(order.invoicing).toMatchObject({ type: 'rates', rateFee: 2.5, intervals: 3 });
  });
});

describe('totals under each VAT mode of the club', () => {
  it.each([
    { prices_with_vat: true, disable_vat: false },
    { prices_with_vat: false, disable_vat: false },
    { prices_with_vat: false, disable_vat: true },
  ])('%j', async (mode) => {
    const club = await app.t.database.owner.selectFrom('clients').select(['prices_with_vat', 'disable_vat', 'vat_rate']).where('id', '=', app.ids.clientId).executeTakeFirstOrThrow();
    await app.t.database.owner.updateTable('clients').set(mode).where('id', '=', app.ids.clientId).execute();
    try {
      const input = orderInput(app.ids, { orderDiscount: '10', additionalFee: '5' });
      const { id } = await app.call.orders.update(input);
      const row = await app.t.database.owner.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const parsed = ZOrderUpdateRequest.parse(input);
      const expected = orderTotals(
        { lines: parsed.orderLines ?? [], orderDiscount: parsed.orderDiscount, additionalFee: parsed.additionalFee, invoicing: parsed.invoicing },
        { vatRate: club.vat_rate, pricesWithVat: mode.prices_with_vat, disableVat: mode.disable_vat },
      );
      expect([row.subtotal, row.discount, row.vat, row.total].map(Number)).toEqual([expected.subtotal, expected.discount, expected.vat, expected.total]);
      if (mode.disable_vat) expect(Number(row.vat)).toBe(0);
    } finally {
      await app.t.database.owner.updateTable('clients').set({ prices_with_vat: club.prices_with_vat, disable_vat: club.disable_vat }).where('id', '=', app.ids.clientId).execute();
    }
  });
});

describe('order numbers', () => {
  it('are sequential per club, and a rolled-back creation leaves no gap', async () => {
    const last = async (name: string) =>
      Number(
        (
          await app.t.database.owner
            .selectFrom('orders')
            .select((eb) => eb.fn.max('order_number').as('n'))
            .where('client_id', '=', await clubId(app.t.database, name))
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
    const before = await last('Demo IF');
    const a = await app.call.orders.update(orderInput(app.ids));
    const b = await app.call.orders.update(orderInput(app.ids));
    expect((await app.call.orders.get({ id: a.id })).orderNumber).toBe(before + 1);
    expect((await app.call.orders.get({ id: b.id })).orderNumber).toBe(before + 2);

    // A creation that takes a number and then fails is rolled back with its number.
    await expect(
      app.t.database.db.transaction().execute(async (trx) => {
        await setScope(trx, app.ids.clientId, null);
        expect(await nextOrderNumber(trx, app.ids.clientId)).toBe(before + 3);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const c = await app.call.orders.update(orderInput(app.ids));
    expect((await app.call.orders.get({ id: c.id })).orderNumber).toBe(before + 3);

    // Another club counts on its own.
    const nabo = await callerFor(app.t, DEMO_USERS.admin, 'Nabo BK');
    const n1 = await nabo.orders.update({ firstname: 'Nabo' });
    expect((await nabo.orders.get({ id: n1.id })).orderNumber).toBe((await last('Nabo BK')) || 1);
  });
});

describe('another club', () => {
  it('can neither read nor change an order of Demo IF whatever ids it sends', async () => {
    const id = await orderIn('draft');
    const approved = await orderIn('approved');
    const nabo = await callerFor(app.t, DEMO_USERS.admin, 'Nabo BK');
    const before = await ordersSnapshot(app.t);
    for (const target of [id, approved]) {
      for (const fn of [
        () => nabo.orders.get({ id: target }),
        () => nabo.orders.tickets({ id: target }),
        () => nabo.orders.approve({ id: target }),
        () => nabo.orders.edit({ id: target }),
        () => nabo.orders.cancel({ id: target }),
        () => nabo.orders.delete({ id: target }),
        () => nabo.orders.update({ id: target, firstname: 'Nabo' }),
      ]) {
        await expect(fn()).rejects.toThrow('Elementet blev ikke fundet.');
      }
    }
    // A new order of its own that points at Demo IF's rows is refused.
    await expect(nabo.orders.update(orderInput(app.ids))).rejects.toThrow(ORDER_MSG.companyUnknown);
    // An order staff made has no issued tickets: the tab shows its ticket lines.
    expect(await app.call.orders.tickets({ id })).toEqual({ event: null, tickets: [] });
    const list = await nabo.orders.list({ search: 'Jensen' });
    expect(list.rows.map((r) => r.id)).not.toContain(id);
    expect(await ordersSnapshot(app.t)).toBe(before);
  });
});

describe('list', () => {
  it('sorts by Number desc, 10 per page, with the total, and searches', async () => {
    const page = await app.call.orders.list({});
    expect(page.perPage).toBe(10);
    expect(page.rows.length).toBe(10);
    const numbers = page.rows.map((r) => r.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const count = await app.t.database.owner.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', app.ids.clientId).executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(count.n));
    const found = await app.call.orders.list({ search: 'jens@example' });
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.rows.every((r) => r.contact !== null)).toBe(true);
    const byNumber = await app.call.orders.list({ search: String(numbers[0]) });
    expect(byNumber.rows.map((r) => r.number)).toContain(numbers[0]);
    const paid = await app.call.orders.list({ filter: { paymentStatus: 'paid' } });
    expect(paid.rows.length).toBeGreaterThan(0);
    expect(paid.rows.every((r) => r.payment === 'paid')).toBe(true);
    const past = await app.call.orders.list({ page: 999 });
    expect(past).toMatchObject({ rows: [], total: page.total });
  });

  it('the unfiltered total is the club’s kept count, right after creations and deletions; searches reach company and contact names', async () => {
    const count = async () =>
      Number((await app.t.database.owner.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', app.ids.clientId).executeTakeFirstOrThrow()).n);
    const a = await app.call.orders.update(orderInput(app.ids));
    const b = await app.call.orders.update(orderInput(app.ids));
    expect((await app.call.orders.list({})).total).toBe(await count());
    await app.call.orders.delete({ id: a.id });
    await app.call.orders.delete({ id: b.id });
    const after = await app.call.orders.list({});
    expect(after.total).toBe(await count());
    expect(after.totalPages).toBe(Math.ceil(after.total / 10));
    // The search's total is counted over what it finds.
    const company = await app.t.database.owner.selectFrom('companies').select('name').where('id', '=', app.ids.company).executeTakeFirstOrThrow();
    const byCompany = await app.call.orders.list({ search: company.name.slice(1, 8).toUpperCase(), perPage: 100 });
    expect(byCompany.rows.length).toBeGreaterThan(0);
    expect(byCompany.rows.every((r) => r.company === company.name || `${r.contact}`.toLowerCase().includes(company.name.slice(1, 8).toLowerCase()))).toBe(true);
    expect(byCompany.total).toBe(byCompany.rows.length);
    const contact = await app.t.database.owner.selectFrom('contacts').select(['firstname', 'lastname']).where('id', '=', app.ids.contact).executeTakeFirstOrThrow();
    const byContact = await app.call.orders.list({ search: `${contact.firstname} ${contact.lastname}`, perPage: 100 });
    expect(byContact.rows.length).toBeGreaterThan(0);
    expect(byContact.rows.every((r) => r.contact === `${contact.firstname} ${contact.lastname}`)).toBe(true);
    expect(byContact.total).toBe(byContact.rows.length);
  });

  it('the demo club has orders in every status and payment status', async () => {
    const rows = await app.t.database.owner.selectFrom('orders').select(['status', 'payment_status']).where('client_id', '=', app.ids.clientId).execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(rows.map((r) => r.payment_status))).toEqual(new Set(['pending', 'authorized', 'paid', 'refunded', 'cancelled']));
  });
});

describe('a company', () => {
  it('lists its orders (no carts); revenue (excluding VAT) comes from booked invoices (issue 15), not from approving', async () => {
    const company = await app.call.companies.update({ name: 'Omsætning ApS', status: 1, phone: '12345678' });
    expect(await app.call.companies.orders({ id: company.id })).toEqual([]);
    expect(await app.call.companies.revenue({ id: company.id })).toEqual({ id: company.id, yearToDate: 0, lastYear: 0, total: 0 });
    const draft = await app.call.orders.update(orderInput(app.ids, { companyId: company.id }));
    const approved = await app.call.orders.update(orderInput(app.ids, { companyId: company.id, additionalFee: '25' }));
    await app.call.orders.approve({ id: approved.id });
    const cart = await app.call.orders.update(orderInput(app.ids, { companyId: company.id }));
    await forceStatus(app.t, cart.id, 'cart');
    const summaries = await app.call.companies.orders({ id: company.id });
    expect(summaries.map((o) => o.id)).toEqual([approved.id, draft.id]);
    const row = await app.t.database.owner.selectFrom('orders').select(['subtotal', 'order_number']).where('id', '=', approved.id).executeTakeFirstOrThrow();
    expect(summaries[0]).toMatchObject({ status: 'approved', orderNumber: row.order_number, subtotal: Number(row.subtotal) / 100, additionalFee: 25 });
    expect(await app.call.companies.revenue({ id: company.id })).toEqual({ id: company.id, yearToDate: 0, lastYear: 0, total: 0 });
    const invoice = await app.call.orders.invoice({ id: approved.id });
    await app.call.invoices.book({ id: invoice.id });
    expect(await app.call.companies.revenue({ id: company.id })).toEqual({ id: company.id, yearToDate: Number(row.subtotal) / 100, lastYear: 0, total: Number(row.subtotal) / 100 });
    expect((await app.call.companies.get({ id: company.id })).orders.map((o) => o.id)).toEqual([approved.id, draft.id]);
  });
});

describe('messages', () => {
  it('creating and saving answer the §8 toasts', async () => {
    const r = await app.call.orders.update(orderInput(app.ids));
    expect(r).toMatchObject({ created: true, message: 'Ordren blev oprettet!' });
    expect(await app.call.orders.update(orderInput(app.ids, { id: r.id }))).toMatchObject({ created: false, message: 'Ordren blev gemt!' });
    expect((await app.call.orders.approve({ id: r.id })).message).toBe('Ordren blev godkendt!');
    expect((await app.call.orders.edit({ id: r.id })).message).toBe('Ordren kan nu redigeres.');
    expect((await app.call.orders.delete({ id: r.id })).message).toBe('Ordren blev slettet!');
  });
});
