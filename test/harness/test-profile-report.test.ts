import { describe, expect, it } from 'vitest';
import {
  type PlaywrightReport,
  parseEvents,
  parseSteps,
  playwrightFileTimes,
  profileMarkdown,
  repeatedWorkTable,
  slowestFilesTable,
  vitestFileTimes,
} from './test-profile-report';

const ROOT = '/repo';

describe('the test profile (npm run test:profile, the end of .ci/run)', () => {
  const steps = parseSteps('lint\t30000\t0\t0\nvitest infra\t90500\t1\t3\nplaywright\t120000\t0\t5\n');
  const events = parseEvents(
    [
      { event: 'cdk-synth', ms: 2000, pid: 1 },
      { event: 'cdk-synth', ms: 3000, pid: 2 },
      { event: 'web-build', ms: 40000, pid: 2 },
      { event: 'web-build', ms: 35000, pid: 3 },
      { event: 'dynamodb-local-start', ms: 4000, pid: 3 },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n'),
  );

  it('reads the steps .ci/run timed, with the count of events written by the end of each', () => {
    expect(steps[1]).toEqual({ name: 'vitest infra', ms: 90500, status: 1, events: 3 });
  });

  it('gives the wall time from the first start to the last end, where steps side by side overlap', () => {
    // integration-1 (100 s) and integration-2 (120 s) side by side after lint (30 s): 150 s, not 250 s.
    const sideBySide = parseSteps(
      'lint\t30000\t0\t0\t1030000\nintegration-1\t100000\t0\t0\t1130000\nintegration-2\t120000\t0\t0\t1150000\n',
    );
    expect(sideBySide[0]!.endedAt).toBe(1_030_000);
    const markdown = profileMarkdown({ steps: sideBySide, vitestFiles: [], playwrightFiles: [], events: [] });
    expect(markdown).toContain('| steps added up | 250.0 s |');
    expect(markdown).toContain('**150.0 s**');
    // Lines of older runs have no end: no wall time is made up.
    expect(profileMarkdown({ steps, vitestFiles: [], playwrightFiles: [], events: [] })).not.toContain('wall time');
  });

  it('times a vitest file from its start to its end, else by the sum of its tests', () => {
    const files = vitestFileTimes(
      {
        testResults: [
          {
            name: '/repo/test/infra/waf.test.ts',
            startTime: 1000,
            endTime: 8500,
            assertionResults: [{ duration: 100 }, { duration: 200 }],
          },
          { name: '/repo/test/infra/broken.test.ts', assertionResults: [{ duration: 50 }, { duration: null }] },
        ],
      },
      'infra',
      ROOT,
    );
    expect(files).toEqual([
      { file: 'test/infra/waf.test.ts', runner: 'infra', tests: 2, ms: 7500 },
      { file: 'test/infra/broken.test.ts', runner: 'infra', tests: 2, ms: 50 },
    ]);
  });

  it("times a Playwright spec file by the sum of its tests' results (retries included), wherever describe blocks nest them", () => {
    const report: PlaywrightReport = {
      config: { rootDir: '/repo/test/e2e' },
      suites: [
        {
          file: 'auth.spec.ts',
          specs: [{ file: 'auth.spec.ts', tests: [{ results: [{ duration: 1000 }, { duration: 1500 }] }] }],
          suites: [{ specs: [{ file: 'auth.spec.ts', tests: [{ results: [{ duration: 500 }] }] }] }],
        },
        { file: 'help.spec.ts', specs: [{ file: 'help.spec.ts', tests: [{ results: [{ duration: 700 }] }] }] },
      ],
    };
    expect(playwrightFileTimes(report, ROOT)).toEqual([
      { file: 'test/e2e/auth.spec.ts', runner: 'playwright', tests: 2, ms: 3000 },
      { file: 'test/e2e/help.spec.ts', runner: 'playwright', tests: 1, ms: 700 },
    ]);
  });

  it('lists the slowest files first, at most the number asked for', () => {
    const table = slowestFilesTable(
      [
        { file: 'a.test.ts', runner: 'unit', tests: 1, ms: 100 },
        { file: 'b.test.ts', runner: 'unit', tests: 1, ms: 300 },
        { file: 'c.test.ts', runner: 'unit', tests: 1, ms: 200 },
      ],
      2,
    );
    expect(table.split('\n').slice(2)).toEqual(['| b.test.ts | unit | 1 | 0.3 s |', '| c.test.ts | unit | 1 | 0.2 s |']);
  });

  it('counts each kind of repeated work, its time in all and the steps it happened in', () => {
    const rows = repeatedWorkTable(events, steps).split('\n').slice(2);
    expect(rows).toEqual([
      '| web app built (vite build) | 2 | 75.0 s | vitest infra ×1, playwright ×1 |',
      '| handler bundles built (esbuild) | 0 | 0.0 s | – |',
      '| CDK app synthesized | 2 | 5.0 s | vitest infra ×2 |',
      '| DynamoDB Local started | 1 | 4.0 s | playwright ×1 |',
    ]);
  });

  it('puts the steps, their total and each failure in the first table', () => {
    const markdown = profileMarkdown({ steps, vitestFiles: [], playwrightFiles: [], events });
    expect(markdown).toContain('| vitest infra | 90.5 s | 38 % | failed (1) |');
    expect(markdown).toContain('| steps added up | 240.5 s |  |  |');
  });
});
