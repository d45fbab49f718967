import { writeFileSync } from 'node:fs';

/**
 * Writes the run's unhandled errors (which vitest's JSON report leaves out, yet which fail the run)
 * to $VITEST_UNHANDLED_FILE, so scripts/test.mjs can name them at the end of a long log and tell the
 * runner's own worker faults from errors of our code.
 */
export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_FILE;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((e) => ({
      type: e?.type ?? e?.name ?? 'Error',
      message: String(e?.message ?? e),
      testPath: e?.VITEST_TEST_PATH ?? e?.testPath ?? null,
      testName: e?.VITEST_TEST_NAME ?? null,
      stack: String(e?.stack ?? '').split('\n').slice(0, 6).join('\n'),
    }));
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
