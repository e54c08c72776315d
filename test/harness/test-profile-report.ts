import path from 'node:path';
import type { ProfileEvent } from '../../infra/local/profile-events';

/** A line of reports/steps.tsv (.ci/run): `events` is how many lines the events file held when the step ended. */
export interface StepTime {
  name: string;
  ms: number;
  status: number;
  events: number;
  /** When it ended (epoch ms); steps run side by side overlap, so the run's wall time comes from these. */
  endedAt?: number;
}

export interface FileTime {
  /** Relative to the repository. */
  file: string;
  /** The vitest project, or 'playwright'. */
  runner: string;
  tests: number;
  ms: number;
}

export interface EventLine {
  event: ProfileEvent;
  ms: number;
  pid: number;
}

/** The parts of vitest's JSON report read here. */
export interface VitestReport {
  testResults: { name: string; startTime?: number; endTime?: number; assertionResults: { duration?: number | null }[] }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { file: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** The parts of Playwright's JSON report read here. */
export interface PlaywrightReport {
  config: { rootDir: string };
  suites: PlaywrightSuite[];
}

export const SLOWEST_FILES = 20;

const EVENT_NAMES: Record<ProfileEvent, string> = {
  'web-build': 'web app built (vite build)',
  'functions-build': 'handler bundles built (esbuild)',
  'cdk-synth': 'CDK app synthesized',
  'dynamodb-local-start': 'DynamoDB Local started',
};

export function parseSteps(tsv: string): StepTime[] {
  return tsv
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [name = '', ms, status, events, endedAt] = line.split('\t');
      return {
        name,
        ms: Number(ms),
        status: Number(status),
        events: Number(events),
        ...(endedAt ? { endedAt: Number(endedAt) } : {}),
      };
    });
}

export function parseEvents(jsonLines: string): EventLine[] {
  return jsonLines
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EventLine);
}

/** A file's time is from its start to its end (imports and hooks included), else the sum of its tests'. */
export function vitestFileTimes(report: VitestReport, project: string, root: string): FileTime[] {
  return report.testResults.map((result) => ({
    file: path.relative(root, result.name),
    runner: project,
    tests: result.assertionResults.length,
    ms:
      result.startTime !== undefined && result.endTime !== undefined
        ? result.endTime - result.startTime
        : result.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0),
  }));
}

/** A spec file's time is the sum of its tests' durations, retries included: the workers run them side by side. */
export function playwrightFileTimes(report: PlaywrightReport, root: string): FileTime[] {
  const files = new Map<string, FileTime>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.relative(root, path.join(report.config.rootDir, spec.file));
      const entry = files.get(file) ?? { file, runner: 'playwright', tests: 0, ms: 0 };
      entry.tests += spec.tests.length;
      entry.ms += spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      files.set(file, entry);
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  return [...files.values()];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const table = (header: string[], align: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${align.join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

export function stepsTable(steps: StepTime[]): string {
  const total = steps.reduce((sum, step) => sum + step.ms, 0);
  const wall = wallTime(steps);
  return table(
    ['Step', 'Wall time', 'Share', 'Result'],
    ['---', '--:', '--:', '---'],
    [
      ...steps.map((step) => [
        step.name,
        seconds(step.ms),
        `${Math.round((100 * step.ms) / (total || 1))} %`,
        step.status === 0 ? 'ok' : `failed (${step.status})`,
      ]),
      ['steps added up', seconds(total), '', ''],
      ...(wall === undefined
        ? []
        : [['**wall time** (first start to last end; steps side by side overlap)', `**${seconds(wall)}**`, '', '']]),
    ],
  );
}

function wallTime(steps: StepTime[]): number | undefined {
  if (steps.length === 0 || steps.some((step) => step.endedAt === undefined)) return undefined;
  const ends = steps.map((step) => step.endedAt!);
  return Math.max(...ends) - Math.min(...steps.map((step) => step.endedAt! - step.ms));
}

export function slowestFilesTable(files: FileTime[], count = SLOWEST_FILES): string {
  const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
  return table(
    ['File', 'Runner', 'Tests', 'Time'],
    ['---', '---', '--:', '--:'],
    slowest.map((file) => [file.file, file.runner, String(file.tests), seconds(file.ms)]),
  );
}

/** Each kind of repeated work: how often, how long in all, and in which steps (an event belongs to the step it was written during). */
export function repeatedWorkTable(events: EventLine[], steps: StepTime[]): string {
  const stepOf = (line: number) => steps.find((step) => line < step.events)?.name ?? '(after the steps)';
  const rows = (Object.keys(EVENT_NAMES) as ProfileEvent[]).map((event) => {
    const lines = events.flatMap((line, index) => (line.event === event ? [{ ...line, step: stepOf(index) }] : []));
    const perStep = new Map<string, number>();
    for (const line of lines) perStep.set(line.step, (perStep.get(line.step) ?? 0) + 1);
    return [
      EVENT_NAMES[event],
      String(lines.length),
      seconds(lines.reduce((sum, line) => sum + line.ms, 0)),
      [...perStep].map(([step, times]) => `${step} ×${times}`).join(', ') || '–',
    ];
  });
  return table(['Work', 'Times', 'Time in all', 'In steps'], ['---', '--:', '--:', '---'], rows);
}

export function profileMarkdown(input: {
  steps: StepTime[];
  vitestFiles: FileTime[];
  playwrightFiles: FileTime[];
  events: EventLine[];
}): string {
  return [
    '# Test profile',
    '## Steps of .ci/run',
    stepsTable(input.steps),
    `## The ${SLOWEST_FILES} slowest vitest files`,
    'From the start to the end of each file (imports and hooks included); files of a project run side by side.',
    slowestFilesTable(input.vitestFiles),
    `## The ${SLOWEST_FILES} slowest Playwright spec files`,
    "The sum of each file's test durations; the workers run tests side by side.",
    slowestFilesTable(input.playwrightFiles),
    '## Work repeated during the run',
    'Each time in all is summed over the processes, which may overlap.',
    repeatedWorkTable(input.events, input.steps),
  ].join('\n\n');
}
