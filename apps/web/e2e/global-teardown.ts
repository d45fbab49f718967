import { spawnSync } from 'node:child_process';

/** Drops the database the e2e run created on a PostgreSQL server (see playwright.config.ts). */
export default function globalTeardown() {
  const url = process.env.E2E_DATABASE_URL;
  const admin = process.env.DATABASE_URL;
  if (!url || !admin) return;
  const name = new URL(url).pathname.slice(1);
  if (!/^klubhus_e2e_\w+$/.test(name)) return;
  const dropped = spawnSync('psql', [admin, '-q', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { stdio: 'inherit' });
  if (dropped.status !== 0) console.warn(`Could not drop the e2e database ${name}`);
}
