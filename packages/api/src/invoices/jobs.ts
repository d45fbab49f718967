import { type Database, withClub } from '@klubhus/db';
import type { FileStorage, PdfRenderer } from '@klubhus/integrations';
import { type Kysely, sql } from 'kysely';
import { type EconomicFactory, syncClubEconomic } from './economic';
import { invoiceDocument, invoiceHtml } from './html';
import { runClubPlans } from './service';

/**
 * The invoice jobs, run by the job runner (apps/server/src/jobs.ts), each safe in any number of
 * processes at once and after a restart, because the rows decide:
 * - plans: each active club in its own transaction makes the drafts whose date has come; the
 *   (order, plan key) index makes each exactly once;
 * - PDFs: booked invoices whose PDF is pending are rendered on the warm browser, each under its row
 *   lock taken with SKIP LOCKED (one process per invoice), stored, then marked ready;
 * - e-conomic: booked invoices waiting for e-conomic are booked there (see syncClubEconomic).
 * The clubs with work are found with the owner connection (one statement across clubs); the work
 * itself runs under the club's row-level security.
 */

export interface InvoiceJobDeps {
  /** The app-role database (row-level security applies). */
  db: Kysely<Database>;
  /** The owner connection: only to find which clubs have work. */
  owner: Kysely<Database>;
}

export async function runInvoicePlansAllClubs(deps: InvoiceJobDeps, today?: string): Promise<number> {
  const clubs = await deps.owner
    .selectFrom('orders')
    .select('client_id')
    .distinct()
    .where('status', '=', 'approved')
    .where('invoicing', 'is not', null)
    .execute();
  let made = 0;
  for (const { client_id } of clubs) made += await withClub(deps.db, { clientId: client_id }, (trx) => runClubPlans(trx, client_id, today));
  return made;
}

async function clubsWith(owner: Kysely<Database>, where: 'pdf' | 'economic'): Promise<number[]> {
  const r =
    where === 'pdf'
      ? await sql<{ client_id: number }>`SELECT DISTINCT client_id FROM invoices WHERE pdf_status = 'pending'`.execute(owner)
      : await sql<{ client_id: number }>`SELECT DISTINCT client_id FROM invoices WHERE economic_status IN ('pending', 'failed') AND economic_attempts < 8`.execute(owner);
  return r.rows.map((x) => x.client_id);
}

/** Renders one pending invoice PDF if no other process has it: the row locked while its PDF is made and stored. */
async function renderOne(deps: InvoiceJobDeps & { storage: FileStorage; renderer: PdfRenderer }, clientId: number, invoiceId: number): Promise<'ready' | 'failed' | 'skipped'> {
  return withClub(deps.db, { clientId }, async (trx) => {
    const row = (
      await sql<{ id: number; pdf_key: string | null }>`
        SELECT id, pdf_key FROM invoices WHERE client_id = ${clientId} AND id = ${invoiceId} AND pdf_status = 'pending' FOR UPDATE SKIP LOCKED`.execute(trx)
    ).rows[0];
    if (!row?.pdf_key) return 'skipped';
    try {
      const html = invoiceHtml(await invoiceDocument(trx, clientId, invoiceId, deps.storage));
      const pdf = await deps.renderer.render(html);
      // A file left by an attempt whose commit failed is replaced.
      await deps.storage.delete(row.pdf_key).catch(() => {});
      await deps.storage.put(row.pdf_key, pdf, 'application/pdf');
      await trx.updateTable('invoices').set({ pdf_status: 'ready', pdf_error: null }).where('client_id', '=', clientId).where('id', '=', invoiceId).execute();
      return 'ready';
    } catch (e) {
      await trx
        .updateTable('invoices')
        .set({ pdf_status: 'failed', pdf_error: String((e as Error).message ?? e).slice(0, 500) })
        .where('client_id', '=', clientId)
        .where('id', '=', invoiceId)
        .execute();
      return 'failed';
    }
  });
}

/**
 * One round of the PDF job: up to `batch` pending PDFs, as many at once as the renderer has pages.
 * A failed render is marked failed (shown on the invoice; retryPdf sets it pending again).
 */
export async function renderPendingInvoicePdfs(deps: InvoiceJobDeps & { storage: FileStorage; renderer: PdfRenderer; concurrency?: number }, batch = 40): Promise<{ ready: number; failed: number }> {
  const work: { clientId: number; id: number }[] = [];
  for (const clientId of await clubsWith(deps.owner, 'pdf')) {
    const ids = await withClub(deps.db, { clientId }, (trx) =>
      trx.selectFrom('invoices').select('id').where('client_id', '=', clientId).where('pdf_status', '=', 'pending').orderBy('id').limit(batch).execute(),
    );
    work.push(...ids.map((r) => ({ clientId, id: r.id })));
    if (work.length >= batch) break;
  }
  let ready = 0;
  let failed = 0;
  const queue = work.slice(0, batch);
  const lanes = Math.max(1, deps.concurrency ?? 2);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const r = await renderOne(deps, next.clientId, next.id);
        if (r === 'ready') ready++;
        if (r === 'failed') failed++;
      }
    }),
  );
  return { ready, failed };
}

/** One round of the e-conomic job over the clubs with invoices waiting for it. */
export async function syncEconomicAllClubs(deps: InvoiceJobDeps & { economic: EconomicFactory }): Promise<{ booked: number; failed: number }> {
  let booked = 0;
  let failed = 0;
  for (const clientId of await clubsWith(deps.owner, 'economic')) {
    const r = await withClub(deps.db, { clientId }, (trx) => syncClubEconomic(trx, clientId, deps.economic));
    booked += r.booked;
    failed += r.failed;
  }
  return { booked, failed };
}
