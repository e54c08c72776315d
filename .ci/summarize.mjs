// `node .ci/summarize.mjs CHECKS_FAILED REPORT...`: totals the runners' JSON reports (vitest's and
// Playwright's) into the one line CI reads: `N passed, N failed`.
// A missing report counts as a failure: the runner did not finish.
import { readFileSync } from 'node:fs';

const [checksFailed = '0', ...reports] = process.argv.slice(2);
let passed = 0;
let failed = Number(checksFailed);
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

for (const file of reports) {
  const report = read(file);
  if (!report) continue;
  if ('numTotalTests' in report) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A suite that failed to load has no tests to count: count it.
    failed += (report.testResults ?? []).filter((suite) => suite.status === 'failed' && (suite.assertionResults ?? []).length === 0).length;
  } else {
    passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    failed += report.stats?.unexpected ?? 0;
    skipped += report.stats?.skipped ?? 0;
    failed += (report.errors ?? []).length;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
