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

function coldStartOutcomes(figures: ColdStartFigure[]) {
  const results = {
    api: [],
    coldStart: { emptyProcessMs: 55, reference: { ...figure('(reference)', 0, 0), overReferenceMs: undefined }, figures },
    web: { firstLoad: [], lighthouse: [] },
    load: { errors: 0, requests: 1, memory: { flat: true }, liveHeap: { flat: true } },
  } as unknown as BenchResults;
  return judge(results, GOALS).filter((outcome) => outcome.goal.startsWith('cold start'));
}

describe('the cold-start goal of docs/performance.md', () => {
  it('judges what a handler adds to the DynamoDB-only reference, not its absolute time', () => {
    const [within, over] = coldStartOutcomes([figure('projects/list-projects', 60, 10), figure('projects/create-project', 61, 10)]);
    expect(within).toMatchObject({ goal: 'cold start projects/list-projects ≤ the reference\'s + 60 ms', met: true });
    expect(over).toMatchObject({ met: false });
  });

  it('judges only the import of a handler whose request runs bcrypt', () => {
    const [login, heavyLogin] = coldStartOutcomes([figure('auth/login', 200, 60), figure('auth/login', 20, 61)]);
    expect(login).toMatchObject({ goal: 'cold start auth/login: import ≤ the reference\'s + 60 ms (its request runs bcrypt)', met: true });
    expect(heavyLogin?.met).toBe(false);
  });

  it('counts a handler without paired figures as missing the goal', () => {
    const [unpaired] = coldStartOutcomes([{ ...figure('auth/get-user', 0, 0), overReferenceMs: undefined }]);
    expect(unpaired?.met).toBe(false);
  });
});
