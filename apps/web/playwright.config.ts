import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// The built app on a free-ish port with a fresh embedded database (seeded with the demo club on first start).
const port = Number(process.env.E2E_PORT ?? 20000 + Math.floor(Math.random() * 20000));
process.env.E2E_PORT = String(port);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'klubhus-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const root = resolve(import.meta.dirname, '../..');

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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: join(root, 'test-results'),
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
    env: { PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: '1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
