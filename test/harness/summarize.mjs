// `node test/harness/summarize.mjs CHECKS_FAILED REPORT...`: totals the runners' JSON reports (vitest's and
// Playwright's) into the one line CI reads: `N passed, N failed`.
// A missing report counts as a failure: the runner did not finish.
// Each failed test is named (file, title, the error's first line) above that line, so the record of a
// run that keeps only its last lines still says what failed.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const [checksFailed = '0', ...reports] = process.argv.slice(2);
let passed = 0;
let failed = Number(checksFailed);
let skipped = 0;
const failures = [];
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((line) => line.trim()) ?? '';

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
    failed += (report.testResults ?? []).filter(
      (suite) => suite.status === 'failed' && (suite.assertionResults ?? []).length === 0,
    ).length;
    for (const suite of report.testResults ?? []) {
      const file = suite.name.replace(`${process.cwd()}/`, '');
      if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0)
        failures.push(`${file}: ${firstLine(suite.message)}`);
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`${file} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
  } else {
    passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    failed += report.stats?.unexpected ?? 0;
    skipped += report.stats?.skipped ?? 0;
    failed += (report.errors ?? []).length;
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) visit(suite, []);
    for (const error of report.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
  }
}
if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ${line.slice(0, 300)}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
