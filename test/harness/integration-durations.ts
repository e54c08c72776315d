/**
 * `npm run test:durations`: writes each integration file's wall time from the last run's reports
 * (reports/vitest-integration-*.json) to test/harness/durations.json, which splits the files
 * between the two integration runs of `npm test` (test/harness/duration-sequencer.ts).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE } from './duration-sequencer';

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const root = process.cwd();
const reports = readdirSync('reports').filter((file) => /^vitest-integration-\d+\.json$/.test(file));
if (reports.length === 0) throw new Error('No reports/vitest-integration-N.json: run `npm test` first');
const durations: Record<string, number> = {};
for (const report of reports) {
  const { testResults } = JSON.parse(readFileSync(path.join('reports', report), 'utf8')) as VitestReport;
  // A file's startTime is its first test's: its beforeAll (seeding 5,000 users takes half a minute) lies
  // before it. The files of a run follow one another, so each took from the end of the one before; the
  // first, whose gap holds the cloud's start too, counts from its own start.
  const inOrder = [...testResults].sort((a, b) => a.endTime - b.endTime);
  inOrder.forEach((file, index) => {
    const from = index === 0 ? file.startTime : inOrder[index - 1]!.endTime;
    durations[path.relative(root, file.name)] = Math.round((file.endTime - from) / 100) / 10;
  });
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files written to ${DURATIONS_FILE}`);
