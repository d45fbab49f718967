/**
 * npm run bench -- contracts: issue 17's figure (PostgreSQL, DATABASE_URL, or the embedded database).
 *   - The contract PDF on a warm browser: a sponsor package of the demo club (board, shirt logo,
 *     season cards) saved through saveContract, laid out with the club's contract settings
 *     (contractDocument + contractHtml, as the contract PDF job does) and rendered 40 times one
 *     after another (p50/p95, goal p95 < 500 ms), then 10 at once (no failure).
 */
import { contractDocument, contractHtml } from '@klubhus/api/contracts/pdf';
import { saveContract } from '@klubhus/api/contracts/service';
import { type DatabaseHandle, isEmpty, seedDemo, withClub } from '@klubhus/db';
import { ZContractUpdateRequest } from '@klubhus/domain';
import { pdfRenderer } from '@klubhus/integrations';
import { benchWarmPdf } from './pdf';

export async function benchContracts(database: DatabaseHandle, log: (...args: unknown[]) => void): Promise<boolean> {
  if (await isEmpty(database.owner)) await seedDemo(database.owner);
  const o = database.owner;
  const club = await o.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow();
  const clientId = club.id;
  const product = async (title: string) => (await o.selectFrom('products').select('id').where('client_id', '=', clientId).where('title', '=', title).executeTakeFirstOrThrow()).id;
  const category = await o.selectFrom('order_categories').select('id').where('client_id', '=', clientId).where('title', '=', 'Sponsoraftale').executeTakeFirstOrThrow();
  const company = await o.selectFrom('companies').select('id').where('client_id', '=', clientId).orderBy('id').executeTakeFirstOrThrow();
  const contact = await o.selectFrom('contacts').select('id').where('client_id', '=', clientId).orderBy('id').executeTakeFirstOrThrow();
  const input = ZContractUpdateRequest.parse({
    categoryId: category.id,
    companyId: company.id,
    contactId: contact.id,
    description: 'Hovedsponsor (bench)',
    contractLines: [
      { productId: await product('Bandereklame'), title: 'Bandereklame', price: '15000', amount: 1 },
      { productId: await product('Logo på spillertrøje'), title: 'Logo på spillertrøje', price: '25000', amount: 1, description: 'Bryst, front' },
      { productId: await product('Sæsonkort'), title: 'Sæsonkort', price: '1800', amount: 2 },
    ],
    invoicing: { type: 'rates', intervals: 4, startDate: '2026-08-01', rateFee: 2 },
  });
  const html = await withClub(database.db, { clientId }, async (trx) => {
    const { id } = await saveContract(trx, { clientId, userId: null }, input);
    return contractHtml(await contractDocument(trx, clientId, id, null));
  });

  const renderer = pdfRenderer({ pages: 2 });
  try {
    return await benchWarmPdf(renderer, html, 'Contract', 10, log);
  } finally {
    await renderer.close();
  }
}
