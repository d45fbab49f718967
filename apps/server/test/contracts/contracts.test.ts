import { DEMO_USERS } from '@klubhus/db';
import {
  CONTRACT_ACTION_MSG,
  CONTRACT_ACTIONS,
  CONTRACT_MSG,
  CONTRACT_STATUSES,
  type ContractAction,
  type ContractStatus,
  contractTransition,
  INVOICE_MSG,
  orderTotals,
  SEATING_MSG,
} from '@klubhus/domain';
import { runContractPlansAllClubs } from '@klubhus/api/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { callerFor, contractInput, demoIds, packageLines, refused, statusOf } from './helpers';
import { useTestApp } from '../support/app';

/** Agreements through the router on a fresh database (embedded, or PostgreSQL with DATABASE_URL). */
const app = useTestApp(async (t) => ({ call: await callerFor(t), ids: await demoIds(t) }));

/** A new agreement brought into a status the way staff would. */
async function contractIn(status: ContractStatus): Promise<number> {
  const { id } = await app.call.contracts.update(contractInput(app.ids));
  if (status === 'draft') return id;
  if (status === 'cancelled') {
    await app.call.contracts.cancel({ id });
    return id;
  }
  await app.call.contracts.approve({ id });
  if (status === 'approved') return id;
  const r = await app.call.contracts.renew({ id });
  return r.newId as number;
}

const act = (action: ContractAction, id: number) => app.call.contracts[action]({ id });
const auditOf = (id: number) => app.t.database.owner.selectFrom('contract_audit').selectAll().where('contract_id', '=', id).orderBy('id').execute();

describe('status machine (SPEC §4), every (status, action) pair', () => {
  const pairs = CONTRACT_STATUSES.flatMap((from) => CONTRACT_ACTIONS.map((action) => [from, action] as const));

  it.each(pairs)('%s → %s', async (from, action) => {
    const id = await contractIn(from);
    expect((await statusOf(app.t, id))?.status).toBe(from);
    const verdict = contractTransition(from, action);
    if (!verdict.ok) {
      await refused(app.t, () => act(action, id), verdict.message);
      return;
    }
    const before = (await auditOf(id)).length;
    const r = await act(action, id);
    expect(r.message).toBe(CONTRACT_ACTION_MSG[action]);
    expect(r.status).toBe(verdict.to);
    expect((await statusOf(app.t, id))?.status ?? null).toBe(verdict.to);
    const audit = await auditOf(id);
    expect(audit.length).toBe(before + 1);
    const admin = await app.t.database.owner.selectFrom('users').select('id').where('email', '=', DEMO_USERS.admin).executeTakeFirstOrThrow();
    expect(audit[audit.length - 1]).toMatchObject({ action, from_status: from, to_status: verdict.to, user_id: admin.id, client_id: app.ids.clientId });
  });

  it('allows exactly what SPEC §4 says', () => {
    const allowed = pairs.filter(([from, action]) => contractTransition(from, action).ok).map(([f, a]) => `${f}:${a}`);
    expect(allowed.sort()).toEqual(
      [
        'draft:approve',
        'renewal:approve',
        'draft:delete',
        'approved:renew',
        'approved:edit',
        'draft:cancel',
        'renewal:cancel',
        'approved:cancel',
        'cancelled:reactivate',
      ].sort(),
    );
  });

  it('a new agreement is a draft, unsent, numbered without gaps; a deleted one keeps its history', async () => {
    const a = await app.call.contracts.update(contractInput(app.ids));
    const b = await app.call.contracts.update(contractInput(app.ids));
    expect(a.message).toBe(CONTRACT_MSG.created);
    const rows = await app.t.database.owner.selectFrom('contracts').select(['id', 'contract_number', 'status', 'agreement_status']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.agreement_status])).toEqual([
      ['draft', 'unsent'],
      ['draft', 'unsent'],
    ]);
    expect(rows[1].contract_number).toBe(rows[0].contract_number + 1);
    await app.call.contracts.delete({ id: a.id });
    expect((await auditOf(a.id)).map((x) => x.action)).toEqual(['create', 'delete']);
    await refused(app.t, () => app.call.contracts.approve({ id: 999_999 }), 'Elementet blev ikke fundet.');
  });

  it('approving checks the form first: a saved agreement without company is refused', async () => {
    const { id } = await app.call.contracts.update(contractInput(app.ids));
    await app.t.database.owner.updateTable('contracts').set({ company_id: null }).where('id', '=', id).execute();
    await refused(app.t, () => app.call.contracts.approve({ id }), CONTRACT_MSG.companyRequired);
  });
});

describe('renew', () => {
  it('copies the content and lines into a new agreement in status renewal for the next season, and opens it', async () => {
    const id = await contractIn('approved');
    const old = await app.call.contracts.get({ id });
    const r = await app.call.contracts.renew({ id });
    expect(r.message).toBe('Ny aftale blev oprettet');
    expect(r.newId).toBeGreaterThan(id);
    const renewed = await app.call.contracts.get({ id: r.newId as number });
    expect(renewed).toMatchObject({
      status: 'renewal',
      agreementStatus: 'unsent',
      renewedFromId: id,
      categoryId: old.categoryId,
      companyId: old.companyId,
      contactId: old.contactId,
      description: old.description,
      seasonId: app.ids.season2627,
      startDate: '2026-07-01',
      endDate: '2027-06-30',
      renewDate: '2027-04-01',
      total: old.total,
    });
    expect(renewed.contractNumber).toBeGreaterThan(old.contractNumber);
    const strip = (ls: typeof old.contractLines) => ls.map(({ id: _i, ...l }) => l);
    expect(strip(renewed.contractLines)).toEqual(strip(old.contractLines));
    expect(renewed.contractLines.map((l) => l.id)).not.toEqual(old.contractLines.map((l) => l.id));
    expect((await statusOf(app.t, id))?.status).toBe('approved');
    // The renewal is editable and approvable.
    await app.call.contracts.update({ ...contractInput(app.ids), id: renewed.id, seasonId: app.ids.season2627, description: 'Fornyet' });
    expect((await app.call.contracts.approve({ id: renewed.id })).status).toBe('approved');
  });
});

describe('editing by status', () => {
  it('approved: category, description, season, dates, company, contact and lines are locked; notes may be saved', async () => {
    const id = await contractIn('approved');
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), id, description: 'Ændret' }), CONTRACT_MSG.lockedFields);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), id, contractLines: packageLines(app.ids).slice(0, 1) }), CONTRACT_MSG.lockedFields);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), id, renewDate: '2026-05-01' }), CONTRACT_MSG.lockedFields);
    const r = await app.call.contracts.update({ ...contractInput(app.ids), id, internal: 'Ring i marts' });
    expect(r.message).toBe(CONTRACT_MSG.saved);
    expect((await app.call.contracts.get({ id })).internal).toBe('Ring i marts');
    // Reopened for edit, it may change again.
    expect((await app.call.contracts.edit({ id })).message).toBe('Aftalen kan nu redigeres.');
    await app.call.contracts.update({ ...contractInput(app.ids), id, description: 'Ændret' });
    expect((await app.call.contracts.get({ id })).description).toBe('Ændret');
  });

  it('cancelled: nothing is saved', async () => {
    const id = await contractIn('cancelled');
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), id, internal: 'x' }), CONTRACT_MSG.cancelledReadOnly);
  });

  it('required fields and unknown references are refused in Danish, nothing changed', async () => {
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), companyId: null }), CONTRACT_MSG.companyRequired);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), contactId: null }), CONTRACT_MSG.contactRequired);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), categoryId: null }), CONTRACT_MSG.categoryRequired);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), companyId: 999_999 }), CONTRACT_MSG.companyUnknown);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), invoicing: { type: 'single' } }), CONTRACT_MSG.invoiceDateRequired);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), invoicing: { type: 'recurring', invoiceDate: '2025-08-01' } }), CONTRACT_MSG.startDateRequired);
  });
});

describe('line setup rules (SPEC §4), one by one on the server', () => {
  const line = (productId: number, over: Record<string, unknown>) => [{ productId, title: 'X', price: '100', amount: 1, ...over }];

  it('checkbox lines are taken once (amount 1)', async () => {
    await refused(app.t, () => app.call.contracts.update(contractInput(app.ids, { contractLines: line(app.ids.board, { title: 'Bandereklame', amount: 2 }) })), CONTRACT_MSG.checkboxLineAmount('Bandereklame'));
  });
  it('number lines need an amount above 0', async () => {
    await refused(app.t, () => app.call.contracts.update(contractInput(app.ids, { contractLines: line(app.ids.seasonCard, { title: 'Sæsonkort', amount: 0 }) })), CONTRACT_MSG.numberLineAmount('Sæsonkort'));
  });
  it('price-type number lines need a price', async () => {
    await refused(
      app.t,
      () => app.call.contracts.update(contractInput(app.ids, { contractLines: line(app.ids.shirtLogo, { title: 'Logo', price: '0', amount: 1, description: 'Ryg' }) })),
      CONTRACT_MSG.priceLineNeedsPrice('Logo'),
    );
  });
  it('text lines need a description', async () => {
    const o = app.t.database.owner;
    const p = await o
      .insertInto('products')
      .values({ client_id: app.ids.clientId, title: 'Speak', type: 'product', price: 0, contract_setup: JSON.stringify({ type: 'text', amountType: null, unit: null, preSelected: false }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refused(app.t, () => app.call.contracts.update(contractInput(app.ids, { contractLines: line(p.id, { title: 'Speak', description: '  ' }) })), CONTRACT_MSG.textLineNeedsDescription('Speak'));
    const ok = await app.call.contracts.update(contractInput(app.ids, { contractLines: line(p.id, { title: 'Speak', description: 'Speak ved hver kamp' }) }));
    expect((await app.call.contracts.get({ id: ok.id })).contractLines[0].description).toBe('Speak ved hver kamp');
  });
  it('a category with a sku puts its line first; changing the category replaces it', async () => {
    const { id } = await app.call.contracts.update(contractInput(app.ids, { categoryId: app.ids.partner }));
    let c = await app.call.contracts.get({ id });
    expect(c.contractLines[0]).toMatchObject({ categoryLine: true, sku: 'PART', price: 5000, amount: 1, title: 'Partnerskab' });
    expect(c.contractLines).toHaveLength(4);
    await app.call.contracts.update({ ...contractInput(app.ids), id, categoryId: app.ids.sponsorDeal, contractLines: undefined });
    c = await app.call.contracts.get({ id });
    expect(c.contractLines.some((l) => l.categoryLine)).toBe(false);
    expect(c.contractLines).toHaveLength(3);
  });
  it('a season fills and locks the start date and fills the end date; own dates clear nothing else', async () => {
    const { id } = await app.call.contracts.update(contractInput(app.ids, { startDate: '2020-01-01', endDate: null }));
    const c = await app.call.contracts.get({ id });
    expect([c.startDate, c.endDate]).toEqual(['2025-07-01', '2026-06-30']);
    const own = await app.call.contracts.update(contractInput(app.ids, { seasonId: null, startDate: '2025-09-01', endDate: '2026-08-31' }));
    const o = await app.call.contracts.get({ id: own.id });
    expect([o.seasonId, o.startDate, o.endDate]).toEqual([null, '2025-09-01', '2026-08-31']);
    await refused(app.t, () => app.call.contracts.update(contractInput(app.ids, { seasonId: null, startDate: '2025-09-01', endDate: '2025-01-01' })), CONTRACT_MSG.endBeforeStart);
  });
  it('a line whose product was deleted shows as deleted (Slettede) and is not copied on renewal', async () => {
    const o = app.t.database.owner;
    const p = await o
      .insertInto('products')
      .values({ client_id: app.ids.clientId, title: 'Udgået', type: 'product', price: 10000, contract_setup: JSON.stringify({ type: 'checkbox', amountType: null, unit: null, preSelected: false }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await app.call.contracts.update(contractInput(app.ids, { contractLines: [...packageLines(app.ids), { productId: p.id, title: 'Udgået', price: '100', amount: 1 }] }));
    await o.deleteFrom('products').where('id', '=', p.id).execute();
    const c = await app.call.contracts.get({ id });
    expect(c.contractLines.filter((l) => l.productDeleted).map((l) => l.title)).toEqual(['Udgået']);
    await app.call.contracts.approve({ id });
    const r = await app.call.contracts.renew({ id });
    expect((await app.call.contracts.get({ id: r.newId as number })).contractLines.map((l) => l.title)).not.toContain('Udgået');
  });
  it('seat lines are moved or copied to another event, or removed', async () => {
    const [e1, e2, e3] = app.ids.events;
    const { id } = await app.call.contracts.update(
      contractInput(app.ids, { contractLines: [...packageLines(app.ids), { productId: app.ids.seasonCard, title: 'Sæsonkort', price: '1800', amount: 1, seat: 'A-1', seatEventId: e1 }] }),
    );
    const seatLine = (await app.call.contracts.get({ id })).contractLines.find((l) => l.seat === 'A-1');
    await app.call.contracts.seatLines({ id, lineIds: [seatLine?.id as number], action: 'copy', eventId: e2 });
    let lines = (await app.call.contracts.get({ id })).contractLines.filter((l) => l.seat === 'A-1');
    expect(lines.map((l) => l.seatEventId)).toEqual([e1, e2]);
    // A-1 is already this agreement's at e2: the seat goes to an event once.
    await refused(app.t, () => app.call.contracts.seatLines({ id, lineIds: [lines[0].id], action: 'move', eventId: e2 }), SEATING_MSG.seatTaken);
    await app.call.contracts.seatLines({ id, lineIds: [lines[1].id], action: 'move', eventId: e3 });
    lines = (await app.call.contracts.get({ id })).contractLines.filter((l) => l.seat === 'A-1');
    expect(lines.map((l) => l.seatEventId)).toEqual([e1, e3]);
    await app.call.contracts.seatLines({ id, lineIds: lines.map((l) => l.id), action: 'remove' });
    expect((await app.call.contracts.get({ id })).contractLines.filter((l) => l.seat)).toEqual([]);
    const board = (await app.call.contracts.get({ id })).contractLines[0];
    await refused(app.t, () => app.call.contracts.seatLines({ id, lineIds: [board.id], action: 'remove' }), CONTRACT_MSG.seatLinesNotFound);
  });
  it('totals follow the lines: orderTotals under the club VAT settings', async () => {
    const { id } = await app.call.contracts.update(contractInput(app.ids, { orderDiscount: '1000', additionalFee: '250' }));
    const c = await app.call.contracts.get({ id });
    const club = await app.t.database.owner.selectFrom('clients').select(['vat_rate', 'prices_with_vat', 'disable_vat']).where('id', '=', app.ids.clientId).executeTakeFirstOrThrow();
    const expected = orderTotals(
      {
        lines: [
          { price: 1_500_000, amount: 1 },
          { price: 2_500_000, amount: 1 },
          { price: 180_000, amount: 2 },
        ],
        orderDiscount: 100_000,
        additionalFee: 25_000,
      },
      { vatRate: Number(club.vat_rate), pricesWithVat: club.prices_with_vat, disableVat: club.disable_vat },
    );
    expect([c.subtotal, c.vat, c.total]).toEqual([expected.subtotal / 100, expected.vat / 100, expected.total / 100]);
    expect(expected.total).toBeGreaterThan(0);
  });
});

describe('invoicing through the plans', () => {
  it('an approved agreement is invoiced by its plan, once; a draft is refused', async () => {
    const draft = await contractIn('draft');
    await refused(app.t, () => app.call.contracts.invoice({ id: draft }), CONTRACT_MSG.invoiceOnlyApproved);
    const id = await contractIn('approved');
    const before = await app.call.contracts.invoices({ id });
    expect(before.canInvoice).toBe(true);
    expect(before.planned.map((p) => [p.key, p.date])).toEqual([['single', '2025-08-01']]);
    const r = await app.call.contracts.invoice({ id });
    expect(r.message).toBe(INVOICE_MSG.created);
    const inv = await app.t.database.owner.selectFrom('invoices').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    const c = await app.call.contracts.get({ id });
    expect(inv).toMatchObject({ contract_id: id, order_id: null, plan_key: 'single', is_draft: true });
    expect(Number(inv.total) / 100).toBeCloseTo(c.total, 2);
    const after = await app.call.contracts.invoices({ id });
    expect(after.canInvoice).toBe(false);
    expect(after.invoices.map((i) => i.id)).toEqual([r.id]);
    await refused(app.t, () => app.call.contracts.invoice({ id }), CONTRACT_MSG.fullyInvoiced);
  });

  it('rates make one draft per call until the plan is done', async () => {
    const { id } = await app.call.contracts.update(
      contractInput(app.ids, { invoicing: { type: 'rates', invoiceDate: '2025-08-01', customPeriods: [{ date: '2025-08-01', amount: '1' }, { date: '2026-01-01', amount: '1' }] } }),
    );
    await app.call.contracts.approve({ id });
    const plan = await app.call.contracts.invoices({ id });
    expect(plan.planned.map((p) => p.key)).toEqual(['rate:1', 'rate:2']);
    await app.call.contracts.invoice({ id });
    await app.call.contracts.invoice({ id });
    const done = await app.call.contracts.invoices({ id });
    expect(done.planned.every((p) => p.made)).toBe(true);
    const c = await app.call.contracts.get({ id });
    expect(done.invoices.reduce((s, i) => s + i.total, 0)).toBeCloseTo(c.total, 2);
  });
});

describe('the plan job for agreements', () => {
  it('makes the drafts whose date has come, each once, for approved agreements only', async () => {
    const { id } = await app.call.contracts.update(
      contractInput(app.ids, { invoicing: { type: 'rates', invoiceDate: '2025-08-01', customPeriods: [{ date: '2025-08-01', amount: '1' }, { date: '2026-01-01', amount: '1' }] } }),
    );
    const draft = await app.call.contracts.update(contractInput(app.ids));
    const deps = { db: app.t.database.db, owner: app.t.database.owner };
    await runContractPlansAllClubs(deps, '2025-09-01');
    expect(await app.t.database.owner.selectFrom('invoices').select('plan_key').where('contract_id', 'in', [id, draft.id]).execute()).toEqual([]);
    await app.call.contracts.approve({ id });
    await runContractPlansAllClubs(deps, '2025-09-01');
    await runContractPlansAllClubs(deps, '2025-09-01');
    const keys = async () => (await app.t.database.owner.selectFrom('invoices').select('plan_key').where('contract_id', '=', id).orderBy('plan_key').execute()).map((r) => r.plan_key);
    expect(await keys()).toEqual(['rate:1']);
    await runContractPlansAllClubs(deps, '2026-01-01');
    expect(await keys()).toEqual(['rate:1', 'rate:2']);
    const made = await app.t.database.owner.selectFrom('invoices').select(['invoice_date', 'is_draft']).where('contract_id', '=', id).orderBy('invoice_date').execute();
    expect(made.map((m) => [String(m.invoice_date).slice(0, 10), m.is_draft])).toEqual([
      ['2025-08-01', true],
      ['2026-01-01', true],
    ]);
  });
});

describe('list, products and the renegotiation feed', () => {
  it('filters by status and searches', async () => {
    const id = await contractIn('cancelled');
    const page = await app.call.contracts.list({ filter: { status: 'cancelled' }, perPage: 100 });
    expect(page.rows.every((r) => r.status === 'cancelled')).toBe(true);
    expect(page.rows.map((r) => r.id)).toContain(id);
    const all = await app.call.contracts.list({});
    expect(all.rows[0].contractNumber).toBeGreaterThan(all.rows[all.rows.length - 1].contractNumber);
    const xlsx = await app.call.contracts.export({ filter: { status: 'cancelled' } });
    expect(xlsx.fileName).toBe('Aftaler.xlsx');
  });

  it('the company’s agreements: its Aftaler card and GET companies/{id}/contracts, newest number first', async () => {
    const first = await contractIn('draft');
    const second = await contractIn('approved');
    const listed = await app.call.companies.contracts({ id: app.ids.company });
    expect(listed.slice(0, 2).map((c) => [c.id, c.status])).toEqual([
      [second, 'approved'],
      [first, 'draft'],
    ]);
    expect((await app.call.companies.get({ id: app.ids.company })).contracts.map((c) => c.id)).toEqual(listed.map((c) => c.id));
  });

  it('GET products groups the products with an agreement setup by category', async () => {
    const groups = await app.call.contracts.products();
    const titles = groups.flatMap((g) => g.products.map((p) => p.title));
    expect(titles).toEqual(expect.arrayContaining(['Bandereklame', 'Logo på spillertrøje', 'Sæsonkort']));
    expect(titles).not.toContain('Klubtrøje');
    const sponsor = groups.find((g) => g.category === 'Sponsorpakker');
    expect(sponsor?.products.map((p) => p.contractSetup?.type)).toEqual(['checkbox', 'number-text']);
  });

  it('renegotiations: approved agreements whose renewDate has come or is near, not yet renewed, soonest first', async () => {
    const soon = await app.call.contracts.update(contractInput(app.ids, { seasonId: null, startDate: '2020-01-01', endDate: '2020-12-31', renewDate: '2000-01-02' }));
    await app.call.contracts.approve({ id: soon.id });
    const later = await app.call.contracts.update(contractInput(app.ids, { seasonId: null, startDate: '2020-01-01', endDate: '2020-12-31', renewDate: '2000-01-03' }));
    await app.call.contracts.approve({ id: later.id });
    const far = await app.call.contracts.update(contractInput(app.ids, { seasonId: null, startDate: '2020-01-01', endDate: '2099-12-31', renewDate: '2099-01-01' }));
    await app.call.contracts.approve({ id: far.id });
    const draft = await app.call.contracts.update(contractInput(app.ids, { seasonId: null, startDate: '2020-01-01', endDate: '2020-12-31', renewDate: '2000-01-01' }));
    const feed = await app.call.contracts.renegotiations({ perPage: 100 });
    const mine = feed.rows.map((r) => r.id).filter((x) => [soon.id, later.id, far.id, draft.id].includes(x));
    expect(mine).toEqual([soon.id, later.id]);
    await app.call.contracts.renew({ id: soon.id });
    const after = await app.call.contracts.renegotiations({ perPage: 100 });
    expect(after.rows.map((r) => r.id)).not.toContain(soon.id);
    expect(after.rows.map((r) => r.id)).toContain(later.id);
  });
});

describe('seat lines: taken seats and the target events', () => {
  const seatLine = (eventId: number, seat = 'B-7') => ({ productId: app.ids.seasonCard, title: 'Sæsonkort', price: '1800', amount: 1, seat, seatEventId: eventId });
  it('a seat another live agreement holds at the target event refuses the move or copy (Danish, nothing changed); a cancelled one does not count', async () => {
    const [e1, e2] = app.ids.events;
    const holder = await app.call.contracts.update(contractInput(app.ids, { contractLines: [seatLine(e2)] }));
    const { id } = await app.call.contracts.update(contractInput(app.ids, { contractLines: [...packageLines(app.ids), seatLine(e1)] }));
    const line = (await app.call.contracts.get({ id })).contractLines.find((l) => l.seat === 'B-7');
    const lineIds = [line?.id as number];
    await refused(app.t, () => app.call.contracts.seatLines({ id, lineIds, action: 'copy', eventId: e2 }), SEATING_MSG.seatTaken);
    await refused(app.t, () => app.call.contracts.seatLines({ id, lineIds, action: 'move', eventId: e2 }), SEATING_MSG.seatTaken);
    await app.call.contracts.cancel({ id: holder.id });
    await app.call.contracts.seatLines({ id, lineIds, action: 'copy', eventId: e2 });
    expect((await app.call.contracts.get({ id })).contractLines.filter((l) => l.seat === 'B-7').map((l) => l.seatEventId)).toEqual([e1, e2]);
  });
  it('an approved agreement refuses seat line changes', async () => {
    const [e1, e2] = app.ids.events;
    const { id } = await app.call.contracts.update(contractInput(app.ids, { contractLines: [...packageLines(app.ids), seatLine(e1, 'C-3')] }));
    await app.call.contracts.approve({ id });
    const line = (await app.call.contracts.get({ id })).contractLines.find((l) => l.seat === 'C-3');
    await refused(app.t, () => app.call.contracts.seatLines({ id, lineIds: [line?.id as number], action: 'copy', eventId: e2 }), CONTRACT_MSG.lockedFields);
    await refused(app.t, () => app.call.contracts.seatLines({ id, lineIds: [line?.id as number], action: 'remove' }), CONTRACT_MSG.lockedFields);
  });
  it("the target events: the club's own, upcoming first (soonest first), then past ones (latest first), searchable", async () => {
    const o = app.t.database.owner;
    const events = await app.call.contracts.seatEvents({});
    const own = await o.selectFrom('events').select(['id', 'title', 'start_date']).where('client_id', '=', app.ids.clientId).execute();
    expect(events.map((e) => e.id).sort()).toEqual(own.map((e) => e.id).sort().slice(0, 50));
    const now = Date.now();
    const upcoming = events.filter((e) => Date.parse(e.startDate) >= now);
    const past = events.filter((e) => Date.parse(e.startDate) < now);
    expect(events).toEqual([...upcoming, ...past]);
    expect(upcoming.map((e) => e.startDate)).toEqual(upcoming.map((e) => e.startDate).sort());
    expect(past.map((e) => e.startDate)).toEqual(past.map((e) => e.startDate).sort().reverse());
    const one = events[0];
    expect((await app.call.contracts.seatEvents({ search: one.title.slice(0, 6) })).map((e) => e.id)).toContain(one.id);
    const nabo = await o.selectFrom('events as e').innerJoin('clients as c', 'c.id', 'e.client_id').select('e.title').where('c.name', '=', 'Nabo BK').execute();
    for (const n of nabo) expect((await app.call.contracts.seatEvents({ search: n.title })).map((e) => e.title)).not.toContain(n.title);
  });
});

describe('the owner (Ansvarlig): one staff list for pickers', () => {
  it("lists the club's staff only; a member or another club's user cannot be the owner (Danish, nothing changed); a staff user is saved", async () => {
    const o = app.t.database.owner;
    const nabo = await o.selectFrom('clients').select('id').where('name', '=', 'Nabo BK').executeTakeFirstOrThrow();
    const stranger = await o.insertInto('users').values({ email: 'nina@nabobk.dk', firstname: 'Nina', lastname: 'Nabo', password_hash: 'x', email_confirmed: true }).returning('id').executeTakeFirstOrThrow();
    await o.insertInto('client_users').values({ client_id: nabo.id, user_id: stranger.id, role: 'staff' }).execute();
    const users = await o.selectFrom('users').select(['id', 'email']).execute();
    const idOf = (email: string) => users.find((u) => u.email === email)?.id as number;

    const owners = await app.call.app.owners();
    expect(owners.map((u) => u.name).sort()).toEqual(['Anna Admin', 'Søren Stab']);
    expect(owners.map((u) => u.id)).not.toContain(stranger.id);
    expect(owners.map((u) => u.id)).not.toContain(idOf(DEMO_USERS.member));
    const naboOwners = await (await callerFor(app.t, DEMO_USERS.admin, 'Nabo BK')).app.owners();
    expect(naboOwners.map((u) => u.name).sort()).toEqual(['Anna Admin', 'Nina Nabo']);

    const { id } = await app.call.contracts.update(contractInput(app.ids));
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), id, ownerId: stranger.id }), CONTRACT_MSG.ownerUnknown);
    await refused(app.t, () => app.call.contracts.update({ ...contractInput(app.ids), id, ownerId: idOf(DEMO_USERS.member) }), CONTRACT_MSG.ownerUnknown);
    await app.call.contracts.update({ ...contractInput(app.ids), id, ownerId: idOf(DEMO_USERS.staff) });
    expect((await app.call.contracts.get({ id })).ownerId).toBe(idOf(DEMO_USERS.staff));
  });
});
