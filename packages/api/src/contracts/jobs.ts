import { type Database, withClub } from '@klubhus/db';
import type { FileStorage, PdfRenderer } from '@klubhus/integrations';
import { type Kysely, sql } from 'kysely';
import { contractDocument, contractHtml } from './pdf';
import { runClubContractPlans } from './service';

/**
 * The contract PDF job (the house rule: only jobs render PDFs): agreements whose PDF is pending are
 * rendered on the warm browser with the club's contract settings, each under its row lock taken with
 * SKIP LOCKED (one process per agreement), stored at the agreement's key, and marked ready for the
 * version they show. GET /contracts/{id}/pdf reads the file; a later change sets it pending again.
 */
export interface ContractJobDeps {
  db: Kysely<Database>;
  owner: Kysely<Database>;
  storage: FileStorage;
  renderer: PdfRenderer;
}

async function renderOne(deps: ContractJobDeps, clientId: number, contractId: number): Promise<'ready' | 'failed' | 'skipped'> {
  return withClub(deps.db, { clientId }, async (trx) => {
    const row = (
      await sql<{ id: number; pdf_key: string | null; version: number }>`
        SELECT id, pdf_key, version FROM contracts WHERE client_id = ${clientId} AND id = ${contractId} AND pdf_status = 'pending' FOR UPDATE SKIP LOCKED`.execute(trx)
    ).rows[0];
    if (!row?.pdf_key) return 'skipped';
    try {
      const pdf = await deps.renderer.render(contractHtml(await contractDocument(trx, clientId, contractId, deps.storage)));
      await deps.storage.delete(row.pdf_key).catch(() => {});
      await deps.storage.put(row.pdf_key, pdf, 'application/pdf');
      await trx.updateTable('contracts').set({ pdf_status: 'ready', pdf_version: row.version, pdf_error: null }).where('client_id', '=', clientId).where('id', '=', contractId).execute();
      return 'ready';
    } catch (e) {
      await trx
        .updateTable('contracts')
        .set({ pdf_status: 'failed', pdf_error: String((e as Error).message ?? e).slice(0, 500) })
        .where('client_id', '=', clientId)
        .where('id', '=', contractId)
        .execute();
      return 'failed';
    }
  });
}

/** One round: up to `batch` pending agreement PDFs, as many at once as `concurrency`. */
export async function renderPendingContractPdfs(deps: ContractJobDeps & { concurrency?: number }, batch = 40): Promise<{ ready: number; failed: number }> {
  const clubs = (await sql<{ client_id: number }>`SELECT DISTINCT client_id FROM contracts WHERE pdf_status = 'pending'`.execute(deps.owner)).rows;
  const work: { clientId: number; id: number }[] = [];
  for (const { client_id } of clubs) {
    const ids = await withClub(deps.db, { clientId: client_id }, (trx) =>
      trx.selectFrom('contracts').select('id').where('client_id', '=', client_id).where('pdf_status', '=', 'pending').orderBy('id').limit(batch).execute(),
    );
    work.push(...ids.map((r) => ({ clientId: client_id, id: r.id })));
    if (work.length >= batch) break;
  }
  let ready = 0;
  let failed = 0;
  const queue = work.slice(0, batch);
  await Promise.all(
    Array.from({ length: Math.max(1, deps.concurrency ?? 2) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const r = await renderOne(deps, next.clientId, next.id);
        if (r === 'ready') ready++;
        if (r === 'failed') failed++;
      }
    }),
  );
  return { ready, failed };
}

/** The agreements' invoicing plans, each club in its own transaction: the drafts whose date has come, each once. */
export async function runContractPlansAllClubs(deps: Pick<ContractJobDeps, 'db' | 'owner'>, today?: string): Promise<number> {
  const clubs = (await sql<{ client_id: number }>`SELECT DISTINCT client_id FROM contracts WHERE status = 'approved' AND invoicing IS NOT NULL`.execute(deps.owner)).rows;
  let made = 0;
  for (const { client_id } of clubs) made += await withClub(deps.db, { clientId: client_id }, (trx) => runClubContractPlans(trx, client_id, today));
  return made;
}
