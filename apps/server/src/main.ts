import { resolve } from 'node:path';
import { renderPendingContractPdfs, runContractPlansAllClubs } from '@klubhus/api/contracts/jobs';
import { economicFromEnv, expireBookingsAllClubs, flushOrderSearchAllClubs, expireHoldsAllClubs, fileStorage, remindAllClubs, renderPendingInvoicePdfs, runInvoicePlansAllClubs, syncEconomicAllClubs } from '@klubhus/api';
import { pdfRenderer } from '@klubhus/integrations';
import { databaseConfigFromEnv, DEMO_PASSWORD, DEMO_USERS, isEmpty, openDatabase, seedDemo } from '@klubhus/db';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { JOBS, startJobRunner } from './jobs';
import { deliverOutbox, smtpTransport } from './outbox';

const config = configFromEnv();
const database = await openDatabase(databaseConfigFromEnv());
// The embedded database starts as a demo installation; a real server only when asked
// (SEED_DEMO=1 or npm run seed:demo).
const seed = database.kind === 'pglite' || process.env.SEED_DEMO === '1';
if (seed && (await isEmpty(database.owner))) {
  await seedDemo(database.owner);
  console.log('Seeded the demo club "Demo IF".');
}
// WEB_DIST: serve the web client from another folder (the e2e run serves a snapshot so a concurrent build cannot pull assets away).
const app = await buildApp({ database, config, logger: process.env.LOG === '1', webDist: process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : undefined, trustProxy: config.trustProxy });
await app.listen({ port: config.port, host: config.host });
console.log(`Klubhus is running on ${config.baseUrl}`);
if (database.kind === 'pglite') {
  console.log(`Demo logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_USERS).join(', ')}`);
}

// Background work runs on the job runner. Without SMTP_URL e-mails stay in the outbox table
// (readable by tests and staff); with it, every process asks for a delivery run every few seconds
// and the runner makes that at most one run per window across all processes.
const smtp = process.env.SMTP_URL ? smtpTransport(process.env.SMTP_URL) : null;
const from = process.env.MAIL_FROM ?? 'Klubhus <noreply@klubhus.dk>';
// One warm browser for the PDFs of this process (CHROME_PATH, else the system Chromium), used only by
// the PDF job: no request waits on it. Closed on shutdown.
const renderer = pdfRenderer();
renderer.warm().catch((error) => console.error('PDF renderer:', error.message));
const invoiceDeps = { db: database.db, owner: database.owner };
const economic = economicFromEnv();
const jobs = await startJobRunner(database, {
  ...(smtp ? { [JOBS.outbox]: () => deliverOutbox(database.db, smtp, from, 20, fileStorage(config)) } : {}),
  [JOBS.reminders]: () => remindAllClubs(database.db, config.baseUrl),
  [JOBS.holdExpiry]: () => expireHoldsAllClubs(database.db),
  [JOBS.invoicePlans]: async () => (await runInvoicePlansAllClubs(invoiceDeps)) + (await runContractPlansAllClubs(invoiceDeps)),
  [JOBS.invoicePdfs]: () => renderPendingInvoicePdfs({ ...invoiceDeps, storage: fileStorage(config), renderer }),
  [JOBS.economic]: () => syncEconomicAllClubs({ ...invoiceDeps, economic }),
  [JOBS.contractPdfs]: () => renderPendingContractPdfs({ ...invoiceDeps, storage: fileStorage(config), renderer }),
  [JOBS.bookingExpiry]: () => expireBookingsAllClubs(database.db),
  [JOBS.orderSearch]: () => flushOrderSearchAllClubs(database.db),
});
// Each process asks; the runner makes it at most one run per window across all of them.
const every = (name: string, seconds: number) => setInterval(() => jobs.nudge(name, seconds).catch((error) => console.error('job runner:', error)), seconds * 1000);
const nudges = [...(smtp ? [every(JOBS.outbox, 5)] : []), every(JOBS.reminders, 60), every(JOBS.holdExpiry, 60), every(JOBS.invoicePlans, 60), every(JOBS.invoicePdfs, 2), every(JOBS.contractPdfs, 2), every(JOBS.economic, 30), every(JOBS.bookingExpiry, 30), every(JOBS.orderSearch, 30)];

async function shutdown() {
  for (const n of nudges) clearInterval(n);
  await renderer.close();
  await jobs.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
