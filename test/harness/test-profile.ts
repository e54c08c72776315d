/**
 * `npx tsx test/harness/test-profile.ts [REPORTS]`: the profile of the run of .ci/run that wrote REPORTS
 * (default reports/): wall time per step, the slowest test files of each runner and how often the
 * run built the web app and the handlers, synthesized the CDK app and started DynamoDB Local.
 * Printed and written to REPORTS/profile.md. .ci/run ends with it; `npm run test:profile` runs .ci/run.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type PlaywrightReport,
  type VitestReport,
  parseEvents,
  parseSteps,
  playwrightFileTimes,
  profileMarkdown,
  vitestFileTimes,
} from './test-profile-report';

const reports = path.resolve(process.argv[2] ?? 'reports');
const root = process.cwd();
const read = (file: string) => readFileSync(path.join(reports, file), 'utf8');
// A runner that did not finish wrote no report: its files are missing from the profile, its step says it failed.
const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(read(file)) as T;
  } catch {
    return undefined;
  }
};

const vitestFiles = readdirSync(reports)
  .map((file) => /^vitest-(.+)\.json$/.exec(file))
  .flatMap((match) => {
    const report = match && readJson<VitestReport>(match[0]);
    return report ? vitestFileTimes(report, match[1]!, root) : [];
  });
const playwright = readJson<PlaywrightReport>('playwright.json');
const markdown = profileMarkdown({
  steps: parseSteps(read('steps.tsv')),
  vitestFiles,
  playwrightFiles: playwright ? playwrightFileTimes(playwright, root) : [],
  events: parseEvents(read('profile-events.jsonl')),
});
writeFileSync(path.join(reports, 'profile.md'), `${markdown}\n`);
console.log(markdown);
