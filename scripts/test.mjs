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
/** Names of the failed tests, printed again at the very end where a truncated CI log still shows them. */
const failures = [];
/** Printed as warnings, not failures: the runner's own faults after every test passed (see vitestCount), browser tests that passed on their retry. */
const warnings = [];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

function step(name, cmd, args, count) {
  if (!selected(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', VITEST_UNHANDLED_FILE: unhandledFile(name) } });
  const c = count ? count(r.status) : r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  // A runner that crashed before reporting counts as a failure.
  if (r.status !== 0 && c.failed === 0 && !c.runnerFaultOnly) {
    c.failed = 1;
    failures.push(`${name}: the runner exited with code ${r.status} without naming a failed test (see its output above)`);
  }
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

const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 300);
const unhandledFile = (stepName) => join(out, `${stepName}.unhandled.json`);
/**
 * Vitest's own worker faults ('[vitest-pool]: Timeout terminating forks worker', 'Worker exited
 * unexpectedly' after a file's tests ended) are not failures of our code: seen on a loaded 2-core
 * machine with every test passed. They are reported as warnings only when every test passed, no file
 * failed and nothing else went unhandled; an unhandled rejection of our code always fails the run.
 */
const isRunnerFault = (e) => /^\[vitest-(pool|worker)\]|^Worker exited unexpectedly|^Worker forks emitted error/.test(e.message);
const vitestCount = (file, stepName) => (status) => {
  const unhandled = existsSync(unhandledFile(stepName)) ? JSON.parse(readFileSync(unhandledFile(stepName), 'utf8')) : [];
  const ours = unhandled.filter((e) => !isRunnerFault(e));
  for (const e of ours) failures.push(`${e.testPath?.replace(`${process.cwd()}/`, '') ?? stepName}${e.testName ? ` › ${e.testName}` : ''}: ${e.type}: ${firstLine(e.message)}`);
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of j.testResults ?? []) {
    const where = suite.name?.replace(`${process.cwd()}/`, '') ?? '?';
    const failedHere = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedHere) failures.push(`${where} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    if (suite.status === 'failed' && !failedHere.length) failures.push(`${where}: ${firstLine(suite.message ?? 'failed to run')}`);
  }
  const failedTests = j.numFailedTests ?? 0;
  // A file that fails to load has no failed tests but a failed suite.
  const c = { passed: j.numPassedTests ?? 0, failed: failedTests || (j.numFailedTestSuites ?? 0) + ours.length };
  const faults = unhandled.filter(isRunnerFault);
  if (status !== 0 && c.failed === 0 && faults.length && !ours.length) {
    for (const e of faults) warnings.push(`${stepName}: every test passed, then the runner reported: ${firstLine(e.message)}`);
    c.runnerFaultOnly = true;
  } else for (const e of faults) failures.push(`${stepName}: ${firstLine(e.message)}`);
  return c;
};
const playwrightCount = (file) => () => {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results?.find((r) => r.error)?.error?.message)}`);
        else if (t.status === 'flaky') warnings.push(`flaky, passed on its retry: ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results?.find((r) => r.error)?.error?.message)}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
};

step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('typecheck-web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']);
step('lint', 'npx', ['biome', 'lint', '.']);
const unit = join(out, 'unit.json');
step('unit', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-unhandled-reporter.mjs', `--outputFile.json=${unit}`], vitestCount(unit, 'unit'));
const integration = join(out, 'integration.json');
const integrationFiles = filesFor('integration');
if (integrationFiles) {
  step(
    'integration',
    'npx',
    ['vitest', 'run', '--project', 'integration*', '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-unhandled-reporter.mjs', `--outputFile.json=${integration}`, ...integrationFiles],
    vitestCount(integration, 'integration'),
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
      ['vitest', 'run', '--project', 'integration*', '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-unhandled-reporter.mjs', `--outputFile.json=${concurrency}`, ...(concurrencyFiles?.length ? concurrencyFiles : ['concurrency.test.ts'])],
      vitestCount(concurrency, 'concurrency'),
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
for (const line of warnings) console.log(`WARNING ${line}`);
for (const line of failures) console.log(`FAILED ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
