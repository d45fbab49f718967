import { resolve } from 'node:path';
import { databaseConfigFromEnv, DEMO_PASSWORD, DEMO_USERS, isEmpty, openDatabase, seedDemo } from '@klubhus/db';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { smtpTransport, startOutboxWorker } from './outbox';

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

// Without SMTP_URL e-mails stay in the outbox table (readable by tests and staff).
const stopOutbox = process.env.SMTP_URL
  ? startOutboxWorker(database.db, smtpTransport(process.env.SMTP_URL), process.env.MAIL_FROM ?? 'Klubhus <noreply@klubhus.dk>')
  : () => {};

async function shutdown() {
  stopOutbox();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
