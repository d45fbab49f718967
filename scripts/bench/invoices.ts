/**
 * npm run bench -- invoices: issue 15's figures (PostgreSQL, DATABASE_URL).
 *   - Numbering: 500 drafts of one club booked at once through bookInvoice, each in its own club
 *     transaction, a tenth rolled back on purpose after taking its number: the numbers that remain
 *     must be 1..N with no gap and no duplicate.
 *   - PDFs: the invoice layout rendered on one warm browser (its page pool): 40 one after another
 *     (p50/p95, goal p95 < 500 ms), then 20 at once (no failure). Then the PDF job renders 20 booked
 *     invoices while GET /api/invoices/{id}/pdf is called through the app: the handler answers from
 *     storage (202 while pending, 200 once made), so its latency stays that of a database read —
 *     no request handler waits on Chromium (the API has no renderer to wait on).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStorage, renderPendingInvoicePdfs } from '@klubhus/api';
import { invoiceDocument, invoiceHtml } from '@klubhus/api/invoices/html';
import { bookInvoice } from '@klubhus/api/invoices/service';
import { type DatabaseHandle, DEMO_PASSWORD, DEMO_USERS, isEmpty, seedDemo, withClub } from '@klubhus/db';
import { pdfRenderer } from '@klubhus/integrations';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { percentile } from './load';
import { benchWarmPdf } from './pdf';

const BOOKINGS = 500;

class RolledBack extends Error {}

export async function benchInvoices(database: DatabaseHandle, log: (...args: unknown[]) => void): Promise<boolean> {
  if (await isEmpty(database.owner)) await seedDemo(database.owner);
  const club = await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow();
  const clientId = club.id;
  let ok = true;

  // ---------------------------------------------------------------- numbering
  log(`\nInvoices: ${BOOKINGS} concurrent bookings in one club, a tenth rolled back on purpose`);
  const drafts = await sql<{ id: number }>`
    INSERT INTO invoices (client_id, type, is_draft, invoice_date, payment_date, vat_rate, prices_with_vat, disable_vat, subtotal, vat, total, recipient, title)
    SELECT ${clientId}, 'invoice', true, current_date, current_date + 8, 25, true, false, 8000, 2000, 10000, '{"name":"Bench ApS","email":"bench@example.dk"}'::jsonb, 'Bench'
    FROM generate_series(1, ${BOOKINGS}) RETURNING id`.execute(database.owner);
  const ids = drafts.rows.map((r) => r.id);
  await sql`INSERT INTO invoice_lines (client_id, invoice_id, title, price, amount) SELECT ${clientId}, id, 'Sponsorat', 10000, 1 FROM unnest(${ids}::int[]) AS id`.execute(database.owner);
  const before = Number((await database.owner.selectFrom('invoice_counters').select('last_number').where('client_id', '=', clientId).executeTakeFirst())?.last_number ?? 0);
  const t0 = performance.now();
  const results = await Promise.allSettled(
    ids.map((id, k) =>
      withClub(database.db, { clientId }, async (trx) => {
        const r = await bookInvoice(trx, { clientId, userId: null }, id);
        if (k % 10 === 0) throw new RolledBack();
        return r.number;
      }),
    ),
  );
  const ms = performance.now() - t0;
  const errors = results.filter((r) => r.status === 'rejected' && !(r.reason instanceof RolledBack)).length;
  const rolledBack = results.filter((r) => r.status === 'rejected' && r.reason instanceof RolledBack).length;
  const numbers = (await database.owner.selectFrom('invoices').select('number').where('client_id', '=', clientId).where('number', 'is not', null).orderBy('number').execute()).map((r) => r.number as number);
  const expected = before + BOOKINGS - rolledBack;
  const gapless = numbers.length === expected && numbers.every((n, i) => n === i + 1);
  const unique = new Set(numbers).size === numbers.length;
  log(`  ${BOOKINGS} bookings in ${ms.toFixed(0)} ms (${((BOOKINGS / ms) * 1000).toFixed(0)}/s): ${BOOKINGS - rolledBack - errors} committed, ${rolledBack} rolled back, ${errors} errors`);
  log(`  numbers 1..${numbers.at(-1)}: ${numbers.length} numbers, expected ${expected}; no gap: ${gapless ? 'yes' : 'NO'}; no duplicate: ${unique ? 'yes' : 'NO'}  -> ${gapless && unique && !errors ? 'met' : 'NOT met'}`);
  ok &&= gapless && unique && errors === 0;

  // ---------------------------------------------------------------- PDFs
  const renderer = pdfRenderer({ pages: 2 });
  const dataDir = mkdtempSync(join(tmpdir(), 'klubhus-bench-invoices-'));
  const storage = fileStorage({ baseUrl: 'http://localhost', secureCookies: false, dataDir });
  try {
    const sample = ids.find((_, k) => k % 10 !== 0) as number;
    const html = await withClub(database.db, { clientId }, async (trx) => invoiceHtml(await invoiceDocument(trx, clientId, sample, storage)));
    ok = (await benchWarmPdf(renderer, html, 'Invoice', 20, log)) && ok;

    // The PDF job renders while the app answers GET /{id}/pdf: the handler only reads storage.
    const app = await buildApp({ database, config: { baseUrl: 'http://localhost', secureCookies: false, dataDir }, webDist: join(dataDir, 'no-web') });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', headers: { host: 'localhost', origin: 'http://localhost' }, payload: { email: DEMO_USERS.admin, password: DEMO_PASSWORD } });
      const cookie = `klubhus_session=${login.cookies.find((c) => c.name === 'klubhus_session')?.value}`;
      await sql`UPDATE invoices SET pdf_status = 'none' WHERE client_id = ${clientId} AND pdf_status = 'pending'`.execute(database.owner);
      const booked = (await database.owner.selectFrom('invoices').select('id').where('client_id', '=', clientId).where('is_draft', '=', false).orderBy('id', 'desc').limit(20).execute()).map((r) => r.id);
      await database.owner.updateTable('invoices').set({ pdf_status: 'pending' }).where('id', 'in', booked).execute();
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      let jobDone = false;
      const job = renderPendingInvoicePdfs({ db: database.db, owner: database.owner, storage, renderer, concurrency: 2 }).finally(() => {
        jobDone = true;
      });
      while (!jobDone) {
        for (const id of booked.slice(0, 5)) {
          const s = performance.now();
          const res = await app.inject({ method: 'GET', url: `/api/invoices/${id}/pdf`, headers: { cookie, host: 'localhost' } });
          latencies.push(performance.now() - s);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      }
      const r = await job;
      const after = await app.inject({ method: 'GET', url: `/api/invoices/${booked[0]}/pdf`, headers: { cookie, host: 'localhost' } });
      const handlerP95 = percentile(latencies, 95);
      log(
        `  PDF job rendered ${r.ready} booked invoices (${r.failed} failed) while GET /api/invoices/{id}/pdf was called ${latencies.length} times: p95 ${handlerP95.toFixed(1)} ms, answers ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')}; afterwards ${after.statusCode} ${after.headers['content-type']}`,
      );
      const noWait = handlerP95 < 100 && r.failed === 0 && after.statusCode === 200;
      log(`  no request handler waits on Chromium (the handler reads storage; p95 < 100 ms while rendering) -> ${noWait ? 'met' : 'NOT met'}`);
      ok &&= noWait;
    } finally {
      await app.close();
    }
  } finally {
    await renderer.close();
  }
  return ok;
}
