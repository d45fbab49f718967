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
import { percentile } from './load';

const PDF_GOAL_P95 = 500;

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
  let ok = true;
  try {
    const w0 = performance.now();
    await renderer.warm();
    const first = await renderer.render(html);
    log(`\nContract PDF on a warm browser (${process.env.CHROME_PATH ?? 'system Chromium'}, 2 pages in the pool): warm-up ${(performance.now() - w0).toFixed(0)} ms, ${(first.length / 1024).toFixed(0)} kB`);
    const seq: number[] = [];
    for (let i = 0; i < 40; i++) {
      const s = performance.now();
      await renderer.render(html);
      seq.push(performance.now() - s);
    }
    const p95 = percentile(seq, 95);
    log(`  40 one after another: p50 ${percentile(seq, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (goal < ${PDF_GOAL_P95} ms) -> ${p95 < PDF_GOAL_P95 ? 'met' : 'NOT met'}`);
    ok &&= p95 < PDF_GOAL_P95;
    const p0 = performance.now();
    const par = await Promise.allSettled(Array.from({ length: 10 }, () => renderer.render(html)));
    const failed = par.filter((r) => r.status === 'rejected' || r.value.subarray(0, 4).toString() !== '%PDF').length;
    log(`  10 at once: ${10 - failed} PDFs, ${failed} failures in ${(performance.now() - p0).toFixed(0)} ms -> ${failed === 0 ? 'met' : 'NOT met'}`);
    ok &&= failed === 0;
  } finally {
    await renderer.close();
  }
  return ok;
}
