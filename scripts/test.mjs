// npm test: typecheck, lint, unit, integration and browser tests; ends with
// 'N passed, N failed' counting every test case (typecheck and lint count as one each).
// `npm test -- unit integration` runs the named steps; `npm test -- --changed` runs the integration
// and browser files that touch the domains changed since main (scripts/changed.mjs).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changedFiles, selectTests } from './changed.mjs';

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
// The concurrency step belongs to the integration suite: naming either selects it.
const selected = (name) => !only.length || only.includes(name) || (name === 'concurrency' && only.includes('integration'));
const changed = args.includes('--changed') ? selectTests(changedFiles()) : null;
if (changed) {
  if (changed.all) console.log(`--changed: ${changed.reason}: running every test file`);
  else {
    console.log(`--changed: domains ${changed.domains.join(', ') || '(none)'}`);
    console.log(`  integration: ${changed.integration.join(' ') || '(none)'}`);
    console.log(`  browser: ${changed.e2e.join(' ') || '(none)'}`);
  }
}
/** The test files a step runs: all of them, or the --changed selection (null: none to run). */
const filesFor = (kind) => (!changed || changed.all ? [] : changed[kind].length ? changed[kind] : null);
const out = mkdtempSync(join(tmpdir(), 'klubhus-results-'));
const startedAt = Date.now();
let passed = 0;
let failed = 0;
const summary = [];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

function step(name, cmd, args, count) {
  if (!selected(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const c = count ? count(r.status) : r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  // A runner that crashed before reporting counts as a failure.
  if (r.status !== 0 && c.failed === 0) c.failed = 1;
  record(name, c, Date.now() - started);
}

function record(name, c, ms) {
  passed += c.passed;
  failed += c.failed;
  summary.push(`${name}: ${c.passed} passed, ${c.failed} failed (${seconds(ms)})`);
}

/** The system Chromium the browser tests drive: CHROME_PATH, /usr/bin/chromium, or chromium / chromium-browser on the PATH. */
function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'];
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) candidates.push(join(dir, 'chromium'), join(dir, 'chromium-browser'));
  for (const c of candidates) {
    if (!c) continue;
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {}
  }
  return null;
}

const isDebianLike = () => {
  try {
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
};

/**
 * Chromium for the browser tests: found, or installed from Debian's packages when we run as root on
 * Debian or Ubuntu (as CI does); otherwise null after one line saying what to install.
 */
function ensureChromium() {
  let found = findChromium();
  if (!found && process.getuid?.() === 0 && isDebianLike()) {
    console.log("No Chromium found: installing Debian's chromium package for the browser tests");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (update.status === 0) spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    found = findChromium();
  }
  if (!found) {
    console.log('Browser tests need Chromium: install it (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.');
    return null;
  }
  process.env.CHROME_PATH = found;
  return found;
}

const vitestCount = (file) => () => {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const failedTests = j.numFailedTests ?? 0;
  // A file that fails to load has no failed tests but a failed suite.
  return { passed: j.numPassedTests ?? 0, failed: failedTests || (j.numFailedTestSuites ?? 0) };
};
const playwrightCount = (file) => () => {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) };
};

step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('typecheck-web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']);
step('lint', 'npx', ['biome', 'lint', '.']);
const unit = join(out, 'unit.json');
step('unit', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${unit}`], vitestCount(unit));
const integration = join(out, 'integration.json');
const integrationFiles = filesFor('integration');
if (integrationFiles) {
  step(
    'integration',
    'npx',
    ['vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${integration}`, ...integrationFiles],
    vitestCount(integration),
  );
}
// Concurrency claims (*.concurrency.test.ts) prove nothing on the embedded database (one transaction
// at a time): on an embedded run they go to a PostgreSQL server when one is reachable.
const concurrencyFiles = integrationFiles?.filter((f) => f.endsWith('.concurrency.test.ts'));
if (!process.env.DATABASE_URL && selected('concurrency') && integrationFiles && (!changed || changed.all || concurrencyFiles.length)) {
  const pgUrl = process.env.KLUBHUS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const probe = spawnSync(
    process.execPath,
    ['-e', "const pg=require('pg');const c=new pg.Client(process.argv[1]);c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))", pgUrl],
    { stdio: 'ignore', timeout: 10_000 },
  );
  if (probe.status === 0) {
    const concurrency = join(out, 'concurrency.json');
    process.env.DATABASE_URL = pgUrl;
    console.log(`\nConcurrency tests on PostgreSQL at ${pgUrl}`);
    step(
      'concurrency',
      'npx',
      ['vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${concurrency}`, ...(concurrencyFiles?.length ? concurrencyFiles : ['concurrency.test.ts'])],
      vitestCount(concurrency),
    );
    delete process.env.DATABASE_URL;
  } else {
    console.log(`\nConcurrency tests skipped: they need PostgreSQL and none answered at ${pgUrl} (set KLUBHUS_PG_URL).`);
  }
}
const e2e = join(out, 'e2e.json');
const e2eFiles = filesFor('e2e');
// A --changed run without browser files needs no build.
if (!changed || e2eFiles) step('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = e2e;
if (selected('e2e') && e2eFiles) {
  if (ensureChromium()) step('e2e', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json', ...e2eFiles], playwrightCount(e2e));
  else record('e2e (no Chromium)', { passed: 0, failed: 1 }, 0);
}

console.log('\n=== summary ===');
console.log(`total time: ${seconds(Date.now() - startedAt)}`);
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
