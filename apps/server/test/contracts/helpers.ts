import { DEMO_USERS } from '@klubhus/db';
import type { TContractLineInput, TContractUpdateRequest } from '@klubhus/domain';
import { callerAt, type TestApp } from '../helpers';
import { expectRefused, rowsOf } from '../support/refusals';

export const callerFor = (t: TestApp, email: string = DEMO_USERS.admin, clubName = 'Demo IF') => callerAt(t, email, clubName, t.dataDir);
export type ContractsCaller = Awaited<ReturnType<typeof callerFor>>;

export const CONTRACT_TABLES = ['contract_counters', 'contracts', 'contract_lines', 'contract_audit', 'contract_sign_requests', 'contract_sign_trail', 'invoices'] as const;

/** Every agreements row of every club (and the invoices), as text: equal before and after means nothing changed. */
export async function contractsSnapshot(t: TestApp): Promise<string> {
  return JSON.stringify(await rowsOf(t, CONTRACT_TABLES));
}

/** Expects the call to be refused with exactly this Danish message, and nothing in the agreements tables changed. */
export const refused = (t: TestApp, fn: () => Promise<unknown>, message: string) => expectRefused(fn, message, () => contractsSnapshot(t));

/** Ids of the demo rows an agreement uses. */
export async function demoIds(t: TestApp, clubName = 'Demo IF') {
  const o = t.database.owner;
  const club = await o.selectFrom('clients').select('id').where('name', '=', clubName).executeTakeFirstOrThrow();
  const byTitle = async (table: 'products' | 'order_categories' | 'seasons', title: string) =>
    (await o.selectFrom(table).select('id').where('client_id', '=', club.id).where('title', '=', title).executeTakeFirstOrThrow()).id;
  const company = await o.selectFrom('companies').select('id').where('client_id', '=', club.id).orderBy('id').executeTakeFirstOrThrow();
  const contact = await o.selectFrom('contacts').select('id').where('client_id', '=', club.id).orderBy('id').executeTakeFirstOrThrow();
  const event = await o.selectFrom('events').select('id').where('client_id', '=', club.id).orderBy('id').execute();
  return {
    clientId: club.id,
    company: company.id,
    contact: contact.id,
    sponsorDeal: await byTitle('order_categories', 'Sponsoraftale'),
    partner: await byTitle('order_categories', 'Partnerskab'),
    board: await byTitle('products', 'Bandereklame'),
    shirtLogo: await byTitle('products', 'Logo på spillertrøje'),
    seasonCard: await byTitle('products', 'Sæsonkort'),
    season2526: await byTitle('seasons', 'Sæson 2025/26'),
    season2627: await byTitle('seasons', 'Sæson 2026/27'),
    events: event.map((e) => e.id),
  };
}
export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/** A sponsor package: a board (checkbox), a shirt logo (number-text, amount-price) and two season cards (number). */
export const packageLines = (ids: DemoIds): TContractLineInput[] => [
  { productId: ids.board, title: 'Bandereklame', price: '15.000,00', amount: 1 },
  { productId: ids.shirtLogo, title: 'Logo på spillertrøje', price: '25000', amount: 1, description: 'Bryst, front' },
  { productId: ids.seasonCard, title: 'Sæsonkort', price: '1800', amount: 2 },
];

export const contractInput = (ids: DemoIds, extra: Partial<TContractUpdateRequest> = {}): TContractUpdateRequest => ({
  categoryId: ids.sponsorDeal,
  companyId: ids.company,
  contactId: ids.contact,
  seasonId: ids.season2526,
  renewDate: '2026-04-01',
  description: 'Hovedsponsor',
  contractLines: packageLines(ids),
  invoicing: { type: 'single', invoiceDate: '2025-08-01' },
  ...extra,
});

export async function statusOf(t: TestApp, id: number) {
  return (await t.database.owner.selectFrom('contracts').select(['status', 'agreement_status']).where('id', '=', id).executeTakeFirst()) ?? null;
}
