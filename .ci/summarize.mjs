// Totals the runners' JSON reports into the one line CI reads: `N passed, N failed`.
// A missing report counts as a failure: the runner did not finish.
import { readFileSync } from 'node:fs';

const extraFailed = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = extraFailed;
let skipped = 0;

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${file}: missing or unreadable`);
    failed += 1;
    return undefined;
  }
};

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A suite that failed to load has no tests to count: count it.
  failed += (vitest.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0).length;
}
const playwright = read('reports/playwright.json');
if (playwright) {
  passed += (playwright.stats?.expected ?? 0) + (playwright.stats?.flaky ?? 0);
  failed += playwright.stats?.unexpected ?? 0;
  skipped += playwright.stats?.skipped ?? 0;
  failed += (playwright.errors ?? []).length;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
