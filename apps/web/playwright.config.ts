import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// The built app on a free-ish port with a fresh embedded database (seeded with the demo club on first start).
const port = Number(process.env.E2E_PORT ?? 20000 + Math.floor(Math.random() * 20000));
process.env.E2E_PORT = String(port);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'klubhus-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const root = resolve(import.meta.dirname, '../..');
// The server's Stripe API calls go to a local stub on the next port (e2e/stripe.spec.ts serves it
// while it runs; otherwise nothing answers there): a browser test never reaches api.stripe.com.
const stripeApiPort = Number(process.env.E2E_STRIPE_API_PORT ?? port + 1);
process.env.E2E_STRIPE_API_PORT = String(stripeApiPort);

// Serve a snapshot of the built client: engineers rebuild apps/web/dist while suites run, and the
// server registers asset files at start-up, so a rebuild would otherwise pull assets away mid-run.
const webDist = process.env.E2E_WEB_DIST ?? join(dataDir, 'web');
if (!process.env.E2E_WEB_DIST) {
  const built = join(root, 'apps/web/dist');
  // A build in progress empties dist first: wait for it (up to a minute) before giving up.
  for (let i = 0; i < 120 && !existsSync(join(built, 'index.html')); i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  if (!existsSync(join(built, 'index.html'))) throw new Error('apps/web/dist is missing: run `npx vite build apps/web` first');
  cpSync(built, webDist, { recursive: true });
  process.env.E2E_WEB_DIST = webDist;
}

// On a PostgreSQL server (DATABASE_URL) the app gets a database of its own, seeded with the demo club.
function e2eDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) return '';
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const name = `klubhus_e2e_${process.pid}_${Date.now()}`;
  const created = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-c', `CREATE DATABASE ${name}`], { stdio: 'inherit' });
  if (created.status !== 0) throw new Error('could not create the e2e database');
  const u = new URL(url);
  u.pathname = `/${name}`;
  process.env.E2E_DATABASE_URL = u.toString();
  return u.toString();
}
const databaseUrl = e2eDatabaseUrl();

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  // CI runs each failed test once more: one that passes then is reported by name as flaky (a
  // WARNING line at the end of the log, to be fixed), one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, 'test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROME_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: '1', WEB_DIST: webDist, STRIPE_API_URL: `http://127.0.0.1:${stripeApiPort}` },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
