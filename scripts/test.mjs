// npm test: typecheck, lint, unit, integration and browser tests; ends with
// 'N passed, N failed' counting every test case (typecheck and lint count as one each).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const out = mkdtempSync(join(tmpdir(), 'klubhus-results-'));
let passed = 0;
let failed = 0;
const summary = [];

function step(name, cmd, args, count) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const c = count ? count(r.status) : r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  // A runner that crashed before reporting counts as a failure.
  if (r.status !== 0 && c.failed === 0) c.failed = 1;
  passed += c.passed;
  failed += c.failed;
  summary.push(`${name}: ${c.passed} passed, ${c.failed} failed`);
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
step(
  'integration',
  'npx',
  ['vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${integration}`],
  vitestCount(integration),
);
const e2e = join(out, 'e2e.json');
step('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = e2e;
step('e2e', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], playwrightCount(e2e));

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
