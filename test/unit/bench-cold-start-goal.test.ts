import { describe, expect, it } from 'vitest';
import type { ColdStartFigure } from '../../bench/cold-start';
import { GOALS, type BenchResults, judge } from '../../bench/results';

const figure = (handler: string, overReferenceMs: number, importOverReferenceMs: number): ColdStartFigure => ({
  handler,
  route: '',
  coldMs: 150 + overReferenceMs,
  importMs: 80,
  firstRequestMs: 60,
  overReferenceMs,
  importOverReferenceMs,
  bundleKb: 300,
  status: '200',
  runs: 10,
});

/** The outcomes for these figures, beside a reference that took `referenceMs` (0.75 of 80 ms is 60 ms). */
function coldStartOutcomes(figures: ColdStartFigure[], referenceMs = 80) {
  const results = {
    api: [],
    coldStart: {
      emptyProcessMs: 55,
      reference: { ...figure('(reference)', 0, 0), coldMs: referenceMs, overReferenceMs: undefined },
      figures,
    },
    web: { firstLoad: [], lighthouse: [] },
    browser: [],
    load: { errors: 0, requests: 1, memory: { flat: true }, liveHeap: { flat: true } },
  } as unknown as BenchResults;
  return judge(results, GOALS).filter((outcome) => outcome.goal.startsWith('cold start'));
}

describe('the cold-start goal of docs/performance.md', () => {
  it('judges what a handler adds to the DynamoDB-only reference, not its absolute time', () => {
    const [within, over] = coldStartOutcomes([
      figure('projects/list-projects', 60, 10),
      figure('projects/create-project', 61, 10),
    ]);
    expect(within).toMatchObject({
      goal: "cold start projects/list-projects: over the reference ≤ 75 % of the reference's (60 ms)",
      met: true,
    });
    expect(over).toMatchObject({ met: false });
  });

  it('allows a share of the reference, so a machine slower for both halves of a pair does not change the verdict', () => {
    const [slower, tooSlow] = coldStartOutcomes(
      [figure('projects/list-projects', 75, 10), figure('projects/create-project', 76, 10)],
      100,
    );
    expect(slower?.met).toBe(true);
    expect(tooSlow?.met).toBe(false);
  });

  it('judges only the import of a handler whose request runs bcrypt', () => {
    const [login, heavyLogin] = coldStartOutcomes([figure('auth/login', 200, 60), figure('auth/login', 20, 61)]);
    expect(login).toMatchObject({
      goal: "cold start auth/login: import over the reference ≤ 75 % of the reference's cold start (60 ms; its request runs bcrypt)",
      met: true,
    });
    expect(heavyLogin?.met).toBe(false);
  });

  it('counts a handler without paired figures as missing the goal', () => {
    const [unpaired] = coldStartOutcomes([{ ...figure('auth/get-user', 0, 0), overReferenceMs: undefined }]);
    expect(unpaired?.met).toBe(false);
  });
});
